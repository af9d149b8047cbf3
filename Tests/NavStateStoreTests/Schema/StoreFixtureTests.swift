import Foundation
@_spi(Tooling) @testable import NavState
import NavStateSQLite
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// A store file written by this version of NavState and committed
/// (`Tests/Fixtures/stores/schema3-history.sqlite`), with every kept revision
/// of every scene written beside it as scene JSON. Every later NavState must
/// open it (migrating it when the schema moves on) and load each revision
/// exactly: the proof that an app update loses no user's history.
///
/// Regenerate only on purpose, with the NavState that writes the schema it
/// is named after: `NAVSTATE_WRITE_STORE_FIXTURE=1 swift test --filter StoreFixtureTests`.
@Suite("Committed store fixture")
struct StoreFixtureTests {
    static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/stores", isDirectory: true)
    static let database = directory.appendingPathComponent("schema3-history.sqlite")
    static let expected = directory.appendingPathComponent("schema3-history.json")

    /// The expected revisions: scene → revision number → scene JSON.
    struct Expected: Codable {
        var schemaVersion: Int
        var scenes: [String: [String: String]]
        var heads: [String: Int]
    }

    static func entry(_ tag: String, _ payload: String, version: Int? = nil) -> NavEntry {
        NavEntry(tag: tag, version: version, payload: payload)
    }

    /// Every kept revision of every scene loads as `expected` holds it, and
    /// each scene's head is the one it names.
    static func expectEveryRevision(of expected: Expected, in store: NavStore) throws {
        for (scene, revisions) in expected.scenes {
            #expect(try store.history(scene: scene).map(\.revision) == revisions.keys.compactMap(Int.init).sorted())
            for (revision, json) in revisions {
                let loaded = try #require(try store.load(scene: scene, revision: Int(revision)))
                #expect(loaded.state == (try SceneState<NavEntry>(json: Array(json.utf8))), "\(scene) revision \(revision)")
            }
            #expect(try store.load(scene: scene)?.revision == expected.heads[scene])
        }
    }

    /// Writes the fixture: three scenes, nested presentations, checkpoints
    /// with value types, scene values, versioned tags, and history pruned to
    /// the last five revisions.
    static func write() throws {
        try? FileManager.default.removeItem(at: database)
        var configuration = StoreFixtures.quiet()
        configuration.keptRevisions = 5
        let clock = ManualClock()
        configuration.clock = { clock.date }
        let store = try NavStore(path: database.path, configuration: configuration)
        var main = SceneState<NavEntry>(stack: [entry("home", #"{"tab":1}"#)])
        for step in 1...12 {
            clock.advance(by: 30)
            switch step % 6 {
            case 1: main.contentStack.append(entry("orders.detail", #"{"id":\#(step)}"#, version: 2))
            case 2: main.checkpoints.append(Checkpoint(name: "order-\(step)", stack: .root, entriesKept: main.contentStack.count, valueType: "orders.detail"))
            case 3: main.presentations.append(Presentation(method: .managedSheet, destination: entry("cart", "{}"),
                                                             stack: [entry("cart.item", #"{"sku":"a\/\#(step)"}"#)]))
            case 4: main.presentations.append(Presentation(method: .managedCover, destination: entry("Si", "\(step)"),
                                                             stack: [entry("SS", #""note \#(step)""#)]))
            case 5: main.values["selectedTab"] = entry("String", #""tab-\#(step)""#)
            default:
                main.presentations.removeAll()
                main.contentStack.removeLast()
                let kept = main.contentStack.count
                main.checkpoints.removeAll { $0.stack != .root || $0.entriesKept > kept }
            }
            try store.save(main, scene: "main")
        }
        var settings = SceneState<NavEntry>(stack: [entry("settings", #"{"section":"privacy"}"#, version: 3)])
        for step in 1...3 {
            clock.advance(by: 60)
            settings.values["depth"] = entry("Int", "\(step)")
            try store.save(settings, scene: "settings")
        }
        var window = SceneState<NavEntry>()
        for step in 1...8 {
            clock.advance(by: 10)
            window.contentStack.append(entry("Swift.Int", "\(step)"))
            if step == 4 { window.presentations = [Presentation(method: .sheet, destination: entry("emoji", #"{"count":4,"emoji":"🐟"}"#))] }
            if step == 6 { window.presentations = [] }
            try store.save(window, scene: "window-2")
        }
        try writeExpected(of: store, to: expected)
    }

    /// Writes every kept revision of every scene of `store` beside its file
    /// as scene JSON, and folds the WAL into the file: what a committed
    /// fixture is read against.
    static func writeExpected(of store: NavStore, to expected: URL) throws {
        var written = Expected(schemaVersion: try store.schemaVersion(), scenes: [:], heads: [:])
        for summary in try store.scenes() {
            written.heads[summary.scene] = summary.revision
            for revision in try store.history(scene: summary.scene) {
                let stored = try #require(try store.load(scene: summary.scene, revision: revision.revision))
                written.scenes[summary.scene, default: [:]][String(revision.revision)] =
                    String(decoding: try stored.state.jsonData(prettyPrinted: false), as: UTF8.self)
            }
        }
        try store.checkpointWAL()
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        try encoder.encode(written).write(to: expected)
    }

    @Test func everyKeptRevisionOfTheCommittedFileLoadsExactly() throws {
        if ProcessInfo.processInfo.environment["NAVSTATE_WRITE_STORE_FIXTURE"] == "1" {
            // Today's code writes schema 4: a new fixture gets a new name, and this one stays.
            try #require(SchemaMigration.latestVersion == 3, "schema3-history.sqlite can only be written by a schema-3 NavState")
            try Self.write()
        }
        let expected = try JSONDecoder().decode(Expected.self, from: Data(contentsOf: Self.expected))
        #expect(expected.scenes.keys.sorted() == ["main", "settings", "window-2"])
        #expect(expected.scenes["main"]?.count == 5, "history pruned to the last five")

        // A copy, opened for writing as an updated app opens it: migrated
        // if the schema moved on, never rewritten otherwise.
        let directory = try TemporaryDirectory()
        let copy = directory.path("app.sqlite")
        try FileManager.default.copyItem(atPath: Self.database.path, toPath: copy)
        let store = try NavStore(path: copy, configuration: StoreFixtures.quiet())
        #expect(try store.appliedMigrations().first?.version == 1)
        try Self.expectEveryRevision(of: expected, in: store)
        #expect(try store.integrityCheck().isEmpty)
        #expect(expected.schemaVersion == 3, "the fixture is named for the schema that wrote it")
        #expect(try store.schemaVersion() == SchemaMigration.latestVersion)

        // Save times come across as they were (read from a second copy: a
        // connection to the committed file would leave a -shm beside it).
        let untouched = directory.path("untouched.sqlite")
        try FileManager.default.copyItem(atPath: Self.database.path, toPath: untouched)
        let original = try SQLiteConnection(path: untouched, mode: .readOnly)
        let times = try original.prepare("""
            SELECT s.name, r.number, r.saved_at FROM revision AS r JOIN scene AS s ON s.id = r.scene_id
            """)
        var checked = 0
        while try times.step() {
            let history = try store.history(scene: times.text(at: 0))
            let summary = history.first { $0.revision == times.int(at: 1) }
            #expect(summary?.savedAt.timeIntervalSince1970 == times.double(at: 2))
            checked += 1
        }
        #expect(checked == expected.scenes.values.reduce(0) { $0 + $1.count })

        // The app goes on saving where the old code left off.
        let head = try #require(try store.load(scene: "main"))
        var next = head.state
        next.contentStack.append(Self.entry("orders.detail", #"{"id":99}"#, version: 2))
        #expect(try store.save(next, scene: "main").revision == head.revision + 1)
        #expect(try store.load(scene: "main")?.state == next)
        #expect(try store.load(scene: "main", revision: head.revision)?.state == head.state)
        // The committed file itself is never opened: nothing appears beside it.
        for suffix in ["-wal", "-shm", "-journal"] {
            #expect(!FileManager.default.fileExists(atPath: Self.database.path + suffix), "\(suffix) beside the fixture")
        }
    }
}
