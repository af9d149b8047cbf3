// What a navigation controller showing one stack of a scene does, decided
// here and tested on Linux; NavigationStackCoordinator forwards UIKit's
// events and carries out the plans. Apple: UINavigationController's
// transitionCoordinator (iOS 7), UIViewControllerTransitionCoordinator's
// animate(alongsideTransition:completion:) (iOS 7), whose completion runs
// when a push, a pop or an interactive swipe ends, finished or cancelled.

/// The decisions of a navigation controller kept in step with one stack.
///
/// - A change of the stack while UIKit animates a push or a pop, or while
///   the user's back swipe is under way, waits until it ends: a
///   `setViewControllers` then corrupts the navigation bar.
/// - When a transition ends, the entries whose view controllers left the
///   navigation controller (the back button, a swipe that finished) leave
///   the stack; a cancelled swipe leaves everything.
/// - View controllers the app pushed itself, outside the navigator, stay
///   where they are for as long as every entry below them stays.
///
/// `Controller` is what identifies a view controller (the view controller
/// itself in the coordinator, a number in the tests).
struct StackDriver<Entry: Equatable, Controller: Hashable> {
    /// The entries the navigator's view controllers show, bottom first.
    private(set) var shown: [(entry: Entry, controller: Controller)] = []
    /// A push, a pop or a swipe is under way.
    private(set) var isTransitioning = false
    /// A change of the stack came during a transition.
    private(set) var changeWaiting = false

    /// What to do with the navigation controller.
    enum Plan: Equatable {
        /// It already shows the stack.
        case nothing
        /// A transition is under way; ask again when it ends.
        case waitForTransition
        /// `setViewControllers(controllers, animated:)`.
        case show([Controller], animated: Bool)
    }

    /// What the navigator is told when a transition ends.
    struct Ended: Equatable {
        /// The navigator's stack after the user's navigation (the back
        /// button, a swipe that finished); `nil` when it took nothing away,
        /// or the stack changed meanwhile so that what the user left is no
        /// longer there (a link replaced it).
        var entries: [Entry]?
        /// A change of the stack waited for the transition: plan it now.
        var planAgain: Bool
    }

    /// The navigator's stack is now `entries` and the navigation controller
    /// shows `onScreen`, bottom first: what to show, making a view controller
    /// with `make` for each entry that has none. An entry keeps its view
    /// controller while `same` says it is the entry that controller was
    /// made for: the coordinator asks for the same destination, not an
    /// equal one, so a value popped and pushed again in one update gets a
    /// new view controller, with the new entry's screen.
    mutating func stackChanged(
        to entries: [Entry], onScreen: [Controller], same: (Entry, Entry) -> Bool = { $0 == $1 },
        make: (Entry) -> Controller
    ) -> Plan {
        if isTransitioning {
            changeWaiting = true
            return .waitForTransition
        }
        changeWaiting = false
        let present = Set(onScreen)
        var kept = 0
        while kept < shown.count, kept < entries.count, same(shown[kept].entry, entries[kept]),
              present.contains(shown[kept].controller) {
            kept += 1
        }
        let removed = shown.count - kept
        let created = kept..<entries.count
        let ours = Dictionary(shown.enumerated().map { ($1.controller, $0) }, uniquingKeysWith: { first, _ in first })
        // The app's own controllers stay while everything below them does.
        var controllers: [Controller] = []
        for controller in onScreen {
            if let index = ours[controller], index >= kept { break }
            controllers.append(controller)
        }
        let made = created.map { (entry: entries[$0], controller: make(entries[$0])) }
        controllers += made.map(\.controller)
        let before = onScreen
        shown = Array(shown.prefix(kept)) + made
        if controllers == before { return .nothing }
        let onePush = removed == 0 && created.count == 1
        let onePop = removed == 1 && created.isEmpty
        return .show(controllers, animated: onePush || onePop)
    }

    /// UIKit began a transition (`willShow` with a transition coordinator).
    mutating func transitionBegan() {
        isTransitioning = true
    }

    /// A transition ended, finished or cancelled (the transition
    /// coordinator's completion, or `didShow`), leaving `onScreen`; the
    /// navigator's stack is `entries`.
    mutating func transitionEnded(onScreen: [Controller], entries: [Entry]) -> Ended {
        isTransitioning = false
        let present = Set(onScreen)
        let still = shown.prefix { present.contains($0.controller) }.count
        guard still < shown.count else { return Ended(entries: nil, planAgain: changeWaiting) }
        let left = shown.prefix(still + 1).map(\.entry)
        shown.removeLast(shown.count - still)
        // The first entry the user took away is still where it was: the
        // stack is cut there, with whatever was pushed above it meanwhile.
        let cut = entries.count > still && Array(entries.prefix(still + 1)) == left ? Array(entries.prefix(still)) : nil
        return Ended(entries: cut, planAgain: changeWaiting || cut == nil)
    }
}
