import Foundation

/// When the crash-loop guard hears that a launch worked, written once for
/// every face (`SceneLifecycle` for the navigator, `SceneSession` for the
/// app's own state): once every restored screen appeared, a settle time
/// later, plus a transition when the deepest of them is a presented level
/// (SwiftUI reports no end of a sheet's animation, so that wait is fixed);
/// or at once when the scene goes to the background after they all
/// appeared, since the launch did not crash. A crash in a restored screen's
/// first frames therefore comes before the confirmation and counts as a
/// failed launch.
@MainActor
package final class LaunchConfirmation {
    private enum Stage {
        /// Restored screens are still to appear.
        case waiting
        /// Every restored screen is up; the waits run.
        case settling
        /// Confirmed, or nothing to confirm.
        case done
    }

    private let transition: Duration
    private let settle: Duration
    private let sleep: @Sendable (Duration) async -> Void
    /// Makes the confirmation: set by the face that owns this rule.
    package var confirm: @MainActor () async -> Void = {}
    private var stage = Stage.waiting
    private var settleTask: Task<Void, Never>?

    /// A confirmation made by ``confirm``, after waits made by `sleep`.
    package init(transition: Duration, settle: Duration, sleep: @escaping @Sendable (Duration) async -> Void) {
        self.transition = transition
        self.settle = settle
        self.sleep = sleep
    }

    /// Confirmed, or nothing to confirm.
    package var isDone: Bool { stage == .done }

    /// The screens are still awaited: neither settling nor done.
    package var isWaiting: Bool { stage == .waiting }

    /// The restore brought back no revision: there is nothing to confirm.
    package func nothingToConfirm() {
        settleTask?.cancel()
        settleTask = nil
        stage = .done
    }

    /// Every restored screen appeared, the deepest at presentation `level`
    /// (0: the content): the launch is confirmed after the waits.
    package func everyScreenAppeared(deepestLevel level: Int) {
        guard stage == .waiting else { return }
        stage = .settling
        let sleep = sleep
        let wait = level == 0 ? settle : transition + settle
        settleTask = Task { @MainActor [weak self] in
            await sleep(wait)
            guard let self, !Task.isCancelled, self.stage == .settling else { return }
            self.stage = .done
            self.settleTask = nil
            await self.confirm()
        }
    }

    /// The scene goes to the background: when every restored screen
    /// appeared and the launch is not confirmed yet, it is to be confirmed
    /// now, before the last save (the caller does, in its background job).
    ///
    /// - Returns: Whether the caller confirms now.
    package func confirmsAtBackground(everyScreenAppeared: Bool) -> Bool {
        guard everyScreenAppeared, stage != .done else { return false }
        settleTask?.cancel()
        settleTask = nil
        stage = .done
        return true
    }

    /// The window closed: no confirmation is made after it.
    package func cancel() {
        settleTask?.cancel()
        settleTask = nil
    }
}
