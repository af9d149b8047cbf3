// Sheets and covers from the navigator's presentations.
// SwiftUI only: compiles to nothing where there is none (Linux). The
// decisions are the navigator's, tested on Linux; each Apple API used is
// listed in NavStateNavigator.docc/WindowsTheLaunchAndTheBackground.md ("The Apple APIs the glue uses").
#if canImport(SwiftUI)
import Foundation
public import NavState
public import SwiftUI

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
extension View {
    /// Shows `navigator`'s presentations above this view's stack as sheets
    /// and covers (a managed one with its own `NavigationStack`), each built
    /// by `destination`, and keeps them in step: a sheet the user swipes
    /// away is dismissed in the navigator too. Restored sheets come back
    /// one level at a time, without animation, each after the one below it
    /// appeared and finished its transition (``SceneLifecycle``).
    public func navigationPresentations<Destination: View>(
        _ navigator: SceneNavigator,
        @ViewBuilder destination: @escaping (AnyDestination) -> Destination
    ) -> some View {
        modifier(PresentationLevel(navigator: navigator, level: 1, destination: { AnyView(destination($0)) }))
    }
}

/// Presentation `level` (1 is the first) shown from the stack below it,
/// and the levels above it shown from its own content.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
struct PresentationLevel: ViewModifier {
    let navigator: SceneNavigator
    let level: Int
    let destination: (AnyDestination) -> AnyView

    private func isShown(as methods: [PresentationMethod]) -> Binding<Bool> {
        // Locals, so the binding's closures capture the navigator (a main
        // actor class, so Sendable) and an Int, not this modifier.
        let navigator = navigator
        let level = level
        return Binding(
            get: {
                navigator.presentations.count >= level
                    && methods.contains(navigator.presentations[level - 1].method)
            },
            set: { shown in
                if !shown, navigator.presentations.count >= level { navigator.dismiss(from: level) }
            })
    }

    @ViewBuilder
    private var presented: some View {
        if navigator.presentations.count >= level {
            let presentation = navigator.presentations[level - 1]
            let navigator = navigator
            let level = level
            let content = destination(presentation.destination)
                .modifier(PresentationLevel(navigator: navigator, level: level + 1, destination: destination))
                .onAppear { SceneLifecycle.presentationAppeared(level, of: navigator) }
            if presentation.method.isManaged {
                // The app's own values, so that NavigationLink(value:) and
                // its navigationDestination(for:) work inside the sheet.
                NavigationStack(path: navigator.navigationPath(at: StackAddress(presentation: level))) {
                    content
                }
            } else {
                content
            }
        }
    }

    func body(content: Content) -> some View {
        #if os(macOS)
        // macOS has no full-screen cover: covers show as sheets.
        content.sheet(isPresented: isShown(as: [.sheet, .managedSheet, .cover, .managedCover])) { presented }
        #else
        content
            .sheet(isPresented: isShown(as: [.sheet, .managedSheet])) { presented }
            .fullScreenCover(isPresented: isShown(as: [.cover, .managedCover])) { presented }
        #endif
    }
}
#endif
