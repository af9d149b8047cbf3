import Foundation
@_spi(Tooling) import NavState
import NavStateNavigator
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

private enum Route: NavDestination {
    case saved(Int)
    case linked(Int)
}

/// A deep link that comes at a cold launch, before the restore has
/// finished (SwiftUI delivers `onOpenURL` as the first views appear): it is
/// applied on top of the restored state, or in its place, never lost.
@Suite("Links at launch")
@MainActor
struct LaunchLinkTests {
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    private func launch(_ store: NavStore) throws -> SceneNavigator {
        let registry = try DestinationRegistry { registry throws(NavStateError) in try registry.register(Route.self, as: "route") }
        return SceneNavigator(scene: "main", store: store, registry: registry)
    }

    /// A store whose "main" scene was left at `[saved(1), saved(2)]`.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    private func savedStore() async throws -> NavStore {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let first = try launch(store)
        try await first.restore()
        try first.push(Route.saved(1))
        try first.push(Route.saved(2))
        try await first.confirm()
        try await first.flush()
        return store
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aLinkDuringTheRestoreIsAppliedOnTopOfIt() async throws {
        let store = try await savedStore()
        let navigator = try launch(store)
        // The link comes while the restore reads the file.
        let link = Task { try await navigator.send(to: .root, Route.linked(7)) }
        try await navigator.restore()
        try await link.value
        #expect(Array(navigator.path).compactMap { $0.as(Route.self) } == [.saved(1), .saved(2), .linked(7)])
        try await navigator.confirm()
        try await navigator.flush()
        #expect(try await store.load(scene: "main")?.state.contentStack.count == 3)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func linksBeforeTheRestoreStartsWaitAndApplyInOrder() async throws {
        let store = try await savedStore()
        let navigator = try launch(store)
        let first = Task { try await navigator.send(to: .root, Route.linked(1)) }
        await Task.yield()
        let second = Task { try await navigator.send(to: .root, Route.linked(2)) }
        await Task.yield()
        try await navigator.restore()
        try await first.value
        try await second.value
        #expect(Array(navigator.path).compactMap { $0.as(Route.self) } == [.saved(1), .saved(2), .linked(1), .linked(2)])
    }

    /// Defect (issue 41): a push made before the restore overtook a link
    /// sent before it (`[…, 22, 21]`).
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aPushBeforeTheRestoreWaitsBehindALinkSentBeforeIt() async throws {
        let store = try await savedStore()
        let navigator = try launch(store)
        let link = Task { try await navigator.send(to: .root, Route.linked(21)) }
        await Task.yield()
        try navigator.push(Route.linked(22))
        try await navigator.restore()
        try await link.value
        #expect(Array(navigator.path).compactMap { $0.as(Route.self) } == [.saved(1), .saved(2), .linked(21), .linked(22)])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func linksAndPushesBeforeTheRestoreKeepTheirOrder() async throws {
        let store = try await savedStore()
        let navigator = try launch(store)
        try navigator.push(Route.linked(1))
        let link = Task { try await navigator.send(to: .root, Route.linked(2)) }
        await Task.yield()
        try navigator.push(Route.linked(3))
        try await navigator.restore()
        try await link.value
        #expect(Array(navigator.path).compactMap { $0.as(Route.self) } == [.saved(1), .saved(2), .linked(1), .linked(2), .linked(3)])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func anAppOpenedByALinkCanStartFromTheLinkInstead() async throws {
        let store = try await savedStore()
        let navigator = try launch(store)
        navigator.launchLinks = .replaceRestoredState
        let link = Task { try await navigator.send(to: .root, Route.linked(7)) }
        let report = try await navigator.restore()
        try await link.value
        #expect(report.revision != nil, "the saved state was there")
        #expect(Array(navigator.path).compactMap { $0.as(Route.self) } == [.linked(7)])
        // Nothing restored was shown: the guard counts no unconfirmed launch.
        #expect(try store.unconfirmedRestores(scene: "main").isEmpty)
        try await navigator.flush()
        #expect(try await store.load(scene: "main")?.state.contentStack.count == 1)
    }

    /// Without a link, the policy changes nothing.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func withoutALinkTheRestoredStateIsShown() async throws {
        let store = try await savedStore()
        let navigator = try launch(store)
        navigator.launchLinks = .replaceRestoredState
        try await navigator.restore()
        #expect(navigator.path.count == 2)
        try await navigator.send(to: .root, Route.linked(3))
        #expect(navigator.path.count == 3)
    }

    /// A push made before the restore (a link handler that pushes at once)
    /// is applied on top of the restored state, not overwritten by it.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aPushBeforeTheRestoreIsMadeOnTopOfIt() async throws {
        let store = try await savedStore()
        let navigator = try launch(store)
        try navigator.push(Route.linked(5))
        #expect(navigator.path.isEmpty, "nothing shown before the restore")
        try await navigator.restore()
        #expect(Array(navigator.path).compactMap { $0.as(Route.self) } == [.saved(1), .saved(2), .linked(5)])
        try await navigator.confirm()
        try await navigator.flush()
        #expect(try await store.load(scene: "main")?.state.contentStack.count == 3)

        // With `replaceRestoredState` it starts from the empty state.
        let other = try launch(store)
        other.launchLinks = .replaceRestoredState
        try other.push(Route.linked(6))
        try await other.restore()
        #expect(Array(other.path).compactMap { $0.as(Route.self) } == [.linked(6)])
    }

    /// Two links whose steps take time run one after the other: the second
    /// starts from where the first ended, and their steps never interleave.
    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func linksAfterTheRestoreRunOneAtATime() async throws {
        let store = try await savedStore()
        let navigator = try launch(store)
        try await navigator.restore()
        let slowStep: @MainActor () async -> Void = { try? await Task.sleep(for: .milliseconds(5)) }
        let first = Task { try await navigator.send(to: .root, Route.linked(1), Route.linked(2), betweenSteps: slowStep) }
        let second = Task { try await navigator.send(to: .root, Route.linked(3), betweenSteps: slowStep) }
        try await first.value
        try await second.value
        #expect(Array(navigator.path).compactMap { $0.as(Route.self) }
            == [.saved(1), .saved(2), .linked(1), .linked(2), .linked(3)])
    }
}
