import Foundation
@_spi(Tooling) @testable import NavState
import NavStateSQLite
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// Schema 6 (navigation trees) over a file the schema-5 NavState wrote and
/// committed (`Tests/Fixtures/stores/schema5-history.sqlite`, written by
/// 119eb5e with `StoreFixtureTests.write()`, every kept revision beside it
/// as scene JSON): the migration rewrites no row, every revision loads as
/// it did, and the app saves trees on top of the old history.
@Suite("Tree migration", .serialized)
struct TreeMigrationTests {
    static let database = StoreFixtureTests.directory.appendingPathComponent("schema5-history.sqlite")
    static let expected = StoreFixtureTests.directory.appendingPathComponent("schema5-history.json")

    /// Everything a schema-5 file holds, as one text.
    private static func dump(_ path: String, withVersion: Bool = true) throws -> String {
        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        var lines: [String] = []
        var queries = [
            // Schema 7 adds screen_state, empty after the migration: not a
            // change to what schema 5 stored.
            "SELECT type || ' ' || name || ' ' || coalesce(sql, '') FROM sqlite_master WHERE name NOT LIKE '%screen_state%' ORDER BY name",
            "SELECT id || ' ' || name || ' ' || created_at || ' ' || coalesce(kept_revisions, '-') FROM scene ORDER BY id",
            """
            SELECT scene_id || ' ' || number || ' ' || saved_at || ' ' || base || ' ' || entry_count || ' '
                || presentation_count || ' ' || byte_count || ' ' || chain_bytes || ' ' || hex(change)
            FROM revision ORDER BY scene_id, number
            """,
            "SELECT scene_id || ' ' || revision || ' ' || unconfirmed FROM restore_attempt ORDER BY scene_id, revision",
        ]
        if withVersion {
            queries += [
                "SELECT version || ' ' || name FROM navstate_migration ORDER BY version",
                "SELECT 'version ' || user_version FROM pragma_user_version",
            ]
        }
        for sql in queries {
            let statement = try connection.prepare(sql)
            while try statement.step() { lines.append(statement.text(at: 0)) }
        }
        return lines.joined(separator: "\n")
    }

    @Test func everyRevisionOfTheSchema5FixtureLoadsAfterTheMigrationAndTreesSaveOnTop() throws {
        let expected = try JSONDecoder().decode(StoreFixtureTests.Expected.self, from: Data(contentsOf: Self.expected))
        #expect(expected.schemaVersion == 5, "the fixture is named for the schema that wrote it")
        let directory = try TemporaryDirectory()
        let copy = directory.path("app.sqlite")
        try FileManager.default.copyItem(atPath: Self.database.path, toPath: copy)
        let before = try Self.dump(copy, withVersion: false)

        let store = try NavStore(path: copy, configuration: StoreFixtures.quiet())
        #expect(try store.schemaVersion() == SchemaMigration.latestVersion)
        #expect(try store.appliedMigrations().map(\.version) == Array(1...SchemaMigration.latestVersion))
        // Not a row was rewritten: the tree form of a scene of one stack per
        // level is what schema 5 stored.
        #expect(try Self.dump(copy, withVersion: false) == before)
        try StoreFixtureTests.expectEveryRevision(of: expected, in: store)

        // The app becomes a tab-bar app: the old stack goes into the first
        // tab, and its history stays as it was.
        let head = try #require(try store.load(scene: "main"))
        var tree = head.state
        tree.content = .tabs(NavTabs([NavTab("home", head.state.content), NavTab("orders")], selected: "orders"))
        tree.checkpoints = head.state.checkpoints.map {
            var moved = $0
            if moved.stack == .root { moved.stack = .tab("home") }
            return moved
        }
        #expect(throws: Never.self) { try tree.validate() }
        #expect(try store.save(tree, scene: "main").revision == head.revision + 1)
        try tree.setStack(.tab("orders"), to: [StoreFixtureTests.entry("orders.detail", #"{"id":7}"#, version: 2)])
        let pushed = try store.save(tree, scene: "main")
        #expect(try store.load(scene: "main")?.state == tree)
        #expect(try store.load(scene: "main", revision: head.revision)?.state == head.state)
        #expect(pushed.rowsWritten == 1)
        #expect(try store.integrityCheck().isEmpty)
        for suffix in ["-wal", "-shm", "-journal"] {
            #expect(!FileManager.default.fileExists(atPath: Self.database.path + suffix), "\(suffix) beside the fixture")
        }
    }

    /// The migration killed with SIGKILL at random moments of a helper that
    /// opens the schema-5 file: after every kill the file is the untouched
    /// schema-5 file or the whole schema-6 one, and the next open loads
    /// every revision exactly.
    @Test func aKilledTreeMigrationLeavesTheSchema5FileOrTheWholeSchema6One() async throws {
        let directory = try TemporaryDirectory()
        let original = directory.path("original.sqlite")
        try FileManager.default.copyItem(atPath: Self.database.path, toPath: original)
        let before = try Self.dump(original)
        let rows = try Self.dump(original, withVersion: false)

        let timing = directory.path("timing.sqlite")
        try FileManager.default.copyItem(atPath: original, toPath: timing)
        let started = ContinuousClock.now
        let complete = try await MigrationKillTests.runHelper(timing, killAfter: nil)
        let whole = ContinuousClock.now - started
        #expect(complete.output.contains("migrated"), "\(complete.output)")

        let path = directory.path("app.sqlite")
        var untouched = 0
        var migrated = 0
        // The migration changes no row, so its transaction is short: the
        // kills are spread over the whole run, from the start of the process
        // to its end, so some come before the migration and some after.
        let rounds = max(MigrationKillTests.rounds, Sanitizers.rounds(10, underSanitizer: 3))
        for round in 0..<rounds {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
            try FileManager.default.copyItem(atPath: original, toPath: path)
            let run = try await MigrationKillTests.runHelper(path, killAfter: whole * (Double(round) + Double.random(in: 0..<1)) / Double(rounds))
            #expect(!run.output.contains("error"), "round \(round): \(run.output)")
            let version = try SQLiteConnection(path: path, mode: .readOnly).integer("PRAGMA user_version")
            if version == 5 {
                untouched += 1
                #expect(try await offThePool { try Self.dump(path) } == before, "round \(round): the killed migration changed the schema-5 file")
            } else {
                migrated += 1
                #expect(version == SchemaMigration.latestVersion, "round \(round)")
                #expect(try await offThePool { try Self.dump(path, withVersion: false) } == rows, "round \(round)")
            }
        }
        // How many kills land before the migration depends on the load of
        // the machine (under the whole suite, a test task may wake after
        // the helper is done), so neither count is required: what is
        // required is that every kill left one of the two files.
        print("tree migration kill test: a whole run took \(whole); \(untouched) kills left the schema-5 file, \(migrated) a whole schema-6 one")

        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(try store.schemaVersion() == SchemaMigration.latestVersion)
        let expected = try JSONDecoder().decode(StoreFixtureTests.Expected.self, from: Data(contentsOf: Self.expected))
        for (scene, revisions) in expected.scenes {
            for (revision, json) in revisions {
                let loaded = try await store.load(scene: scene, revision: Int(revision))
                #expect(loaded?.state == (try SceneState<NavEntry>(json: Array(json.utf8))), "\(scene) revision \(revision)")
            }
        }
        #expect(try store.integrityCheck().isEmpty)
    }
}
