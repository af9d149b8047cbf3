// A UITabBarController with a navigation controller per tab, kept in step
// with a scene's tab bar. UIKit only. Every decision is TabSelection's,
// tested on Linux. Apple: UITabBarController's setViewControllers(_:animated:)
// and selectedViewController (iOS 2), which select a tab by its view
// controller wherever More → Edit moved it; moreNavigationController
// (iOS 2); UITabBarControllerDelegate.tabBarController(_:didSelect:) (iOS 2).
#if canImport(UIKit) && !os(watchOS)
public import NavState
public import NavStateNavigator
public import UIKit

/// Shows a scene's tab bar in a `UITabBarController`: each tab a
/// `UINavigationController` kept in step by a ``NavigationStackCoordinator``,
/// the selected tab the navigator's, and a tab the user selects the
/// navigator's too (and saved). Tabs are told apart by their view
/// controllers, so a user who reorders them in More → Edit still gets the
/// tab the scene names; selecting the More list itself changes nothing.
///
/// ```swift
/// let tabs = TabBarCoordinator(navigator: navigator, tabs: [
///     ("home", HomeViewController()), ("orders", OrdersViewController()),
/// ]) { destination in ScreenViewController(destination) }
/// window.rootViewController = tabs.tabBarController
/// ```
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
public final class TabBarCoordinator: NSObject, UITabBarControllerDelegate {
    /// The tab bar controller it keeps in step.
    public let tabBarController: UITabBarController
    /// The scene it shows.
    public let navigator: SceneNavigator
    /// Each tab's stack coordinator, in the tab bar's first order.
    public let stacks: [NavigationStackCoordinator]
    /// The tab bar's address in the scene: `.root` for the scene's own.
    public let tabBar: StackAddress
    private let selection: TabSelection<UIViewController>

    /// A coordinator for the tab bar at `tabBar`, its tabs in order, each
    /// with the root view controller of its stack.
    public convenience init(
        navigator: SceneNavigator, tabs: [(id: String, root: UIViewController)], tabBar: StackAddress = .root,
        tabBarController: UITabBarController = UITabBarController(),
        makeViewController: @escaping (AnyDestination) -> UIViewController
    ) {
        self.init(
            navigator: navigator, tabs: tabs, tabBar: tabBar, tabBarController: tabBarController,
            makeScreen: { destination, _ in makeViewController(destination) })
    }

    /// A coordinator for the tab bar at `tabBar` whose stacks give each view
    /// controller they make its entry's `ScreenSlot`, as
    /// ``NavigationStackCoordinator/init(navigator:stack:root:navigationController:makeScreen:)`` does.
    public init(
        navigator: SceneNavigator, tabs: [(id: String, root: UIViewController)], tabBar: StackAddress = .root,
        tabBarController: UITabBarController = UITabBarController(),
        makeScreen: @escaping (AnyDestination, ScreenSlot?) -> UIViewController
    ) {
        self.navigator = navigator
        self.tabBar = tabBar
        self.tabBarController = tabBarController
        stacks = tabs.map { tab in
            NavigationStackCoordinator(
                navigator: navigator, stack: tabBar.appending(.tab(tab.id)), root: tab.root, makeScreen: makeScreen)
        }
        selection = TabSelection(tabs: zip(tabs, stacks).map { ($0.id, $1.navigationController) })
        super.init()
        tabBarController.setViewControllers(stacks.map(\.navigationController), animated: false)
        tabBarController.delegate = self
        update()
        keepUpdating(self, reading: { _ = $0.navigator.selectedTab(of: $0.tabBar) }, update: { $0.update() })
    }

    /// Selects the navigator's tab now; changes are followed by themselves.
    public func update() {
        guard let controller = selection.controller(showing: navigator.selectedTab(of: tabBar)) else { return }
        if tabBarController.selectedViewController !== controller { tabBarController.selectedViewController = controller }
    }

    /// The user selected a tab: the navigator selects it too.
    public func tabBarController(_ tabBarController: UITabBarController, didSelect viewController: UIViewController) {
        guard let tab = selection.tab(selected: viewController) else { return }
        _ = navigator.selectIfPossible(tab: tab, in: tabBar)
    }
}
#endif
