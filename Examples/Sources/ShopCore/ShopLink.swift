public import Foundation
public import NavState
public import NavStateNavigator

/// A link into the shop: `shop://orders/7` opens order 7 in the Orders tab,
/// `shop://orders/7/line/2` its second line, `shop://home/product/12` a
/// product, `shop://cart/checkout` the checkout sheet. Anything else is not
/// a shop link (`init(url:)` is `nil`), so a stranger's URL changes nothing.
public struct ShopLink: Equatable, Sendable {
    public var tab: ShopTab
    /// Pushed in order onto the tab's stack.
    public var routes: [AppRoute]
    /// Presented over the tab bar, after the pushes.
    public var presents: AppRoute?

    public init(tab: ShopTab, routes: [AppRoute] = [], presents: AppRoute? = nil) {
        self.tab = tab
        self.routes = routes
        self.presents = presents
    }

    /// The largest identifier a link may carry: what `Int(_:)` reads past
    /// it is not an order anyone placed.
    static let largestID = 1_000_000_000

    public init?(url: URL) {
        guard url.scheme == "shop", let host = url.host(), let tab = ShopTab(rawValue: host) else { return nil }
        let parts = url.pathComponents.filter { $0 != "/" }
        func id(_ text: String) -> Int? {
            guard let value = Int(text), (1...Self.largestID).contains(value) else { return nil }
            return value
        }
        switch (tab, parts.count) {
        case (_, 0):
            self.init(tab: tab)
        case (.orders, 1):
            guard let order = id(parts[0]) else { return nil }
            self.init(tab: tab, routes: [.order(id: order)])
        case (.orders, 3):
            guard let order = id(parts[0]), parts[1] == "line", let line = id(parts[2]) else { return nil }
            self.init(tab: tab, routes: [.order(id: order), .orderLine(order: order, line: line)])
        case (.home, 2):
            guard parts[0] == "product", let product = id(parts[1]) else { return nil }
            self.init(tab: tab, routes: [.product(id: product)])
        case (.cart, 1):
            guard parts[0] == "checkout" else { return nil }
            self.init(tab: tab, presents: .checkout)
        default:
            return nil
        }
    }

    /// Carries the link out in `navigator`, one step per update: the tab
    /// selected, each route pushed, then the presentation. A link that
    /// comes before the window's restore waits for it.
    @MainActor
    public func open(in navigator: SceneNavigator) async throws(NavStateError) {
        try await navigator.send(to: .tab(tab))
        for route in routes {
            try await navigator.send(to: .tab(tab), route)
        }
        if let presents {
            try navigator.present(presents, style: .managedSheet)
        }
    }
}
