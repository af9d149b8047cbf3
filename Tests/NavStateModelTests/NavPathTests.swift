import Foundation
import NavStateModel
@testable import NavStateTestSupport
import Testing

@Suite("NavPath")
struct NavPathTests {
    @Test func hasNavigationPathOperations() throws {
        var path = NavPath(registry: try Samples.registry())
        #expect(path.isEmpty)
        try path.append(ShopRoute.home)
        try path.append(ShopRoute.product(id: 1, name: "Lamp"))
        try path.append(42)
        #expect(path.count == 3)
        path.removeLast()
        #expect(path.count == 2)
        path.removeLast(2)
        #expect(path.isEmpty)
    }

    @Test func isAnInspectableCollection() throws {
        var path = NavPath(registry: try Samples.registry())
        try path.append(ShopRoute.home)
        try path.append(SettingsRoute(section: "a", depth: 1))
        #expect(path.map(\.name) == ["shop", "settings"])
        #expect(path.compactMap { $0.as(ShopRoute.self) } == [.home])
        path[1] = try AnyDestination(ShopRoute.search(query: "q", filters: []), in: path.registry)
        #expect(path.last?.as(ShopRoute.self) == .search(query: "q", filters: []))
        path.insert(try AnyDestination(7, in: path.registry), at: 0)
        #expect(path.first?.as(Int.self) == 7)
        path.replaceSubrange(0..<2, with: [])
        #expect(path.count == 1)
    }

    @Test func appendingAnUnregisteredTypeThrowsAndLeavesThePath() throws {
        var path = NavPath()
        try path.append(1)
        #expect(throws: NavStateError.unregisteredType(String(reflecting: ShopRoute.self))) { try path.append(ShopRoute.home) }
        #expect(path.count == 1)
    }

    @Test func equalityAndHashingFollowTheValues() throws {
        let registry = try Samples.registry()
        var a = NavPath(registry: registry)
        var b = NavPath()
        try a.append(5)
        try b.append(5)
        #expect(a == b)
        #expect(Set([a, b]).count == 1)
        try b.append(6)
        #expect(a != b)
        let int = try AnyDestination(1, in: registry)
        let double = try AnyDestination(1.0, in: registry)
        #expect(int != double)
    }

    @Test func decodedDestinationEqualsTheOneItCameFrom() throws {
        let registry = try Samples.registry()
        var path = NavPath(registry: registry)
        try path.append(ShopRoute.product(id: 9, name: "Desk"))
        let decoded = try NavPath.decode(representation: path.representation(style: .qualified), registry: registry)
        #expect(decoded.path == path)
        #expect(Set(decoded.path).contains(path[0]))
    }

    @Test func typedDestinationDecodesFromAnotherRegistryOfTheSameApp() throws {
        var path = NavPath(registry: try Samples.registry())
        try path.append(ShopRoute.home)
        let data = try path.representation(style: .stable)
        let decoded = try NavPath.decode(representation: data, registry: try Samples.registry())
        #expect(decoded.path.first?.as(ShopRoute.self) == .home)
    }
}

@Suite("Tag styles")
struct TagStyleTests {
    @Test func asReadGivesBackTheBytesReadAndAnUpgradedEntryAsUpgraded() throws {
        let registry = try RestoreSamples.upgradingRegistry()
        let input = PathRepresentation.encode([
            NavEntry(tag: "Swift.Int", payload: "1"),
            NavEntry(tag: "order", payload: #"{"id":7}"#),
        ])
        let decoded = try NavPath.decode(representation: input, registry: registry)
        #expect(decoded.failures.isEmpty)
        let written = try decoded.path.entries(style: .asRead)
        #expect(written[0] == NavEntry(tag: "Swift.Int", payload: "1"))
        // Version 1 upgraded to 3: stable name, current version, new payload.
        #expect(written[1].tag == "order")
        #expect(written[1].version == 3)
        #expect(written[1].payload != #"{"id":7}"#)
        #expect(try registry.decode(written[1]).get() == decoded.path[1])
    }
}
