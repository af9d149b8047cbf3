// Restoring, confirming and saving a scene: forwarded to SceneLifecycle.
// SwiftUI only: compiles to nothing where there is none (Linux). The
// decisions are SceneLifecycle's, tested on Linux; each Apple API used is
// listed in NavStateNavigator.docc/WindowsTheLaunchAndTheBackground.md ("The Apple APIs the glue uses").
#if canImport(SwiftUI)
import Foundation
public import NavState
public import NavStateScenes
public import SwiftUI

@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
extension View {
    /// Restores `navigator` when the view appears and shows the view only
    /// once the restored state is in place (so the restored stack is there
    /// at its first appearance, not pushed with animation after it);
    /// confirms the restore once every restored screen has been up for a
    /// settle time; and saves whenever the scene leaves the foreground,
    /// inside a background-task assertion. With `windows`, it also suspends
    /// the store once every window is in the background, and resumes it
    /// when one comes back. Every one of these decisions is
    /// ``SceneLifecycle``'s; this modifier forwards SwiftUI's events to it.
    ///
    /// ```swift
    /// NavigationStack(path: $navigator.path) { HomeView() }
    ///     .restoresNavigator(navigator)
    /// ```
    public func restoresNavigator(
        _ navigator: SceneNavigator, options: RestoreOptions = RestoreOptions(), windows: WindowScenes? = nil
    ) -> some View {
        modifier(NavigationPersistence(navigator: navigator, options: options, windows: windows))
    }
}

/// The work of `restoresNavigator(_:options:windows:)`: forwards the
/// view's events to a ``SceneLifecycle``, which decides, and carries out
/// the background job it returns.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
struct NavigationPersistence: ViewModifier {
    let navigator: SceneNavigator
    let options: RestoreOptions
    let windows: WindowScenes?
    @State private var lifecycle: SceneLifecycle?
    @Environment(\.scenePhase) private var scenePhase

    func body(content: Content) -> some View {
        Group {
            if navigator.hasRestored, let lifecycle {
                content.onAppear { lifecycle.contentAppeared() }
            } else {
                Color.clear
            }
        }
        .task {
            let lifecycle = self.lifecycle ?? makeLifecycle()
            self.lifecycle = lifecycle
            await lifecycle.viewAppeared()
        }
        .onChange(of: scenePhase) { _, phase in
            guard let job = lifecycle?.phaseChanged(to: WindowPhase(phase)) else { return }
            BackgroundWork.run("NavState: save navigation", job)
        }
    }

    private func makeLifecycle() -> SceneLifecycle {
        #if os(macOS)
        // macOS does not suspend apps; elsewhere the app must hold no
        // SQLite lock once suspended (0xdead10cc).
        let suspendsStore = false
        #else
        let suspendsStore = true
        #endif
        let lifecycle = SceneLifecycle(
            navigator: navigator, windows: windows, options: options, suspendsStore: suspendsStore)
        // The next level of a restore, presented without animation
        // (`Transaction.disablesAnimations`, iOS 13).
        lifecycle.presentingRestoredLevel = { change in
            var transaction = Transaction()
            transaction.disablesAnimations = true
            withTransaction(transaction, change)
        }
        return lifecycle
    }
}
#endif
