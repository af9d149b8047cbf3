public import Foundation
public import NavState
import Logging
import NavStateSQLite

extension NavStore {
    /// The kept revisions of a scene, oldest first; empty when the scene does
    /// not exist.
    public func history(scene: String) throws(NavStoreError) -> [RevisionSummary] {
        try withConnection("history") { (store: inout State) throws(SQLiteError) in
            let statement = try store.connection.cached("""
                SELECT r.number, r.saved_at, r.entry_count, r.presentation_count, r.byte_count
                FROM revision AS r JOIN scene AS s ON s.id = r.scene_id
                WHERE s.name = ?1 AND r.number BETWEEN 1 AND 4503599627370496
                    AND (s.kept_revisions IS NULL OR s.kept_revisions NOT BETWEEN 1 AND 2147483648
                         OR r.number > (SELECT max(number) FROM revision
                                        WHERE scene_id = s.id AND number BETWEEN 1 AND 4503599627370496) - s.kept_revisions)
                ORDER BY r.number
                """)
            // Rows older than the kept revisions are what a kept one builds on,
            // not history; rows numbered out of range are damage (`check`).
            try statement.bind(.text(scene))
            var revisions: [RevisionSummary] = []
            while try statement.step() {
                revisions.append(RevisionSummary(
                    revision: statement.int(at: 0), savedAt: Date(timeIntervalSince1970: statement.double(at: 1)),
                    entryCount: NavStore.storedCount(statement.int(at: 2)), presentations: NavStore.storedCount(statement.int(at: 3)),
                    bytes: NavStore.storedBytes(statement.int(at: 4))))
            }
            return revisions
        }
    }

    /// What the rows of scenes that load say of themselves that is not so:
    /// `kept_revisions` or revision numbers out of range, a head row whose
    /// counts are not its state's. `navstate check` lists them beside the
    /// scenes that cannot load (``/NavState/NavStore/damagedScenes()``).
    public func inconsistentRows() throws(NavStoreError) -> [SceneDamage] {
        try rowProblems()
    }

    /// Counts of scenes, revision rows and full rows, file sizes, and the schema
    /// version.
    public func stats() throws(NavStoreError) -> StoreStats {
        let counts = try withConnection("stats") { (store: inout State) throws(SQLiteError) -> (Int, Int, Int, Int) in
            let connection = store.connection
            return (
                try connection.integer("SELECT count(*) FROM scene"),
                try connection.integer("SELECT count(*) FROM revision"),
                try connection.integer("SELECT count(*) FROM revision WHERE base = number"),
                try connection.integer("PRAGMA user_version"))
        }
        func size(_ file: String) -> Int {
            ((try? FileManager.default.attributesOfItem(atPath: file))?[.size] as? NSNumber)?.intValue ?? 0
        }
        let onDisk = path != ":memory:"
        return StoreStats(
            scenes: counts.0, revisions: counts.1, fullRevisions: counts.2,
            fileBytes: onDisk ? size(path) : 0, walBytes: onDisk ? size(path + "-wal") : 0,
            schemaVersion: counts.3)
    }

    /// Gives the pages freed by deletes and prunes back to the filesystem:
    /// `VACUUM` rewrites the file without them, then the WAL is checkpointed
    /// and truncated.
    ///
    /// - Returns: The file's size in bytes before and after.
    @discardableResult
    public func vacuum() throws(NavStoreError) -> (before: Int, after: Int) {
        if isReadOnly { throw .readOnly(path: path) }
        let before = try stats()
        try withConnection("vacuum") { (store: inout State) throws(SQLiteError) in
            store.heads.removeAll()
            store.connection.resetActiveStatements()
            try store.connection.execute("VACUUM")
            _ = try Self.checkpointTruncating(store.connection)
        }
        let after = try stats()
        logger.info("vacuumed store", metadata: ["before": "\(before.fileBytes)", "after": "\(after.fileBytes)"])
        return (before.fileBytes + before.walBytes, after.fileBytes + after.walBytes)
    }

    /// The schema version of the open database.
    public func schemaVersion() throws(NavStoreError) -> Int {
        try withConnection("schema version") { (state: inout State) throws(SQLiteError) in
            try state.connection.integer("PRAGMA user_version")
        }
    }

    /// The schema version this build of NavState creates and reads.
    public static var latestSchemaVersion: Int { SchemaMigration.latestVersion }

    /// `PRAGMA integrity_check`: an empty list when the file is sound,
    /// otherwise SQLite's description of each problem.
    public func integrityCheck() throws(NavStoreError) -> [String] {
        try problems(reportedBy: "PRAGMA integrity_check")
    }

    /// The migrations recorded in the database, in order, with the SQL each
    /// one ran.
    public func appliedMigrations() throws(NavStoreError) -> [AppliedMigration] {
        try withConnection("list migrations") { (state: inout State) throws(SQLiteError) in
            let statement = try state.connection.cached("SELECT version, name, sql FROM navstate_migration ORDER BY version")
            var migrations: [AppliedMigration] = []
            while try statement.step() {
                migrations.append(AppliedMigration(
                    version: statement.int(at: 0), name: statement.text(at: 1), sql: statement.text(at: 2)))
            }
            return migrations
        }
    }
}

/// A migration recorded in a database: one numbered file of `Migrations/`.
public struct AppliedMigration: Sendable, Hashable {
    /// The number the file starts with: 1 for `0001_initial_schema.sql`.
    public let version: Int
    /// The file name without `.sql`.
    public let name: String
    /// The SQL it ran.
    public let sql: String
}

/// A revision as `history(scene:)` lists it.
public struct RevisionSummary: Sendable, Hashable, Codable {
    /// The revision's number.
    public var revision: Int
    /// When it was saved, by the store's clock.
    public var savedAt: Date
    /// Entries in the revision, presentation destinations included.
    public var entryCount: Int
    /// Presentations in the revision.
    public var presentations: Int
    /// Tag and payload bytes of the revision.
    public var bytes: Int
}

/// Counts and sizes of a store.
public struct StoreStats: Sendable, Hashable, Codable {
    /// Scenes in the file.
    public var scenes: Int
    /// Revision rows, every scene together: the kept revisions, and the
    /// older rows a kept one is stored as a change on top of.
    public var revisions: Int
    /// Of those, the rows that hold a whole state rather than a change.
    public var fullRevisions: Int
    /// Size of the database file.
    public var fileBytes: Int
    /// Size of its `-wal` file, 0 when there is none.
    public var walBytes: Int
    /// The schema version the file is at.
    public var schemaVersion: Int
}
