import Foundation
import NavStateReports
@_spi(Tooling) import NavState
import NavStateModel
import NavStateScenes
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// One window of several views kept open across thousands of changes, as
/// an app lives: the `TabView`'s selection, each tab's stack and sheet
/// joining when the tab is first shown, pushes, pops and replacements in
/// any tab, sheets presented and dismissed, a tab's view torn down and made
/// again (a fresh router), Handoffs from another device. At every
/// checkpoint the file holds what the app shows; a relaunch brings it back.
@Suite("Scene session: a window's views over a long run")
@MainActor
struct SceneSessionLongRunTests {
    /// The app's state, as its views hold it.
    final class App {
        var tab = FeatureTab.home
        var stacks: [FeatureTab: [FeatureRoute]] = [:]
        var sheets: [FeatureTab: FeatureRoute] = [:]
    }

    let registry = DestinationRegistry.naming([FeatureRoute.self, FeatureTab.self]).registry

    func route(_ rng: inout SplitMix64) -> FeatureRoute {
        rng.next() % 4 == 0 ? .settings : .account(FeatureAccount(id: Int(rng.next() % 1_000), name: "user \(rng.next() % 50)"))
    }

    func payloads(_ routes: [FeatureRoute]) throws -> [String] {
        try routes.map { try AnyDestination($0, in: registry).payload }
    }

    @Test func theFileHoldsWhatTheAppShowsAcrossThousandsOfChanges() async throws {
        let store = try NavStore.inMemory()
        let app = App()
        let tabOnly = DestinationRegistry.naming([FeatureTab.self]).registry
        let session = SceneSession(
            layout: SceneLayout([(.selection, "tab")]), registry: tabOnly,
            openWindows: { .success(WindowScenes(store: store)) }, sleep: HandClock().sleep)
        session.setHooks(PartHooks(write: { if case .some(.some(let tab)) = $0.value(as: FeatureTab.self) { app.tab = tab } }, accepts: { _ in true }), for: 0)
        let started = try #require(await session.start(remembered: ""))
        session.merge(started.restored, initial: [.one(nil)], now: [.one(nil)])
        var holders: [FeatureTab: PartHolder] = [:]
        var indices: [FeatureTab: (stack: Int, sheet: Int)] = [:]

        /// The tab's view appears: its stack and sheet join.
        func show(_ tab: FeatureTab, in session: SceneSession, _ app: App) async throws {
            let holder = PartHolder()
            holders[tab] = holder
            let registry = registry
            let joined = await session.join(
                [(.stack, tab.rawValue), (.presented, tab.rawValue + "-sheet")], under: [0], holder: holder,
                types: [FeatureRoute.self],
                appValues: { _ in
                    [.stack((app.stacks[tab] ?? []).compactMap { try? AnyDestination($0, in: registry) }),
                     .one(app.sheets[tab].flatMap { try? AnyDestination($0, in: registry) })]
                })
            let stack = try #require(joined.indices[0]), sheet = try #require(joined.indices[1])
            indices[tab] = (stack, sheet)
            if let value = joined.values[0] { app.stacks[tab] = value.routes(as: FeatureRoute.self) }
            if let restored = joined.values[1], case .some(let shown?) = restored.value(as: FeatureRoute.self) {
                app.sheets[tab] = shown
            }
            session.setHooks(PartHooks(
                write: { app.stacks[tab] = $0.routes(as: FeatureRoute.self) ?? [] }, accepts: { _ in true }), for: stack)
            session.setHooks(PartHooks(
                write: { value in
                    if case .some(let shown) = value.value(as: FeatureRoute.self) { app.sheets[tab] = shown }
                }, accepts: { _ in true }), for: sheet)
        }

        /// The file's head is the app's state: each shown tab's stack and
        /// sheet, and the selected tab.
        func expectTheFileHoldsTheApp(_ step: Int) async throws {
            await session.flush()
            let head = try #require(try store.load(scene: "main"))
            #expect(head.state.values["tab"]?.payload == (try AnyDestination(app.tab, in: registry)).payload, "step \(step)")
            guard case .tabs(let bar) = head.state.content else {
                Issue.record("step \(step): the file holds a tab bar")
                return
            }
            for tab in indices.keys {
                let saved = bar.tabs.first { $0.id == tab.rawValue }.flatMap { tab -> [NavEntry]? in
                    if case .stack(let entries) = tab.content { return entries }
                    return nil
                } ?? []
                #expect(saved.map(\.payload) == (try payloads(app.stacks[tab] ?? [])), "step \(step): \(tab)")
                #expect(head.state.values[tab.rawValue + "-sheet"]?.payload
                    == (try app.sheets[tab].map { try AnyDestination($0, in: registry).payload }), "step \(step): \(tab)'s sheet")
            }
        }

        try await show(.home, in: session, app)
        var rng = SplitMix64(state: 57)
        let steps = Sanitizers.rounds(2_000, underSanitizer: 300)
        for step in 0..<steps {
            let tab = [FeatureTab.home, .search, .notifications][Int(rng.next() % 3)]
            guard let (stack, sheet) = indices[tab] else {
                // The tab is selected and shown for the first time.
                app.tab = tab
                session.partChanged(0, to: .one(try AnyDestination(tab, in: registry)))
                try await show(tab, in: session, app)
                continue
            }
            let old = app.stacks[tab] ?? []
            switch rng.next() % 10 {
            case 0, 1, 2, 3:
                app.stacks[tab] = old + [route(&rng)]
            case 4 where !old.isEmpty:
                app.stacks[tab] = Array(old.dropLast(Int(rng.next() % UInt64(old.count)) + 1))
            case 5 where !old.isEmpty:
                var replaced = old
                replaced[Int(rng.next() % UInt64(old.count))] = route(&rng)
                app.stacks[tab] = replaced
            case 6:
                app.tab = tab
                session.partChanged(0, to: .one(try AnyDestination(tab, in: registry)))
            case 7:
                app.sheets[tab] = app.sheets[tab] == nil ? route(&rng) : nil
                session.partChanged(sheet, to: .one(try app.sheets[tab].map { try AnyDestination($0, in: registry) }))
            case 8 where rng.next() % 4 == 0:
                // The tab's view is made again, with a fresh router.
                holders[tab] = nil
                app.stacks[tab] = []
                app.sheets[tab] = nil
                try await show(tab, in: session, app)
            case 9 where rng.next() % 8 == 0:
                // Another device hands off this tab at a few screens.
                var other = session.state
                let pushed = [route(&rng), route(&rng)]
                try other.setStack(.tab(tab.rawValue), to: pushed.map { try AnyDestination($0, in: registry) })
                session.continueHandoff(try #require(HandoffFormat.offer(other)))
                await eventually("the handoff is shown") { app.stacks[tab] == pushed }
            default:
                await session.flush()
            }
            if app.stacks[tab] != old { session.partChanged(stack, from: old, to: app.stacks[tab] ?? []) }
            if step % 100 == 99 { try await expectTheFileHoldsTheApp(step) }
        }
        try await expectTheFileHoldsTheApp(steps)
        #expect(indices.count == 3, "every tab was shown")

        // The next launch: the same views bring back what the app showed.
        let relaunched = SceneSession(
            layout: SceneLayout([(.selection, "tab")]), registry: tabOnly,
            openWindows: { .success(WindowScenes(store: store)) }, sleep: HandClock().sleep)
        let again = try #require(await relaunched.start(remembered: ""))
        #expect(again.restored.values[0]?.value(as: FeatureTab.self) == .some(app.tab))
        relaunched.merge(again.restored, initial: [.one(nil)], now: [.one(nil)])
        for tab in [FeatureTab.home, .search, .notifications] {
            let view = await relaunched.join(
                [(.stack, tab.rawValue), (.presented, tab.rawValue + "-sheet")], under: [0], holder: PartHolder(),
                types: [FeatureRoute.self], appValues: { _ in [.stack([]), .one(nil)] })
            #expect(view.values[0]?.routes(as: FeatureRoute.self) ?? [] == app.stacks[tab] ?? [], "\(tab)")
            let sheet: FeatureRoute?? = view.values[1]?.value(as: FeatureRoute.self)
            #expect((sheet ?? nil) == app.sheets[tab], "\(tab)'s sheet")
        }
    }
}
