import Foundation
import NavStateModel
import NavStateSQLite

// What NavStateTooling shows of a file, read here so that every statement
// the package runs is the store's: the tooling calls these and writes no
// SQL of its own.
extension NavStore {
    /// The kept revisions of a scene, oldest first; empty when the scene does
    /// not exist. Rows older than the kept revisions are what a kept one
    /// builds on, not history; rows numbered out of range are damage
    /// (`check`).
    package func revisionSummaries(scene: String) throws(NavStoreError) -> [RevisionSummary] {
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
            try statement.bind(.text(scene))
            defer { statement.reset() }
            var revisions: [RevisionSummary] = []
            while try statement.step() {
                revisions.append(RevisionSummary(
                    revision: statement.int(at: 0), savedAt: Date(timeIntervalSince1970: statement.double(at: 1)),
                    entryCount: Self.storedCount(statement.int(at: 2)), presentations: Self.storedCount(statement.int(at: 3)),
                    bytes: Self.storedBytes(statement.int(at: 4))))
            }
            return revisions
        }
    }

    /// Scenes, revision rows, full rows, and the schema version.
    package func rowCounts() throws(NavStoreError) -> (scenes: Int, revisions: Int, fullRevisions: Int, schemaVersion: Int) {
        try withConnection("stats") { (store: inout State) throws(SQLiteError) in
            let connection = store.connection
            return (
                try connection.integer("SELECT count(*) FROM scene"),
                try connection.integer("SELECT count(*) FROM revision"),
                try connection.integer("SELECT count(*) FROM revision WHERE base = number"),
                try connection.integer("PRAGMA user_version"))
        }
    }

    /// `VACUUM`, then the WAL checkpointed and truncated.
    package func vacuumFile() throws(NavStoreError) {
        if isReadOnly { throw .readOnly(path: path) }
        try withConnection("vacuum") { (store: inout State) throws(SQLiteError) in
            store.cache.forgetAll()
            store.connection.resetActiveStatements()
            try store.connection.execute("VACUUM")
            _ = try Self.checkpointTruncating(store.connection)
        }
    }

    /// The schema version of the open database.
    package func fileSchemaVersion() throws(NavStoreError) -> Int {
        try withConnection("schema version") { (state: inout State) throws(SQLiteError) in
            try state.connection.integer("PRAGMA user_version")
        }
    }

    /// `PRAGMA integrity_check`: empty when the file is sound, otherwise
    /// SQLite's description of each problem.
    package func integrityProblems() throws(NavStoreError) -> [String] {
        try problems(reportedBy: "PRAGMA integrity_check")
    }

    /// The migrations recorded in the database, in order: version, name and
    /// the SQL each ran.
    package func migrationRecords() throws(NavStoreError) -> [(version: Int, name: String, sql: String)] {
        try withConnection("list migrations") { (state: inout State) throws(SQLiteError) in
            let statement = try state.connection.cached("SELECT version, name, sql FROM navstate_migration ORDER BY version")
            defer { statement.reset() }
            var migrations: [(version: Int, name: String, sql: String)] = []
            while try statement.step() {
                migrations.append((statement.int(at: 0), statement.text(at: 1), statement.text(at: 2)))
            }
            return migrations
        }
    }
}
