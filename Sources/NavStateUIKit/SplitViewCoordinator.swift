// A scene's split view shown in a UISplitViewController, both ways. UIKit
// only (not watchOS). Every decision is SplitDisplay's and StackDriver's,
// tested on Linux; this file forwards UIKit's events. Apple:
// UISplitViewController(style:) and setViewController(_:for:) (iOS 14,
// tvOS 14), the .compact column (iOS 14), preferredDisplayMode (iOS 8),
// UISplitViewControllerDelegate's splitViewController(_:willChangeTo:)
// (iOS 8), splitViewControllerDidCollapse(_:) and
// splitViewControllerDidExpand(_:) (iOS 14), viewWillTransition(to:with:)
// (iOS 8).
#if canImport(UIKit) && !os(watchOS)
public import NavState
public import NavStateNavigator
public import UIKit

/// Shows the split view at `split` of a `SceneNavigator`
/// in a `UISplitViewController`: the app's sidebar (and content) column,
/// and the detail column's stack in a navigation controller kept in step by
/// a ``NavigationStackCoordinator``. Which columns show follows the
/// navigator's visibility, and the user's hiding or showing a column is
/// saved; the columns UIKit picks when the size changes (a rotation) and
/// a sidebar overlaid for a moment are not. The sidebar and content views
/// set their selections with `SceneNavigator.setSelection(_:column:of:)`.
///
/// In compact width (an iPhone, Slide Over, a narrow multitasking split)
/// the split view shows a navigation controller of its own (UIKit's
/// `.compact` column): `compactRoot`, usually a second instance of the
/// sidebar's list, with the detail stack above it, kept in step by a second
/// ``NavigationStackCoordinator`` on the same stack, so a pop there pops
/// the scene's stack and the regular-width detail follows. UIKit's own
/// collapse, which moves the detail's view controllers onto the sidebar's
/// navigation controller where the detail coordinator cannot see them, is
/// never used.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
public final class SplitViewCoordinator: NSObject, UISplitViewControllerDelegate {
    /// The split view controller it keeps in step.
    public let splitViewController: UISplitViewController
    /// The scene it shows.
    public let navigator: SceneNavigator
    /// The split view's address in the scene.
    public let split: StackAddress
    /// The detail column's stack coordinator.
    public let detail: NavigationStackCoordinator
    /// The compact column's stack coordinator.
    public let compact: NavigationStackCoordinator
    private var display: SplitDisplay

    /// A coordinator for the split view at `split`: `sidebar` in the first
    /// column, `content` in the middle one of a three-column split view,
    /// the detail stack above `detailRoot`, and in compact width the
    /// detail stack above `compactRoot`, what the compact interface shows
    /// below it (usually the sidebar's list again).
    public convenience init(
        navigator: SceneNavigator, split: StackAddress = .root, sidebar: UIViewController, content: UIViewController? = nil,
        detailRoot: UIViewController, compactRoot: UIViewController,
        makeViewController: @escaping (AnyDestination) -> UIViewController
    ) {
        self.init(
            navigator: navigator, split: split, sidebar: sidebar, content: content, detailRoot: detailRoot,
            compactRoot: compactRoot, makeScreen: { destination, _ in makeViewController(destination) })
    }

    /// A coordinator for the split view at `split` whose detail stacks give
    /// each view controller they make its entry's `ScreenSlot`, as
    /// ``NavigationStackCoordinator/init(navigator:stack:root:navigationController:makeScreen:)`` does
    /// (the regular and the compact detail show the same entries, so their
    /// view controllers of one entry share its state).
    public init(
        navigator: SceneNavigator, split: StackAddress = .root, sidebar: UIViewController, content: UIViewController? = nil,
        detailRoot: UIViewController, compactRoot: UIViewController,
        makeScreen: @escaping (AnyDestination, ScreenSlot?) -> UIViewController
    ) {
        self.navigator = navigator
        self.split = split
        display = SplitDisplay(hasContentColumn: content != nil)
        let splitViewController = SizeReportingSplitViewController(style: content == nil ? .doubleColumn : .tripleColumn)
        self.splitViewController = splitViewController
        detail = NavigationStackCoordinator(
            navigator: navigator, stack: split.appending(.detail), root: detailRoot, makeScreen: makeScreen)
        compact = NavigationStackCoordinator(
            navigator: navigator, stack: split.appending(.detail), root: compactRoot, makeScreen: makeScreen)
        super.init()
        splitViewController.setViewController(sidebar, for: .primary)
        if let content { splitViewController.setViewController(content, for: .supplementary) }
        splitViewController.setViewController(detail.navigationController, for: .secondary)
        splitViewController.setViewController(compact.navigationController, for: .compact)
        splitViewController.delegate = self
        splitViewController.sizeTransition = { [weak self] began in
            if began { self?.display.sizeTransitionBegan() } else { self?.display.sizeTransitionEnded() }
        }
        update()
        keepUpdating(self, reading: { _ = $0.navigator.state.container(at: $0.split) }, update: { $0.update() })
    }

    /// Shows the navigator's column visibility now; changes are followed by
    /// themselves.
    public func update() {
        guard case .split(let view)? = navigator.state.container(at: split) else { return }
        let mode = Self.uiKit(display.preferredMode(for: view.visibility))
        if splitViewController.preferredDisplayMode != mode { splitViewController.preferredDisplayMode = mode }
    }

    /// UIKit changes the columns it shows: saved when it is the user's choice.
    public func splitViewController(_ svc: UISplitViewController, willChangeTo displayMode: UISplitViewController.DisplayMode) {
        guard let visibility = display.visibilityToSave(changingTo: Self.neutral(displayMode)) else { return }
        navigator.setColumnVisibility(visibility, of: split)
    }

    public func splitViewControllerDidCollapse(_ svc: UISplitViewController) {
        display.isCollapsed = true
    }

    public func splitViewControllerDidExpand(_ svc: UISplitViewController) {
        display.isCollapsed = false
    }

    private static func uiKit(_ mode: SplitDisplayMode) -> UISplitViewController.DisplayMode {
        switch mode {
        case .automatic: .automatic
        case .secondaryOnly: .secondaryOnly
        case .oneBesideSecondary: .oneBesideSecondary
        case .oneOverSecondary: .oneOverSecondary
        case .twoBesideSecondary: .twoBesideSecondary
        case .twoOverSecondary: .twoOverSecondary
        case .twoDisplaceSecondary: .twoDisplaceSecondary
        }
    }

    private static func neutral(_ mode: UISplitViewController.DisplayMode) -> SplitDisplayMode {
        switch mode {
        case .secondaryOnly: .secondaryOnly
        case .oneBesideSecondary: .oneBesideSecondary
        case .oneOverSecondary: .oneOverSecondary
        case .twoBesideSecondary: .twoBesideSecondary
        case .twoOverSecondary: .twoOverSecondary
        case .twoDisplaceSecondary: .twoDisplaceSecondary
        default: .automatic
        }
    }
}

/// Reports when its size begins and ends changing (a rotation, a window
/// resized), so the modes UIKit picks meanwhile are not saved.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
private final class SizeReportingSplitViewController: UISplitViewController {
    var sizeTransition: (Bool) -> Void = { _ in }

    override func viewWillTransition(to size: CGSize, with coordinator: any UIViewControllerTransitionCoordinator) {
        // Before UIKit's own handling, which may already pick a new mode.
        sizeTransition(true)
        super.viewWillTransition(to: size, with: coordinator)
        coordinator.animate(alongsideTransition: nil) { [weak self] _ in self?.sizeTransition(false) }
    }
}
#endif
