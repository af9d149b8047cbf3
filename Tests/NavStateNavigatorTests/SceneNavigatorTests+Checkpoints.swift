import Foundation
@_spi(Tooling) import NavState
import NavStateNavigator
import NavStateTooling
import Observation  // newer than the floors: behind #available
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

// Checkpoints, refusals, events and sheets (the rest of the suite is
// SceneNavigatorTests.swift).
@MainActor
extension SceneNavigatorTests {
    // MARK: Checkpoints, refusals, events and sheets

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func checkpointReturnsDeliverTypedValues() async throws {
        let navigator = try navigator(NavStore.inMemory(configuration: StoreFixtures.quiet()))
        try await navigator.restore()
        try navigator.push(Shop.home)
        try navigator.setCheckpoint("pick", returning: Shop.self)
        try navigator.push(Shop.product(1))
        try navigator.present(Shop.cart, style: .managedSheet)
        var delivered: [Shop] = []
        navigator.onReturn(to: "pick", of: Shop.self) { delivered.append($0) }
        #expect(throws: NavStateError.checkpointValueMismatch(checkpoint: "pick", expected: "shop", got: "card")) {
            try navigator.returnToCheckpoint("pick", value: Card(last4: "4242"))
        }
        #expect(navigator.canReturnToCheckpoint("pick"))
        try navigator.returnToCheckpoint("pick", value: Shop.product(5))
        #expect(delivered == [.product(5)])
        #expect(navigator.path.count == 1)
        #expect(navigator.presentations.isEmpty)
        #expect(throws: NavStateError.checkpointNotFound("nowhere")) {
            try navigator.returnToCheckpoint("nowhere")
        }
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func unregisteredValuesAndPlainSheetsAreRefusedWithoutCrashing() async throws {
        let navigator = try navigator(NavStore.inMemory(configuration: StoreFixtures.quiet()))
        try await navigator.restore()
        #expect(throws: NavStateError.unregisteredType(String(reflecting: Unregistered.self))) {
            try navigator.push(Unregistered(id: 1))
        }
        #expect(!navigator.pushIfPossible(Unregistered(id: 2)))
        try navigator.present(Shop.cart, style: .sheet)
        #expect(throws: NavStateError.cannotPushOnto(PresentationMethod.sheet)) { try navigator.push(Shop.home) }
        #expect(navigator.path.isEmpty)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func neverPersistedScreensStayOffTheDisk() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let navigator = try navigator(store)
        try await navigator.restore()
        try navigator.push(Shop.cart)
        try navigator.push(Card(last4: "4242"))
        try await navigator.flush()
        #expect(navigator.path.count == 2)
        #expect(try await store.load(scene: "main")?.state.contentStack.map(\.tag) == ["shop"])
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func eventsReportOperationsAndSaves() async throws {
        let navigator = try navigator(NavStore.inMemory(configuration: StoreFixtures.quiet()))
        let events = navigator.events()
        try await navigator.restore()
        try navigator.push(Shop.home)
        try await navigator.flush()
        var seen: [String] = []
        for await event in events {
            seen.append(event.description)
            if case .saved = event { break }
        }
        #expect(seen.first?.hasPrefix("restored") == true)
        #expect(seen.contains { $0.hasPrefix("pushed shop") })
        #expect(seen.last == "saved revision 1, 1 rows" || seen.last?.hasPrefix("saved revision 1") == true)
    }

    @available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
    @Test func aSwipedAwaySheetDismissesItAndWhatIsAbove() async throws {
        let navigator = try navigator(NavStore.inMemory(configuration: StoreFixtures.quiet()))
        try await navigator.restore()
        try navigator.present(Shop.cart, style: .managedSheet)
        try navigator.push(Shop.product(1))
        navigator.setCheckpoint("in-sheet")
        try navigator.present(Shop.home, style: .cover)
        try navigator.present(Shop.tab("x"), style: .sheet)
        navigator.dismiss(from: 2)
        #expect(navigator.presentations.map(\.method) == [.managedSheet])
        #expect(navigator.canReturnToCheckpoint("in-sheet"))
        navigator.setPath(NavPath([], registry: navigator.registry), at: .presentation(1))
        #expect(navigator.path(at: .presentation(1)).isEmpty)
        navigator.dismiss(from: 1)
        #expect(navigator.presentations.isEmpty)
        #expect(!navigator.canReturnToCheckpoint("in-sheet"))
        navigator.dismiss(from: 1)
        #expect(navigator.state.isEmpty)
    }
}
