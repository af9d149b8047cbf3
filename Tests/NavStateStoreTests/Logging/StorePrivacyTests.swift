import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
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

    private func mode(_ path: String) throws -> Int {
        try #require(FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int)
    }

    @Test func anEmptyFileOpenedAsANewStoreIsOwnerOnlyWithItsWALAndSHM() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data(), attributes: [.posixPermissions: 0o644]))
        #expect(try mode(path) == 0o644)
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        try store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main")
        for file in [path, path + "-wal", path + "-shm"] {
            #expect(try mode(file) == 0o600, "\(file)")
        }
    }

    @Test func aFileThatHoldsAStoreKeepsItsMode() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        do {
            let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
            try store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main")
        }
        #expect(chmod(path, 0o640) == 0)
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        try store.save(SceneState(stack: [StoreFixtures.entry("2")]), scene: "main")
        #expect(try mode(path) == 0o640)
    }

    @Test func aSymbolicLinkIsNeverOpenedForWriting() throws {
        let directory = try TemporaryDirectory()
        let target = directory.path("target")
        #expect(FileManager.default.createFile(atPath: target, contents: Data()))
        let link = directory.path("db.sqlite")
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
        #expect(throws: NavStateError.notARegularFile(path: link)) {
            try NavStore(path: link, configuration: StoreFixtures.quiet())
        }
        // The target stays as it was, and nothing was made beside the link.
        #expect(try FileManager.default.attributesOfItem(atPath: target)[.size] as? Int == 0)
        #expect(!FileManager.default.fileExists(atPath: link + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: target + "-wal"))
        // A link to a store that exists is refused too.
        let real = directory.path("real.sqlite")
        try NavStore(path: real, configuration: StoreFixtures.quiet()).save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main")
        let second = directory.path("second.sqlite")
        try FileManager.default.createSymbolicLink(atPath: second, withDestinationPath: real)
        #expect(throws: NavStateError.notARegularFile(path: second)) {
            try NavStore(path: second, configuration: StoreFixtures.quiet())
        }
    }

    @Test func afterPurgeNoPayloadBytesRemainInTheDatabaseOrWAL() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        var state = SceneState<NavEntry>()
        for index in 0..<40 {
            state.contentStack.append(NavEntry(tag: "secret", payload: "\"\(Self.marker)-\(index)\""))
            try store.save(state, scene: "scene-\(index % 3)")
        }
        #expect(!filesContain(path, Self.marker).isEmpty, "the test must first see the marker on disk")
        #expect(try store.purge())
        #expect(filesContain(path, Self.marker) == [])
        #expect(try store.scenes().isEmpty)
        // The store still works after a purge.
        #expect(try store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main").revision == 1)
    }

    @Test func deletedSceneBytesAreOverwritten() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        try store.save(SceneState(stack: [NavEntry(tag: "secret", payload: "\"\(Self.marker)\"")]), scene: "gone")
        try store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "kept")
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
        var state = SceneState(stack: Array(path1))
        state.values["card"] = try AnyDestination(PaymentScreen(cardLast4: Self.marker), in: registry)
        try store.save(state, scene: "main")
        let raw = SceneState(stack: [NavEntry(tag: "payment", payload: #"{"cardLast4":"\#(Self.marker)"}"#)])
        try store.save(raw, scene: "raw", registry: registry)
        #expect(filesContain(path, Self.marker) == [])
        #expect(try store.load(scene: "main")?.state.contentStack.count == 1)
        #expect(try store.load(scene: "raw")?.state.contentStack.isEmpty == true)
    }
}
