import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// The worked example of NavState.docc/RestoringAfterAnUpdate.md, as a test.
@Suite("App update restore")
struct AppUpdateRestoreTests {
    enum HomeRoute: NavDestination { case home }
    struct OrderRoute: NavDestination { var id: Int }
    struct PromoRoute: NavDestination { var code: String }
    struct OrderScreen: NavDestination {
        var orderID: Int
        var note: String
    }

    struct Bad: Error {}

    @Test func updateThatRenamesUpgradesAndRemovesKeepsWhatItCan() async throws {
        var version1 = DestinationRegistry()
        try version1.register(HomeRoute.self, as: "home")
        try version1.register(OrderRoute.self, as: "orders.detail")
        try version1.register(PromoRoute.self, as: "promo")

        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        var path = NavPath(registry: version1)
        try path.append(HomeRoute.home)
        try path.append(OrderRoute(id: 7))
        try path.append(PromoRoute(code: "SPRING"))
        try await store.save(SceneState(stack: Array(path), checkpoints: [Checkpoint(name: "order", stack: .root, entriesKept: 2)]), scene: "main")

        var version2 = DestinationRegistry()
        try version2.register(HomeRoute.self, as: "home")
        try version2.register(OrderScreen.self, as: "order", version: 2, aliases: ["orders.detail"], upgrades: [
            1: { json in
                guard case .object(var fields) = json, let id = fields.removeValue(forKey: "id") else { throw Bad() }
                fields["orderID"] = id
                fields["note"] = .string("")
                return .object(fields)
            },
        ])

        let restored = try await store.restore(scene: "main", registry: version2)
        #expect(restored.state.contentStack.count == 2)
        #expect(restored.state.contentStack[0].as(HomeRoute.self) == .home)
        #expect(restored.state.contentStack[1].as(OrderScreen.self) == OrderScreen(orderID: 7, note: ""))
        #expect(restored.state.checkpoints == [Checkpoint(name: "order", stack: .root, entriesKept: 2)])
        #expect(restored.report.dropped.map(\.description) == ["stack root position 2 'promo': unknown type"])
        #expect(restored.report.revision == 1)

        // Saved again by version 2, the order is stored under its new name and version.
        try await store.confirmRestore(restored.report)
        try await store.save(restored.state, scene: "main")
        #expect(try await store.load(scene: "main")?.state.contentStack.map(\.wireTag) == ["home", "order@2"])
    }
}
