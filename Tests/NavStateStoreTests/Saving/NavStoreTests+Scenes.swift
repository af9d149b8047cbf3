import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
import PropertyBased
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

// Listing, deleting and pruning scenes, and what a save leaves out (the
// rest of the suite is NavStoreTests.swift).
extension NavStoreTests {
    // MARK: Listing, deleting, pruning, and what is left out
    @Test func scenesAreListedWithTheirHeads() throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        try store.save(StoreFixtures.richState(), scene: "b")
        try store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "a")
        try store.save(SceneState(stack: [StoreFixtures.entry("1"), StoreFixtures.entry("22")]), scene: "a")
        let scenes = try store.scenes()
        #expect(scenes.map(\.scene) == ["a", "b"])
        #expect(scenes[0].revision == 2)
        #expect(scenes[0].entryCount == 2)
        #expect(scenes[0].bytes == "Int1Int22".utf8.count)
        #expect(scenes[1].entryCount == StoreFixtures.richState().entryCount)
        #expect(scenes[1].presentations == 2)
        #expect(abs(scenes[0].updatedAt.timeIntervalSinceNow) < 60)
    }

    @Test func deleteRemovesTheSceneAndItsHistory() throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        try store.save(StoreFixtures.richState(), scene: "main")
        try store.save(SceneState(), scene: "other")
        #expect(try store.delete(scene: "main"))
        #expect(try !store.delete(scene: "main"))
        #expect(try store.load(scene: "main") == nil)
        #expect(try store.scenes().map(\.scene) == ["other"])
        #expect(try store.stats().revisions == 1)
        #expect(try store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main").revision == 1)
    }

    @Test func pruneKeepsTheLastRevisionsAndEveryKeptOneStillLoads() throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.keepingEveryRevision())
        var states: [SceneState<NavEntry>] = []
        var state = SceneState<NavEntry>()
        for index in 0..<30 {
            if index % 3 == 2 { state.contentStack.removeFirst() } else { state.contentStack.append(StoreFixtures.entry(String(index))) }
            states.append(state)
            try store.save(state, scene: "main")
        }
        let result = try store.prune(keepRevisions: 5)
        #expect(result.revisionsRemoved == 25)
        #expect(try store.history(scene: "main").map(\.revision) == Array(26...30))
        for revision in 26...30 {
            #expect(try store.load(scene: "main", revision: revision)?.state == states[revision - 1])
        }
        #expect(try store.load(scene: "main", revision: 25) == nil)
        // Nothing older stays: revision 26 was rewritten as a full row.
        #expect(try store.stats().revisions == 5)
        #expect(try store.stats().fullRevisions >= 1)
    }

    @Test func pruneDropsScenesNotUpdatedForTheGivenAge() throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        try store.save(SceneState(), scene: "main")
        #expect(try store.prune(notUpdatedFor: 3600).scenesRemoved == 0)
        #expect(try store.prune(notUpdatedFor: 0).scenesRemoved == 1)
        #expect(try store.scenes().isEmpty)
        #expect(throws: NavStateError.invalidPruneArguments(keepRevisions: 0, maximumAge: nil as Double?)) { try store.prune(keepRevisions: 0) }
        #expect(throws: NavStateError.invalidPruneArguments(keepRevisions: 20, maximumAge: -1.0)) { try store.prune(notUpdatedFor: -1) }
        #expect(throws: NavStateError.sceneNotFound("missing")) { _ = try store.setAside(scene: "missing") }
    }

    @Test func neverPersistedEntriesAndWhatSitsAboveThemAreLeftOut() throws {
        let registry = try Samples.registry()
        var path = NavPath(registry: registry)
        try path.append(ShopRoute.home)
        try path.append(PaymentScreen(cardLast4: "4242"))
        try path.append(ShopRoute.product(id: 1, name: "after payment"))
        var state = SceneState<AnyDestination>(stack: Array(path))
        state.presentations = [Presentation(method: .sheet, destination: try AnyDestination(5, in: registry))]
        state.checkpoints = [Checkpoint(name: "top", stack: .root, entriesKept: 3), Checkpoint(name: "home", stack: .root, entriesKept: 1)]
        state.values["secret"] = try AnyDestination(PaymentScreen(cardLast4: "1111"), in: registry)
        state.values["tab"] = try AnyDestination("orders", in: registry)
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let result = try store.save(state, scene: "main")
        #expect(result.omitted.map(\.location) == [
            .stack(.root, position: 1), .stack(.root, position: 2), .presentation(1), .value("secret"),
        ])
        // The same reasons a restore gives: the entry itself, and what it took with it.
        #expect(result.omitted.map(\.reason) == [
            .neverPersisted, .aboveDroppedEntry(.stack(.root, position: 1)), .aboveDroppedEntry(.stack(.root, position: 1)), .neverPersisted,
        ])
        let loaded = try #require(try store.load(scene: "main")).state
        #expect(loaded.contentStack.map(\.tag) == ["shop"])
        #expect(loaded.presentations.isEmpty)
        #expect(loaded.checkpoints == [Checkpoint(name: "home", stack: .root, entriesKept: 1)])
        #expect(loaded.values.keys.sorted() == ["tab"])
    }

    @Test func typedStatesAreSavedUnderStableNames() throws {
        let registry = try Samples.registry()
        let decoded = try NavPath.decode(representation: Fixtures.data("backport-emoji.json"), registry: registry)
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        try store.save(SceneState(stack: Array(decoded.path)), scene: "main")
        let loaded = try #require(try store.load(scene: "main"))
        #expect(loaded.state.contentStack.map(\.tag) == ["Int", "emoji"])
        let restored = try loaded.state.contentStack.map { try registry.decode($0).get() }
        #expect(restored == Array(decoded.path))
    }

    @Test func invalidStatesAreRefused() throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let sheetWithStack = SceneState(presentations: [
            Presentation(method: .sheet, destination: StoreFixtures.entry("1"), stack: [StoreFixtures.entry("2")]),
        ])
        #expect(throws: NavStateError.self) { try store.save(sheetWithStack, scene: "main") }
        let badCheckpoint = SceneState<NavEntry>(checkpoints: [Checkpoint(name: "x", stack: .root, entriesKept: 1)])
        #expect(throws: NavStateError.self) { try store.save(badCheckpoint, scene: "main") }
        #expect(try store.scenes().isEmpty)
    }

    @Test func awkwardNamesAndPayloadsRoundTripWithoutTouchingOtherRows() throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let names = ["main", "it's", "x\"; DROP TABLE scene; --", "🎈 scene", "' OR 1=1 --", "ünïcødé 名前"]
        for name in names {
            let payload = "\"\(name)\u{0}\\\"'); DELETE FROM entry; --\""
            try store.save(SceneState(stack: [NavEntry(tag: name, payload: payload)]), scene: name)
        }
        #expect(try store.scenes().count == names.count)
        for name in names {
            let root = try #require(try store.load(scene: name)).state.contentStack
            #expect(root == [NavEntry(tag: name, payload: "\"\(name)\u{0}\\\"'); DELETE FROM entry; --\"")])
        }
    }
}
