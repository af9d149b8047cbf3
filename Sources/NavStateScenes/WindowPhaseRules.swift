package import NavState

/// What a window's phase change does, for every face: `SceneSession` (the
/// SwiftUI face over the app's own state), `SceneLifecycle` (the
/// navigator's) and, through it, the UIKit `SceneConnection`. One place for
/// each rule, tested once (`WindowPhaseRulesTests`):
///
/// - **Foreground** (`active` or `inactive`): the window is recorded as in
///   the foreground at once, which resumes the store even while the
///   background job still runs (a scene with no `WindowScenes` resumes its
///   store itself), and what was not saved is saved.
/// - **Background**: the window is recorded as in the background at once,
///   in the order the phases come. The job confirms the launch when the
///   face says its restored screens were shown, saves, forgets abandoned
///   windows' scenes and, when every window is in the background and the
///   platform suspends apps, suspends the store.
/// - **Expiry**: suspends the store at once (which ends a wait for another
///   process's lock) only when no window is in the foreground; another
///   window's saves go on otherwise.
@MainActor
package enum WindowPhaseRules {
    /// The work `phase` asks of a window showing `scene`.
    ///
    /// - Parameters:
    ///   - windows: The app's windows; `nil` for one scene that keeps its
    ///     store to itself.
    ///   - confirmsNow: Whether the launch is confirmed in the background
    ///     job (the restored screens were shown and it waits).
    ///   - confirm: Confirms the launch.
    ///   - flush: Saves what was not saved.
    /// - Returns: For `.background`, the work to run before the app is
    ///   suspended; `nil` otherwise.
    package static func phaseChanged(
        to phase: WindowPhase, scene: String, windows: WindowScenes?, store: NavStore, suspendsStore: Bool,
        confirmsNow: Bool,
        confirm: @escaping @MainActor @Sendable () async -> Void,
        flush: @escaping @MainActor @Sendable () async -> Void
    ) -> BackgroundJob? {
        guard phase == .background else {
            if let windows {
                windows.sceneWillEnterForeground(scene)
            } else if store.isSuspended {
                // An expiry suspended it; nothing else would resume it.
                store.resume()
            }
            // Leaving `active` saves what the scene shows; coming back
            // saves what was refused while the store was suspended.
            Task { await flush() }
            return nil
        }
        windows?.sceneDidEnterBackground(scene)
        let backgroundNow = windows?.backgroundFlag
        return BackgroundJob(
            run: {
                if confirmsNow { await confirm() }
                await flush()
                guard let windows else { return }
                _ = try? await windows.forgetAbandoned()
                if suspendsStore { await windows.suspendIfEveryWindowIsInBackground() }
            },
            expire: {
                // The app is about to be suspended only when no window is
                // in the foreground.
                if backgroundNow?.everyWindowIsInBackground ?? true { store.suspendImmediately() }
            })
    }
}
