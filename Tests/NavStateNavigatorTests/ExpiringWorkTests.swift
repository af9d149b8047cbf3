import Foundation
@_spi(Tooling) import NavState
import NavStateNavigator
import NavStateScenes
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// The calls `performExpiringActivity` makes, in every order Apple
/// documents, and what the scene's last save and the store then do.
@Suite("Background work that expires")
struct ExpiringWorkTests {
    @Test func timeGrantedThenUpStopsTheWork() {
        let work = ExpiringWork()
        #expect(work.callback(expired: false) == .runWork)
        #expect(work.callback(expired: true) == .stopWork)
        work.workEnded()
        #expect(work.callback(expired: true) == .nothing)
    }

    /// No time granted: the block is called once, expired. The last save
    /// and the suspension still run (they were skipped before).
    @Test func noTimeGrantedStillRunsTheWork() {
        let work = ExpiringWork()
        #expect(work.callback(expired: true) == .runWork)
        work.workEnded()
        #expect(work.callback(expired: true) == .nothing)
    }

    @Test func timeUpAfterTheWorkEndedDoesNothing() {
        let work = ExpiringWork()
        #expect(work.callback(expired: false) == .runWork)
        work.workEnded()
        #expect(work.callback(expired: true) == .nothing)
    }

    /// The navigator's side: a save cut short by the suspension keeps the
    /// state, and the flush after the resume saves it.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @MainActor @Test func aSaveStoppedByTheExpiryIsMadeAfterTheResume() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let registry = DestinationRegistry()
        let navigator = SceneNavigator(scene: "main", store: store, registry: registry)
        try await navigator.restore()
        try await navigator.confirm()
        try navigator.push(1)
        store.suspendImmediately()
        await #expect(throws: NavStateError.suspended(path: ":memory:")) { try await navigator.flush() }
        #expect(navigator.path.count == 1)
        store.resume()
        try await navigator.flush()
        #expect(try await store.load(scene: "main")?.state.contentStack.count == 1)
    }
}
