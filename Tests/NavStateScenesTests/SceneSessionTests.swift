import NavStateReports
import Foundation
@_spi(Tooling) import NavState
import NavStateModel
import NavStateScenes
@testable import NavStateTestSupport
import Testing

/// Food Truck's sidebar panels: a selection whose detail stack holds
/// panels, strings and ids.
enum Panel: String, Codable, Hashable, Sendable {
    case truck, orders, donuts, city
}

/// The same panels after an update that removed `donuts`.
enum PanelV2: String, Codable, Hashable, Sendable {
    case truck, orders, city
}

enum Tab: String, Codable, Hashable, Sendable {
    case home, orders
}

/// Lets the main actor run what is queued on it, so a test can say that
/// something did *not* happen.
@MainActor
func letQueuedWorkRun() async {
    for _ in 0..<50 { await Task.yield() }
    try? await Task.sleep(for: .milliseconds(20))
    for _ in 0..<50 { await Task.yield() }
}

/// The core under the binding face, driven with the event orders a device
/// delivers: a selection and its stack restored together, a link during
/// the restore, two windows, a window the system discarded, a background
/// expiry with and without other windows.
@Suite("Scene session")
@MainActor
struct SceneSessionTests {
    /// A split view: the sidebar's selection, then the detail stack that
    /// lives under it.
    let splitLayout = SceneLayout([(.selection, nil), (.stack, nil)])

    func registry(_ types: [any NavDestination.Type] = [Panel.self]) -> DestinationRegistry {
        let (registry, problems) = DestinationRegistry.naming(types)
        #expect(problems.isEmpty)
        return registry
    }

    func session(
        _ windows: WindowScenes, layout: SceneLayout? = nil, registry: DestinationRegistry? = nil,
        launchChanges: LaunchChanges = .applyOnRestoredState, clock: HandClock? = nil,
        suspendsStore: Bool = true
    ) -> SceneSession {
        let clock = clock ?? HandClock()
        return SceneSession(
            layout: layout ?? splitLayout, registry: registry ?? self.registry(), launchChanges: launchChanges,
            suspendsStore: suspendsStore, openWindows: { .success(windows) }, sleep: clock.sleep)
    }

    /// Saves `values` as `scene`'s state the way a session lays it out.
    func save(
        _ values: [SceneLayout.Value], layout: SceneLayout? = nil, scene: String = "main", in store: NavStore
    ) async throws {
        try await store.save((layout ?? splitLayout).state(of: values), scene: scene)
    }

    /// The head revision of `main`, 0 when nothing was saved.
    func head(_ store: NavStore) throws -> Int {
        try store.load(scene: "main")?.revision ?? 0
    }

    /// Restores of the head revision of `main` not yet confirmed.
    func unconfirmed(_ store: NavStore) throws -> Int {
        try store.unconfirmedRestores(scene: "main").first?.count ?? 0
    }

    func entry<T: NavDestination>(_ value: T, _ registry: DestinationRegistry) throws -> AnyDestination {
        try AnyDestination(value, in: registry)
    }

    // MARK: Restoring

    @Test func aSelectionAndItsStackComeBackTogether() async throws {
        let store = try NavStore.inMemory()
        let registry = registry([Panel.self])
        try await save([.one(try entry(Panel.donuts, registry)), .stack([try entry(42, registry), try entry("New Donut", registry)])], in: store)
        let session = session(WindowScenes(store: store), registry: registry)
        let started = try #require(await session.start(remembered: ""))
        #expect(started.scene == "main")
        let values = started.restored.values
        #expect(values[0]?.value(as: Panel.self) == .some(.donuts))
        #expect(values[1]?.routes(as: AnyHashable.self)?.count == 2)
        #expect(started.restored.heldBack.isEmpty)
    }

    @Test func aPathIsNeverRestoredUnderAnotherSelection() async throws {
        let store = try NavStore.inMemory()
        let old = registry([Panel.self])
        try await save([.one(try entry(Panel.donuts, old)), .stack([try entry(42, old)])], in: store)
        // The update removed the donuts panel: its selection does not
        // decode, and the donut path must not come back under `.truck`.
        var renamed = DestinationRegistry()
        try renamed.register(PanelV2.self, as: "Panel")
        let session = session(WindowScenes(store: store), registry: renamed)
        let started = try #require(await session.start(remembered: ""))
        #expect(started.restored.values == [nil, nil])
        #expect(started.restored.heldBack == ["path"])
        #expect(session.restoreReport?.dropped.map(\.location) == [.value("selection")])
    }

    @Test func aSelectionOfAnotherTypeThanTheBindingHoldsBackItsStack() async throws {
        let store = try NavStore.inMemory()
        let registry = registry([Panel.self, Tab.self])
        try await save([.one(try entry(Tab.orders, registry)), .stack([try entry(7, registry)])], in: store)
        let session = session(WindowScenes(store: store), registry: registry)
        let started = try #require(await session.start(remembered: "") { _, destination in destination.base is Panel })
        #expect(started.restored.values == [nil, nil])
        #expect(started.restored.heldBack == ["path"])
    }

    @Test func stacksListedBeforeASelectionDoNotDependOnIt() async throws {
        // A tab bar: each tab's stack, then the selected tab.
        let layout = SceneLayout([(.stack, "home"), (.stack, "orders"), (.selection, "tab")])
        let store = try NavStore.inMemory()
        let registry = registry([Tab.self])
        try await save([.stack([try entry(1, registry)]), .stack([try entry(2, registry)]), .one(try entry(Tab.orders, registry))], layout: layout, in: store)
        // An update removed the tab type: its selection does not decode.
        let session = session(WindowScenes(store: store), layout: layout, registry: DestinationRegistry())
        let started = try #require(await session.start(remembered: ""))
        #expect(started.restored.values[0]?.routes(as: Int.self) == [1])
        #expect(started.restored.values[1]?.routes(as: Int.self) == [2])
        #expect(started.restored.values[2] == nil)
    }

    @Test func aStackKeepsWhatDecodesAfterAnUpdateAndTheReportSaysWhatWasDropped() async throws {
        let layout = SceneLayout([(.stack, nil)])
        let store = try NavStore.inMemory()
        let old = registry([Panel.self])
        try await save([.stack([try entry(1, old), try entry(Panel.donuts, old), try entry(2, old)])], layout: layout, in: store)
        // The update removed Panel: its entry is dropped, the rest kept in order.
        let session = session(WindowScenes(store: store), layout: layout, registry: DestinationRegistry())
        let started = try #require(await session.start(remembered: ""))
        #expect(started.restored.values[0]?.routes(as: Int.self) == [1, 2])
        let dropped = try #require(session.restoreReport?.dropped)
        #expect(dropped.map(\.location) == [.stack(.root, position: 1)])
        #expect(dropped.first?.reason == .unknownType)
    }

    @Test func nothingSavedGivesEveryPartItsEmptyState() async throws {
        let session = session(WindowScenes(store: try NavStore.inMemory()))
        let started = try #require(await session.start(remembered: ""))
        #expect(started.restored.values == [nil, nil], "the app's own state is the first state")
        #expect(session.isSettled == false)
        _ = session.merge(started.restored, initial: [.one(nil), .stack([])], now: [.one(nil), .stack([])])
        #expect(session.isSettled)
    }

    @Test func aStoreThatCannotBeOpenedLeavesTheAppsStateAndSaysWhy() async throws {
        let session = SceneSession(
            layout: splitLayout, registry: registry(),
            openWindows: { .failure(NavStateError.suspended(path: "x")) }, sleep: HandClock().sleep)
        let started = try #require(await session.start(remembered: ""))
        #expect(started.scene == nil)
        #expect(started.restored.values == [nil, nil])
        #expect(session.lastError == .suspended(path: "x"))
        #expect(await session.start(remembered: "") == nil, "the session starts once")
    }

    // MARK: Links and changes during the restore

    @Test func aLinkQueuedDuringTheRestoreRunsOnTheRestoredState() async throws {
        let store = try NavStore.inMemory()
        let registry = registry()
        try await save([.one(try entry(Panel.donuts, registry)), .stack([try entry(42, registry)])], in: store)
        let session = session(WindowScenes(store: store), registry: registry)
        var order: [String] = []
        session.afterRestore { order.append("link 1") }
        let started = try #require(await session.start(remembered: ""))
        session.afterRestore { order.append("link 2") }
        #expect(order.isEmpty, "links wait for the restored state")
        let shown = session.merge(started.restored, initial: [.one(nil), .stack([])], now: [.one(nil), .stack([])])
        #expect(shown == started.restored.values)
        #expect(order == ["link 1", "link 2"])
        session.afterRestore { order.append("link 3") }
        #expect(order == ["link 1", "link 2", "link 3"], "after the restore a link runs at once")
    }

    @Test func aPushMadeDuringTheRestoreGoesOnTopOfTheRestoredStack() async throws {
        let store = try NavStore.inMemory()
        let registry = registry()
        try await save([.one(try entry(Panel.donuts, registry)), .stack([try entry(42, registry)])], in: store)
        let session = session(WindowScenes(store: store), registry: registry)
        let started = try #require(await session.start(remembered: ""))
        let pushed = try entry(43, registry)
        let shown = session.merge(started.restored, initial: [.one(nil), .stack([])], now: [.one(nil), .stack([pushed])])
        #expect(shown[0]?.value(as: Panel.self) == .some(.donuts))
        #expect(shown[1]?.routes(as: Int.self) == [42, 43])
        #expect(session.state.values["selection"]?.base as? Panel == .donuts)
        #expect(session.state.contentStack.map { $0.base as? Int } == [42, 43])
    }

    @Test func aSelectionChangedDuringTheRestoreKeepsTheAppsStackUnderIt() async throws {
        let store = try NavStore.inMemory()
        let registry = registry()
        try await save([.one(try entry(Panel.donuts, registry)), .stack([try entry(42, registry)])], in: store)
        let session = session(WindowScenes(store: store), registry: registry)
        let started = try #require(await session.start(remembered: ""))
        // Food Truck's link: the orders panel, and a path under it.
        let link: [SceneLayout.Value?] = [.one(try entry(Panel.orders, registry)), .stack([try entry("Order#7", registry)])]
        let shown = session.merge(started.restored, initial: [.one(try entry(Panel.truck, registry)), .stack([])], now: link)
        #expect(shown == [nil, nil], "the app's values stay, the selection and the path under it")
        #expect(session.state.values["selection"]?.base as? Panel == .orders)
        #expect(session.state.contentStack.map { $0.base as? String } == ["Order#7"])
    }

    @Test func theAppCanSayItsChangesReplaceTheRestore() async throws {
        let store = try NavStore.inMemory()
        let registry = registry()
        try await save([.one(try entry(Panel.donuts, registry)), .stack([try entry(42, registry)])], in: store)
        let session = session(WindowScenes(store: store), registry: registry, launchChanges: .replaceRestoredState)
        let started = try #require(await session.start(remembered: ""))
        let shown = session.merge(started.restored, initial: [.one(nil), .stack([])], now: [.one(nil), .stack([try entry(43, registry)])])
        #expect(shown == [nil, nil])
        #expect(session.state.contentStack.map { $0.base as? Int } == [43])
    }

    @Test func aChangeDuringTheRestoreIsSavedOnceTheLaunchIsConfirmed() async throws {
        let store = try NavStore.inMemory()
        let registry = registry()
        try await save([.one(try entry(Panel.donuts, registry)), .stack([try entry(42, registry)])], in: store)
        let clock = HandClock()
        let session = session(WindowScenes(store: store), registry: registry, clock: clock)
        let started = try #require(await session.start(remembered: ""))
        _ = session.merge(started.restored, initial: [.one(nil), .stack([])], now: [.one(nil), .stack([try entry(43, registry)])])
        session.contentAppeared()
        await letQueuedWorkRun()
        #expect(try head(store) == 1, "nothing is saved before the confirmation")
        await eventually("the settle wait starts") { clock.waiting == [.seconds(1)] }
        clock.advance()
        await eventually("the change is saved") { (try? head(store)) == 2 }
        let restored = try await store.restore(scene: "main", registry: registry)
        #expect(restored.state.contentStack.map { $0.base as? Int } == [42, 43])
        #expect(restored.state.values["selection"]?.base as? Panel == .donuts)
    }

    // MARK: Saving

    @Test func changesAfterTheConfirmationAreSavedAndBurstsCoalesce() async throws {
        let store = try NavStore.inMemory()
        let registry = registry()
        let session = session(WindowScenes(store: store), registry: registry)
        let started = try #require(await session.start(remembered: ""))
        _ = session.merge(started.restored, initial: [.one(nil), .stack([])], now: [.one(nil), .stack([])])
        for id in 1...50 {
            session.partChanged(1, to: .stack(try (1...id).map { try entry($0, registry) }))
        }
        session.partChanged(0, to: .one(try entry(Panel.city, registry)))
        await session.flush()
        let restored = try await store.restore(scene: "main", registry: registry)
        #expect(restored.state.contentStack.count == 50)
        #expect(restored.state.values["selection"]?.base as? Panel == .city)
        let revisions = try head(store)
        #expect(revisions < 51, "bursts coalesce: \(revisions) saves for 51 changes")
    }

    @Test func aNavigationPathChangeReadsOnlyWhatWasPushed() async throws {
        let store = try NavStore.inMemory()
        let registry = registry()
        let session = session(WindowScenes(store: store), layout: SceneLayout([(.stack, nil)]), registry: registry)
        let started = try #require(await session.start(remembered: ""))
        _ = session.merge(started.restored, initial: [.stack([])], now: [.stack([])])
        // SwiftUI's JSON: last pushed first.
        let json = Data(#"["Swift.String","\"b\"","Swift.Int","1"]"#.utf8)
        #expect(session.pathChanged(0, count: 2, keepsEntries: true, codableJSON: { json }))
        #expect(session.current == [.stack([try entry(1, registry), try entry("b", registry)])])
        #expect(session.pathChanged(0, count: 1, keepsEntries: true, codableJSON: { nil }), "a pop reads nothing")
        #expect(session.current == [.stack([try entry(1, registry)])])
        #expect(!session.pathChanged(0, count: 3, keepsEntries: true, codableJSON: { nil }), "a value that is not Codable is refused")
        #expect(!session.pathChanged(0, count: Int.max, keepsEntries: false, codableJSON: { json }))
        #expect(session.current == [.stack([try entry(1, registry)])])
    }

    /// The saved stack of `main`, as panels.
    func savedPanels(_ store: NavStore, _ registry: DestinationRegistry) async throws -> [Panel] {
        let restored = try await store.restore(scene: "main", registry: registry)
        return restored.state.contentStack.compactMap { $0.base as? Panel }
    }

    /// A typed array's change costs the main actor the same at any depth:
    /// the session reads it off the main actor before the next save, all
    /// the changes since the last save as one, from the array the first
    /// started from; a replacement of the same length is read whole.
    @Test func aTypedArraysChangesAreReadBeforeTheNextSave() async throws {
        let store = try NavStore.inMemory()
        let registry = registry([Panel.self])
        let session = session(WindowScenes(store: store), layout: SceneLayout([(.stack, nil)]), registry: registry)
        let started = try #require(await session.start(remembered: ""))
        _ = session.merge(started.restored, initial: [.stack([])], now: [.stack([])])
        var path: [Panel] = []
        for next: [Panel] in [[.truck], [.truck, .orders], [.truck, .orders, .donuts], [.truck, .orders]] {
            session.partChanged(0, from: path, to: next)
            path = next
        }
        #expect(session.current == [.stack([])], "nothing read before the save")
        await session.flush()
        #expect(session.current == [.stack([try entry(Panel.truck, registry), try entry(Panel.orders, registry)])])
        #expect(try await savedPanels(store, registry) == [.truck, .orders])

        session.partChanged(0, from: path, to: [.city, .orders])
        path = [.city, .orders]
        await session.flush()
        #expect(try await savedPanels(store, registry) == [.city, .orders], "a replacement is read whole")

        // A change made while the session reads the one before is read
        // at the save after, on top of it.
        session.partChanged(0, from: path, to: path + [.donuts])
        let reading = Task { await session.settle() }
        await Task.yield()
        session.partChanged(0, from: path + [.donuts], to: path + [.donuts, .truck])
        await reading.value
        await session.flush()
        #expect(try await savedPanels(store, registry) == [.city, .orders, .donuts, .truck])
    }

    /// A route the registry cannot save leaves the part's last state that
    /// can be, and that is what the file holds.
    @Test func aTypedArrayOfAnUnregisteredTypeKeepsTheLastSavableState() async throws {
        let store = try NavStore.inMemory()
        let registry = registry([Tab.self])
        let session = session(WindowScenes(store: store), layout: SceneLayout([(.stack, nil)]), registry: registry)
        let started = try #require(await session.start(remembered: ""))
        _ = session.merge(started.restored, initial: [.stack([])], now: [.stack([])])
        session.partChanged(0, from: [Panel](), to: [.truck])
        await session.flush()
        #expect(session.current == [.stack([])])
        #expect(try store.load(scene: "main")?.state.contentStack.count ?? 0 == 0, "the last savable state, empty")
        session.partChanged(0, from: [Tab.home], to: [Tab.home, .orders])
        await session.flush()
        #expect(try store.load(scene: "main")?.state.contentStack.count == 2, "a later change of a registered type is read whole")
    }

    // MARK: Windows

    @Test func twoWindowsRestoreAndSaveTheirOwnScenes() async throws {
        let store = try NavStore.inMemory()
        let registry = registry()
        let windows = WindowScenes(store: store)
        let first = session(windows, registry: registry)
        let second = session(windows, registry: registry)
        async let one = first.start(remembered: "")
        async let two = second.start(remembered: "")
        let (a, b) = (try #require(await one), try #require(await two))
        let scenes = Set([a.scene, b.scene].compactMap { $0 })
        #expect(scenes.count == 2, "each window claims its own scene")
        for (session, started, panel) in [(first, a, Panel.orders), (second, b, Panel.city)] {
            _ = session.merge(started.restored, initial: [.one(nil), .stack([])], now: [.one(nil), .stack([])])
            session.partChanged(0, to: .one(try entry(panel, registry)))
            await session.flush()
        }
        for (started, panel) in [(a, Panel.orders), (b, Panel.city)] {
            let restored = try await store.restore(scene: try #require(started.scene), registry: registry)
            #expect(restored.state.values["selection"]?.base as? Panel == panel)
        }
        // The next launch: each window gets its remembered scene back.
        let relaunched = WindowScenes(store: store)
        let again = session(relaunched, registry: registry)
        let remembered = try #require(b.scene)
        let back = try #require(await again.start(remembered: remembered))
        #expect(back.scene == b.scene)
        #expect(back.restored.values[0]?.value(as: Panel.self) == .some(.city))
    }

    @Test func aDiscardedWindowsSceneIsForgottenInTheBackground() async throws {
        let store = try NavStore.inMemory()
        let registry = registry()
        var now = Date()
        let clockNow = Locked(now)
        let windows = WindowScenes(store: store, forgetAfter: .seconds(3600), now: { clockNow.withLock { $0 } })
        // A window the system discarded long ago left this scene.
        try await save([.one(try entry(Panel.city, registry)), .stack([])], scene: "window-old", in: store)
        now = now.addingTimeInterval(2 * 3600)
        clockNow.withLock { $0 = now }
        let session = session(windows, registry: registry)
        let started = try #require(await session.start(remembered: ""))
        _ = session.merge(started.restored, initial: [.one(nil), .stack([])], now: [.one(nil), .stack([])])
        #expect(try store.scenes(plan: nil).map(\.scene) == ["window-old"])
        let job = try #require(session.phaseChanged(to: .background))
        await job.run()
        store.resume()
        let names = try store.scenes(plan: nil).map(\.scene)
        #expect(!names.contains("window-old"))
    }
}
