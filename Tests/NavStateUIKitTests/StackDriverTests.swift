@testable import NavStateUIKit
import PropertyBased
import Testing

/// A navigation controller's decisions in the orders a device delivers
/// UIKit's events: a change during a push animation or a back swipe, a
/// swipe cancelled half-way, the app's own pushes, a collapsed split view.
/// View controllers are numbers: an entry `n` is shown by controller
/// `n * 10 + k`; the root is 0 and the app's own controllers are negative.
@Suite("Stack driver")
struct StackDriverTests {
    /// A fake navigation controller: what it shows, bottom first.
    struct Screen {
        var controllers: [Int] = [0]
        let counter = Counter()

        /// Makes controllers for entries, never the same number twice: entry
        /// `n`'s is `n * 1_000` plus a count.
        func maker() -> (Int) -> Int {
            let counter = counter
            return { entry in
                counter.value += 1
                return entry * 1_000 + counter.value
            }
        }

        mutating func carryOut(_ plan: StackDriver<Int, Int>.Plan) {
            if case .show(let controllers, _) = plan { self.controllers = controllers }
        }
    }

    final class Counter {
        var value = 0
    }

    private func shownEntries(_ driver: StackDriver<Int, Int>) -> [Int] { driver.shown.map(\.entry) }

    private func start(_ entries: [Int]) -> (StackDriver<Int, Int>, Screen) {
        var driver = StackDriver<Int, Int>()
        var screen = Screen()
        let make = screen.maker()
        screen.carryOut(driver.stackChanged(to: entries, onScreen: screen.controllers, make: make))
        return (driver, screen)
    }

    /// Defect 3: `setViewControllers` during an animated push or pop
    /// corrupted the navigation bar. The change waits for the transition.
    @Test func aChangeDuringAPushAnimationWaitsUntilItEnds() {
        var (driver, screen) = start([1])
        #expect(screen.controllers.count == 2)
        driver.transitionBegan()                                    // the push of 1 animates
        let make = screen.maker()
        #expect(driver.stackChanged(to: [1, 2], onScreen: screen.controllers, make: make) == .waitForTransition)
        let ended = driver.transitionEnded(onScreen: screen.controllers, entries: [1, 2])
        #expect(ended == .init(entries: nil, planAgain: true))
        let plan = driver.stackChanged(to: [1, 2], onScreen: screen.controllers, make: make)
        guard case .show(let controllers, let animated) = plan else {
            Issue.record("the waiting change was not shown: \(plan)")
            return
        }
        #expect(controllers.count == 3 && animated)
        #expect(!driver.isTransitioning)
    }

    /// A back swipe the user gives up half-way shows the same top again:
    /// nothing leaves the stack.
    @Test func aSwipeCancelledHalfWayKeepsTheStack() {
        var (driver, screen) = start([1, 2, 3])
        driver.transitionBegan()
        let ended = driver.transitionEnded(onScreen: screen.controllers, entries: [1, 2, 3])
        #expect(ended == .init(entries: nil, planAgain: false))
        #expect(shownEntries(driver) == [1, 2, 3])
        screen.carryOut(driver.stackChanged(to: [1, 2, 3], onScreen: screen.controllers, make: screen.maker()))
        #expect(screen.controllers.count == 4)
    }

    /// A swipe that finishes pops the navigator's stack.
    @Test func aSwipeThatFinishesPopsTheStack() {
        var (driver, screen) = start([1, 2, 3])
        driver.transitionBegan()
        screen.controllers.removeLast()                             // UIKit popped 3
        let ended = driver.transitionEnded(onScreen: screen.controllers, entries: [1, 2, 3])
        #expect(ended == .init(entries: [1, 2], planAgain: false))
        #expect(driver.stackChanged(to: [1, 2], onScreen: screen.controllers, make: screen.maker()) == .nothing)
    }

    /// Defect 3: a link during a back swipe. What the link pushed above the
    /// screen the user went back from goes with it; a link that replaced
    /// the stack is shown once the swipe ends, and the swipe cuts nothing.
    @Test func aLinkDuringASwipeIsShownWhenTheSwipeEnds() {
        var (driver, screen) = start([1, 2])
        driver.transitionBegan()
        #expect(driver.stackChanged(to: [1, 2, 7], onScreen: screen.controllers, make: screen.maker()) == .waitForTransition)
        screen.controllers.removeLast()                             // the swipe finished: 2 is gone
        let ended = driver.transitionEnded(onScreen: screen.controllers, entries: [1, 2, 7])
        #expect(ended == .init(entries: [1], planAgain: true))

        var (other, otherScreen) = start([1, 2])
        other.transitionBegan()
        _ = other.stackChanged(to: [8, 9], onScreen: otherScreen.controllers, make: otherScreen.maker())
        otherScreen.controllers.removeLast()
        let replaced = other.transitionEnded(onScreen: otherScreen.controllers, entries: [8, 9])
        #expect(replaced == .init(entries: nil, planAgain: true), "the link's stack is not the user's to cut")
        let make = otherScreen.maker()
        otherScreen.carryOut(other.stackChanged(to: [8, 9], onScreen: otherScreen.controllers, make: make))
        #expect(otherScreen.controllers.map { $0 / 1_000 } == [0, 8, 9])
    }

    /// Defect 8: a view controller the app pushed itself was removed at the
    /// next update. It stays while the entries below it do.
    @Test func theAppsOwnPushStaysWhileTheEntriesBelowItDo() {
        var (driver, screen) = start([1])
        screen.controllers.append(-1)                               // the app pushes its own screen
        screen.carryOut(driver.stackChanged(to: [1, 2], onScreen: screen.controllers, make: screen.maker()))
        #expect(Array(screen.controllers.prefix(3)) == [0, 1_001, -1])
        #expect(screen.controllers.count == 4)
        screen.carryOut(driver.stackChanged(to: [1], onScreen: screen.controllers, make: screen.maker()))
        #expect(screen.controllers == [0, 1_001, -1])
        screen.carryOut(driver.stackChanged(to: [], onScreen: screen.controllers, make: screen.maker()))
        #expect(screen.controllers == [0], "the app's screen sat on entry 1, which went")
    }

    /// Defect 6: collapsed, the detail stack shows in the compact column's
    /// own navigation controller. A pop there pops the scene's stack, and
    /// the regular-width detail, off screen, follows: expanded again it
    /// shows what the user left, and the stale screen is not saved.
    @Test func aPopInTheCollapsedSplitViewReachesTheDetailColumn() {
        var navigator = [1, 2]
        var (detail, detailScreen) = start(navigator)
        var (compact, compactScreen) = start(navigator)
        // Collapsed: the user pops 2 in the compact column.
        compact.transitionBegan()
        compactScreen.controllers.removeLast()
        let ended = compact.transitionEnded(onScreen: compactScreen.controllers, entries: navigator)
        navigator = ended.entries ?? navigator
        #expect(navigator == [1])
        // The navigator's change reaches both.
        detailScreen.carryOut(detail.stackChanged(to: navigator, onScreen: detailScreen.controllers, make: detailScreen.maker()))
        #expect(compact.stackChanged(to: navigator, onScreen: compactScreen.controllers, make: compactScreen.maker()) == .nothing)
        // A push made while collapsed shows in both.
        navigator.append(3)
        detailScreen.carryOut(detail.stackChanged(to: navigator, onScreen: detailScreen.controllers, make: detailScreen.maker()))
        compactScreen.carryOut(compact.stackChanged(to: navigator, onScreen: compactScreen.controllers, make: compactScreen.maker()))
        #expect(shownEntries(detail) == [1, 3] && shownEntries(compact) == [1, 3])
        #expect(detailScreen.controllers.count == 3 && compactScreen.controllers.count == 3)
    }

    /// Any sequence of the app's changes, the user's back navigation,
    /// cancelled swipes and changes arriving mid-transition ends, once the
    /// last transition is over, with the screen showing the navigator's
    /// stack above the root.
    @Test func everySequenceOfEventsEndsInStep() async {
        let event = zip(Gen.int(in: 0...5), Gen.int(in: 1...4))
        await propertyCheck(count: 300, input: event.array(of: 1...40)) { events in
            var driver = StackDriver<Int, Int>()
            var screen = Screen()
            var navigator: [Int] = []
            func plan() {
                let make = screen.maker()
                screen.carryOut(driver.stackChanged(to: navigator, onScreen: screen.controllers, make: make))
            }
            func end() {
                let ended = driver.transitionEnded(onScreen: screen.controllers, entries: navigator)
                if let entries = ended.entries { navigator = entries }
                if ended.planAgain || ended.entries != nil { plan() }
            }
            for (kind, value) in events {
                switch kind {
                case 0: navigator.append(value); plan()                      // the app pushes
                case 1: if !navigator.isEmpty { navigator.removeLast() }; plan()
                case 2:                                                      // the user's back swipe starts
                    if !driver.isTransitioning { driver.transitionBegan() }
                case 3:                                                      // it finishes
                    if driver.isTransitioning, screen.controllers.count > 1 { screen.controllers.removeLast() }
                    end()
                case 4: end()                                                // it is cancelled
                default: navigator = Array(repeating: value, count: value % 3); plan()   // a link
                }
            }
            if driver.isTransitioning { end() }
            plan()
            #expect(screen.controllers.count == navigator.count + 1, "\(events)")
            #expect(screen.controllers.dropFirst().map { $0 / 1_000 } == navigator, "\(events)")
        }
    }

    /// An entry of the navigator: equal by value, and one object per push.
    final class Pushed: Equatable {
        let value: Int
        init(_ value: Int) { self.value = value }
        static func == (lhs: Pushed, rhs: Pushed) -> Bool { lhs.value == rhs.value }
    }

    /// Issue 59: a value popped and pushed again in one update is a new
    /// entry with a new screen. Compared as the same destination, it gets a
    /// new view controller (which gets the new entry's slot); compared as
    /// an equal one, the old view controller would stay, holding a slot
    /// that writes nowhere.
    @Test func aValuePoppedAndPushedAgainInOneUpdateGetsANewViewController() {
        let counter = Counter()
        func make(_ entry: Pushed) -> Int {
            counter.value += 1
            return entry.value * 1_000 + counter.value
        }
        let first = Pushed(7), again = Pushed(7)
        var byIdentity = StackDriver<Pushed, Int>()
        var byValue = StackDriver<Pushed, Int>()
        let same: (Pushed, Pushed) -> Bool = { $0 === $1 }
        guard case .show(let shown, _) = byIdentity.stackChanged(to: [first], onScreen: [0], same: same, make: make),
              case .show(let shownByValue, _) = byValue.stackChanged(to: [first], onScreen: [0], make: make) else {
            Issue.record("the first push is shown")
            return
        }
        let plan = byIdentity.stackChanged(to: [again], onScreen: shown, same: same, make: make)
        guard case .show(let controllers, let animated) = plan else {
            Issue.record("the new entry is not shown: \(plan)")
            return
        }
        #expect(controllers.count == 2 && controllers[1] != shown[1], "a new view controller")
        #expect(!animated, "a replacement, not a push")
        #expect(byValue.stackChanged(to: [again], onScreen: shownByValue, make: make) == .nothing, "equality alone keeps the old one")
    }
}

