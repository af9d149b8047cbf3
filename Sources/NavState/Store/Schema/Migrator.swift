import Foundation
import Logging
import NavStateModel
import NavStateSQLite

/// Opening a file as a store: the checks that it is NavState's and of a
/// schema this build knows, the connection's settings, and the migrations
/// of `Migrations/`, all in one transaction. One of the store's parts
/// (with `HeadCache`, `RevisionTable` and `StoreFile`).
enum Migrator {
    /// Refuses, before anything is written, a file that is not SQLite, that
    /// another app owns, or whose schema is newer than this build knows.
    ///
    /// Only reads happen here: `PRAGMA journal_mode=WAL` rewrites bytes of
    /// the header, so it runs after these checks, never before.
    ///
    /// - Returns: The file's schema version (`PRAGMA user_version`).
    @discardableResult
    static func checkBelongsToNavState(_ connection: SQLiteConnection, path: String) throws(NavStateError) -> Int {
        let header: (objects: Int, applicationID: Int, schemaVersion: Int)
        do throws(SQLiteError) {
            // Plain statements: the pragmas as table-valued functions in
            // one cost more than all of them (each declares a virtual table).
            // The schema is counted only when the ID does not say NavState
            // (an empty file and another app's both have other IDs), and
            // then the ID is read again: another process may have created
            // the schema, and set the ID in the same transaction, between
            // the two reads.
            var applicationID = try connection.integer("PRAGMA application_id")
            var objects = 0
            if applicationID != NavStore.applicationID {
                objects = try connection.integer("SELECT count(*) FROM sqlite_master")
                applicationID = try connection.integer("PRAGMA application_id")
            }
            header = (objects, applicationID, try connection.integer("PRAGMA user_version"))
        } catch {
            // A garbage file fails here, before a single byte is written.
            if error.isNotADatabase || error.isCorrupt { throw .notADatabase(path: path) }
            throw NavStateError(error, path: path)
        }
        if header.applicationID != NavStore.applicationID && (header.applicationID != 0 || header.objects > 0) {
            throw .foreignDatabase(path: path)
        }
        if header.schemaVersion > SchemaMigration.latestVersion {
            throw .newerSchema(path: path, found: header.schemaVersion, known: SchemaMigration.latestVersion)
        }
        return header.schemaVersion
    }

    static func configure(_ connection: SQLiteConnection, _ configuration: NavStore.Configuration) throws(NavStateError) {
        let path = connection.filename
        // In memory the journal mode stays "memory"; on disk it must be WAL.
        let mode = try NavStore.sqlite(path) { () throws(SQLiteError) in
            try switchToWAL(connection, within: configuration.busyTimeout)
        }
        if connection.filename != "" && mode?.lowercased() != "wal" {
            throw .openingFailed(path: path, at: .switchToWAL(got: mode), cause: nil)
        }
        try NavStore.sqlite(path) { () throws(SQLiteError) in try applyPragmas(connection, configuration) }
    }

    /// `PRAGMA journal_mode = WAL`, tried again while another connection
    /// holds the file's lock. On a new file, which is still in rollback
    /// mode, SQLite answers SQLITE_BUSY at once instead of calling the busy
    /// handler when the switch could deadlock with a connection that is
    /// switching it too (processes opening a file that did not exist yet,
    /// `StressTests`; about one start in twenty under load, before this).
    private static func switchToWAL(_ connection: SQLiteConnection, within timeout: Duration) throws(SQLiteError) -> String? {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        var pause = Duration.milliseconds(1)
        while true {
            do {
                return try connection.text("PRAGMA journal_mode = WAL")
            } catch where error.isBusy && clock.now < deadline {
                connection.resetActiveStatements()
                Thread.sleep(forTimeInterval: Double(pause.components.seconds) + Double(pause.components.attoseconds) / 1e18)
                pause = min(pause * 2, .milliseconds(50))
            }
        }
    }

    /// The connection's pragmas, in one call: durability, the WAL's size
    /// limit, the page cap, and foreign keys off.
    private static func applyPragmas(_ connection: SQLiteConnection, _ configuration: NavStore.Configuration) throws(SQLiteError) {
        var pragmas = [
            configuration.durability == .full ? "PRAGMA synchronous = FULL" : "PRAGMA synchronous = NORMAL",
            // The WAL is folded back into the file by the committing save
            // (see checkpointAutomatically) and cut back to 2 MiB whenever
            // it restarts, so a store kept open for months keeps its -wal
            // under 4 MB even with readers in other processes (the soak test
            // measures it; sqlite.org/pragma.html#pragma_journal_size_limit).
            "PRAGMA journal_size_limit = 2097152",
            // The schema declares its foreign keys (each scene's revisions
            // and attempts), and `migrate` checks them before each commit,
            // but the connection does not enforce them: SQLite checks a
            // declared key for every row a DELETE removes from the child
            // table, which made trimming a scene's history (every 64th
            // save) cost 13% of all the saves' instructions. The code that
            // deletes a scene deletes its rows (`RevisionTable.deleteScene`),
            // and `integrityProblems` reports a row whose scene is gone.
            "PRAGMA foreign_keys = OFF",
            // A row a save deletes (a popped screen's draft) is zeroed in the
            // page the save writes anyway, so its bytes leave the file at the
            // next checkpoint; pages freed whole are not overwritten (that
            // would cost writes): `delete(scene:)` and `purge()` turn it ON.
            "PRAGMA secure_delete = FAST",
        ]
        if let pages = configuration.maximumPageCount {
            // PRAGMA takes no bound parameters; the value is an integer from the app.
            pragmas.append("PRAGMA max_page_count = " + String(max(1, pages)))
        }
        try connection.execute(pragmas.joined(separator: "; "))
        connection.checkpointAutomatically()
    }

    /// Applies every migration the database has not seen, in order, in one
    /// immediate transaction, recording each in `navstate_migration`.
    ///
    /// One transaction, so another process sees the file as it was or as
    /// it is now, never between two migrations: a reader racing the writer
    /// that creates a file met schema 3 of a file on its way to 6 (one read
    /// in thousands under AddressSanitizer), and a kill mid-way leaves the
    /// old file whole.
    ///
    /// Foreign keys are off while migrations run (and on every NavStore
    /// connection, see `applyPragmas`), as SQLite's table-rebuild procedure
    /// requires (sqlite.org/lang_altertable.html#otheralter): with them on,
    /// dropping a rebuilt `scene` table would cascade-delete every revision.
    /// `PRAGMA foreign_keys` is a no-op inside a transaction, so it is
    /// switched outside; `PRAGMA foreign_key_check` runs after each
    /// migration, so one that breaks a reference rolls them all back.
    ///
    /// - Returns: How many migrations were applied.
    static func migrate(
        _ connection: SQLiteConnection, migrations: [SchemaMigration] = SchemaMigration.all,
        logger: NavLog, path: String
    ) throws(NavStateError) -> Int {
        try NavStore.sqlite(path) { () throws(SQLiteError) in try connection.execute("PRAGMA foreign_keys = OFF") }
        let known = migrations.last?.version ?? 0
        let outcome = try NavStore.sqlite(path) { () throws(SQLiteError) in
            try connection.refusableTransaction(immediate: true) { () throws(SQLiteError) -> Result<[SchemaMigration], NavStateError> in
                // Another process may have migrated while this one waited.
                let current = try connection.integer("PRAGMA user_version")
                if current > known {
                    return .failure(NavStateError.newerSchema(path: path, found: current, known: known))
                }
                var applied: [SchemaMigration] = []
                for migration in migrations where current < migration.version {
                    if let refusal = try apply(migration, connection, from: current, logger: logger, path: path) {
                        return .failure(refusal)
                    }
                    applied.append(migration)
                }
                return .success(applied)
            }
        }
        // A switch, not `outcome.get()`: the iOS 17 SDK interface that
        // typecheck-apple.sh reads declares `get()` untyped.
        switch outcome {
        case .failure(let error):
            throw error
        case .success(let applied):
            for migration in applied {
                logger.debug("migrated store", metadata: ["path": "\(path)", "migration": "\(migration.name)"])
            }
            return applied.count
        }
    }

    /// Runs one migration inside the caller's transaction; a refusal when
    /// the file cannot take it.
    private static func apply(
        _ migration: SchemaMigration, _ connection: SQLiteConnection, from current: Int, logger: NavLog, path: String
    ) throws(SQLiteError) -> NavStateError? {
        do throws(SQLiteError) {
            for part in migration.parts {
                try connection.execute(part.sql)
                guard let name = part.step else { continue }
                guard let step = SchemaMigration.Step(rawValue: name) else {
                    return .openingFailed(path: path, at: .unknownMigrationStep(migration: migration.name, step: name), cause: nil)
                }
                try step.run(connection, logger: logger)
            }
        } catch where error.isSQLError {
            // "table … already exists": the file's user_version says
            // less than its tables do, so it was tampered with.
            return .schemaMismatch(path: path, version: current, cause: error.message)
        }
        let broken = try connection.integer("SELECT count(*) FROM pragma_foreign_key_check")
        if broken > 0 {
            return .migrationBreaksReferences(path: path, migration: migration.name, rows: broken)
        }
        try connection.cached(
            "INSERT INTO navstate_migration (version, name, sql, applied_at) VALUES (?1, ?2, ?3, ?4)"
        ).bind(.integer(migration.version), .text(migration.name), .text(migration.sql),
               .real(Date().timeIntervalSince1970)).run()
        // PRAGMA takes no bound parameters; the version is our own constant.
        try connection.execute("PRAGMA user_version = " + String(migration.version))
        return nil
    }
}
