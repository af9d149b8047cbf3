import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

@Suite("The store's clock")
struct ClockTests {
    @Test func aSaveRecordsTheClocksTime() throws {
        let clock = ManualClock()
        let store = try NavStore.inMemory(configuration: clock.configuration())
        try store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main")
        #expect(try store.load(scene: "main")?.savedAt == clock.date)
        #expect(try store.scenes().first?.updatedAt == clock.date)
        clock.advance(by: 60)
        try store.save(SceneState(stack: [StoreFixtures.entry("2")]), scene: "main")
        #expect(try store.history(scene: "main").map(\.savedAt) == [clock.date - 60, clock.date])
    }

    @Test func expiryIsMeasuredWithTheClock() async throws {
        let clock = ManualClock()
        let store = try NavStore.inMemory(configuration: clock.configuration())
        try await store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main")
        clock.advance(by: 3599)
        let fresh = try await store.restore(
            scene: "main", registry: DestinationRegistry(), options: RestoreOptions(maximumAge: 3600))
        #expect(fresh.report.outcome == .restored)
        #expect(fresh.state.contentStack.first?.as(Int.self) == 1)
        try await store.confirmRestore(fresh.report)
        clock.advance(by: 2)
        let expired = try await store.restore(
            scene: "main", registry: DestinationRegistry(), options: RestoreOptions(maximumAge: 3600))
        #expect(expired.state.isEmpty)
        #expect(expired.report.outcome == .expired)
        #expect(expired.report.dropped.map(\.reason) == [.expired(savedAt: clock.date - 3601)])
    }

    @Test func pruneMeasuresStalenessWithTheClock() throws {
        let clock = ManualClock()
        let store = try NavStore.inMemory(configuration: clock.configuration())
        try store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "old")
        clock.advance(by: 10 * 86_400)
        try store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "recent")
        clock.advance(by: 86_400)
        let result = try store.prune(notUpdatedFor: 7 * 86_400)
        #expect(result.scenes == [PrunedScene(scene: "old", revisionsRemoved: 1, deleted: true)])
        #expect(try store.scenes().map(\.scene) == ["recent"])
    }
}
