import Foundation
import NavState
import Testing

@Suite("Store privacy")
struct StorePrivacyTests {
    private static let marker = "PAYLOAD-MARKER-7f3a9c"

    private func filesContain(_ path: String, _ needle: String) -> [String] {
        [path, path + "-wal", path + "-shm"].filter { file in
            guard let bytes = FileManager.default.contents(atPath: file) else { return false }
            return bytes.range(of: Data(needle.utf8)) != nil
        }
    }

    @Test func afterPurgeNoPayloadBytesRemainInTheDatabaseOrWAL() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        var state = SceneState<NavEntry>()
        for index in 0..<40 {
            state.root.append(NavEntry(tag: "secret", payload: "\"\(Self.marker)-\(index)\""))
            try store.save(state, scene: "scene-\(index % 3)")
        }
        #expect(!filesContain(path, Self.marker).isEmpty, "the test must first see the marker on disk")
        #expect(try store.purge())
        #expect(filesContain(path, Self.marker) == [])
        #expect(try store.scenes().isEmpty)
        // The store still works after a purge.
        #expect(try store.save(SceneState(root: [StoreFixtures.entry("1")]), scene: "main").revision == 1)
    }

    @Test func deletedSceneBytesAreOverwritten() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        try store.save(SceneState(root: [NavEntry(tag: "secret", payload: "\"\(Self.marker)\"")]), scene: "gone")
        try store.save(SceneState(root: [StoreFixtures.entry("1")]), scene: "kept")
        try store.delete(scene: "gone")
        // Once the WAL is folded back in, the freed pages hold zeros.
        _ = try store.checkpointWAL()
        #expect(filesContain(path, Self.marker) == [])
        #expect(try store.load(scene: "kept") != nil)
    }

    @Test func neverPersistedPayloadsNeverReachTheFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let registry = try Samples.registry()
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        var path1 = NavPath(registry: registry)
        try path1.append(ShopRoute.home)
        try path1.append(PaymentScreen(cardLast4: Self.marker))
        var state = SceneState(root: Array(path1))
        state.values["card"] = try AnyDestination(PaymentScreen(cardLast4: Self.marker), in: registry)
        try store.save(state, scene: "main")
        let raw = SceneState(root: [NavEntry(tag: "payment", payload: #"{"cardLast4":"\#(Self.marker)"}"#)])
        try store.save(raw, scene: "raw", registry: registry)
        #expect(filesContain(path, Self.marker) == [])
        #expect(try store.load(scene: "main")?.state.root.count == 1)
        #expect(try store.load(scene: "raw")?.state.root.isEmpty == true)
    }
}
