import Foundation
@_spi(Tooling) import NavState
import NavStateNavigator
import ShopCore
import Testing

@Suite("Shop core")
@MainActor
struct ShopCoreTests {
    @Test(arguments: [
        ("shop://orders", ShopLink(tab: .orders)),
        ("shop://orders/7", ShopLink(tab: .orders, routes: [.order(id: 7)])),
        ("shop://orders/7/line/2", ShopLink(tab: .orders, routes: [.order(id: 7), .orderLine(order: 7, line: 2)])),
        ("shop://home/product/12", ShopLink(tab: .home, routes: [.product(id: 12)])),
        ("shop://cart/checkout", ShopLink(tab: .cart, presents: .checkout)),
    ])
    func shopLinksRead(text: String, link: ShopLink) throws {
        #expect(ShopLink(url: try #require(URL(string: text))) == link)
    }

    /// A stranger's URL changes nothing: another scheme, another tab, an id
    /// out of range, a path the shop does not have.
    @Test(arguments: [
        "https://orders/7", "shop://wallet", "shop://orders/0", "shop://orders/-3", "shop://orders/99999999999999999999",
        "shop://orders/7/line", "shop://orders/7/lines/2", "shop://home/product", "shop://cart/pay", "shop://orders/7%00",
        "shop://orders/1e3", "shop:", "shop://orders/7/line/2/extra",
    ])
    func otherURLsAreNotShopLinks(text: String) throws {
        #expect(ShopLink(url: try #require(URL(string: text))) == nil)
    }

    @Test func everyRouteRoundTripsThroughTheRegistry() async throws {
        let registry = try Shop.registry()
        let routes: [AppRoute] = [.product(id: 1), .order(id: 2), .orderLine(order: 2, line: 3), .checkout, .payment(amount: 40), .debug]
        let store = try NavStore.inMemory()
        try await store.save(SceneState(stack: try routes.map { try AnyDestination($0, in: registry) }), scene: "main")
        let restored = try await store.restore(scene: "main", registry: registry)
        #expect(restored.state.contentStack.compactMap { $0.as(AppRoute.self) } == routes)
        #expect(restored.report.dropped.isEmpty)
    }

    /// A link that comes before the window's restore waits for it and is
    /// carried out on top of the restored tabs: the tab, the pushes, the
    /// sheet. The relaunched window gets all of it back.
    @Test func aLinkAtLaunchOpensItsTabPushesAndPresentsOnTheRestoredState() async throws {
        let store = try NavStore.inMemory()
        let registry = try Shop.registry()
        let first = SceneNavigator(scene: "main", store: store, registry: registry)
        try await first.restore(options: Shop.restoreOptions)
        try first.push(AppRoute.product(id: 3))
        try await first.flush()

        let relaunched = SceneNavigator(scene: "main", store: store, registry: registry)
        let url = try #require(URL(string: "shop://orders/7/line/2"))
        let link = try #require(ShopLink(url: url))
        async let opened: Void = link.open(in: relaunched)
        try await relaunched.restore(options: Shop.restoreOptions)
        try await opened
        #expect(relaunched.selectedTab() == "orders")
        #expect(relaunched.path(at: .tab("orders")).compactMap { $0.as(AppRoute.self) } == [.order(id: 7), .orderLine(order: 7, line: 2)])
        #expect(relaunched.path(at: .tab("home")).compactMap { $0.as(AppRoute.self) } == [.product(id: 3)])

        try await ShopLink(tab: .cart, presents: .checkout).open(in: relaunched)
        #expect(relaunched.presentations.map(\.method) == [.managedSheet])
        #expect(relaunched.presentations.first?.destination.as(AppRoute.self) == .checkout)
        try relaunched.push(AppRoute.payment(amount: 40))
        #expect(relaunched.state.presentations.first?.stack.compactMap { $0.as(AppRoute.self) } == [.payment(amount: 40)])
    }

    /// No file can be opened (its folder is a file): the windows still
    /// come up, over a store in memory, and say why nothing is saved.
    @Test func aStoreThatCannotOpenLeavesTheWindowsUnsavedNotBlank() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("shop-\(UUID().uuidString)")
        try Data("not a folder".utf8).write(to: directory)
        defer { try? FileManager.default.removeItem(at: directory) }
        let (windows, failure) = await Shop.windows(path: directory.appendingPathComponent("navstate.sqlite").path)
        let opened = try #require(windows)
        #expect(failure != nil)
        try await opened.store.save(SceneState<AnyDestination>(), scene: "main")
        #expect(Shop.describe(nil, unsaved: failure).first?.hasPrefix("unsaved this launch: ") == true)
    }

    @Test func theDebugScreenDescribesTheCrashLoopGuardsReport() async throws {
        let store = try NavStore.inMemory()
        let registry = try Shop.registry()
        try await store.save(SceneState(stack: [try AnyDestination(AppRoute.order(id: 7), in: registry)]), scene: "main")
        // Two launches that never confirmed: the guard steps back past revision 1.
        _ = try await store.restore(scene: "main", registry: registry)
        _ = try await store.restore(scene: "main", registry: registry)
        let report = try await store.restore(scene: "main", registry: registry).report
        let lines = Shop.describe(report)
        #expect(lines.first == "scene main: \(report.outcome.rawValue)")
        #expect(lines.contains("skipped revision 1: 2 unconfirmed launches"))
    }
}
