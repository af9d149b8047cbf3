import Foundation
@_spi(Tooling) import NavState
import NavStateNavigator
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

private enum TruckRoute: NavDestination {
    case truck
    case order(id: Int)
}

private struct Unsavable: NavDestination {
    var id: Int
}

private func swiftUIJSON(_ values: [any NavDestination]) throws -> Data {
    try SwiftUIEncoder.json(values)
}

/// An iOS 16 app's one `NavigationPath`, saved without the navigator
/// (which needs Observation): the same reading of SwiftUI's changes, the
/// same crash-loop guard, the same background rules.
@Suite("NavigationPath saver (iOS 16)")
@MainActor
struct NavigationPathSaverTests {
    private func registry() throws -> DestinationRegistry {
        try DestinationRegistry { registry throws(RegistryError) in try registry.register(TruckRoute.self, as: "truck") }
    }

    private func saver(_ store: NavStore, clock: HandClock = HandClock()) throws -> NavigationPathSaver {
        NavigationPathSaver(
            scene: "main", registry: try registry(), suspendsStore: true,
            configuration: StoreFixtures.quiet(), openStore: { store }, sleep: clock.sleep)
    }

    @Test func linksPopsAndARelaunchRoundTrip() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let first = try saver(store)
        #expect(await first.restore().isEmpty)
        #expect(first.isSettled, "nothing saved: nothing to confirm")
        first.contentAppeared()
        // NavigationLink(value:) twice, then the back button.
        #expect(first.pathChanged(count: 1, keepsEntries: true, codableJSON: { try? swiftUIJSON([TruckRoute.truck]) }))
        let two = try swiftUIJSON([TruckRoute.truck, TruckRoute.order(id: 4)])
        #expect(first.pathChanged(count: 2, keepsEntries: true, codableJSON: { two }))
        await first.flush()
        #expect(try await store.load(scene: "main")?.state.contentStack.count == 2)
        #expect(first.pathChanged(count: 1, keepsEntries: true, codableJSON: { nil }))
        await first.flush()
        #expect(try await store.load(scene: "main")?.state.contentStack.count == 1)

        let clock = HandClock()
        let relaunched = try saver(store, clock: clock)
        let restored = await relaunched.restore()
        #expect(restored.compactMap { $0.as(TruckRoute.self) } == [.truck])
        #expect(!relaunched.isSettled)
        // Changes before the confirmation wait for it.
        #expect(relaunched.pathChanged(count: 2, keepsEntries: true, codableJSON: { two }))
        await relaunched.flush()
        #expect(try await store.load(scene: "main")?.state.contentStack.count == 1)
        relaunched.contentAppeared()
        await eventually("the settle wait") { clock.waiting.count == 1 }
        clock.advance()
        await eventually("the launch is confirmed") { relaunched.isSettled }
        await relaunched.flush()
        #expect(try await store.load(scene: "main")?.state.contentStack.count == 2)
        #expect(try store.unconfirmedRestores(scene: "main").isEmpty)
    }

    @Test func aCrashBeforeTheSettleTimeCountsAndWhatCannotBeSavedIsRefused() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let first = try saver(store)
        _ = await first.restore()
        #expect(first.pathChanged(count: 1, keepsEntries: true, codableJSON: { try? swiftUIJSON([TruckRoute.truck]) }))
        // A value of a type the registry does not know: not saved.
        let stranger = try swiftUIJSON([TruckRoute.truck, Unsavable(id: 1)])
        #expect(!first.pathChanged(count: 2, keepsEntries: true, codableJSON: { stranger }))
        #expect(!first.pathChanged(count: 2, keepsEntries: true, codableJSON: { nil }))
        #expect(first.destinations.count == 1)
        await first.flush()

        let clock = HandClock()
        let crashing = try saver(store, clock: clock)
        _ = await crashing.restore()
        crashing.contentAppeared()
        await eventually("the settle wait") { clock.waiting.count == 1 }
        // The process dies here.
        #expect(try store.unconfirmedRestores(scene: "main").first?.count == 1)
    }

    @Test func theBackgroundConfirmsSavesAndSuspendsAndTheForegroundResumes() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let first = try saver(store)
        _ = await first.restore()
        #expect(first.pathChanged(count: 1, keepsEntries: true, codableJSON: { try? swiftUIJSON([TruckRoute.truck]) }))
        await first.flush()

        let relaunched = try saver(store)
        _ = await relaunched.restore()
        relaunched.contentAppeared()
        let two = try swiftUIJSON([TruckRoute.truck, TruckRoute.order(id: 1)])
        #expect(relaunched.pathChanged(count: 2, keepsEntries: true, codableJSON: { two }))
        let job = try #require(relaunched.phaseChanged(to: .background))
        await job.run()
        #expect(relaunched.isSettled)
        #expect(store.isSuspended)
        #expect(relaunched.phaseChanged(to: .active) == nil)
        #expect(!store.isSuspended)
        #expect(try store.unconfirmedRestores(scene: "main").isEmpty)
        #expect(try await store.load(scene: "main")?.state.contentStack.count == 2)
    }

    @Test func aStoreThatCannotBeOpenedGivesAnEmptyStackAndSaysWhy() async throws {
        let saver = NavigationPathSaver(
            scene: "main", registry: try registry(), configuration: StoreFixtures.quiet(),
            openStore: { () async throws(NavStoreError) -> NavStore in throw .suspended(path: "/nowhere") },
            sleep: { _ in })
        #expect(await saver.restore().isEmpty)
        #expect(saver.lastError == .suspended(path: "/nowhere"))
        #expect(saver.pathChanged(count: 0, keepsEntries: true, codableJSON: { nil }))
        await saver.flush()
    }
}
