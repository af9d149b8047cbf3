import CBenchSQLite
import Foundation
@_spi(Tooling) import NavState
import NavStateTooling

/// The launch workload's file and the raw sqlite3 floor's launch, shared by
/// `NavStateBench launch`, `launch-sql` and `launch-loop`.
package enum LaunchFile {
    package static let depth = 10
    package static let revisions = 20

    /// A file as an app leaves it: one scene, `revisions` revisions, the
    /// head `depth` deep.
    package static func make(_ path: String) throws {
        let routes = BenchData.path(depth: depth)
        let registry = BenchData.registry
        var configuration = NavStore.Configuration()
        configuration.logger.logLevel = .critical
        let store = try NavStore(path: path, configuration: configuration)
        let full = try routes.map { try AnyDestination($0, in: registry) }
        for revision in 1...revisions {
            // Alternating one short and the whole stack, ending on the whole.
            let root = revision.isMultiple(of: 2) || revision == revisions ? full : Array(full.dropLast())
            try store.save(SceneState(stack: root), scene: "main")
        }
    }

    /// The raw SQLite work a guarded launch needs, through the C API:
    /// open, the WAL and busy-timeout pragmas, read the scene's newest
    /// revision row, one write transaction recording the attempt, and with
    /// `confirming` a second removing it, as the app's confirmation does;
    /// close.
    package static func floorLaunch(_ path: String, confirming: Bool) throws {
        var handle: OpaquePointer?
        guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK, let db = handle else {
            throw BenchError("cannot open \(path)")
        }
        defer { sqlite3_close_v2(db) }
        sqlite3_busy_timeout(db, 5_000)
        for sql in ["PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL"] {
            guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw BenchError("cannot run \(sql)") }
        }
        var select: OpaquePointer?
        guard sqlite3_prepare_v2(db, "SELECT number, change FROM revision WHERE scene_id = 1 ORDER BY number DESC LIMIT 1", -1, &select, nil) == SQLITE_OK else {
            throw BenchError("cannot prepare the read")
        }
        guard sqlite3_step(select) == SQLITE_ROW, let blob = sqlite3_column_blob(select, 1) else {
            sqlite3_finalize(select)
            throw BenchError("no revision")
        }
        let number = sqlite3_column_int64(select, 0)
        let bytes = Data(bytes: blob, count: Int(sqlite3_column_bytes(select, 1)))
        sqlite3_finalize(select)
        guard !bytes.isEmpty else { throw BenchError("empty change") }
        guard sqlite3_exec(db, "BEGIN IMMEDIATE", nil, nil, nil) == SQLITE_OK else { throw BenchError("cannot begin") }
        try recordAttempt(db, revision: number)
        guard sqlite3_exec(db, "COMMIT", nil, nil, nil) == SQLITE_OK else { throw BenchError("cannot commit the attempt") }
        guard confirming else { return }
        var delete: OpaquePointer?
        guard sqlite3_prepare_v2(db, "DELETE FROM restore_attempt WHERE scene_id = 1 AND revision = ?1", -1, &delete, nil) == SQLITE_OK else {
            throw BenchError("cannot prepare the confirmation")
        }
        sqlite3_bind_int64(delete, 1, number)
        let deleted = sqlite3_step(delete)
        sqlite3_finalize(delete)
        guard deleted == SQLITE_DONE else { throw BenchError("cannot confirm") }
    }


    /// The SQL a NavStore launch runs, statement for statement, through the
    /// C API: the checks and pragmas of its open; in one write transaction
    /// the one query that finds the scene, its revisions and their
    /// unconfirmed restores and reads the chain down to the chosen
    /// revision's base, and the attempt; the confirmation; close. What
    /// NavStore adds to this is its Swift and its queue.
    ///
    /// `without` leaves parts out, to see what each costs
    /// (`NavStateBench launch-sql`).
    package static func sameSQLLaunch(_ path: String, without: Set<LaunchSQLPart> = []) throws {
        var handle: OpaquePointer?
        let flags = without.contains(.openFlags)
            ? SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX
            : SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_URI | SQLITE_OPEN_NOFOLLOW
        guard sqlite3_open_v2(without.contains(.openFlags) ? path : "file://" + path, &handle, flags, nil) == SQLITE_OK,
              let db = handle else {
            throw BenchError("cannot open \(path)")
        }
        defer { sqlite3_close_v2(db) }
        sqlite3_busy_timeout(db, 5_000)
        func run(_ sql: String) throws {
            guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw BenchError("cannot run \(sql)") }
        }
        if !without.contains(.checks) {
            try run("PRAGMA application_id")
            try run("PRAGMA user_version")
        }
        try run("PRAGMA journal_mode = WAL")
        try run(without.contains(.extraPragmas)
            ? "PRAGMA synchronous = NORMAL"
            : "PRAGMA synchronous = NORMAL; PRAGMA journal_size_limit = 2097152; PRAGMA foreign_keys = ON")
        try run("BEGIN IMMEDIATE")
        var rows: OpaquePointer?
        guard sqlite3_prepare_v2(db, """
            SELECT s.id, s.kept_revisions, r.number, r.base, r.chain_bytes, coalesce(a.unconfirmed, 0), r.saved_at, r.change
            FROM scene AS s JOIN revision AS r ON r.scene_id = s.id
            LEFT JOIN restore_attempt AS a ON a.scene_id = s.id AND a.revision = r.number
            WHERE s.name = ?1 AND r.number BETWEEN 1 AND 4503599627370496 ORDER BY r.number DESC
            """, -1, &rows, nil) == SQLITE_OK else { throw BenchError("cannot prepare the read") }
        sqlite3_bind_text(rows, 1, "main", -1, nil)
        var head: Int64 = 0
        var chain: [Data] = []
        while sqlite3_step(rows) == SQLITE_ROW {
            let number = sqlite3_column_int64(rows, 2)
            if head == 0 { head = number }
            guard let bytes = sqlite3_column_blob(rows, 7) else {
                sqlite3_finalize(rows)
                throw BenchError("a revision without its change")
            }
            chain.append(Data(bytes: bytes, count: Int(sqlite3_column_bytes(rows, 7))))
            if number <= sqlite3_column_int64(rows, 3) || without.contains(.chain) { break }
        }
        sqlite3_finalize(rows)
        guard head > 0, !chain.isEmpty else { throw BenchError("no revision") }
        try recordAttempt(db, revision: head)
        try run("COMMIT")
        if without.contains(.confirmation) { return }
        var delete: OpaquePointer?
        guard sqlite3_prepare_v2(db, """
            DELETE FROM restore_attempt
            WHERE scene_id = (SELECT id FROM scene WHERE name = ?1) AND revision = ?2
            """, -1, &delete, nil) == SQLITE_OK else { throw BenchError("cannot prepare the confirmation") }
        sqlite3_bind_text(delete, 1, "main", -1, nil)
        sqlite3_bind_int64(delete, 2, head)
        let deleted = sqlite3_step(delete)
        sqlite3_finalize(delete)
        guard deleted == SQLITE_DONE else { throw BenchError("cannot confirm") }
    }

    /// The guard's write, NavStore's statement: one more unconfirmed
    /// restore of `revision` of scene 1.
    private static func recordAttempt(_ db: OpaquePointer, revision: Int64) throws {
        var upsert: OpaquePointer?
        guard sqlite3_prepare_v2(db, """
            INSERT INTO restore_attempt (scene_id, revision, unconfirmed) VALUES (1, ?1, 1)
            ON CONFLICT (scene_id, revision) DO UPDATE SET unconfirmed = unconfirmed + 1
            """, -1, &upsert, nil) == SQLITE_OK else { throw BenchError("cannot prepare the write") }
        sqlite3_bind_int64(upsert, 1, revision)
        let stepped = sqlite3_step(upsert)
        sqlite3_finalize(upsert)
        guard stepped == SQLITE_DONE else { throw BenchError("cannot write the attempt") }
    }
}

/// Parts of a launch's SQL that `LaunchFile.sameSQLLaunch` can leave out.
package enum LaunchSQLPart: String, CaseIterable, Sendable {
    /// Opened by URI, with extended result codes and no symbolic links.
    case openFlags = "the open's URI and flags"
    /// `PRAGMA application_id` and `user_version`.
    case checks = "the file checks"
    /// `journal_size_limit` and `foreign_keys`.
    case extraPragmas = "the two extra pragmas"
    /// The rows below the head that its chain builds on.
    case chain = "the chain's older rows"
    /// The confirmation's write.
    case confirmation = "the confirmation"
}
