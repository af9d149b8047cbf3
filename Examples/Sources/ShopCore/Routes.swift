import Foundation
public import NavState

/// The shop's tabs, by the identifiers the saved tree uses.
public enum ShopTab: String, CaseIterable, Sendable {
    case home, orders, cart

    public var title: String { rawValue.capitalized }
}

/// Every screen the shop pushes or presents: one type, one registered
/// name, one dispatcher (`AppScreen` in ShopApp) that turns it into a view.
public enum AppRoute: NavDestination, Sendable {
    case product(id: Int)
    case order(id: Int)
    case orderLine(order: Int, line: Int)
    /// The checkout, a managed sheet with a stack of its own.
    case checkout
    case payment(amount: Int)
    /// The crash-loop guard's report and the windows, for developers.
    case debug
}

public enum Shop {
    /// The app's one registry. A screen renamed in Swift keeps its stored
    /// name, so saved states still restore after an update.
    public static func registry() throws(NavStateError) -> DestinationRegistry {
        var registry = DestinationRegistry()
        try registry.register(AppRoute.self, as: "shop.route")
        return registry
    }

    /// The tree every window restores into: a tab bar with a stack in each
    /// tab, Home selected on a first launch.
    public static let tabs = NavContainer<AnyDestination>.tabs(NavTabs(ids: ShopTab.allCases))

    /// What a restore is told about the app's tree.
    public static var restoreOptions: RestoreOptions { RestoreOptions(tree: tabs) }
}
