import Foundation
import NavStateReports
@_spi(Tooling) import NavState
import NavStateModel
import NavStateScenes
@testable import NavStateTestSupport
import Testing

/// Parts written next to the state they save, on several views of one
/// window (issue 57): the `TabView`'s selection, each tab's own stack, a
/// stack in a sheet. The routes are a feature module's `public` types,
/// not `Sendable`.
@Suite("Scene session: parts on several views")
@MainActor
struct SceneSessionPartsTests {
    /// The tab bar's layout as the file holds it: two tabs' stacks and the
    /// selected tab.
    let fileLayout = SceneLayout([(.stack, "home"), (.stack, "search"), (.selection, "tab")])

    func registry() -> DestinationRegistry {
        let (registry, problems) = DestinationRegistry.naming([FeatureRoute.self, FeatureTab.self])
        #expect(problems.isEmpty)
        return registry
    }

    func account(_ id: Int) -> FeatureRoute { .account(FeatureAccount(id: id, name: "user \(id)")) }

    func stack(_ routes: [FeatureRoute], _ registry: DestinationRegistry) throws -> SceneLayout.Value {
        .stack(try routes.map { try AnyDestination($0, in: registry) })
    }

    /// Saves home [1, 2], search [3] and the search tab selected.
    func saveTabBar(in store: NavStore) async throws {
        let registry = registry()
        try await store.save(fileLayout.state(of: [
            try stack([account(1), account(2)], registry), try stack([account(3)], registry),
            .one(try AnyDestination(FeatureTab.search, in: registry)),
        ]), scene: "main")
    }

    /// The window's first view: the `TabView` with its selection, whose
    /// registry knows only the tab type.
    func tabViewSession(_ store: NavStore, clock: HandClock) -> SceneSession {
        let (registry, _) = DestinationRegistry.naming([FeatureTab.self])
        return SceneSession(
            layout: SceneLayout([(.selection, "tab")]), registry: registry,
            openWindows: { .success(WindowScenes(store: store)) }, sleep: clock.sleep)
    }

    func routes(_ value: SceneLayout.Value?) -> [FeatureRoute]? { value?.routes(as: FeatureRoute.self) }

    @Test func aTabFirstShownAfterTheLaunchGetsItsSavedStackAndSavesBeforeItKeepIt() async throws {
        let store = try NavStore.inMemory()
        try await saveTabBar(in: store)
        let clock = HandClock()
        let session = tabViewSession(store, clock: clock)
        let started = try #require(await session.start(remembered: ""))
        #expect(started.restored.values[0]?.value(as: FeatureTab.self) == .some(.search))
        _ = session.merge(started.restored, initial: [.one(nil)], now: [.one(nil)])
        // The search tab is on screen; its view joins with its own type.
        let holder = PartHolder()
        let search = await session.join(
            [(.stack, "search")], under: [0], holder: holder, types: [FeatureRoute.self],
            appValues: { _ in [.stack([])] })
        #expect(routes(search.values[0]) == [account(3)])
        // The launch is confirmed and the user switches tab before opening
        // home: the save keeps home's stack as it was saved.
        session.contentAppeared()
        await eventually("the settle wait starts") { clock.waiting == [.seconds(1)] }
        clock.advance()
        let tab = try AnyDestination(FeatureTab.notifications, in: session.registry)
        session.partChanged(0, to: .one(tab))
        await eventually("the selection is saved") { (try? store.load(scene: "main")?.revision) == 2 }
        let saved = try #require(try store.load(scene: "main"))
        guard case .tabs(let bar) = saved.state.content else {
            Issue.record("the file holds a tab bar")
            return
        }
        #expect(bar.tabs.map(\.id).sorted() == ["home", "search"])
        let home = bar.tabs.first { $0.id == "home" }.flatMap { Self.entries($0.content) }
        #expect(home?.map(\.payload) == [try Self.payload(account(1)), try Self.payload(account(2))], "home's stack is written back as it was read")
        // Home is shown at last: its saved stack comes back.
        let homeView = await session.join(
            [(.stack, "home")], under: [0], holder: PartHolder(), types: [FeatureRoute.self],
            appValues: { _ in [.stack([])] })
        #expect(routes(homeView.values[0]) == [account(1), account(2)])
        #expect(try store.unconfirmedRestores(scene: "main").allSatisfy { $0.count == 0 })
        withExtendedLifetime(holder) {}
    }

    /// A tab not shown yet is handed to every save as the same
    /// destinations, wrapped once, so the store knows them unchanged by
    /// identity rather than by reading them.
    @Test func aTabNotShownYetIsTheSameDestinationsInEverySave() async throws {
        let store = try NavStore.inMemory()
        try await saveTabBar(in: store)
        let session = tabViewSession(store, clock: HandClock())
        let started = try #require(await session.start(remembered: ""))
        session.merge(started.restored, initial: [.one(nil)], now: [.one(nil)])
        func home(_ state: SceneState<AnyDestination>) -> [AnyDestination] {
            guard case .tabs(let bar) = state.content else { return [] }
            return bar.tabs.first { $0.id == "home" }.flatMap { Self.entries($0.content) } ?? []
        }
        let first = home(session.state), second = home(session.state)
        #expect(first.count == 2)
        #expect(zip(first, second).allSatisfy { $0.storageObject === $1.storageObject })
    }

    static func entries<Element>(_ content: NavContainer<Element>) -> [Element]? {
        if case .stack(let entries) = content { return entries }
        return nil
    }

    static func payload(_ route: FeatureRoute) throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = .sortedKeys
        return String(decoding: try encoder.encode(route), as: UTF8.self)
    }

    @Test func severalViewsPartsAreOneSceneWithOneConfirmation() async throws {
        let store = try NavStore.inMemory()
        try await saveTabBar(in: store)
        let clock = HandClock()
        let session = tabViewSession(store, clock: clock)
        let started = try #require(await session.start(remembered: ""))
        _ = session.merge(started.restored, initial: [.one(nil)], now: [.one(nil)])
        let home = PartHolder(), search = PartHolder()
        let homeView = await session.join(
            [(.stack, "home"), (.presented, "home-sheet")], under: [0], holder: home, types: [FeatureRoute.self],
            appValues: { _ in [.stack([]), .one(nil)] })
        let searchView = await session.join(
            [(.stack, "search")], under: [0], holder: search, types: [FeatureRoute.self], appValues: { _ in [.stack([])] })
        #expect(homeView.indices == [1, 2] && searchView.indices == [3])
        #expect(try store.unconfirmedRestores(scene: "main").first?.count == 1, "one restore, counted once")
        session.contentAppeared()
        await eventually("the settle wait starts") { clock.waiting == [.seconds(1)] }
        clock.advance()
        await eventually("the one confirmation") { (try? store.unconfirmedRestores(scene: "main").first?.count ?? 0) == 0 }
        // A push in the search tab and one in home land in the one scene.
        session.partChanged(3, from: [account(3)], to: [account(3), .settings])
        session.partChanged(1, from: [account(1), account(2)], to: [account(1)])
        await session.flush()
        #expect(try store.scenes(plan: nil).map(\.scene) == ["main"])
        let restored = try await store.restore(scene: "main", registry: registry())
        guard case .tabs(let bar) = restored.state.content else {
            Issue.record("the file holds a tab bar")
            return
        }
        let searchStack = bar.tabs.first { $0.id == "search" }.flatMap { Self.entries($0.content) }
        let homeStack = bar.tabs.first { $0.id == "home" }.flatMap { Self.entries($0.content) }
        #expect(searchStack?.map { $0.base as? FeatureRoute } == [account(3), .settings])
        #expect(homeStack?.map { $0.base as? FeatureRoute } == [account(1)])
        withExtendedLifetime((home, search)) {}
    }

    @Test func aRestoredSelectionTheAppDoesNotOfferIsRefusedAndWhatIsUnderItStaysTheApps() async throws {
        let store = try NavStore.inMemory()
        let registry = registry()
        try await store.save(fileLayout.state(of: [
            try stack([account(1)], registry), try stack([account(3)], registry),
            .one(try AnyDestination(FeatureTab.notifications, in: registry)),
        ]), scene: "main")
        let session = tabViewSession(store, clock: HandClock())
        // Signed out: the notifications tab does not exist at this launch.
        let started = try #require(await session.start(remembered: "") { _, tab in
            tab.base as? FeatureTab != .notifications
        })
        #expect(started.restored.values == [nil], "the app's own tab stays")
        let refusal = try #require(session.restoreReport?.dropped.first)
        #expect(refusal.location == .value("tab"))
        #expect(refusal.reason.code == "rejected-by-validator")
        _ = session.merge(started.restored, initial: [.one(nil)], now: [.one(nil)])
        let home = PartHolder()
        let homeView = await session.join(
            [(.stack, "home")], under: [0], holder: home, types: [FeatureRoute.self], appValues: { _ in [.stack([])] })
        #expect(homeView.values == [nil], "a stack under a selection that did not come back stays the app's")
        #expect(session.state.values["tab"] == nil)
        withExtendedLifetime(home) {}
    }

    @Test func aViewOfALivePartsNameIsRefusedAndOneWhoseViewIsGoneTakesItOver() async throws {
        let store = try NavStore.inMemory()
        let session = tabViewSession(store, clock: HandClock())
        let started = try #require(await session.start(remembered: ""))
        _ = session.merge(started.restored, initial: [.one(nil)], now: [.one(nil)])
        let registry = registry()
        var sheet: PartHolder? = PartHolder()
        let first = await session.join(
            [(.stack, "sheet")], under: [], holder: try #require(sheet), types: [FeatureRoute.self],
            appValues: { _ in [try? self.stack([self.account(1)], registry)] })
        #expect(first.indices == [1])
        let twin = PartHolder()
        let refused = await session.join(
            [(.stack, "sheet"), (.selection, "tab")], under: [], holder: twin, types: [FeatureRoute.self],
            appValues: { _ in [.stack([]), .one(nil)] })
        #expect(refused.indices == [nil, nil], "a live part's name, and the first view's part's")
        // The sheet is dismissed, then presented again: its new view takes
        // the part over with the app's value as it is.
        sheet = nil
        let again = await session.join(
            [(.stack, "sheet")], under: [], holder: twin, types: [FeatureRoute.self], appValues: { _ in [.stack([])] })
        #expect(again.indices == [1])
        #expect(again.values == [nil])
        #expect(routes(session.current[1]) == [])
    }

    /// A window whose only stack so far joined later saves it as a tab by
    /// its name, never as the scene's root stack: at the next launch the
    /// tab shown first (another one) does not get it.
    @Test func aStackThatJoinedIsSavedByItsNameAndComesBackOnlyToItsPart() async throws {
        let store = try NavStore.inMemory()
        let clock = HandClock()
        let first = tabViewSession(store, clock: clock)
        let started = try #require(await first.start(remembered: ""))
        _ = first.merge(started.restored, initial: [.one(nil)], now: [.one(nil)])
        let home = PartHolder()
        let joined = await first.join(
            [(.stack, "home")], under: [0], holder: home, types: [FeatureRoute.self], appValues: { _ in [.stack([])] })
        let index = try #require(joined.indices[0])
        first.partChanged(index, from: [], to: [account(1)])
        await first.flush()
        let saved = try #require(try store.load(scene: "main"))
        guard case .tabs(let bar) = saved.state.content else {
            Issue.record("a joined stack is a tab, not the root stack: \(saved.state.content)")
            return
        }
        #expect(bar.tabs.map(\.id) == ["home"])
        // The next launch shows the search tab first.
        let next = tabViewSession(store, clock: HandClock())
        let again = try #require(await next.start(remembered: ""))
        _ = next.merge(again.restored, initial: [.one(nil)], now: [.one(nil)])
        let searchView = await next.join(
            [(.stack, "search")], under: [0], holder: PartHolder(), types: [FeatureRoute.self], appValues: { _ in [.stack([])] })
        #expect(searchView.values == [nil], "search had nothing saved")
        let homeView = await next.join(
            [(.stack, "home")], under: [0], holder: PartHolder(), types: [FeatureRoute.self], appValues: { _ in [.stack([])] })
        #expect(routes(homeView.values[0]) == [account(1)])
        withExtendedLifetime(home) {}
    }

    /// What the app did to a part's state before its view appeared (a link
    /// that pushed onto a tab's router, a sheet it presented) is kept: a
    /// push goes on top of the saved stack, a presented item stays the
    /// app's.
    @Test func whatTheAppDidBeforeAViewAppearedIsKept() async throws {
        let store = try NavStore.inMemory()
        let registry = registry()
        // Saved by the same views: the tabs' stacks by name.
        try await store.save(SceneLayout([(.selection, "tab"), (.stack, "home"), (.stack, "search"), (.presented, "sheet")]).state(of: [
            .one(try AnyDestination(FeatureTab.home, in: registry)), try stack([account(1)], registry), .stack([]),
            .one(try AnyDestination(FeatureRoute.settings, in: registry)),
        ]), scene: "main")
        let session = tabViewSession(store, clock: HandClock())
        let started = try #require(await session.start(remembered: ""))
        session.merge(started.restored, initial: [.one(nil)], now: [.one(nil)])
        let holder = PartHolder()
        let linked = try AnyDestination(account(9), in: registry)
        let view = await session.join(
            [(.stack, "home"), (.presented, "sheet")], under: [0], holder: holder, types: [FeatureRoute.self],
            appValues: { _ in [.stack([linked]), .one(linked)] })
        #expect(routes(view.values[0]) == [account(1), account(9)], "the push on top of the saved stack")
        #expect(view.values[1] == nil, "the app's sheet stays")
        #expect(session.current[2] == .one(linked))
        withExtendedLifetime(holder) {}
    }

    /// `.restoresNavigation()` with no part, on a view around parts side
    /// by side: the window's scene, which they join.
    @Test func aFirstViewWithNoPartGivesTheViewsInsideItTheirScene() async throws {
        let store = try NavStore.inMemory()
        try await saveTabBar(in: store)
        let session = SceneSession(
            layout: SceneLayout([]), registry: DestinationRegistry(),
            openWindows: { .success(WindowScenes(store: store)) }, sleep: HandClock().sleep)
        let started = try #require(await session.start(remembered: ""))
        #expect(started.restored.values.isEmpty)
        _ = session.merge(started.restored, initial: [], now: [])
        let home = PartHolder(), search = PartHolder()
        let homeView = await session.join(
            [(.stack, "home")], under: [], holder: home, types: [FeatureRoute.self], appValues: { _ in [.stack([])] })
        let searchView = await session.join(
            [(.stack, "search")], under: [], holder: search, types: [FeatureRoute.self], appValues: { _ in [.stack([])] })
        #expect(routes(homeView.values[0]) == [account(1), account(2)])
        #expect(routes(searchView.values[0]) == [account(3)])
        #expect(session.scene == "main")
        withExtendedLifetime((home, search)) {}
    }

    /// Several presented items: unnamed ones of one view are `presented`
    /// and `presented-2`, and the confirmation waits one transition when
    /// any of them came back, however many.
    @Test func severalPresentedItemsHaveNamesOfTheirOwnAndTheConfirmationWaitsOneTransition() async throws {
        let layout = SceneLayout([(.presented, nil), (.presented, nil), (.stack, nil)])
        #expect(layout.parts.map(\.name) == ["presented", "presented-2", "path"])
        let store = try NavStore.inMemory()
        let registry = registry()
        try await store.save(layout.state(of: [
            .one(try AnyDestination(FeatureRoute.settings, in: registry)),
            .one(try AnyDestination(account(1), in: registry)), try stack([account(2)], registry),
        ]), scene: "main")
        let clock = HandClock()
        let session = SceneSession(
            layout: layout, registry: registry, openWindows: { .success(WindowScenes(store: store)) }, sleep: clock.sleep)
        let started = try #require(await session.start(remembered: ""))
        #expect(started.restored.values[0]?.value(as: FeatureRoute.self) == .some(.settings))
        #expect(started.restored.values[1]?.value(as: FeatureRoute.self) == .some(account(1)))
        _ = session.merge(started.restored, initial: [.one(nil), .one(nil), .stack([])], now: [.one(nil), .one(nil), .stack([])])
        session.contentAppeared()
        await eventually("one wait: a transition, then the settle") { clock.waiting == [.milliseconds(1650)] }
        clock.advance()
        await eventually("confirmed") { (try? store.unconfirmedRestores(scene: "main").first?.count ?? 0) == 0 }
    }

    @Test func aRouteThatIsNotSendableIsSavedAndRestored() async throws {
        let store = try NavStore.inMemory()
        let registry = registry()
        let session = SceneSession(
            layout: SceneLayout([(.stack, nil)]), registry: registry,
            openWindows: { .success(WindowScenes(store: store)) }, sleep: HandClock().sleep)
        let started = try #require(await session.start(remembered: ""))
        _ = session.merge(started.restored, initial: [.stack([])], now: [.stack([])])
        var path: [FeatureRoute] = []
        for id in 1...300 {
            let old = path
            path.append(id % 3 == 0 ? .settings : account(id))
            if id % 7 == 0 { path.removeFirst() }
            session.partChanged(0, from: old, to: path)
            if id % 50 == 0 { await session.flush() }
        }
        await session.flush()
        let restored = try await store.restore(scene: "main", registry: registry)
        #expect(restored.state.contentStack.map { $0.base as? FeatureRoute } == path)
    }
}

@Suite("Scene session: previews")
@MainActor
struct SceneSessionPreviewTests {
    @Test func aPreviewRestoresNothingAndWritesNoFileUnlessTheAppOptsIn() async throws {
        let folder = try TemporaryDirectory()
        let path = folder.url.appendingPathComponent("navigation.sqlite").path
        let (registry, _) = DestinationRegistry.naming([FeatureRoute.self])
        // A file a live run saved.
        do {
            let store = try NavStore(path: path)
            try await store.save(SceneLayout([(.stack, nil)]).state(of: [
                .stack([try AnyDestination(FeatureRoute.settings, in: registry)]),
            ]), scene: "main")
        }
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        let preview = ["XCODE_RUNNING_FOR_PREVIEWS": "1"]
        let session = SceneSession(
            layout: SceneLayout([(.stack, nil)]), registry: registry,
            openWindows: { await WindowScenes.forFace(path: path, environment: preview) }, sleep: HandClock().sleep)
        let started = try #require(await session.start(remembered: ""))
        #expect(started.restored.values == [nil], "nothing restored in a preview")
        _ = session.merge(started.restored, initial: [.stack([])], now: [.stack([])])
        session.partChanged(0, from: [], to: [FeatureRoute.settings, .settings])
        await session.flush()
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before, "the file is untouched")
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(session.windows?.store.path != path)
        // Opted back in, the preview restores the file.
        let optedIn = SceneSession(
            layout: SceneLayout([(.stack, nil)]), registry: registry,
            openWindows: { await WindowScenes.forFace(path: path, restoresInPreviews: true, environment: preview) },
            sleep: HandClock().sleep)
        let restored = try #require(await optedIn.start(remembered: ""))
        #expect(restored.restored.values[0]?.routes(as: FeatureRoute.self) == [.settings])
    }
}
