import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
import NavStateNavigator
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

private enum Screen: NavDestination {
    case home
    case detail(Int)
    case sheet(String)
}

/// A restored chain of presentations comes back one level per UI update,
/// because SwiftUI cannot present a sheet from one that is not on screen
/// yet; the crash-loop guard hears of the launch only when the last level
/// is up.
@Suite("Restoring nested presentations")
@MainActor
struct RestoredPresentationTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    private func navigator(_ store: NavStore) throws -> SceneNavigator {
        var registry = DestinationRegistry()
        try registry.register(Screen.self, as: "screen")
        return SceneNavigator(scene: "main", store: store, registry: registry)
    }

    /// Root, a managed sheet with a stack, a plain sheet over it, a cover
    /// over that; checkpoints in the root and in the managed sheet's stack.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    private func saveThreeLevels(_ store: NavStore) async throws -> SceneState<AnyDestination> {
        let first = try navigator(store)
        try await first.restore()
        try first.push(Screen.home)
        first.setCheckpoint("home")
        try first.present(Screen.sheet("cart"), style: .managedSheet)
        try first.push(Screen.detail(1))
        first.setCheckpoint("cart")
        try first.present(Screen.sheet("help"), style: .sheet)
        try first.present(Screen.sheet("pay"), style: .cover)
        try await first.flush()
        #expect(first.state.presentations.count == 3)
        return first.state
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func eachLevelComesUpAfterTheOneBelowAppeared() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let saved = try await saveThreeLevels(store)
        let relaunched = try navigator(store)
        try await relaunched.restore()

        // The first update: the root stack and the first presentation.
        #expect(relaunched.state.contentStack == saved.contentStack)
        #expect(relaunched.state.presentations == Array(saved.presentations.prefix(1)))
        #expect(relaunched.pendingPresentations == Array(saved.presentations.dropFirst()))
        #expect(relaunched.state.checkpoints.map(\.name) == ["home", "cart"])
        try relaunched.state.validate()

        // A level that is not the top one, or one past it, changes nothing.
        relaunched.presentationDidAppear(2)
        relaunched.presentationDidAppear(0)
        #expect(relaunched.state.presentations.count == 1)

        relaunched.presentationDidAppear(1)
        #expect(relaunched.state.presentations == Array(saved.presentations.prefix(2)))
        try relaunched.state.validate()
        relaunched.presentationDidAppear(1)
        #expect(relaunched.state.presentations.count == 2, "the same level appearing again adds nothing")

        relaunched.presentationDidAppear(2)
        #expect(relaunched.state == saved)
        #expect(relaunched.pendingPresentations.isEmpty)
        relaunched.presentationDidAppear(3)
        #expect(relaunched.state == saved)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func theRestoreIsConfirmedOnlyWhenTheLastLevelIsUp() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let saved = try await saveThreeLevels(store)
        let strict = RestoreOptions(crashLoopLimit: 1)

        // A launch that never got past the second level: not confirmed, so
        // with a limit of one unconfirmed restore the next launch steps back.
        let crashed = try navigator(store)
        try await crashed.restore(options: strict)
        try await crashed.confirm()
        crashed.presentationDidAppear(1)
        try await crashed.flush()
        let shown = crashed.state
        #expect(shown.presentations.count == 2)

        let next = try navigator(store)
        let report = try await next.restore(options: strict)
        #expect(report.skipped.map(\.revision) == [report.headRevision])
        #expect(next.state != saved)

        // A launch that shows every level is confirmed by the last one.
        let store2 = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let saved2 = try await saveThreeLevels(store2)
        let good = try navigator(store2)
        try await good.restore(options: strict)
        try await good.confirm()
        good.presentationDidAppear(1)
        good.presentationDidAppear(2)
        try await good.flush()
        #expect(good.state == saved2)
        let after = try navigator(store2)
        let afterReport = try await after.restore(options: strict)
        #expect(afterReport.skipped.isEmpty)
        #expect(after.state.presentations.count == 1, "restored again, one level at a time")
        #expect(after.pendingPresentations == Array(saved2.presentations.dropFirst()))
    }

    /// `restoresNavigator` shows the views once `hasRestored`: a restore
    /// that fails must say so too, or the window would stay blank.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aFailedRestoreStillCountsAsRestored() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let navigator = try navigator(store)
        #expect(!navigator.hasRestored)
        await store.suspend()
        await #expect(throws: NavStateError.self) { try await navigator.restore() }
        #expect(navigator.hasRestored)
        store.resume()
        try navigator.push(Screen.home)
        try await navigator.flush()
        #expect(try await store.load(scene: "main")?.state.contentStack.count == 1)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func whatTheUserDoesMeanwhileWinsOverThePendingLevels() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let saved = try await saveThreeLevels(store)
        let relaunched = try navigator(store)
        try await relaunched.restore()
        try await relaunched.confirm()
        // The user swipes the first sheet away before the second came up.
        relaunched.dismiss(from: 1)
        #expect(relaunched.pendingPresentations.isEmpty)
        relaunched.presentationDidAppear(1)
        #expect(relaunched.state.presentations.isEmpty)
        try await relaunched.flush()
        let head = try #require(try await store.load(scene: "main"))
        #expect(head.state.presentations.isEmpty)
        #expect(head.state.contentStack.count == saved.contentStack.count)
        #expect(relaunched.lastSaveError == nil)
    }
}
