// Adoption: a deep link at a cold launch, on top of the one persisted
// stack. The URL waits for the restore and then pushes onto the restored
// stack. The lines NavState adds end in `// NavState`; the one line that
// OneStack.swift adds and this one changes ends in `// NavState, changed`.
// SwiftUI only: compiles to nothing where there is none.
#if canImport(SwiftUI)
// docs: deep-link
import NavStateUI // NavState
import SwiftUI

struct LinkedOrdersTab: View {
    @State private var path = NavigationPath()

    var body: some View {
        NavigationStack(path: $path) {
            OrderList()
        }
        .restoresNavigation(.stack($path), types: OrderRoute.self) { url in // NavState, changed
            if let id = Int(url.lastPathComponent) { path.append(OrderRoute.detail(id: id)) } // NavState
        } // NavState
    }
}
// docs.end
#endif
