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
    /// The times the rule waits.
    package struct Timing: Sendable, Hashable {
        /// How long a presentation is taken to need to finish appearing once
        /// its `onAppear` ran. SwiftUI reports no end of a sheet's or cover's
        /// animation, so this is a fixed wait, not a measured one.
        package var transition: Duration
        /// How long the restored screens must stay up, once all are shown,
        /// before the launch counts as working.
        package var settle: Duration

        /// Times for a device: 650 ms for a transition, one second to settle.
        package init(transition: Duration = .milliseconds(650), settle: Duration = .seconds(1)) {
            self.transition = transition
            self.settle = settle
        }
    }

    private enum Stage {
        /// Restored screens are still to appear.
        case waiting
        /// Every restored screen is up; the waits run.
        case settling
        /// Confirmed, or nothing to confirm.
        case done
    }

    private let timing: Timing
    private let sleep: @Sendable (Duration) async -> Void
    /// Makes the confirmation: set by the face that owns this rule.
    package var confirm: @MainActor () async -> Void = {}
    private var stage = Stage.waiting
    private var settleTask: Task<Void, Never>?

    /// The wait ends with the rule that started it: a window gone confirms
    /// nothing, and leaves no task waiting.
    deinit {
        settleTask?.cancel()
    }

    /// A confirmation made by ``confirm``, after `timing`'s waits made by
    /// `sleep`.
    package init(timing: Timing, sleep: @escaping @Sendable (Duration) async -> Void) {
        self.timing = timing
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
        let wait = level == 0 ? timing.settle : timing.transition + timing.settle
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
