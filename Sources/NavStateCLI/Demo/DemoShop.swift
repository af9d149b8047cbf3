@_spi(Tooling) import NavState
import NavStateTooling

/// The sample app the demo plays: version 1 of a shop, then version 2, which
/// renamed one destination, upgraded another and removed a third.
enum DemoShop {
    /// The shop's tab bar, in both versions. Made on each use: a global
    /// holding it is a leak to LeakSanitizer, which cannot follow the
    /// pointer inside an enum with a payload (`scripts/sanitizers.sh`).
    static var tabs: NavContainer<AnyDestination> { .tabs(NavTabs(ids: ["home", "orders", "cart"])) }

    // Version 1's destinations.
    /// Where order 42's screen sits: the first entry of the orders tab.
    static let orderScreen = EntryLocation.stack(.tab("orders"), position: 0)
    /// What the demo types on it, a few keys at a time.
    static let note = "Leave it at the door"

    struct Home: NavDestination {}
    struct OrderDetail: NavDestination { var id: Int }
    struct Promo: NavDestination { var code: String }
    struct Cart: NavDestination {}
    struct CartItemV1: NavDestination {
        var sku: String
        var qty: Int
    }

    // Version 2's: OrderDetail became OrderScreen, CartItem renamed `qty`.
    struct OrderScreen: NavDestination { var id: Int }
    struct CartItem: NavDestination {
        var sku: String
        var quantity: Int
    }

    struct UpgradeError: Error, CustomStringConvertible {
        let description: String
    }

    static func version1() throws -> DestinationRegistry {
        try DestinationRegistry { registry throws(NavStateError) in
            try registry.register(Home.self, as: "home")
            try registry.register(OrderDetail.self, as: "orders.detail")
            try registry.register(Promo.self, as: "promo")
            try registry.register(Cart.self, as: "cart")
            try registry.register(CartItemV1.self, as: "cart.item")
        }
    }

    static func version2() throws -> DestinationRegistry {
        try DestinationRegistry { registry throws(NavStateError) in
            try registry.register(Home.self, as: "home")
            // Renamed: new type, new name, the old name kept as an alias.
            try registry.register(OrderScreen.self, as: "order", aliases: ["orders.detail"])
            try registry.register(Cart.self, as: "cart")
            // Upgraded: version 2 renamed the field `qty` to `quantity`.
            try registry.register(CartItem.self, as: "cart.item", version: 2, upgrades: [
                1: { json in
                    guard case .object(var fields) = json, let quantity = fields.removeValue(forKey: "qty") else {
                        throw UpgradeError(description: "a version 1 cart item without qty")
                    }
                    fields["quantity"] = quantity
                    return .object(fields)
                },
            ])
            // Removed: Promo is not registered any more.
        }
    }
}
