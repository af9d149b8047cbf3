import Foundation
@_spi(Tooling) import NavState
import NavStateModel
import NavStateScenes
@testable import NavStateTestSupport
import Testing

// The session in the background: saves, expiries, other windows (the
// rest of the suite is SceneSessionTests.swift).
@MainActor
extension SceneSessionTests {
    // MARK: Background

    @Test func goingToTheBackgroundAfterTheContentAppearedConfirmsAndSuspends() async throws {
        let store = try NavStore.inMemory()
        let registry = registry()
        try await save([.one(try entry(Panel.donuts, registry)), .stack([])], in: store)
        let session = session(WindowScenes(store: store), registry: registry)
        let started = try #require(await session.start(remembered: ""))
        _ = session.merge(started.restored, initial: [.one(nil), .stack([])], now: [.one(nil), .stack([])])
        session.contentAppeared()
        session.partChanged(1, to: .stack([try entry(5, registry)]))
        let job = try #require(session.phaseChanged(to: .background))
        await job.run()
        #expect(store.isSuspended)
        store.resume()
        #expect(try head(store) == 2, "saved before the suspension")
        #expect(try unconfirmed(store) == 0, "confirmed before the suspension")
    }

    @Test func goingToTheBackgroundBeforeTheContentAppearedConfirmsNothing() async throws {
        let store = try NavStore.inMemory()
        let registry = registry()
        try await save([.one(try entry(Panel.donuts, registry)), .stack([])], in: store)
        let session = session(WindowScenes(store: store), registry: registry, suspendsStore: false)
        let started = try #require(await session.start(remembered: ""))
        _ = session.merge(started.restored, initial: [.one(nil), .stack([])], now: [.one(nil), .stack([])])
        let job = try #require(session.phaseChanged(to: .background))
        await job.run()
        #expect(try unconfirmed(store) == 1, "a launch that never showed its screens is not confirmed")
    }

    @Test func anExpiryWithEveryWindowInTheBackgroundSuspendsAtOnceAndTheForegroundResumes() async throws {
        let store = try NavStore.inMemory()
        let session = session(WindowScenes(store: store))
        let started = try #require(await session.start(remembered: ""))
        _ = session.merge(started.restored, initial: [.one(nil), .stack([])], now: [.one(nil), .stack([])])
        let job = try #require(session.phaseChanged(to: .background))
        job.expire()
        #expect(store.isSuspended)
        // Back before the job ran: the store resumes, and saves go on.
        session.phaseChanged(to: .active)
        #expect(!store.isSuspended)
        session.partChanged(0, to: .one(try entry(Panel.orders, registry())))
        await session.flush()
        #expect(session.lastError == nil)
    }

    @Test func oneWindowsBackgroundNeverSuspendsTheStoreUnderAnActiveWindow() async throws {
        let store = try NavStore.inMemory()
        let registry = registry()
        let windows = WindowScenes(store: store)
        let leaving = session(windows, registry: registry)
        let staying = session(windows, registry: registry)
        for session in [leaving, staying] {
            let started = try #require(await session.start(remembered: ""))
            _ = session.merge(started.restored, initial: [.one(nil), .stack([])], now: [.one(nil), .stack([])])
        }
        let job = try #require(leaving.phaseChanged(to: .background))
        job.expire()
        await job.run()
        #expect(!store.isSuspended, "the other window is active")
        staying.partChanged(1, to: .stack([try entry(9, registry)]))
        await staying.flush()
        #expect(staying.lastError == nil)
        let restored = try await store.restore(scene: try #require(staying.scene), registry: registry)
        #expect(restored.state.contentStack.map { $0.base as? Int } == [9])
        // The last window leaves: now the store is suspended.
        let last = try #require(staying.phaseChanged(to: .background))
        await last.run()
        #expect(store.isSuspended)
    }

    @Test func aClosedWindowsSceneIsAdoptedByTheNextWindow() async throws {
        let store = try NavStore.inMemory()
        let registry = registry()
        let windows = WindowScenes(store: store)
        let main = session(windows, registry: registry)
        let extra = session(windows, registry: registry)
        for session in [main, extra] {
            let started = try #require(await session.start(remembered: ""))
            _ = session.merge(started.restored, initial: [.one(nil), .stack([])], now: [.one(nil), .stack([])])
            session.partChanged(0, to: .one(try entry(Panel.city, registry)))
            await session.flush()
        }
        let extraScene = try #require(extra.scene)
        extra.windowClosed()
        let next = session(windows, registry: registry)
        let started = try #require(await next.start(remembered: ""))
        #expect(started.scene == extraScene)
        #expect(started.restored.values[0]?.value(as: Panel.self) == .some(.city))
    }
}
