import NavStateModel
@testable import NavStateUIKit
import PropertyBased
import Testing

/// The presented levels' decisions in the orders a device delivers UIKit's
/// events. Levels and controllers are numbers; controller `0` stands for
/// "the presenter" where UIKit's state is faked.
@Suite("Presentation driver")
struct PresentationDriverTests {
    typealias Driver = PresentationDriver<String, Int>

    /// Takes steps toward `levels` as the coordinator does, each present
    /// completing at once, with controllers 1, 2, 3… for the levels.
    private func present(_ levels: [String], with driver: inout Driver, next controller: inout Int) {
        while true {
            switch driver.next(toward: levels, canPresent: { _ in true }) {
            case .present(let level, _, _, _):
                controller += 1
                driver.presenting(level, as: controller)
                driver.stepCompleted()
            case .dismiss:
                driver.stepCompleted()
            default:
                return
            }
        }
    }

    /// Defect 1: two saved levels, and only the first was ever presented.
    /// Each comes from the one below, after it completed, and each
    /// container's appearance names its level for the lifecycle.
    @Test func aRestoreWithTwoSheetsPresentsEachFromTheOneBelow() {
        var driver = Driver()
        #expect(driver.next(toward: ["cart"], canPresent: { _ in true }) == .present("cart", number: 1, from: nil, animated: true))
        driver.presenting("cart", as: 11)
        #expect(driver.level(of: 11) == 1)
        // The lifecycle brings the second level while the first animates.
        #expect(driver.next(toward: ["cart", "help"], canPresent: { _ in true }) == .wait)
        driver.stepCompleted()
        #expect(driver.next(toward: ["cart", "help"], canPresent: { _ in true }) == .present("help", number: 2, from: 11, animated: true))
        driver.presenting("help", as: 12)
        driver.stepCompleted()
        #expect(driver.level(of: 12) == 2)
        #expect(driver.level(of: 99) == nil)
        #expect(driver.next(toward: ["cart", "help"], canPresent: { _ in true }) == .nothing)
    }

    /// Defect 2: a screen that dismissed itself was not reported (Apple:
    /// presentationControllerDidDismiss "is not called if the presentation
    /// is dismissed programmatically"); the next present came from it, off
    /// screen, and UIKit refused it. Its container's disappearance takes it
    /// out of the navigator, and the next present comes from the presenter.
    @Test func aSelfDismissingSheetThenAPresentComesFromThePresenter() {
        var driver = Driver()
        var controller = 0
        present(["edit"], with: &driver, next: &controller)
        #expect(driver.disappeared(1, beingDismissed: true) == 1, "the navigator dismisses from level 1")
        #expect(driver.shown.isEmpty)
        #expect(driver.next(toward: ["share"], canPresent: { _ in true }) == .present("share", number: 1, from: nil, animated: true))
    }

    /// The user's swipe is reported twice (the container's disappearance
    /// and `presentationControllerDidDismiss`): the navigator hears it once.
    @Test func aSwipedAwaySheetIsReportedOnce() {
        var driver = Driver()
        var controller = 0
        present(["a", "b"], with: &driver, next: &controller)
        #expect(driver.disappeared(2, beingDismissed: true) == 2)
        #expect(driver.disappeared(2, beingDismissed: true) == nil)
        #expect(driver.shown.map(\.level) == ["a"])
    }

    /// A level covered by the one above disappears without being dismissed.
    @Test func aLevelCoveredByTheNextIsNotDismissed() {
        var driver = Driver()
        var controller = 0
        present(["a", "b"], with: &driver, next: &controller)
        #expect(driver.disappeared(1, beingDismissed: false) == nil)
        #expect(driver.shown.count == 2)
    }

    /// The driver's own dismissal is not reported back to the navigator,
    /// for the level it dismisses or any above it.
    @Test func theDriversOwnDismissalIsNotReportedBack() {
        var driver = Driver()
        var controller = 0
        present(["a", "b", "c"], with: &driver, next: &controller)
        #expect(driver.next(toward: ["a"], canPresent: { _ in true }) == .dismiss(2, animated: false))
        #expect(driver.disappeared(3, beingDismissed: true) == nil)
        #expect(driver.disappeared(2, beingDismissed: true) == nil)
        #expect(driver.next(toward: [], canPresent: { _ in true }) == .wait, "one UIKit step at a time")
        driver.stepCompleted()
        #expect(driver.shown.map(\.level) == ["a"])
        #expect(driver.next(toward: ["a"], canPresent: { _ in true }) == .nothing)
    }

    /// Defect 2: an alert of the app's on the presenter made UIKit refuse
    /// the present, whose completion never ran, and sheets stopped opening
    /// for the session. The present waits, nothing is marked busy, and it
    /// is made once the presenter is free.
    @Test func anAlertOfTheAppsDelaysThePresentInsteadOfFreezingIt() {
        var driver = Driver()
        var presenterFree = false
        #expect(driver.next(toward: ["a"], canPresent: { _ in presenterFree }) == .blocked(retryAfter: Driver.retryDelay))
        #expect(!driver.isBusy)
        #expect(driver.next(toward: [], canPresent: { _ in presenterFree }) == .nothing, "a later change is still taken")
        presenterFree = true
        #expect(driver.next(toward: ["a"], canPresent: { _ in presenterFree }) == .present("a", number: 1, from: nil, animated: true))
    }

    /// A level replaced by another: the old one is dismissed without
    /// animation, then the new one presented.
    @Test func aReplacedLevelIsDismissedThenTheNewOnePresented() {
        var driver = Driver()
        var controller = 0
        present(["a"], with: &driver, next: &controller)
        #expect(driver.next(toward: ["b"], canPresent: { _ in true }) == .dismiss(1, animated: false))
        driver.stepCompleted()
        #expect(driver.next(toward: ["b"], canPresent: { _ in true }) == .present("b", number: 1, from: nil, animated: true))
    }
}

/// Which of UIKit's display-mode changes are the user's choice of columns.
@Suite("Split display")
struct SplitDisplayTests {
    /// Defect 5: rotating an iPad to portrait saved `.secondaryOnly`, so the
    /// sidebar stayed hidden in landscape, this launch and the next. A mode
    /// UIKit picks during a size transition is not saved.
    @Test func aRotationIsNotSavedAsTheUsersChoice() {
        var display = SplitDisplay(hasContentColumn: false)
        display.sizeTransitionBegan()
        #expect(display.visibilityToSave(changingTo: .secondaryOnly) == nil)
        display.sizeTransitionEnded()
        // The user hides the sidebar afterwards: that is saved.
        #expect(display.visibilityToSave(changingTo: .secondaryOnly) == .detailOnly)
        // Ends without a beginning do not make a later rotation count.
        display.sizeTransitionEnded()
        display.sizeTransitionBegan()
        #expect(display.visibilityToSave(changingTo: .oneBesideSecondary) == nil)
    }

    /// Defect 5: `.oneOverSecondary`, the sidebar overlaid for a moment, was
    /// saved as the tiled layout.
    @Test(arguments: [false, true])
    func anOverlaidSidebarIsNotSavedAsTheTiledLayout(hasContentColumn: Bool) {
        let display = SplitDisplay(hasContentColumn: hasContentColumn)
        #expect(display.visibilityToSave(changingTo: .oneOverSecondary) == nil)
        #expect(display.visibilityToSave(changingTo: .twoOverSecondary) == nil)
    }

    /// Collapsed into one column, mode changes are not a choice of columns.
    @Test func aCollapsedSplitViewSavesNoMode() {
        var display = SplitDisplay(hasContentColumn: true)
        display.isCollapsed = true
        for mode in SplitDisplayMode.allCases { #expect(display.visibilityToSave(changingTo: mode) == nil) }
    }

    /// Every visibility the user can choose comes back from the mode it is
    /// shown with.
    @Test(arguments: [false, true])
    func everyChosenVisibilityComesBackFromItsMode(hasContentColumn: Bool) {
        let display = SplitDisplay(hasContentColumn: hasContentColumn)
        for visibility in NavSplitVisibility.allCases where visibility != .automatic {
            let back = display.visibilityToSave(changingTo: display.preferredMode(for: visibility))
            // Two columns of a two-column split view are all of it.
            let expected = !hasContentColumn && visibility == .doubleColumn ? .all : visibility
            #expect(back == expected, "\(visibility)")
        }
        #expect(display.preferredMode(for: .automatic) == .automatic)
    }
}

/// Tabs told apart by their view controllers.
@Suite("Tab selection")
struct TabSelectionTests {
    /// Defect 8: with six tabs the user reorders in More → Edit,
    /// `selectedIndex` selected whatever tab now sat at the old index.
    /// Tabs are chosen by their view controller, wherever it sits; the More
    /// list itself selects no tab.
    @Test func sixTabsReorderedStillSelectTheTabTheSceneNames() {
        let ids = ["home", "search", "orders", "cart", "account", "help"]
        let selection = TabSelection(tabs: ids.enumerated().map { ($1, $0 + 100) })
        // The user moved "help" to the front and "home" into More: the
        // tab bar's order is another, the identities are not.
        for (index, id) in ids.enumerated() {
            #expect(selection.controller(showing: id) == index + 100)
            #expect(selection.tab(selected: index + 100) == id)
        }
        let more = 999
        #expect(selection.tab(selected: more) == nil)
        #expect(selection.controller(showing: "gone") == nil)
        #expect(selection.controller(showing: nil) == nil)
    }
}

/// Random sessions of the navigator's changes, UIKit's completions, the
/// user's swipes, screens dismissing themselves and an alert on the
/// presenter, against a fake UIKit that presents only from the top of
/// what it shows and takes one step at a time.
@Suite("Presentation driver sessions")
struct PresentationDriverSessionTests {
    /// What UIKit shows and the step it is taking.
    struct FakeUIKit {
        enum Pending: Equatable {
            case present(Int)
            case dismiss(Int)
        }

        var chain: [Int] = []
        var pending: Pending?
        var presenterBlocked = false
        var levelOf: [Int: Int] = [:]
        var nextController = 0
    }

    @Test func everySessionEndsWithUIKitShowingTheNavigatorsLevels() async {
        let event = zip(Gen.int(in: 0...6), Gen.int(in: 0...3))
        await propertyCheck(count: 400, input: event.array(of: 1...40)) { events in
            var driver = PresentationDriver<Int, Int>()
            var uikit = FakeUIKit()
            var navigator: [Int] = []

            func advance() {
                switch driver.next(toward: navigator, canPresent: { from in from != nil || !uikit.presenterBlocked }) {
                case .nothing, .wait, .blocked:
                    break
                case .dismiss(let controller, _):
                    #expect(uikit.pending == nil && uikit.chain.contains(controller), "\(events)")
                    uikit.pending = .dismiss(controller)
                case .present(let level, _, let from, _):
                    #expect(uikit.pending == nil, "\(events)")
                    #expect(from == uikit.chain.last, "presented from \(String(describing: from)), not the top \(String(describing: uikit.chain.last)): \(events)")
                    uikit.nextController += 1
                    uikit.levelOf[uikit.nextController] = level
                    driver.presenting(level, as: uikit.nextController)
                    uikit.pending = .present(uikit.nextController)
                }
            }
            func complete() {
                switch uikit.pending {
                case .present(let controller)?:
                    uikit.chain.append(controller)
                case .dismiss(let controller)?:
                    guard let index = uikit.chain.firstIndex(of: controller) else { break }
                    for gone in uikit.chain[index...] {
                        #expect(driver.disappeared(gone, beingDismissed: true) == nil, "its own dismissal reported back: \(events)")
                    }
                    uikit.chain.removeSubrange(index...)
                case nil:
                    return
                }
                uikit.pending = nil
                driver.stepCompleted()
                advance()
            }
            /// The user's swipe, or the screen's own `dismiss(animated:)`.
            func dismissedOutside(at index: Int) {
                guard uikit.pending == nil, index < uikit.chain.count else { return }
                let gone = Array(uikit.chain[index...])
                uikit.chain.removeSubrange(index...)
                for controller in gone {
                    if let level = driver.disappeared(controller, beingDismissed: true) {
                        navigator.removeSubrange(min(level - 1, navigator.count)...)
                    }
                }
                advance()
            }

            for (kind, value) in events {
                switch kind {
                case 0: navigator.append(value); advance()
                case 1: if !navigator.isEmpty { navigator.removeLast() }; advance()
                case 2: navigator = Array(repeating: value, count: value % 3); advance()
                case 3, 4: complete()
                case 5: dismissedOutside(at: value % max(1, uikit.chain.count))
                default: uikit.presenterBlocked.toggle(); advance()
                }
            }
            // The alert goes, UIKit finishes what it does, the retries run.
            uikit.presenterBlocked = false
            for _ in 0..<20 {
                advance()
                complete()
            }
            #expect(uikit.pending == nil, "\(events)")
            #expect(uikit.chain.map { uikit.levelOf[$0] } == navigator, "UIKit shows \(uikit.chain), the navigator \(navigator): \(events)")
            #expect(driver.shown.map(\.level) == navigator, "\(events)")
        }
    }
}
