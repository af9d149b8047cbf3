// A UINavigationController kept in step with one stack of a scene, both
// ways. UIKit only (not watchOS, which has no navigation controller):
// compiles to nothing elsewhere (Linux). Every decision is StackDriver's,
// tested there; this file forwards UIKit's events and carries out its
// plans. Apple: UINavigationController.setViewControllers(_:animated:)
// (iOS 3), transitionCoordinator (iOS 7),
// UIViewControllerTransitionCoordinator.animate(alongsideTransition:completion:)
// (iOS 7), UINavigationControllerDelegate's
// navigationController(_:willShow:animated:) and (_:didShow:animated:)
// (iOS 2).
#if canImport(UIKit) && !os(watchOS)
public import NavState
public import NavStateNavigator
public import UIKit

/// Shows one stack of a `SceneNavigator` in a
/// `UINavigationController`, and tells the navigator what the user did.
///
/// - State to UIKit: every change of the stack (a push, a pop, a restore,
///   a deep link) is shown with the view controllers of unchanged entries
///   kept, new ones made by `makeViewController`, one push or pop animated
///   and anything larger shown at once. A change that comes while UIKit
///   animates a push or a pop, or while the user's back swipe is under
///   way, is shown when that ends. View controllers the app pushed itself
///   stay while the entries below them do.
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
    private let makeViewController: (AnyDestination, ScreenSlot?) -> UIViewController
    private var driver = StackDriver<AnyDestination, UIViewController>()

    /// A coordinator showing `stack` of `navigator` above `root`, each entry
    /// as the view controller `makeViewController` makes for it.
    public convenience init(
        navigator: SceneNavigator, stack: StackAddress = .root, root: UIViewController,
        navigationController: UINavigationController = UINavigationController(),
        makeViewController: @escaping (AnyDestination) -> UIViewController
    ) {
        self.init(
            navigator: navigator, stack: stack, root: root, navigationController: navigationController,
            makeScreen: { destination, _ in makeViewController(destination) })
    }

    /// A coordinator showing `stack` of `navigator` above `root`, each entry
    /// as the view controller `makeScreen` makes for it with the entry's
    /// `ScreenSlot`: the view controller restores its
    /// own state from the slot (a draft, the top row) and writes it back as
    /// it changes, as UIKit hands each view controller its archive in
    /// `decodeRestorableState(with:)`.
    public init(
        navigator: SceneNavigator, stack: StackAddress = .root, root: UIViewController,
        navigationController: UINavigationController = UINavigationController(),
        makeScreen: @escaping (AnyDestination, ScreenSlot?) -> UIViewController
    ) {
        self.navigator = navigator
        self.stack = stack
        self.navigationController = navigationController
        self.makeViewController = makeScreen
        super.init()
        navigationController.setViewControllers([root], animated: false)
        navigationController.delegate = self
        update()
        keepUpdating(self, reading: { _ = $0.navigator.path(at: $0.stack) }, update: { $0.update() })
    }

    /// Shows the navigator's stack now; changes are followed by themselves.
    public func update() {
        let entries = Array(navigator.path(at: stack))
        // The driver makes view controllers for new entries bottom first:
        // each is found by its storage, from past the last one found.
        var searchFrom = 0
        let plan = driver.stackChanged(
            to: entries, onScreen: navigationController.viewControllers, same: { $0.storageObject === $1.storageObject }
        ) { destination in
            let position = entries[searchFrom...].firstIndex { $0.storageObject === destination.storageObject }
            if let position { searchFrom = position + 1 }
            let slot = position.flatMap { navigator.screenSlot(at: .stack(stack, position: $0)) }
            return makeViewController(destination, slot)
        }
        if case .show(let controllers, let animated) = plan {
            navigationController.setViewControllers(controllers, animated: animated)
        }
    }

    /// A push, a pop or a swipe begins: the driver holds changes until it
    /// ends, finished or cancelled.
    public func navigationController(
        _ navigationController: UINavigationController, willShow viewController: UIViewController, animated: Bool
    ) {
        guard let transition = navigationController.transitionCoordinator else { return }
        driver.transitionBegan()
        transition.animate(alongsideTransition: nil) { [weak self] _ in self?.transitionEnded() }
    }

    /// A view controller was shown: the user's back button or swipe may
    /// have taken some of the stack's away.
    public func navigationController(
        _ navigationController: UINavigationController, didShow viewController: UIViewController, animated: Bool
    ) {
        transitionEnded()
    }

    private func transitionEnded() {
        let ended = driver.transitionEnded(
            onScreen: navigationController.viewControllers, entries: Array(navigator.path(at: stack)))
        if let entries = ended.entries {
            navigator.setPath(NavPath(entries, registry: navigator.registry), at: stack)
        }
        if ended.planAgain { update() }
    }
}
#endif
