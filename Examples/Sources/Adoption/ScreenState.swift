// Adoption: each screen's own state. A list whose top row comes back, and
// an editor whose draft comes back, each into its own screen: two notes
// open in one stack keep two drafts. The lines NavState adds end in
// `// NavState`. The routes are a feature module's (`NoteRoute`, public,
// not `Sendable`).
// SwiftUI only: compiles to nothing where there is none.
#if canImport(SwiftUI)
// docs: screen-state
import AdoptionFeatures
import NavStateUI // NavState
import SwiftUI

struct NotesStack: View {
    @State private var path: [NoteRoute] = []

    var body: some View {
        NavigationStack(path: $path) {
            List(["Inbox", "Ideas"], id: \.self) { folder in
                NavigationLink(folder, value: NoteRoute.folder(folder))
            }
            .navigationDestination(for: NoteRoute.self) { route in
                switch route {
                case .folder(let name): NoteList(folder: name).screenState(for: route) // NavState
                case .note(let id): NoteEditor(id: id).screenState(for: route) // NavState
                }
            }
        }
        .restoresNavigation(.stack($path)) // NavState
    }
}

/// A long list that comes back scrolled to the row that was on top.
struct NoteList: View {
    let folder: String
    @ScreenStorage("top row") private var topRow: Int? = nil // NavState
    @State private var shown: Set<Int> = []
    @State private var scrolledBack = false

    var body: some View {
        if #available(iOS 17, macOS 14, tvOS 17, watchOS 10, *) {
            // iOS 17: the scroll view keeps the top row's id itself.
            ScrollView {
                LazyVStack(alignment: .leading) { rows(tracking: false) }.scrollTargetLayout()
            }
            .scrollPosition(id: $topRow)
        } else {
            // iOS 16: the rows on screen say which is on top, and the
            // reader scrolls back to it when the list appears.
            ScrollViewReader { proxy in
                ScrollView {
                    LazyVStack(alignment: .leading) { rows(tracking: true) }
                }
                .onAppear {
                    if let topRow { proxy.scrollTo(topRow, anchor: .top) }
                    scrolledBack = true
                }
                .onChange(of: shown) { rows in
                    if scrolledBack { topRow = rows.min() }
                }
            }
        }
    }

    private func rows(tracking: Bool) -> some View {
        ForEach(0..<200, id: \.self) { number in
            NavigationLink("\(folder) note \(number)", value: NoteRoute.note(id: number))
                .onAppear { if tracking { shown.insert(number) } }
                .onDisappear { if tracking { shown.remove(number) } }
        }
    }
}

/// A note's editor, whose unsent draft comes back.
struct NoteEditor: View {
    let id: Int
    @ScreenStorage("draft") private var draft = "" // NavState

    var body: some View {
        TextField("Note \(id)", text: $draft, axis: .vertical)
            .padding()
    }
}
// docs.end
#endif
