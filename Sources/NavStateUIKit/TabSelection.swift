// Which tab a tab bar controller shows, decided here and tested on Linux;
// TabBarCoordinator forwards UIKit's events. Apple: UITabBarController's
// selectedViewController (iOS 2: "you can use this property to select any
// of the view controllers in the viewControllers property", those in the
// More list included), moreNavigationController (iOS 2), and
// customizableViewControllers, whose More → Edit lets the user reorder
// the tabs, so a tab's index is not its identity.

/// The decisions of a tab bar: tabs are told apart by their view
/// controllers, never by their position, which the user can change in
/// More → Edit.
struct TabSelection<Controller: Hashable> {
    /// Each tab's id and the view controller that shows it.
    let tabs: [(id: String, controller: Controller)]

    /// The view controller to select for the scene's `selectedTab`; `nil`
    /// when the scene selects none of these tabs.
    func controller(showing selectedTab: String?) -> Controller? {
        guard let selectedTab else { return nil }
        return tabs.first { $0.id == selectedTab }?.controller
    }

    /// The tab the user selected by selecting `controller`; `nil` for the
    /// More list itself or a view controller that is not a tab's.
    func tab(selected controller: Controller) -> String? {
        tabs.first { $0.controller == controller }?.id
    }
}
