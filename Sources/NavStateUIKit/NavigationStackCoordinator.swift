// A UINavigationController kept in step with one stack of a scene, both
// ways. UIKit only (not watchOS, which has no navigation controller): compiles to nothing elsewhere (Linux). What to
// keep, make, drop and animate is StackChange's, tested there. Apple:
// UINavigationController.setViewControllers(_:animated:) (iOS 3),
// UINavigationControllerDelegate.navigationController(_:didShow:animated:)
// (iOS 2).
#if canImport(UIKit) && !os(watchOS)
public import NavState
public import NavStateNavigator
public import UIKit

/// Shows one stack of a ``/NavStateNavigator/SceneNavigator`` in a
/// `UINavigationController`, and tells the navigator what the user did.
///
/// - State to UIKit: every change of the stack (a push, a pop, a restore,
///   a deep link) is shown with the view controllers of unchanged entries
///   kept, new ones made by `makeViewController`, one push or pop animated
///   and anything larger shown at once.
/// - UIKit to state: a back button, or an interactive swipe once it
///   completes (not when it is cancelled), pops the navigator's stack, which
///   saves it.
///
/// ```swift
/// let orders = NavigationStackCoordinator(navigator: navigator, stack: .tab("orders"), root: OrdersViewController()) { destination in
///     ScreenViewController(destination)
/// }
/// window.rootViewController = orders.navigationController
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
public final class NavigationStackCoordinator: NSObject, UINavigationControllerDelegate {
    /// The navigation controller it keeps in step.
    public let navigationController: UINavigationController
    /// The scene it shows a stack of.
    public let navigator: SceneNavigator
    /// The stack it shows.
    public let stack: StackAddress
    private let makeViewController: (AnyDestination) -> UIViewController
    /// The entries the view controllers above the root show, bottom first.
    private var shown: [(entry: AnyDestination, controller: UIViewController)] = []

    /// A coordinator showing `stack` of `navigator` above `root`, each entry
    /// as the view controller `makeViewController` makes for it.
    public init(
        navigator: SceneNavigator, stack: StackAddress = .root, root: UIViewController,
        navigationController: UINavigationController = UINavigationController(),
        makeViewController: @escaping (AnyDestination) -> UIViewController
    ) {
        self.navigator = navigator
        self.stack = stack
        self.navigationController = navigationController
        self.makeViewController = makeViewController
        super.init()
        navigationController.setViewControllers([root], animated: false)
        navigationController.delegate = self
        update()
        follow()
    }

    /// Shows the navigator's stack now; changes are followed by themselves.
    public func update() {
        let entries = Array(navigator.path(at: stack))
        let change = StackChange.between(shown.map(\.entry), entries)
        guard change.removed > 0 || !change.created.isEmpty else { return }
        shown = Array(shown.prefix(change.kept)) + change.created.map { (entries[$0], makeViewController(entries[$0])) }
        let root = navigationController.viewControllers.prefix(1)
        navigationController.setViewControllers(Array(root) + shown.map(\.controller), animated: change.animated)
    }

    /// Calls ``update()`` after every change of the stack.
    private func follow() {
        keepUpdating(self, reading: { _ = $0.navigator.path(at: $0.stack) }, update: { $0.update() })
    }

    /// A view controller was shown: when the user's back button or swipe
    /// took some of the stack's away, the navigator's stack is cut to match.
    public func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {
        let controllers = navigationController.viewControllers
        let still = shown.prefix { entry in controllers.contains(entry.controller) }.count
        guard let left = StackChange.entriesLeft(stackCount: shown.count, stillShown: still) else { return }
        shown.removeLast(shown.count - left)
        navigator.setPath(NavPath(shown.map(\.entry), registry: navigator.registry), at: stack)
    }
}
#endif
