import Foundation
@_spi(Tooling) import NavState
import NavStateModel
import NavStateReports
import NavStateScenes
@testable import NavStateTestSupport
import Testing

/// Each screen's own state through the face that binds the app's state
/// (issue 59): which entry a view's screen is, decided from the value it
/// shows and the order views appear in; saved with the navigation; gone
/// with its entry. The routes are a feature module's `public` types.
@Suite("Scene session: each screen's own state")
@MainActor
struct SceneSessionScreenTests {
    let registry = DestinationRegistry.naming([FeatureRoute.self, FeatureTab.self]).registry

    func account(_ id: Int) -> FeatureRoute { .account(FeatureAccount(id: id, name: "user \(id)")) }

    func screen(_ draft: String) -> ScreenState {
        var screen = ScreenState()
        try? screen.setValue(draft, forKey: "draft")
        return screen
    }

    /// Saves one stack of `routes`, with `screens` by position.
    func save(_ routes: [FeatureRoute], screens: [Int: ScreenState], in store: NavStore) async throws {
        var state = SceneState(content: .stack(try routes.map { try AnyDestination($0, in: registry) }))
        for (position, screen) in screens { state.screens[.stack(.root, position: position)] = screen }
        try await store.save(state, scene: "main")
    }

    /// A window of one typed stack, restored and confirmed.
    func restoredSession(_ store: NavStore, app: [FeatureRoute] = [], during: [FeatureRoute]? = nil) async throws -> SceneSession {
        let clock = HandClock()
        let session = SceneSession(
            layout: SceneLayout([(.stack, nil)]), registry: registry,
            openWindows: { .success(WindowScenes(store: store)) }, sleep: clock.sleep)
        let started = try #require(await session.start(remembered: ""))
        let initial: SceneLayout.Value? = .stack(of: app, in: registry)
        session.merge(started.restored, initial: [initial], now: [SceneLayout.Value.stack(of: during ?? app, in: registry)])
        session.contentAppeared()
        if started.restored.values.contains(where: { $0 != nil }) {
            await eventually("the settle wait starts") { clock.waiting == [.seconds(1)] }
            clock.advance()
        }
        await eventually("the launch is confirmed") { session.isSettled }
        return session
    }

    func routes(_ session: SceneSession) -> [FeatureRoute] { session.current[0].routes(as: FeatureRoute.self) ?? [] }

    /// What the face asks when a view of `route` appears: the entries of
    /// the app's stack (`app`, its array now) equal to it.
    func claim(_ route: FeatureRoute, by holder: ScreenHolder, in session: SceneSession, app: [FeatureRoute]) -> ScreenClaim? {
        let positions = app.indices.filter { app[$0] == route }
        return session.claimScreen(holder, among: SceneSession.screenCandidates([(part: 0, positions: positions)]))
    }

    func draft(_ claim: ScreenClaim?, _ session: SceneSession) -> String? {
        claim.flatMap { session.screenValue(String.self, forKey: "draft", for: $0) }
    }

    func savedScreens(_ store: NavStore) throws -> [EntryLocation: ScreenState] {
        try #require(try store.load(scene: "main")).state.screens
    }

    func change(_ session: SceneSession, from old: [FeatureRoute], to new: [FeatureRoute]) {
        session.partChanged(0, from: old, to: new)
    }

    @Test func twoEntriesOfOneValueHaveTheirOwnScreensAndEachComesBackAsItsViewAppears() async throws {
        let store = try NavStore.inMemory()
        let (a, b) = (account(1), account(2))
        try await save([a, b, a], screens: [0: screen("first"), 2: screen("third")], in: store)
        let session = try await restoredSession(store)
        // Only the top appears at the launch: of two equal values, the higher.
        let top = ScreenHolder()
        let topClaim = try #require(claim(a, by: top, in: session, app: [a, b, a]))
        #expect(topClaim.position == 2 && draft(topClaim, session) == "third")
        // Back twice: each view appears as it is uncovered.
        change(session, from: [a, b, a], to: [a, b])
        let middle = ScreenHolder()
        let middleClaim = try #require(claim(b, by: middle, in: session, app: [a, b]))
        #expect(middleClaim.position == 1 && draft(middleClaim, session) == nil)
        change(session, from: [a, b], to: [a])
        let bottom = ScreenHolder()
        let bottomClaim = try #require(claim(a, by: bottom, in: session, app: [a]))
        #expect(bottomClaim.position == 0 && draft(bottomClaim, session) == "first")
        #expect(draft(topClaim, session) == nil, "the popped entry's screen is gone")
        #expect(try session.setScreenValue("late", forKey: "draft", for: topClaim) == false, "a popped view's last write lands nowhere")
        withExtendedLifetime((top, middle, bottom)) {}
    }

    @Test func aValuePushedAgainStartsEmptyAndAPoppedEntrysStateLeavesTheFile() async throws {
        let store = try NavStore.inMemory()
        let a = account(1)
        try await save([a], screens: [0: screen("kept")], in: store)
        let session = try await restoredSession(store)
        let bottom = ScreenHolder()
        let bottomClaim = try #require(claim(a, by: bottom, in: session, app: [a]))
        // The same value pushed on itself: the view that appears is the new
        // entry, which starts empty.
        change(session, from: [a], to: [a, a])
        let pushed = ScreenHolder()
        let pushedClaim = try #require(claim(a, by: pushed, in: session, app: [a, a]))
        #expect(pushedClaim.position == 1 && draft(pushedClaim, session) == nil)
        try session.setScreenValue("on the second", forKey: "draft", for: pushedClaim)
        await session.flush()
        #expect(try savedScreens(store)[.stack(.root, position: 1)]?.json["draft"] == "\"on the second\"")
        // Popped and pushed again while the old view still lives: the new
        // entry is not the old one.
        change(session, from: [a, a], to: [a])
        change(session, from: [a], to: [a, a])
        let again = ScreenHolder()
        let againClaim = try #require(claim(a, by: again, in: session, app: [a, a]))
        #expect(againClaim.position == 1 && draft(againClaim, session) == nil)
        #expect(try session.setScreenValue("stale", forKey: "draft", for: pushedClaim) == false)
        await session.flush()
        #expect(try savedScreens(store) == [.stack(.root, position: 0): screen("kept")])
        #expect(draft(bottomClaim, session) == "kept")
        withExtendedLifetime((bottom, pushed, again)) {}
    }

    @Test func aKeystrokeIsSavedWithTheEntriesItBelongsTo() async throws {
        let store = try NavStore.inMemory()
        let session = try await restoredSession(store, app: [])
        change(session, from: [], to: [account(1)])
        let holder = ScreenHolder()
        let held = try #require(claim(account(1), by: holder, in: session, app: [account(1)]))
        try session.setScreenValue("D", forKey: "draft", for: held)
        await session.flush()
        let saved = try #require(try store.load(scene: "main"))
        #expect(saved.state.contentStack.count == 1)
        #expect(saved.state.screens[.stack(.root, position: 0)]?.json["draft"] == "\"D\"")
        let revision = saved.revision
        for text in ["De", "Dea", "Dear"] {
            try session.setScreenValue(text, forKey: "draft", for: held)
            await session.flush()
        }
        let typed = try #require(try store.load(scene: "main"))
        #expect(typed.revision == revision, "a screen-only change writes no revision")
        #expect(typed.state.screens[.stack(.root, position: 0)]?.json["draft"] == "\"Dear\"")
        withExtendedLifetime(holder) {}
    }

    @Test func aLinkPushedDuringTheRestoreLeavesTheRestoredScreensAndAReplacementDropsThem() async throws {
        let store = try NavStore.inMemory()
        try await save([account(1)], screens: [0: screen("mine")], in: store)
        let session = try await restoredSession(store, app: [], during: [.settings])
        #expect(routes(session) == [account(1), .settings])
        let below = ScreenHolder()
        #expect(draft(claim(account(1), by: below, in: session, app: [account(1), .settings]), session) == "mine")
        // The app's state wins: nothing of the restored screens is kept.
        let other = try NavStore.inMemory()
        try await save([account(1)], screens: [0: screen("mine")], in: other)
        let clock = HandClock()
        let replacing = SceneSession(
            layout: SceneLayout([(.stack, nil)]), registry: registry, launchChanges: .replaceRestoredState,
            openWindows: { .success(WindowScenes(store: other)) }, sleep: clock.sleep)
        let started = try #require(await replacing.start(remembered: ""))
        replacing.merge(
            started.restored, initial: [SceneLayout.Value.stack(of: [FeatureRoute](), in: registry)],
            now: [SceneLayout.Value.stack(of: [account(1)], in: registry)])
        #expect(replacing.state.screens.isEmpty)
        withExtendedLifetime(below) {}
    }

    @Test func aValueThatNoLongerDecodesStartsAfreshAloneAndATabNotShownKeepsItsScreens() async throws {
        let store = try NavStore.inMemory()
        let layout = SceneLayout([(.stack, "home"), (.stack, "search"), (.selection, "tab")])
        var state = layout.state(of: [
            .stack([try AnyDestination(account(1), in: registry)]), .stack([try AnyDestination(account(2), in: registry)]),
            .one(try AnyDestination(FeatureTab.home, in: registry)),
        ])
        state.screens[.stack(.tab("home"), position: 0)] = ScreenState(json: ["draft": "\"hi\"", "row": "\"not a number\""])
        state.screens[.stack(.tab("search"), position: 0)] = screen("search draft")
        try await store.save(state, scene: "main")
        let clock = HandClock()
        let (tabs, _) = DestinationRegistry.naming([FeatureTab.self])
        let session = SceneSession(
            layout: SceneLayout([(.selection, "tab")]), registry: tabs,
            openWindows: { .success(WindowScenes(store: store)) }, sleep: clock.sleep)
        let started = try #require(await session.start(remembered: ""))
        session.merge(started.restored, initial: [.one(nil)], now: [.one(nil)])
        session.contentAppeared()
        await eventually("the settle wait starts") { clock.waiting == [.seconds(1)] }
        clock.advance()
        await eventually("the launch is confirmed") { session.isSettled }
        let homePart = PartHolder()
        let home = await session.join(
            [(.stack, "home")], under: [0], holder: homePart, types: [FeatureRoute.self], appValues: { _ in [.stack([])] })
        let index = try #require(home.indices[0])
        let holder = ScreenHolder()
        let held = try #require(session.claimScreen(holder, among: [(part: index, position: 0)]))
        #expect(session.screenValue(Int.self, forKey: "row", for: held) == nil, "the changed type starts afresh")
        #expect(session.screenValue(String.self, forKey: "draft", for: held) == "hi", "the rest of the screen comes back")
        // The search tab has not appeared: its screen is written back with it.
        session.partChanged(0, to: .one(try AnyDestination(FeatureTab.search, in: tabs)))
        try session.setScreenValue("hello", forKey: "draft", for: held)
        await session.flush()
        let saved = try savedScreens(store)
        #expect(saved[.stack(.tab("search"), position: 0)] == screen("search draft"))
        #expect(saved[.stack(.tab("home"), position: 0)]?.json["draft"] == "\"hello\"")
        withExtendedLifetime((homePart, holder)) {}
    }

    @Test func aPresentedItemsScreenIsItsOwnAndGoesWhenItIsDismissed() async throws {
        let store = try NavStore.inMemory()
        let clock = HandClock()
        let session = SceneSession(
            layout: SceneLayout([(.stack, nil), (.presented, "sheet")]), registry: registry,
            openWindows: { .success(WindowScenes(store: store)) }, sleep: clock.sleep)
        let started = try #require(await session.start(remembered: ""))
        session.merge(started.restored, initial: [.stack([]), .one(nil)], now: [.stack([]), .one(nil)])
        session.partChanged(0, to: .stack([try AnyDestination(account(1), in: registry)]))
        session.partChanged(1, to: .one(try AnyDestination(account(1), in: registry)))
        // The sheet shows the value the stack's top shows too: the sheet's
        // content, deeper, is the one that appears now.
        let sheet = ScreenHolder()
        let candidates = SceneSession.screenCandidates([(part: 0, positions: [0]), (part: 1, positions: [0])])
        let held = try #require(session.claimScreen(sheet, among: candidates))
        #expect(held.part == 1)
        try session.setScreenValue("in the sheet", forKey: "draft", for: held)
        #expect(session.state.screens == [.value("sheet"): screen("in the sheet")])
        await session.flush()
        #expect(try savedScreens(store) == [.value("sheet"): screen("in the sheet")])
        session.partChanged(1, to: .one(nil))
        #expect(session.state.screens.isEmpty)
        #expect(session.screen(for: held) == nil)
        await session.flush()
        #expect(try savedScreens(store).isEmpty)
        withExtendedLifetime(sheet) {}
    }

    /// One window open across two thousand pushes, pops and keystrokes,
    /// with equal values pushed over each other: the file always holds the
    /// drafts of the entries still there, each at its own, and a new
    /// launch gives each back to its view as the user goes back.
    @Test func twoThousandChangesKeepEveryDraftOnItsOwnEntry() async throws {
        let store = try NavStore.inMemory()
        let session = try await restoredSession(store)
        var app: [FeatureRoute] = []
        var views: [(holder: ScreenHolder, claim: ScreenClaim)] = []
        var drafts: [Int: String] = [:]
        var seed: UInt64 = 59
        func next(_ bound: Int) -> Int {
            seed = seed &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return Int((seed >> 33) % UInt64(bound))
        }
        for step in 0..<2_000 {
            switch next(10) {
            case 0...2 where app.count < 12:
                let old = app
                app.append(account(next(3)))
                change(session, from: old, to: app)
                let holder = ScreenHolder()
                let held = try #require(claim(app[app.count - 1], by: holder, in: session, app: app))
                #expect(held.position == app.count - 1)
                views.append((holder, held))
            case 3...4 where !app.isEmpty:
                let old = app
                app.removeLast(min(app.count, 1 + next(2)))
                change(session, from: old, to: app)
                views.removeLast(views.count - app.count)
                drafts = drafts.filter { $0.key < app.count }
            default:
                guard let top = views.last else { continue }
                let text = "draft \(step)"
                #expect(try session.setScreenValue(text, forKey: "draft", for: top.claim))
                drafts[app.count - 1] = text
            }
            if step % 100 == 99 {
                await session.flush()
                let saved = try savedScreens(store)
                #expect(saved.count == drafts.count)
                for (position, text) in drafts {
                    #expect(saved[.stack(.root, position: position)] == screen(text), "step \(step), position \(position)")
                }
            }
        }
        await session.flush()
        // The next launch: the top appears, then each entry as it is uncovered.
        let relaunched = try await restoredSession(store)
        #expect(routes(relaunched) == app)
        var shown = app
        while !shown.isEmpty {
            let holder = ScreenHolder()
            let held = try #require(claim(shown[shown.count - 1], by: holder, in: relaunched, app: shown))
            #expect(held.position == shown.count - 1)
            #expect(draft(held, relaunched) == drafts[shown.count - 1])
            let old = shown
            shown.removeLast()
            change(relaunched, from: old, to: shown)
        }
        withExtendedLifetime(views) {}
    }

    /// A `@ScreenStorage` value as its view sees it: the view's own until
    /// its screen is known, the screen's saved one then, and after the
    /// entry is gone, the view's again, unsaved.
    @Test func aViewsValueFollowsItsScreen() async throws {
        let store = try NavStore.inMemory()
        let a = account(1)
        try await save([a], screens: [0: screen("saved")], in: store)
        let session = try await restoredSession(store)
        // Without a screen (no `screenState(for:)` around the view): the
        // view's alone.
        let loose = ScreenValue(key: "draft", initial: "")
        loose.set("typed")
        #expect(loose.value(in: session, claim: nil) == "typed")
        #expect(try savedScreens(store) == [.stack(.root, position: 0): screen("saved")])
        // The screen becomes known: its saved value wins.
        let holder = ScreenHolder()
        let held = try #require(claim(a, by: holder, in: session, app: [a]))
        let draft = ScreenValue(key: "draft", initial: "")
        #expect(draft.value(in: session, claim: nil) == "")
        #expect(draft.value(in: session, claim: held) == "saved")
        draft.set("saved, then more")
        // A value set before a screen without one is saved into it.
        let early = ScreenValue(key: "segment", initial: 0)
        early.set(2)
        #expect(early.value(in: session, claim: held) == 2)
        await session.flush()
        #expect(try savedScreens(store)[.stack(.root, position: 0)] == ScreenState(json: ["draft": "\"saved, then more\"", "segment": "2"]))
        // A value JSONEncoder refuses stays the view's, and the rest is saved.
        let ratio = ScreenValue(key: "ratio", initial: 1.0)
        _ = ratio.value(in: session, claim: held)
        ratio.set(.nan)
        #expect(ratio.value(in: session, claim: held).isNaN)
        // The entry is popped: the view keeps what it shows, and nothing is saved.
        change(session, from: [a], to: [])
        draft.set("after the pop")
        #expect(draft.value(in: session, claim: held) == "after the pop")
        await session.flush()
        #expect(try savedScreens(store).isEmpty)
        withExtendedLifetime(holder) {}
    }

    /// Handoff carries the screens with the navigation: the other device's
    /// view of the entry gets its draft.
    @Test func aHandoffCarriesEachScreenToItsEntry() async throws {
        let a = account(1)
        let sender = try await restoredSession(try NavStore.inMemory())
        change(sender, from: [], to: [a])
        await sender.settle()
        let holder = ScreenHolder()
        try sender.setScreenValue("from the phone", forKey: "draft", for: try #require(claim(a, by: holder, in: sender, app: [a])))
        let payload = try #require(sender.handoffPayload())
        let receiver = try await restoredSession(try NavStore.inMemory())
        receiver.continueHandoff(payload)
        await eventually("the handoff is applied") { !receiver.state.screens.isEmpty }
        #expect(routes(receiver) == [a])
        let other = ScreenHolder()
        #expect(draft(claim(a, by: other, in: receiver, app: [a]), receiver) == "from the phone")
        withExtendedLifetime((holder, other)) {}
    }
}

