import Foundation
@_spi(Tooling) import NavState
import NavStateNavigator
import NavStateTooling
import Observation  // newer than the floors: behind #available
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

@Suite("Scene navigator")
@MainActor
struct SceneNavigatorTests {
    enum Shop: NavDestination {
        case home
        case product(Int)
        case cart
        case tab(String)
    }

    struct Card: NavDestination {
        var last4: String
    }

    /// A destination the registry does not know.
    struct Unregistered: NavDestination {
        var id: Int
    }

    func registry() throws -> DestinationRegistry {
        try DestinationRegistry { registry throws(NavStateError) in
            try registry.register(Shop.self, as: "shop")
            try registry.register(Card.self, as: "card", persisted: false)
        }
    }

    /// Counts the changes observation reports on a navigator's state.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @MainActor
    final class ChangeCounter {
        let changes = Locked(0)

        func track(_ navigator: SceneNavigator) {
            withObservationTracking {
                _ = navigator.state
            } onChange: { [changes] in
                changes.withLock { $0 += 1 }
            }
        }

        var count: Int { changes.withLock { $0 } }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    func navigator(
        _ store: NavStore, scene: String = "main"
    ) throws -> SceneNavigator {
        SceneNavigator(scene: scene, store: store, registry: try registry())
    }

    /// A first launch on `path`: restores (nothing), pushes one product and
    /// waits until it is saved.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    func launchAndPushOnce(_ path: String) async throws {
        let first = try navigator(NavStore(path: path, configuration: StoreFixtures.quiet()))
        try await first.restore()
        try first.push(Shop.product(1))
        try await first.flush()
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func observationFiresForEveryChange() async throws {
        let navigator = try navigator(NavStore.inMemory(configuration: StoreFixtures.quiet()))
        try await navigator.restore()
        let counter = ChangeCounter()
        let operations: [(SceneNavigator) throws -> Void] = [
            { try $0.push(Shop.home) },
            { try $0.push(Shop.product(1)) },
            { $0.setCheckpoint("product") },
            { try $0.present(Shop.cart, style: .managedSheet) },
            { try $0.push(Shop.product(2)) },
            { try $0.setValue(Shop.tab("orders"), for: "tab") },
            { $0.pop() },
            { try $0.returnToCheckpoint("product") },
            { try $0.present(Shop.cart, style: .cover) },
            { $0.dismiss() },
            { $0.popToRoot() },
        ]
        for (index, operation) in operations.enumerated() {
            counter.track(navigator)
            try operation(navigator)
            #expect(counter.count == index + 1, "operation \(index) was not observed")
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aBurstIsSavedInFewSavesAndTheFinalStateIsDurableAfterFlush() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let navigator = try navigator(store)
        try await navigator.restore()
        for index in 0..<1_000 {
            if index.isMultiple(of: 3) { navigator.pop() } else { try navigator.push(Shop.product(index)) }
            if index.isMultiple(of: 10) { await Task.yield() }
        }
        try await navigator.flush()
        let saved = try #require(try await store.load(scene: "main"))
        #expect(saved.state == (try navigator.state.entries(style: .stable)))
        #expect(navigator.savesCompleted >= 1)
        #expect(navigator.savesCompleted < 200, "\(navigator.savesCompleted) saves for 1,000 operations")
        #expect(navigator.lastSaveError == nil)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func theStateAfterARelaunchIsTheStateBefore() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let before: SceneState<AnyDestination>
        do {
            let first = try navigator(NavStore(path: path, configuration: StoreFixtures.quiet()))
            try await first.restore()
            try first.push(Shop.home)
            try first.push(Shop.product(7))
            try first.setCheckpoint("product", returning: Shop.self)
            try first.present(Shop.cart, style: .managedSheet)
            try first.push(Shop.product(8))
            try first.setValue(Shop.tab("orders"), for: "tab")
            try await first.flush()
            before = first.state
        }
        let relaunched = try navigator(NavStore(path: path, configuration: StoreFixtures.quiet()))
        let report = try await relaunched.restore()
        #expect(report.outcome == .restored)
        #expect(report.isComplete)
        #expect(relaunched.state == before)
        #expect(relaunched.path.map { $0.as(Shop.self) } == [.home, .product(7)])
        #expect(relaunched.path(at: .presentation(1)).map { $0.as(Shop.self) } == [.product(8)])
        #expect(relaunched.value(for: "tab", as: Shop.self) == .tab("orders"))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func changesBeforeTheConfirmationDoNotResetTheCrashLoopGuard() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        try await launchAndPushOnce(path)
        let crashing = try #require(try await NavStore(readingAt: path).load(scene: "main")).revision

        // Two launches that restore, change something, and crash before
        // their screens are up: nothing they did may reach the file.
        for _ in 0..<2 {
            let launch = try navigator(NavStore(path: path, configuration: StoreFixtures.quiet()))
            #expect(try await launch.restore().revision == crashing)
            try launch.push(Shop.product(2))
            try await launch.flush()
            #expect(launch.savesCompleted == 0)
        }
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(try await store.load(scene: "main")?.revision == crashing)
        let third = try navigator(store)
        let report = try await third.restore()
        #expect(report.skipped.map(\.revision) == [crashing])
        #expect(report.outcome != .restored || report.revision != crashing)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aConfirmedRestoreThenSavesTheChangesMadeMeanwhile() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        try await launchAndPushOnce(path)
        let second = try navigator(NavStore(path: path, configuration: StoreFixtures.quiet()))
        try await second.restore()
        #expect(second.savesCompleted == 0, "the restore saved")
        try second.push(Shop.product(2))
        try await second.confirm()
        try await second.flush()
        #expect(try await NavStore(readingAt: path).load(scene: "main")?.state.contentStack.map(\.payload) == [
            #"{"product":{"_0":1}}"#, #"{"product":{"_0":2}}"#,
        ])
        #expect(try NavStore(readingAt: path).unconfirmedRestores(scene: "main").isEmpty)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func twoNavigatorsShareOneStore() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let left = try navigator(store, scene: "window-1")
        let right = try navigator(store, scene: "window-2")
        try await left.restore()
        try await right.restore()
        try left.push(Shop.product(1))
        try right.push(Shop.cart)
        try right.push(Shop.product(2))
        try await left.flush()
        try await right.flush()
        #expect(try await store.load(scene: "window-1")?.state.contentStack.count == 1)
        #expect(try await store.load(scene: "window-2")?.state.contentStack.count == 2)
        try await left.discardSavedState()
        #expect(try await store.load(scene: "window-1") == nil)
        #expect(try await store.load(scene: "window-2") != nil)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aFailingSaveKeepsTheStateReportsTheErrorAndRetriesOnTheNextChange() async throws {
        var configuration = StoreFixtures.quiet()
        configuration.limits.entriesPerStack = 2
        let store = try NavStore.inMemory(configuration: configuration)
        let navigator = try navigator(store)
        try await navigator.restore()
        let events = navigator.events()
        try navigator.push(Shop.product(1))
        try navigator.push(Shop.product(2))
        try navigator.push(Shop.product(3))
        await #expect(throws: NavStateError.limitExceeded("entriesPerStack", scene: "main", actual: 3, limit: 2)) {
            try await navigator.flush()
        }
        #expect(navigator.path.count == 3, "the UI lost its state")
        #expect(navigator.lastSaveError == .limitExceeded("entriesPerStack", scene: "main", actual: 3, limit: 2))
        var sawFailure = false
        for await event in events {
            if case .saveFailed = event { sawFailure = true; break }
        }
        #expect(sawFailure)
        navigator.pop()
        try await navigator.flush()
        #expect(navigator.lastSaveError == nil)
        #expect(try await store.load(scene: "main")?.state.contentStack.count == 2)
    }

    /// The tab bar of the issue: Home, Orders, Cart, each with its stack,
    /// and a sheet over one tab with its own stack.
    static var shopTabs: NavContainer<AnyDestination> { .tabs(NavTabs(ids: ["home", "orders", "cart"])) }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aTabBarAppWithASheetOverOneTabIsTheSameAfterARelaunch() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let options = RestoreOptions(tree: Self.shopTabs)
        let before: SceneState<AnyDestination>
        do {
            let first = try navigator(NavStore(path: path, configuration: StoreFixtures.quiet()))
            try await first.restore(options: options)
            // First launch: the app's tabs, empty, Home selected.
            #expect(first.state.content.hasShape(of: Self.shopTabs))
            #expect(first.selectedTab() == "home")
            try first.push(Shop.home)
            try first.select(tab: "orders")
            try first.push(Shop.product(7))
            first.setCheckpoint("order")
            try first.push(Shop.product(8))
            try first.select(tab: "cart")
            try first.push(Shop.cart)
            try first.select(tab: "orders")
            try first.present(Shop.cart, style: .managedSheet)
            try first.push(Shop.product(9))
            #expect(first.state.stackOnScreen == .presentation(1))
            try await first.flush()
            before = first.state
        }
        let relaunched = try navigator(NavStore(path: path, configuration: StoreFixtures.quiet()))
        let report = try await relaunched.restore(options: options)
        #expect(report.isComplete)
        #expect(relaunched.state == before)
        #expect(relaunched.selectedTab() == "orders")
        #expect(relaunched.path(at: .tab("home")).map { $0.as(Shop.self) } == [.home])
        #expect(relaunched.path(at: .tab("orders")).map { $0.as(Shop.self) } == [.product(7), .product(8)])
        #expect(relaunched.path(at: .tab("cart")).map { $0.as(Shop.self) } == [.cart])
        #expect(relaunched.path(at: .presentation(1)).map { $0.as(Shop.self) } == [.product(9)])
        // Returning to the checkpoint dismisses the sheet, in the Orders tab.
        try relaunched.select(tab: "home")
        try relaunched.returnToCheckpoint("order")
        #expect(relaunched.selectedTab() == "orders")
        #expect(relaunched.presentations.isEmpty)
        #expect(relaunched.path(at: .tab("orders")).map { $0.as(Shop.self) } == [.product(7)])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aSplitViewsSelectionsColumnsAndDetailStackComeBack() async throws {
        let registry = try registry()
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let split = NavContainer<AnyDestination>.split(NavSplit(hasContentColumn: true))
        let before: SceneState<AnyDestination>
        do {
            let first = try navigator(NavStore(path: path, configuration: StoreFixtures.quiet()))
            try await first.restore(options: RestoreOptions(tree: split))
            #expect(first.state.content == split)
            first.setSelection(try AnyDestination(Shop.tab("orders"), in: registry), column: .sidebar)
            first.setSelection(try AnyDestination(Shop.product(3), in: registry), column: .content)
            first.setColumnVisibility(.doubleColumn)
            try first.push(Shop.product(4))
            #expect(first.state.stackOnScreen == .detail)
            try await first.flush()
            before = first.state
        }
        let relaunched = try navigator(NavStore(path: path, configuration: StoreFixtures.quiet()))
        #expect(try await relaunched.restore(options: RestoreOptions(tree: split)).isComplete)
        #expect(relaunched.state == before)
        #expect(relaunched.path(at: .detail).map { $0.as(Shop.self) } == [.product(4)])
        guard case .split(let view) = relaunched.state.content else {
            Issue.record("not a split view")
            return
        }
        #expect(view.sidebar?.as(Shop.self) == .tab("orders"))
        #expect(view.content?.as(Shop.self) == .product(3))
        #expect(view.visibility == .doubleColumn)
        // Wrapped in a tab later, the split view keeps its detail stack there.
        try relaunched.setContainer(.tabs(NavTabs([NavTab("browse", relaunched.state.content), NavTab("cart")])))
        #expect(relaunched.path(at: StackAddress.tab("browse").appending(.detail)).map { $0.as(Shop.self) } == [.product(4)])
        #expect(throws: NavStateError.emptyTabBar(StackAddress.root)) {
            try relaunched.setContainer(.tabs(NavTabs([])))
        }
    }
}
