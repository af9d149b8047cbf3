import Foundation
import Logging
@_spi(Tooling) import NavState
import NavStateModel

/// A typical route enum, as every operation stores it (the benchmark
/// package's `ShopRoute`, with the same values).
enum ShopRoute: NavDestination {
    case product(id: Int, name: String)
    case search(query: String, page: Int)

    static func at(_ index: Int) -> ShopRoute {
        index.isMultiple(of: 3)
            ? .search(query: "lamps \(index)", page: index % 7)
            : .product(id: 10_000 + index, name: "Desk lamp \(index)")
    }

    static func path(depth: Int) -> [ShopRoute] {
        (0..<depth).map(at)
    }
}

enum Workload {
    static let registry: DestinationRegistry = {
        var registry = DestinationRegistry()
        // A constant of this harness: it cannot clash.
        try? registry.register(ShopRoute.self, as: "shop.route")
        return registry
    }()

    /// A store as an app opens it, quiet, with room for 1,000-deep stacks.
    static func configuration() -> NavStore.Configuration {
        var configuration = NavStore.Configuration(durability: .normal)
        configuration.logger.logLevel = .critical
        configuration.limits.entriesPerStack = 10_000
        configuration.limits.sceneBytes = 64 * 1024 * 1024
        return configuration
    }

    static func destinations(depth: Int, from start: Int = 0) throws -> [AnyDestination] {
        try (start..<(start + depth)).map { try AnyDestination(ShopRoute.at($0), in: registry) }
    }

    /// A scene of one stack, `depth` deep.
    static func stack(depth: Int) throws -> SceneState<AnyDestination> {
        SceneState(stack: try destinations(depth: depth))
    }

    /// Five tabs of `depth` each, the first selected.
    static func tabs(depth: Int) throws -> SceneState<AnyDestination> {
        let ids = ["home", "orders", "cart", "search", "profile"]
        var state = SceneState<AnyDestination>(stack: [])
        state.content = .tabs(NavTabs(ids: ids))
        for (index, id) in ids.enumerated() {
            try state.setStack(.tab(id), to: destinations(depth: depth, from: index))
        }
        return state
    }

    /// SwiftUI's `NavigationPath.CodableRepresentation` of `routes`, as
    /// `JSONEncoder` writes it: `[type, value JSON, …]`, last pushed first.
    static func swiftUIJSON(_ routes: [ShopRoute]) throws -> Data {
        let encoder = JSONEncoder()
        var strings: [String] = []
        strings.reserveCapacity(routes.count * 2)
        for route in routes.reversed() {
            strings.append(String(reflecting: ShopRoute.self))
            strings.append(String(decoding: try encoder.encode(route), as: UTF8.self))
        }
        return try encoder.encode(strings)
    }
}

struct HarnessError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
