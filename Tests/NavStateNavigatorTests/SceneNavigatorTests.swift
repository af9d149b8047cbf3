import Foundation
@_spi(Tooling) import NavState
import NavStateNavigator
import NavStateTooling
import Observation  // newer than the floors: behind #available
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

private enum Shop: NavDestination {
    case home
    case product(Int)
    case cart
    case tab(String)
}

private struct Card: NavDestination {
    var last4: String
}

/// A destination the registry does not know.
private struct Unregistered: NavDestination {
    var id: Int
}

@MainActor
private func registry() throws -> DestinationRegistry {
    try DestinationRegistry { registry throws(RegistryError) in
        try registry.register(Shop.self, as: "shop")
        try registry.register(Card.self, as: "card", persisted: false)
    }
}

/// Counts the changes observation reports on a navigator's state.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
@MainActor
private final class ChangeCounter {
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

@Suite("Scene navigator")
@MainActor
struct SceneNavigatorTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    private func navigator(
        _ store: NavStore, scene: String = "main"
    ) throws -> SceneNavigator {
        SceneNavigator(scene: scene, store: store, registry: try registry())
    }

    /// A first launch on `path`: restores (nothing), pushes one product and
    /// waits until it is saved.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    private func launchAndPushOnce(_ path: String) async throws {
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
        await #expect(throws: NavStoreError.limitExceeded(\.entriesPerStack, scene: "main", actual: 3, limit: 2)) {
            try await navigator.flush()
        }
        #expect(navigator.path.count == 3, "the UI lost its state")
        #expect(navigator.lastSaveError == .limitExceeded(\.entriesPerStack, scene: "main", actual: 3, limit: 2))
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
    private static var shopTabs: NavContainer<AnyDestination> { .tabs(NavTabs(ids: ["home", "orders", "cart"])) }

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
        #expect(throws: NavigatorError.sceneState(.emptyTabBar(.root))) {
            try relaunched.setContainer(.tabs(NavTabs([])))
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func sendSwitchesTabThenPushesOneStepAtATime() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let navigator = try navigator(store)
        try await navigator.restore(options: RestoreOptions(tree: Self.shopTabs))
        try navigator.push(Shop.home)
        try navigator.present(Shop.cart, style: .sheet)
        var seen: [SceneState<AnyDestination>] = []
        try await navigator.send(to: .tab("orders"), Shop.product(1), Shop.product(2)) {
            seen.append(navigator.state)
            #expect(throws: Never.self) { try navigator.state.validate() }
        }
        // Dismiss, switch, push, push: one update each.
        #expect(seen.count == 4)
        #expect(navigator.selectedTab() == "orders")
        #expect(navigator.path.map { $0.as(Shop.self) } == [.product(1), .product(2)])
        #expect(navigator.path(at: .tab("home")).map { $0.as(Shop.self) } == [.home])
        await #expect(throws: NavigatorError.sceneState(.noSuchStack(.tab("deals")))) {
            try await navigator.send(to: .tab("deals"), Shop.home)
        }
        #expect(!navigator.selectIfPossible(tab: "deals"))
        #expect(navigator.selectedTab() == "orders")
        // A push elsewhere goes to the stack it names, not the one on screen.
        try navigator.push(Shop.cart, onto: .tab("cart"))
        #expect(navigator.path(at: .tab("cart")).map { $0.as(Shop.self) } == [.cart])
        #expect(navigator.selectedTab() == "orders")
        // And pops: from a named stack, or a named stack to its root view.
        navigator.pop(1, from: .tab("cart"))
        #expect(navigator.path(at: .tab("cart")).isEmpty)
        navigator.popToRoot(of: .tab("orders"))
        #expect(navigator.path(at: .tab("orders")).isEmpty)
        #expect(navigator.path(at: .tab("home")).map { $0.as(Shop.self) } == [.home])
        try await navigator.flush()
        #expect(try await store.load(scene: "main")?.state == (try navigator.state.entries(style: .stable)))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aDeepLinkReachesItsTargetOneStepAtATime() async throws {
        let registry = try registry()
        let navigator = try navigator(NavStore.inMemory(configuration: StoreFixtures.quiet()))
        try await navigator.restore()
        try navigator.push(Shop.home)
        try navigator.push(Shop.product(1))
        try navigator.present(Shop.cart, style: .sheet)
        let target = SceneState(
            stack: [try AnyDestination(Shop.home, in: registry), try AnyDestination(Shop.product(9), in: registry)],
            presentations: [Presentation(
                method: .managedCover, destination: try AnyDestination(Shop.cart, in: registry),
                stack: [try AnyDestination(Shop.product(10), in: registry)])])
        let planned = navigator.state.steps(to: target).count
        var seen: [SceneState<AnyDestination>] = []
        try await navigator.navigate(to: target) { seen.append(navigator.state) }
        #expect(navigator.state == target)
        #expect(seen.count == planned)
        #expect(seen.last == target)
        #expect(Set(seen).count == planned, "a step changed nothing")
    }

    /// docs/integration.md suggests pausing between steps for animations:
    /// every state on the way must be valid, so the save at each pause
    /// lands: checkpoints in stacks the plan pops or dismisses are dropped
    /// at the step that pops or dismisses them, not at the end.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aDeepLinkWithPausesSavesAValidStateAtEveryStep() async throws {
        let registry = try registry()
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let navigator = try navigator(store)
        try await navigator.restore()
        try navigator.push(Shop.home)
        try navigator.push(Shop.product(1))
        navigator.setCheckpoint("product")
        try navigator.present(Shop.cart, style: .managedSheet)
        try navigator.push(Shop.product(2))
        navigator.setCheckpoint("in cart")
        try await navigator.flush()
        let target = SceneState(
            stack: [try AnyDestination(Shop.home, in: registry)],
            presentations: [Presentation(
                method: .managedCover, destination: try AnyDestination(Shop.cart, in: registry),
                stack: [try AnyDestination(Shop.product(10), in: registry)])],
            checkpoints: [Checkpoint(name: "cover", stack: .presentation(1), entriesKept: 1)])
        var pauses = 0
        try await navigator.navigate(to: target) {
            pauses += 1
            #expect(throws: Never.self) { try navigator.state.validate() }
            // A save at every pause, as the scene would make.
            try? await navigator.flush()
            #expect(navigator.lastSaveError == nil, "step \(pauses): \(String(describing: navigator.lastSaveError))")
        }
        #expect(pauses > 3)
        #expect(navigator.state == target)
        try await navigator.flush()
        #expect(try await store.load(scene: "main")?.state == (try target.entries(style: .stable)))
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func checkpointReturnsDeliverTypedValues() async throws {
        let navigator = try navigator(NavStore.inMemory(configuration: StoreFixtures.quiet()))
        try await navigator.restore()
        try navigator.push(Shop.home)
        try navigator.setCheckpoint("pick", returning: Shop.self)
        try navigator.push(Shop.product(1))
        try navigator.present(Shop.cart, style: .managedSheet)
        var delivered: [Shop] = []
        navigator.onReturn(to: "pick", of: Shop.self) { delivered.append($0) }
        #expect(throws: NavigatorError.sceneState(.checkpointValueMismatch(checkpoint: "pick", expected: "shop", got: "card"))) {
            try navigator.returnToCheckpoint("pick", value: Card(last4: "4242"))
        }
        #expect(navigator.canReturnToCheckpoint("pick"))
        try navigator.returnToCheckpoint("pick", value: Shop.product(5))
        #expect(delivered == [.product(5)])
        #expect(navigator.path.count == 1)
        #expect(navigator.presentations.isEmpty)
        #expect(throws: NavigatorError.sceneState(.checkpointNotFound("nowhere"))) {
            try navigator.returnToCheckpoint("nowhere")
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func unregisteredValuesAndPlainSheetsAreRefusedWithoutCrashing() async throws {
        let navigator = try navigator(NavStore.inMemory(configuration: StoreFixtures.quiet()))
        try await navigator.restore()
        #expect(throws: NavigatorError.destination(.unregisteredType(String(reflecting: Unregistered.self)))) {
            try navigator.push(Unregistered(id: 1))
        }
        #expect(!navigator.pushIfPossible(Unregistered(id: 2)))
        try navigator.present(Shop.cart, style: .sheet)
        #expect(throws: NavigatorError.sceneState(.cannotPushOnto(.sheet))) { try navigator.push(Shop.home) }
        #expect(navigator.path.isEmpty)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func neverPersistedScreensStayOffTheDisk() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let navigator = try navigator(store)
        try await navigator.restore()
        try navigator.push(Shop.cart)
        try navigator.push(Card(last4: "4242"))
        try await navigator.flush()
        #expect(navigator.path.count == 2)
        #expect(try await store.load(scene: "main")?.state.contentStack.map(\.tag) == ["shop"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func eventsReportOperationsAndSaves() async throws {
        let navigator = try navigator(NavStore.inMemory(configuration: StoreFixtures.quiet()))
        let events = navigator.events()
        try await navigator.restore()
        try navigator.push(Shop.home)
        try await navigator.flush()
        var seen: [String] = []
        for await event in events {
            seen.append(event.description)
            if case .saved = event { break }
        }
        #expect(seen.first?.hasPrefix("restored") == true)
        #expect(seen.contains { $0.hasPrefix("pushed shop") })
        #expect(seen.last == "saved revision 1, 1 rows" || seen.last?.hasPrefix("saved revision 1") == true)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aSwipedAwaySheetDismissesItAndWhatIsAbove() async throws {
        let navigator = try navigator(NavStore.inMemory(configuration: StoreFixtures.quiet()))
        try await navigator.restore()
        try navigator.present(Shop.cart, style: .managedSheet)
        try navigator.push(Shop.product(1))
        navigator.setCheckpoint("in-sheet")
        try navigator.present(Shop.home, style: .cover)
        try navigator.present(Shop.tab("x"), style: .sheet)
        navigator.dismiss(from: 2)
        #expect(navigator.presentations.map(\.method) == [.managedSheet])
        #expect(navigator.canReturnToCheckpoint("in-sheet"))
        navigator.setPath(NavPath([], registry: navigator.registry), at: .presentation(1))
        #expect(navigator.path(at: .presentation(1)).isEmpty)
        navigator.dismiss(from: 1)
        #expect(navigator.presentations.isEmpty)
        #expect(!navigator.canReturnToCheckpoint("in-sheet"))
        navigator.dismiss(from: 1)
        #expect(navigator.state.isEmpty)
    }
}
