// A scene's split view shown in a UISplitViewController, both ways. UIKit
// only (not watchOS). Apple: UISplitViewController(style:) and
// setViewController(_:for:) (iOS 14, tvOS 14), preferredDisplayMode (iOS 8),
// UISplitViewControllerDelegate.splitViewController(_:willChangeTo:)
// (iOS 8).
#if canImport(UIKit) && !os(watchOS)
public import NavState
public import NavStateNavigator
public import UIKit

/// Shows the split view at `split` of a ``/NavStateNavigator/SceneNavigator``
/// in a `UISplitViewController`: the app's sidebar (and content) column,
/// and the detail column's stack in a navigation controller kept in step by
/// a ``NavigationStackCoordinator``. Which columns show follows the
/// navigator's visibility, and the user's hiding or showing a column is
/// saved. The sidebar and content views set their selections with
/// `SceneNavigator.setSelection(_:column:of:)`.
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
    private let hasContentColumn: Bool

    /// A coordinator for the split view at `split`: `sidebar` in the first
    /// column, `content` in the middle one of a three-column split view,
    /// and the detail stack above `detailRoot`.
    public init(
        navigator: SceneNavigator, split: StackAddress = .root, sidebar: UIViewController, content: UIViewController? = nil,
        detailRoot: UIViewController, makeViewController: @escaping (AnyDestination) -> UIViewController
    ) {
        self.navigator = navigator
        self.split = split
        hasContentColumn = content != nil
        splitViewController = UISplitViewController(style: content == nil ? .doubleColumn : .tripleColumn)
        detail = NavigationStackCoordinator(
            navigator: navigator, stack: split.appending(.detail), root: detailRoot, makeViewController: makeViewController)
        super.init()
        splitViewController.setViewController(sidebar, for: .primary)
        if let content { splitViewController.setViewController(content, for: .supplementary) }
        splitViewController.setViewController(detail.navigationController, for: .secondary)
        splitViewController.delegate = self
        update()
        follow()
    }

    /// Shows the navigator's column visibility now; changes are followed by
    /// themselves.
    public func update() {
        guard case .split(let view)? = navigator.state.container(at: split) else { return }
        let mode = Self.displayMode(beside: SplitColumns.beside(view.visibility, hasContentColumn: hasContentColumn))
        if splitViewController.preferredDisplayMode != mode { splitViewController.preferredDisplayMode = mode }
    }

    private func follow() {
        keepUpdating(self, reading: { _ = $0.navigator.state.container(at: $0.split) }, update: { $0.update() })
    }

    /// The user showed or hid a column: the navigator's visibility follows.
    public func splitViewController(_ svc: UISplitViewController, willChangeTo displayMode: UISplitViewController.DisplayMode) {
        let visibility = SplitColumns.visibility(beside: Self.beside(displayMode), hasContentColumn: hasContentColumn)
        navigator.setColumnVisibility(visibility, of: split)
    }

    private static func displayMode(beside: Int?) -> UISplitViewController.DisplayMode {
        switch beside {
        case nil: .automatic
        case 0?: .secondaryOnly
        case 1?: .oneBesideSecondary
        default: .twoBesideSecondary
        }
    }

    private static func beside(_ mode: UISplitViewController.DisplayMode) -> Int? {
        switch mode {
        case .secondaryOnly: 0
        case .oneBesideSecondary, .oneOverSecondary: 1
        case .twoBesideSecondary, .twoOverSecondary, .twoDisplaceSecondary: 2
        default: nil
        }
    }
}
#endif
