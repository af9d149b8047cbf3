import Foundation
import Logging
@_spi(Tooling) @testable import NavState
@_spi(Tooling) import NavState
import NavStateTooling
import NavStateSQLite
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// Migrations on files that already hold users' data.
@Suite("Migrations on populated files")
struct MigrationTests {
    /// A populated file: several scenes, history, crash-loop counts.
    private func populated(in directory: TemporaryDirectory) async throws -> (String, [String: [Int: SceneState<NavEntry>]]) {
        let path = directory.path("db.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        var saved: [String: [Int: SceneState<NavEntry>]] = [:]
        for scene in ["main", "settings", "window-2"] {
            var state = StoreFixtures.richState()
            for step in 1...6 {
                state.contentStack.append(StoreFixtures.entry("\(step)"))
                let result = try await store.save(state, scene: scene)
                saved[scene, default: [:]][result.revision] = state
            }
        }
        _ = try await store.restore(scene: "main", registry: DestinationRegistry())
        return (path, saved)
    }

    private func expectIntact(_ path: String, _ saved: [String: [Int: SceneState<NavEntry>]]) throws {
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        for (scene, revisions) in saved {
            #expect(try store.history(scene: scene).map(\.revision) == revisions.keys.sorted(), "\(scene)")
            for (revision, state) in revisions {
                #expect(try store.load(scene: scene, revision: revision)?.state == state, "\(scene) \(revision)")
            }
        }
        #expect(try store.unconfirmedRestores(scene: "main").count == 1)
        #expect(try store.integrityCheck() == [])
    }

    @Test func aMigrationThatRebuildsTheSceneTableLosesNothing() async throws {
        let directory = try TemporaryDirectory()
        let (path, saved) = try await populated(in: directory)
        // SQLite's table-rebuild procedure: with foreign keys on, DROP TABLE
        // scene would cascade-delete every revision, entry and count.
        let rebuild = SchemaMigration(version: SchemaMigration.latestVersion + 1, name: "9999_rebuild_scene", sql: """
            CREATE TABLE new_scene (
                id             INTEGER PRIMARY KEY AUTOINCREMENT,
                name           TEXT NOT NULL UNIQUE,
                created_at     REAL NOT NULL,
                kept_revisions INTEGER,
                note           TEXT
            );
            INSERT INTO new_scene (id, name, created_at, kept_revisions)
                SELECT id, name, created_at, kept_revisions FROM scene;
            DROP TABLE scene;
            ALTER TABLE new_scene RENAME TO scene;
            """)
        let connection = try SQLiteConnection(path: path, mode: .readWrite(create: false))
        try connection.execute("PRAGMA foreign_keys = ON")
        let applied = try Migrator.migrate(
            connection, migrations: SchemaMigration.all + [rebuild], logger: NavLog(logger: Logger(label: "test")), path: path)
        #expect(applied == 1)
        #expect(try connection.integer("PRAGMA foreign_keys") == 0, "migrate left foreign keys on; NavStore connections run with them off")
        #expect(try connection.integer("SELECT count(*) FROM revision") == 18)
        // The rebuilt table is what this build reads; let it open the file.
        try connection.execute("PRAGMA user_version = \(SchemaMigration.latestVersion)")
        withExtendedLifetime(connection) {}
        try expectIntact(path, saved)
    }

    @Test func aMigrationThatBreaksAReferenceRollsBackAndChangesNothing() async throws {
        let directory = try TemporaryDirectory()
        let (path, saved) = try await populated(in: directory)
        let breaking = SchemaMigration(version: SchemaMigration.latestVersion + 1, name: "9999_lose_scenes", sql: "DELETE FROM scene WHERE name = 'main'")
        let connection = try SQLiteConnection(path: path, mode: .readWrite(create: false))
        #expect {
            try Migrator.migrate(connection, migrations: SchemaMigration.all + [breaking], logger: NavLog(logger: Logger(label: "test")), path: path)
        } throws: { error in
            // "main"'s six revisions and its one restore attempt.
            error as? NavStateError == .migrationBreaksReferences(path: path, migration: "9999_lose_scenes", rows: 7)
        }
        #expect(try connection.integer("PRAGMA user_version") == SchemaMigration.latestVersion)
        withExtendedLifetime(connection) {}
        try expectIntact(path, saved)
    }

    /// The migrations a file needs commit together: one that fails after
    /// others succeeded leaves the file at the schema it had, byte for byte,
    /// and a new file at none (so no reader sees a schema between the two).
    @Test func aLaterMigrationFailingUndoesTheEarlierOnes() throws {
        let directory = try TemporaryDirectory()
        let breaking = SchemaMigration(version: SchemaMigration.latestVersion + 1, name: "9999_broken", sql: "CREATE TABLE scene (id INTEGER)")
        let log = NavLog(logger: Logger(label: "test"))

        let old = directory.path("schema3.sqlite")
        try FileManager.default.copyItem(atPath: StoreFixtureTests.database.path, toPath: old)
        let connection = try SQLiteConnection(path: old, mode: .readWrite(create: false))
        try connection.execute("PRAGMA journal_mode = WAL")
        let schema = try Self.schemaText(connection)
        #expect(throws: NavStateError.self) {
            try Migrator.migrate(connection, migrations: SchemaMigration.all + [breaking], logger: log, path: old)
        }
        #expect(try connection.integer("PRAGMA user_version") == 3)
        #expect(try connection.integer("SELECT count(*) FROM navstate_migration") == 3)
        #expect(try Self.schemaText(connection) == schema)

        let new = directory.path("new.sqlite")
        let fresh = try SQLiteConnection(path: new, mode: .readWrite(create: true))
        #expect(throws: NavStateError.self) {
            try Migrator.migrate(fresh, migrations: SchemaMigration.all + [breaking], logger: log, path: new)
        }
        #expect(try fresh.integer("PRAGMA user_version") == 0)
        #expect(try fresh.integer("SELECT count(*) FROM sqlite_master") == 0)
        withExtendedLifetime((connection, fresh)) {}
    }

    private static func schemaText(_ connection: SQLiteConnection) throws -> [String] {
        let statement = try connection.prepare("SELECT coalesce(sql, name) FROM sqlite_master ORDER BY name")
        var lines: [String] = []
        while try statement.step() { lines.append(statement.text(at: 0)) }
        return lines
    }

    @Test func aFileWhoseVersionIsBehindItsTablesIsATypedError() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        try NavStore(path: path, configuration: StoreFixtures.quiet()).save(SceneState(), scene: "main")
        try Tamper.run(path, "PRAGMA user_version = 1")
        let before = StoreFixtures.bytes(of: path)
        #expect {
            try NavStore(path: path, configuration: StoreFixtures.quiet())
        } throws: { error in
            guard let error = error as? NavStateError, error.code == .schemaMismatch else { return false }
            return error.path == path && error.detail("version") == 1
        }
        #expect(StoreFixtures.bytes(of: path) == before)
        // Recovery sets such a file aside whole and starts afresh.
        let (store, recovery) = try NavStore.openRecovering(path: path, configuration: StoreFixtures.quiet())
        guard recovery?.error.code == .schemaMismatch else {
            Issue.record("not recovered as a schema mismatch: \(String(describing: recovery))")
            return
        }
        let aside = try #require(recovery?.movedTo)
        #expect(StoreFixtures.bytes(of: aside) == before)
        #expect(try store.schemaVersion() == SchemaMigration.latestVersion)
    }
}
