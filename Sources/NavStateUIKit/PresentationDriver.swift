// What a scene's presented view controllers do, decided here and tested on
// Linux; PresentationCoordinator forwards UIKit's events and carries out
// one step at a time. Apple: present(_:animated:completion:) and
// dismiss(animated:completion:) (iOS 5), of which UIKit runs one at a
// time and refuses a present from a view controller that already presents
// one or is not in a window (its completion then never runs);
// presentationControllerDidDismiss(_:) (iOS 13), which "is not called if
// the presentation is dismissed programmatically"; isBeingDismissed
// (iOS 5), which a dismissed view controller's viewDidDisappear(_:) reads.

/// The decisions of a scene's presentations shown as presented view
/// controllers, one UIKit step at a time.
///
/// - One present or dismiss at a time: a change that comes meanwhile is
///   planned when the step completes.
/// - A level dismissed outside the navigator (the user's swipe, the
///   screen's own Done button calling `dismiss(animated:)`, the app
///   dismissing what it presented) leaves the navigator, with every level
///   above it, so it is neither saved nor presented from again.
/// - A present from a view controller that already presents something the
///   app put there (an alert, a share sheet) or that is not in a window
///   waits and is tried again a moment later, instead of being refused by
///   UIKit and freezing every later present.
struct PresentationDriver<Level: Equatable, Controller: Hashable> {
    /// The levels on screen, first presented first.
    private(set) var shown: [(level: Level, controller: Controller)] = []
    /// A present or dismiss is under way.
    private(set) var isBusy = false
    /// The controller this driver is dismissing: its disappearance is ours.
    private var dismissing: Controller?

    /// The next step.
    enum Step: Equatable {
        /// The levels shown are the navigator's.
        case nothing
        /// A step is under way; ask again when it completes.
        case wait
        /// The view controller a present would come from is busy with
        /// something the app presented, or not in a window: ask again
        /// after `retryAfter`.
        case blocked(retryAfter: Duration)
        /// Dismiss `controller` and everything above it.
        case dismiss(Controller, animated: Bool)
        /// Present level `number` (1 is the first) from `from`, the top
        /// level shown or, for `nil`, the coordinator's presenter.
        case present(Level, number: Int, from: Controller?, animated: Bool)
    }

    /// How long a blocked present waits before it is tried again.
    static var retryDelay: Duration { .milliseconds(250) }

    /// The next step toward `levels`, the navigator's presentations.
    /// `canPresent(from)` says whether UIKit would present from that view
    /// controller now (`nil`: the presenter).
    mutating func next(toward levels: [Level], canPresent: (Controller?) -> Bool) -> Step {
        if isBusy { return .wait }
        let change = StackChange.between(shown.map(\.level), levels)
        if change.removed > 0 {
            let controller = shown[change.kept].controller
            isBusy = true
            dismissing = controller
            // Dismissing one level while another replaces it: no animation.
            return .dismiss(controller, animated: change.animated && change.created.isEmpty)
        }
        guard let index = change.created.first else { return .nothing }
        let from = shown.last?.controller
        guard canPresent(from) else { return .blocked(retryAfter: Self.retryDelay) }
        return .present(levels[index], number: index + 1, from: from, animated: change.animated)
    }

    /// The coordinator is about to present `controller` for `level`.
    mutating func presenting(_ level: Level, as controller: Controller) {
        shown.append((level, controller))
        isBusy = true
    }

    /// The present or dismiss under way completed.
    mutating func stepCompleted() {
        if let dismissing, let index = shown.firstIndex(where: { $0.controller == dismissing }) {
            shown.removeLast(shown.count - index)
        }
        dismissing = nil
        isBusy = false
    }

    /// `controller` left the screen (its `viewDidDisappear`, or
    /// `presentationControllerDidDismiss`): when it was `beingDismissed`,
    /// the level the navigator dismisses from, with every level above it;
    /// `nil` when it was only covered by the level above, when the
    /// dismissal was the driver's own, or when the level is gone already.
    mutating func disappeared(_ controller: Controller, beingDismissed: Bool) -> Int? {
        guard beingDismissed, let index = shown.firstIndex(where: { $0.controller == controller }) else { return nil }
        // The driver's own dismissal takes that level and every one above.
        if let dismissing, let first = shown.firstIndex(where: { $0.controller == dismissing }), index >= first {
            return nil
        }
        shown.removeLast(shown.count - index)
        return index + 1
    }

    /// The level `controller` shows, for its appearance: `nil` when it is
    /// not one of the driver's.
    func level(of controller: Controller) -> Int? {
        shown.firstIndex { $0.controller == controller }.map { $0 + 1 }
    }
}
