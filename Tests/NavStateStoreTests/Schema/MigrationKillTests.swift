import Foundation
@_spi(Tooling) @testable import NavState
import NavStateSQLite
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// The storage-layout migration (schema 3 to 4) killed with SIGKILL at
/// random moments on a large file: after every kill the file is either
/// still the untouched schema-3 file, which the old code reads, or fully
/// migrated; the next open migrates it, and every revision of every scene
/// is then exactly what was saved.
///
/// `swift test` runs a few rounds; `NAVSTATE_MIGRATION_KILL_ROUNDS` sets more.
@Suite("Migration kill test", .serialized)
struct MigrationKillTests {
    static var rounds: Int {
        ProcessInfo.processInfo.environment["NAVSTATE_MIGRATION_KILL_ROUNDS"].flatMap(Int.init) ?? Sanitizers.rounds(8, underSanitizer: 4)
    }

    /// Copies of the committed schema-3 fixture's three scenes: enough for
    /// a migration to last long enough for a kill to land in it.
    static let copies = 1_000

    /// The committed schema-3 file grown to `copies` × 3 scenes by SQL, as
    /// the old code's tables hold them (only ids and names differ).
    private static func largeSchema3File(at path: String) throws {
        try FileManager.default.copyItem(atPath: StoreFixtureTests.database.path, toPath: path)
        let connection = try SQLiteConnection(path: path, mode: .readWrite(create: false))
        guard try connection.integer("PRAGMA user_version") == 3, try connection.integer("SELECT max(id) FROM scene") < 1000 else {
            throw CocoaError(.fileReadCorruptFile)
        }
        try connection.execute("""
            CREATE TEMP TABLE copy (n INTEGER PRIMARY KEY);
            WITH RECURSIVE k(n) AS (SELECT 1 UNION ALL SELECT n + 1 FROM k WHERE n < \(Self.copies - 1))
            INSERT INTO copy SELECT n FROM k;
            BEGIN;
            INSERT INTO scene (id, name, head_revision, created_at, updated_at)
                SELECT s.id + 1000 * c.n, s.name || '#' || c.n, s.head_revision, s.created_at, s.updated_at
                FROM scene AS s, copy AS c WHERE s.id < 1000;
            INSERT INTO revision (scene_id, number, saved_at, depth, presentation_count, byte_count, layout)
                SELECT r.scene_id + 1000 * c.n, r.number, r.saved_at, r.depth, r.presentation_count, r.byte_count, r.layout
                FROM revision AS r, copy AS c WHERE r.scene_id < 1000;
            INSERT INTO entry (scene_id, slot, position, valid_from, valid_until, tag, version, payload)
                SELECT e.scene_id + 1000 * c.n, e.slot, e.position, e.valid_from, e.valid_until, e.tag, e.version, e.payload
                FROM entry AS e, copy AS c WHERE e.scene_id < 1000;
            COMMIT;
            PRAGMA wal_checkpoint(TRUNCATE);
            """)
    }

    /// Everything a schema-3 file holds, as one text: equal before and after
    /// a killed migration means the old code finds exactly what it left.
    private static func dump(_ path: String) throws -> String {
        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        var lines: [String] = []
        for sql in [
            "SELECT type || ' ' || name || ' ' || coalesce(sql, '') FROM sqlite_master ORDER BY name",
            "SELECT id || ' ' || name || ' ' || head_revision || ' ' || created_at || ' ' || updated_at FROM scene ORDER BY id",
            "SELECT scene_id || ' ' || number || ' ' || saved_at || ' ' || layout FROM revision ORDER BY scene_id, number",
            """
            SELECT scene_id || ' ' || slot || ' ' || position || ' ' || valid_from || ' ' || coalesce(valid_until, '-')
                || ' ' || tag || ' ' || coalesce(version, '-') || ' ' || payload
            FROM entry ORDER BY scene_id, slot, position, valid_from
            """,
            "SELECT 'version ' || user_version FROM pragma_user_version",
        ] {
            let statement = try connection.prepare(sql)
            while try statement.step() { lines.append(statement.text(at: 0)) }
        }
        return lines.joined(separator: "\n")
    }

    /// Runs the helper's `migrate` on `path`, killed after `delay` when given.
    static func runHelper(_ path: String, killAfter delay: Duration?) async throws -> (killed: Bool, output: String) {
        let helper = try HelperProcess.start(["migrate", path])
        if let delay {
            try await Task.sleep(for: delay)
            helper.kill()
        }
        let output = try await offThePool { try helper.finish() }
        return (helper.wasKilled, output)
    }

    @Test func aKilledMigrationLeavesTheOldFileAndTheNextOpenMigratesIt() async throws {
        let directory = try TemporaryDirectory()
        let original = directory.path("original.sqlite")
        try await offThePool { try Self.largeSchema3File(at: original) }
        let before = try await offThePool { try Self.dump(original) }

        // How long a whole migration takes here, process start included.
        let timing = directory.path("timing.sqlite")
        try FileManager.default.copyItem(atPath: original, toPath: timing)
        let started = ContinuousClock.now
        let complete = try await Self.runHelper(timing, killAfter: nil)
        let whole = ContinuousClock.now - started
        #expect(complete.output.contains("migrated"), "\(complete.output)")

        let path = directory.path("app.sqlite")
        try FileManager.default.copyItem(atPath: original, toPath: path)
        var killedMidway = 0
        var completed = 0
        var window = whole
        for round in 0..<Self.rounds {
            let run = try await Self.runHelper(path, killAfter: window * Double.random(in: 0.2...0.9))
            #expect(!run.output.contains("error"), "round \(round): \(run.output)")
            let connection = try SQLiteConnection(path: path, mode: .readOnly)
            let version = try connection.integer("PRAGMA user_version")
            withExtendedLifetime(connection) {}
            if version == 3 {
                killedMidway += 1
                // Not a byte of the old tables changed, and nothing new stayed.
                #expect(try await offThePool { try Self.dump(path) } == before, "round \(round): the killed migration changed the schema-3 file")
            } else {
                // The migration finished before the kill (the machine was
                // quicker than when it was timed): start again from the old
                // file, killing sooner. The migrations commit together, so
                // there is no schema between 3 and the latest.
                #expect(version == SchemaMigration.latestVersion, "round \(round)")
                completed += 1
                window = window * 0.5
                for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
                try FileManager.default.copyItem(atPath: original, toPath: path)
            }
        }
        #expect(killedMidway > 0, "no kill landed during the migration (it took \(whole))")
        print("migration kill test: a whole migration of \(3 * Self.copies) scenes took \(whole); \(killedMidway) kills left the schema-3 file untouched, \(completed) came after it had finished")

        // The next open migrates, and every revision is what was saved.
        let store = try await offThePool { try NavStore(path: path, configuration: StoreFixtures.quiet()) }
        #expect(try store.schemaVersion() == SchemaMigration.latestVersion)
        let expected = try JSONDecoder().decode(StoreFixtureTests.Expected.self, from: Data(contentsOf: StoreFixtureTests.expected))
        #expect(try await store.scenes().count == 3 * Self.copies)
        for copy in [0, 1, Self.copies / 2, Self.copies - 1] {
            for (scene, revisions) in expected.scenes {
                let name = copy == 0 ? scene : "\(scene)#\(copy)"
                #expect(try store.history(scene: name).map(\.revision) == revisions.keys.compactMap(Int.init).sorted(), "\(name)")
                for (revision, json) in revisions {
                    let loaded = try await store.load(scene: name, revision: Int(revision))
                    #expect(loaded?.state == (try SceneState<NavEntry>(json: Array(json.utf8))), "\(name) revision \(revision)")
                }
            }
        }
        #expect(try store.integrityCheck().isEmpty)
    }
}
