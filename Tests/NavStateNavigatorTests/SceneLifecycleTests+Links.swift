import Foundation
@_spi(Tooling) import NavState
import NavStateNavigator
import NavStateScenes
import NavStateSQLite
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

// Links that come before the navigator exists (the rest of the suite is
// SceneLifecycleTests.swift).
@MainActor
extension SceneLifecycleTests {
    // MARK: Defect 5: links before the navigator exists

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func linksBeforeTheNavigatorExistsAreAppliedAfterTheRestoreInOrder() async throws {
        let store = try await savedStore()
        let inbox = LinkInbox<Int>()
        // onOpenURL at a cold launch: the host has no navigator yet.
        inbox.receive(7)
        inbox.receive(8)
        #expect(inbox.pending == [7, 8])
        let lifecycle = SceneLifecycle(navigator: try navigator(store), timing: timing, sleep: HandClock().sleep)
        let navigator = lifecycle.navigator
        var links: [Task<Void, any Error>] = []
        inbox.deliver { id in links.append(Task { try await navigator.send(to: .root, Screen.item(id)) }) }
        #expect(inbox.pending.isEmpty)
        await lifecycle.viewAppeared()
        inbox.receive(9)  // after the restore: at once
        for link in links { try await link.value }
        #expect(navigator.state.contentStack.compactMap { $0.as(Screen.self) } == [.item(1), .item(2), .item(7), .item(8), .item(9)])
    }
}
