import Foundation
@_spi(Tooling) import NavState
import NavStateTooling

/// The destination every contender stores: a typical route enum.
package enum ShopRoute: NavDestination {
    case product(id: Int, name: String)
    case search(query: String, page: Int)
}

package enum BenchData {
    package static let registry: DestinationRegistry = {
        var registry = DestinationRegistry()
        // The name is a constant of this benchmark; it cannot clash.
        try? registry.register(ShopRoute.self, as: "shop.route")
        return registry
    }()

    package static func route(_ index: Int) -> ShopRoute {
        index.isMultiple(of: 3)
            ? .search(query: "lamps \(index)", page: index % 7)
            : .product(id: 10_000 + index, name: "Desk lamp \(index)")
    }

    package static func path(depth: Int) -> [ShopRoute] {
        (0..<depth).map(route)
    }

    /// Payload bytes of a path's elements, as JSONEncoder writes them.
    package static func payloadBytes(_ routes: [ShopRoute]) -> Int {
        routes.reduce(0) { $0 + ((try? JSONEncoder().encode($1).count) ?? 0) }
    }
}
