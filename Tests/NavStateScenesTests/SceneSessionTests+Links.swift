import Foundation
@_spi(Tooling) import NavState
import NavStateModel
import NavStateScenes
@testable import NavStateTestSupport
import Testing

/// Links on the binding face (issue 61): URLs for the app's handler and
/// Handoff payloads are applied in the order they came, before, during
/// and after the restore, and the window offers its scene to Handoff.
@Suite("Scene session: links and Handoff")
@MainActor
struct SceneSessionLinkTests {
    enum Route: String, Codable, Hashable {
        case saved, handedOff, linked, payment
    }

    /// When the links arrive, against the restore.
    enum Moment: String, CaseIterable, Sendable {
        case beforeTheRestore, duringIt, afterIt
    }

    /// A payment screen's route: never persisted, never handed off.
    struct Card: Codable, Hashable {
        var number: Int
    }

    let layout = SceneLayout([(.stack, nil)])

    func registry() throws -> DestinationRegistry {
        try DestinationRegistry { registry throws(NavStateError) in
            try registry.register(Route.self, as: "route")
        }
    }

    func stack(_ routes: [Route], _ registry: DestinationRegistry) throws -> [AnyDestination] {
        try routes.map { try AnyDestination($0, in: registry) }
    }

    /// The app's one stack, as its binding holds it, with the session's
    /// hooks writing into it.
    final class App {
        var path: [Route] = []
    }

    func session(_ store: NavStore, _ registry: DestinationRegistry) -> SceneSession {
        SceneSession(layout: layout, registry: registry, openWindows: { .success(WindowScenes(store: store)) }, sleep: HandClock().sleep)
    }

    func savedStore(_ registry: DestinationRegistry) async throws -> NavStore {
        let store = try NavStore.inMemory()
        try await store.save(layout.state(of: [.stack(try stack([.saved], registry))]), scene: "main")
        return store
    }

    /// The app's URL handler: pushes `linked`, as the face reports it.
    func openURL(_ session: SceneSession, _ app: App) {
        session.afterRestore {
            let old = app.path
            app.path.append(.linked)
            session.partChanged(0, from: old, to: app.path)
        }
    }

    @Test(arguments: [true, false], Moment.allCases)
    func linksApplyInTheOrderTheyCame(handoffFirst: Bool, moment: Moment) async throws {
        let registry = try registry()
        let store = try await savedStore(registry)
        var handedOff = SceneState<AnyDestination>()
        try handedOff.setStack(.root, to: try stack([.saved, .handedOff], registry))
        let payload = try #require(HandoffFormat.offer(handedOff))
        let app = App()
        let session = session(store, registry)
        session.setHooks(PartHooks(write: { app.path = $0.routes(as: Route.self) ?? [] }, accepts: { _ in true }), for: 0)
        func send() {
            if handoffFirst {
                session.continueHandoff(payload)
                openURL(session, app)
            } else {
                openURL(session, app)
                session.continueHandoff(payload)
            }
        }
        if moment == .beforeTheRestore { send() }
        let started = try #require(await session.start(remembered: ""))
        if moment == .duringIt { send() }
        session.merge(started.restored, initial: [.stack([])], now: [.stack([])]) { shown in
            if let restored = shown[0] { app.path = restored.routes(as: Route.self) ?? [] }
        }
        if moment == .afterIt { send() }
        let expected: [Route] = handoffFirst ? [.saved, .handedOff, .linked] : [.saved, .handedOff]
        await eventually("both links are applied") { app.path == expected }
        await letQueuedWorkRun()
        #expect(app.path == expected, "the later link's screen is on top")
        await session.settle()
        #expect(session.state.contentStack.map { $0.base as? Route } == expected, "and that is what is saved")
    }

    @Test func aBadPayloadBetweenTwoLinksCostsOnlyItself() async throws {
        let registry = try registry()
        let store = try await savedStore(registry)
        let app = App()
        let session = session(store, registry)
        session.setHooks(PartHooks(write: { app.path = $0.routes(as: Route.self) ?? [] }, accepts: { _ in true }), for: 0)
        openURL(session, app)
        session.continueHandoff(Data("not a scene".utf8))
        session.continueHandoff(Data(repeating: 0x7B, count: HandoffFormat.maximumBytes + 1))
        openURL(session, app)
        let started = try #require(await session.start(remembered: ""))
        session.merge(started.restored, initial: [.stack([])], now: [.stack([])]) { shown in
            #expect(shown[0]?.routes(as: Route.self) == [.saved])
            if let restored = shown[0] { app.path = restored.routes(as: Route.self) ?? [] }
        }
        await eventually("the good links are applied") { app.path == [.saved, .linked, .linked] }
        await session.settle()
        #expect(session.state.contentStack.map { $0.base as? Route } == [.saved, .linked, .linked])
    }

    @Test func theWindowOffersItsSceneOnlyWhenAnotherDeviceCanContinueIt() async throws {
        var registry = try registry()
        try registry.register(Card.self, as: "card", persisted: false)
        let store = try NavStore.inMemory()
        let session = session(store, registry)
        #expect(session.handoffPayload() == nil, "nothing before the restore")
        let started = try #require(await session.start(remembered: ""))
        _ = session.merge(started.restored, initial: [.stack([])], now: [.stack([])])
        session.partChanged(0, to: .stack(try stack([.saved, .linked], registry)))
        let payload = try #require(session.handoffPayload())
        // Another device continues it.
        let other = self.session(try NavStore.inMemory(), registry)
        let app = App()
        other.setHooks(PartHooks(write: { app.path = $0.routes(as: Route.self) ?? [] }, accepts: { _ in true }), for: 0)
        other.continueHandoff(payload)
        let otherStarted = try #require(await other.start(remembered: ""))
        _ = other.merge(otherStarted.restored, initial: [.stack([])], now: [.stack([])])
        await eventually("continued") { app.path == [.saved, .linked] }
        // A never-persisted screen, or a scene too large: nothing offered.
        session.partChanged(0, to: .stack(try stack([.saved], registry) + [try AnyDestination(Card(number: 4242), in: registry)]))
        #expect(session.handoffPayload() == nil)
        let long = String(repeating: "x", count: HandoffFormat.maximumBytes)
        session.partChanged(0, to: .stack([try AnyDestination(long, in: registry)]))
        #expect(session.handoffPayload() == nil)
        session.partChanged(0, to: .stack(try stack([.saved], registry)))
        #expect(session.handoffPayload() != nil)
    }
}
