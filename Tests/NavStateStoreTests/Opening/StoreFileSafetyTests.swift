import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

@Suite("Store file safety")
struct StoreFileSafetyTests {
    @Test func newDatabaseFileIsOwnerOnly() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        try store.save(StoreFixtures.richState(), scene: "main")
        for file in [path, path + "-wal", path + "-shm"] {
            let attributes = try FileManager.default.attributesOfItem(atPath: file)
            let mode = try #require(attributes[.posixPermissions] as? NSNumber).intValue
            #expect(mode & 0o777 == 0o600, "\(file) has mode \(String(mode, radix: 8))")
        }
    }

    @Test(arguments: [
        Data("this is not a database, just text that happens to be long enough to matter".utf8),
        Data((0..<8192).map { UInt8(truncatingIfNeeded: $0 &* 7919 &+ 13) }),
        Data("SQLite format 3\u{0}".utf8) + Data(repeating: 0xFF, count: 200),
    ])
    func garbageIsRefusedAndTheFileLeftByteIdentical(garbage: Data) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        try garbage.write(to: URL(fileURLWithPath: path))
        #expect(throws: NavStateError.notADatabase(path: path)) {
            _ = try NavStore(path: path, configuration: StoreFixtures.quiet())
        }
        #expect(StoreFixtures.bytes(of: path) == garbage)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
    }

    @Test func emptyFileBecomesAFreshStore() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(try store.schemaVersion() == SchemaMigration.latestVersion)
    }

    @Test func reopeningAppliesNoMigrationTwice() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        try NavStore(path: path, configuration: StoreFixtures.quiet()).save(StoreFixtures.richState(), scene: "main")
        let reopened = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(try reopened.appliedMigrations().map(\.version) == SchemaMigration.all.map(\.version))
        #expect(try reopened.load(scene: "main")?.state == StoreFixtures.richState())
    }

    @Test func missingDirectoryGivesATypedError() {
        #expect(throws: NavStateError.self) {
            _ = try NavStore(path: "/nonexistent-navstate-dir/x/db.sqlite", configuration: StoreFixtures.quiet())
        }
    }

    @Test func limitsAreEnforcedWithTypedErrorsAndNothingSaved() throws {
        var configuration = StoreFixtures.quiet()
        configuration.limits.entriesPerStack = 3
        configuration.limits.payloadBytes = 10
        configuration.limits.sceneBytes = 38
        configuration.limits.sceneNameBytes = 8
        let store = try NavStore.inMemory(configuration: configuration)
        let four = SceneState(stack: (0..<4).map { StoreFixtures.entry(String($0)) })
        #expect(throws: NavStateError.limitExceeded("entriesPerStack", scene: "s", actual: 4, limit: 3)) {
            try store.save(four, scene: "s")
        }
        let nested = SceneState(presentations: [Presentation(
            method: .managedCover, destination: StoreFixtures.entry("0"),
            stack: (0..<4).map { StoreFixtures.entry(String($0)) })])
        #expect(throws: NavStateError.limitExceeded("entriesPerStack", scene: "s", actual: 4, limit: 3)) {
            try store.save(nested, scene: "s")
        }
        let big = SceneState(stack: [StoreFixtures.entry(String(repeating: "9", count: 11))])
        #expect(throws: NavStateError.limitExceeded("payloadBytes", scene: "s", actual: 11, limit: 10)) {
            try store.save(big, scene: "s")
        }
        let bulky = SceneState(stack: [StoreFixtures.entry("1234567890")], values: [
            "a": StoreFixtures.entry("1234567890"), "b": StoreFixtures.entry("1234567890"),
        ])
        #expect(throws: NavStateError.limitExceeded("sceneBytes", scene: "s", actual: 39, limit: 38)) {
            try store.save(bulky, scene: "s")
        }
        #expect(throws: NavStateError.limitExceeded("sceneNameBytes", scene: "ninebytes", actual: 9, limit: 8)) {
            try store.save(SceneState(), scene: "ninebytes")
        }
        #expect(throws: NavStateError.invalidSceneName("")) {
            try store.save(SceneState(), scene: "")
        }
        #expect(NavStateError.invalidSceneName("").description == "'' cannot be a scene name: it is empty")
        #expect(try store.scenes().isEmpty)
        #expect(try store.stats().revisions == 0)
    }

    @Test func migrationSQLInTheRepositoryIsExactlyWhatIsApplied() throws {
        let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Migrations")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path)
            .filter { $0.hasSuffix(".sql") }.sorted()
        #expect(!files.isEmpty)
        #expect(files.count == SchemaMigration.all.count)
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        let applied = try store.appliedMigrations()
        for (offset, file) in files.enumerated() {
            let sql = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            #expect(SchemaMigration.all[offset].sql == sql, "\(file) differs from the embedded copy")
            #expect(applied[offset].sql == sql, "\(file) differs from what the database recorded")
            #expect(SchemaMigration.all[offset].name + ".sql" == file)
            #expect(applied[offset].version == offset + 1)
        }
    }

    @Test func readingNeverChangesTheFile() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        do {
            let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
            try store.save(StoreFixtures.richState(), scene: "main")
            try store.save(SceneState(), scene: "main")
        }
        let before = try #require(StoreFixtures.bytes(of: path))
        let reader = try NavStore(readingAt: path, configuration: StoreFixtures.quiet())
        #expect(reader.isReadOnly)
        #expect(try reader.scenes().map(\.scene) == ["main"])
        #expect(try reader.load(scene: "main", revision: 1)?.state == StoreFixtures.richState())
        #expect(try reader.history(scene: "main").count == 2)
        #expect(try reader.integrityCheck() == [])
        #expect(try reader.stats().revisions == 2)
        #expect(throws: NavStateError.self) { try reader.save(SceneState(), scene: "main") }
        #expect(StoreFixtures.bytes(of: path) == before)
    }

    @Test func readingAMissingFileCreatesNothing() {
        let path = "/tmp/navstate-missing-\(UUID().uuidString).sqlite"
        #expect(throws: NavStateError.fileNotFound(path: path)) {
            _ = try NavStore(readingAt: path, configuration: StoreFixtures.quiet())
        }
        #expect(!FileManager.default.fileExists(atPath: path))
    }

    @Test func readingAnEmptyFileSaysThereIsNoData() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("empty.sqlite")
        #expect(FileManager.default.createFile(atPath: path, contents: Data()))
        #expect(throws: NavStateError.notInitialized(path: path)) {
            _ = try NavStore(readingAt: path, configuration: StoreFixtures.quiet())
        }
        #expect(StoreFixtures.bytes(of: path) == Data())
    }
}
