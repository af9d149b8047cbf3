public import NavStateReports
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
    @_spi(Tooling) public func history(scene: String) throws(NavStateError) -> [RevisionSummary] {
        try withConnection("history") { (store: inout State) throws(SQLiteError) in
            try RevisionTable.history(store.connection, scene: scene)
        }
    }

    /// Scenes, revision rows, full rows, and the schema version.
    package func rowCounts() throws(NavStateError) -> (scenes: Int, revisions: Int, fullRevisions: Int, schemaVersion: Int) {
        try withConnection("stats") { (store: inout State) throws(SQLiteError) in
            let connection = store.connection
            // One read transaction: the counts of one moment of a live file.
            return try connection.transaction(immediate: false) { () throws(SQLiteError) in
                (
                    try connection.integer("SELECT count(*) FROM scene"),
                    try connection.integer("SELECT count(*) FROM revision"),
                    try connection.integer("SELECT count(*) FROM revision WHERE base = number"),
                    try connection.integer("PRAGMA user_version"))
            }
        }
    }

    /// `VACUUM`, then the WAL checkpointed and truncated.
    package func vacuumFile() throws(NavStateError) {
        if isReadOnly { throw .readOnly(path: path) }
        try withConnection("vacuum") { (store: inout State) throws(SQLiteError) in
            store.cache.forgetAll()
            store.connection.resetActiveStatements()
            try store.connection.execute("VACUUM")
            _ = try Self.checkpointTruncating(store.connection)
        }
    }

    /// The schema version of the open database.
    @_spi(Tooling) public func schemaVersion() throws(NavStateError) -> Int {
        try withConnection("schema version") { (state: inout State) throws(SQLiteError) in
            try state.connection.integer("PRAGMA user_version")
        }
    }

    /// `PRAGMA integrity_check`, then `PRAGMA foreign_key_check`: empty
    /// when the file is sound, otherwise SQLite's description of each
    /// problem, and one line per table whose rows name a scene that is not
    /// there (the connection does not enforce the foreign keys, so such a
    /// row would otherwise go unseen).
    @_spi(Tooling) public func integrityCheck() throws(NavStateError) -> [String] {
        var problems = try problems(reportedBy: "PRAGMA integrity_check")
        let orphans = try withConnection("foreign key check") { (store: inout State) throws(SQLiteError) -> [(String, String, Int)] in
            let statement = try store.connection.prepare(
                "SELECT \"table\", parent, count(*) FROM pragma_foreign_key_check GROUP BY \"table\", parent ORDER BY \"table\"")
            var found: [(String, String, Int)] = []
            while try statement.step() { found.append((statement.text(at: 0), statement.text(at: 1), statement.int(at: 2))) }
            return found
        }
        for (table, parent, count) in orphans {
            problems.append("\(count) row(s) of \(table) name a \(parent) row that does not exist")
        }
        return problems
    }

    /// The migrations recorded in the database, in order: version, name and
    /// the SQL each ran.
    package func migrationRecords() throws(NavStateError) -> [(version: Int, name: String, sql: String)] {
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
