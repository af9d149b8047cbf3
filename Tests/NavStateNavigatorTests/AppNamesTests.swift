import Foundation
@_spi(Tooling) import NavState
import NavStateNavigator
import NavStateScenes
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

private enum Tab: String, CaseIterable {
    case home, orders
}

private enum Mark: String {
    case cart, pay
}

private enum AppScene: String {
    case main, settings
}

private enum Route: NavDestination {
    case item(Int)
}

/// The app's own string types name tabs, checkpoints, values and scenes
/// wherever a `String` is taken (issue 45), and name the same thing the
/// raw value does.
@Suite("The app's own names")
@MainActor
struct AppNamesTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func tabsCheckpointsValuesAndScenesTakeTheAppsTypes() async throws {
        #expect(StackAddress.tab(Tab.orders) == .tab("orders"))
        #expect(StackAddress.root.appending(.tab(Tab.orders)) == .tab("orders"))
        #expect(NavTabs<AnyDestination>(ids: Tab.allCases, selected: .orders) == NavTabs(ids: ["home", "orders"], selected: "orders"))
        #expect(NavTab<AnyDestination>(Tab.home) == NavTab("home"))

        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let registry = try DestinationRegistry { registry throws(NavStateError) in try registry.register(Route.self, as: "route") }
        let navigator = SceneNavigator(scene: AppScene.main, store: store, registry: registry)
        #expect(navigator.scene == "main")
        try await navigator.restore(options: RestoreOptions(tree: .tabs(NavTabs(ids: Tab.allCases))))
        #expect(navigator.selectedTab(as: Tab.self) == .home)
        try navigator.select(tab: Tab.orders)
        #expect(navigator.selectedTab() == "orders")
        #expect(!navigator.selectIfPossible(tab: Mark.cart), "no tab of that name")

        try navigator.push(Route.item(1), onto: .tab(Tab.orders))
        navigator.setCheckpoint(Mark.cart)
        #expect(navigator.canReturnToCheckpoint("cart"))
        try navigator.push(Route.item(2), onto: .tab(Tab.orders))
        try navigator.returnToCheckpoint(Mark.cart)
        #expect(navigator.path(at: .tab("orders")).count == 1)

        var returned: Route?
        try navigator.setCheckpoint(Mark.pay, returning: Route.self)
        navigator.onReturn(to: Mark.pay, of: Route.self) { returned = $0 }
        try navigator.returnToCheckpoint(Mark.pay, value: Route.item(9))
        #expect(returned == .item(9))

        try navigator.setValue(Route.item(3), for: Mark.cart)
        #expect(navigator.value(for: "cart", as: Route.self) == .item(3))
        #expect(navigator.value(for: Mark.cart, as: Route.self) == .item(3))

        // The store's app-facing calls: the same scene as its raw value.
        try await store.save(SceneState(stack: [AnyDestination(Route.item(4), in: registry)]), scene: AppScene.settings)
        let restored = try await store.restore(scene: AppScene.settings, registry: registry)
        #expect(restored.report.scene == "settings")
        #expect(restored.state.contentStack.compactMap { $0.as(Route.self) } == [.item(4)])
        let revision = try #require(restored.report.revision)
        try await store.confirmRestore(scene: AppScene.settings, revision: revision)
        #expect(try store.unconfirmedRestores(scene: "settings").isEmpty, "the confirmation reached the scene of the raw value")
        #expect(try await store.delete(scene: AppScene.settings))
        #expect(try store.load(scene: "settings") == nil)
    }

    /// A scene state's checkpoints and the window scenes' main scene take
    /// the app's types too.
    @Test func checkpointsOfAStateAndTheMainWindowsSceneTakeTheAppsTypes() async throws {
        let registry = try DestinationRegistry { registry throws(NavStateError) in try registry.register(Route.self, as: "route") }
        let items = try [1, 2, 3].map { try AnyDestination(Route.item($0), in: registry) }
        var state = SceneState<AnyDestination>(stack: items)
        state.checkpoints = [Checkpoint(name: Mark.cart, stack: .root, entriesKept: 1)]
        #expect(state.checkpoints == [Checkpoint(name: "cart", stack: .root, entriesKept: 1)])
        #expect(state.checkpoint(named: Mark.cart) == state.checkpoint(named: "cart"))
        #expect(state.checkpoint(named: Mark.pay) == nil)
        #expect(state.canReturn(to: Mark.cart) && !state.canReturn(to: Mark.pay))
        #expect(try state.returning(to: Mark.cart).contentStack == [items[0]])

        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let windows = WindowScenes(store: store, mainScene: AppScene.settings)
        #expect(windows.mainScene == "settings")
        #expect(await windows.claim(remembered: "") == "settings", "the first window gets the main scene")
    }
}
