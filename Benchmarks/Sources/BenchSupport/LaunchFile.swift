import CBenchSQLite
import Foundation
import NavState

/// The launch workload's file and the raw sqlite3 floor's launch, shared by
/// `NavStateBench launch` and `LaunchInstructions`.
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
            try store.save(SceneState(root: root), scene: "main")
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
        var upsert: OpaquePointer?
        guard sqlite3_prepare_v2(db, """
            INSERT INTO restore_attempt (scene_id, revision, unconfirmed) VALUES (1, ?1, 1)
            ON CONFLICT (scene_id, revision) DO UPDATE SET unconfirmed = unconfirmed + 1
            """, -1, &upsert, nil) == SQLITE_OK else { throw BenchError("cannot prepare the write") }
        sqlite3_bind_int64(upsert, 1, number)
        let stepped = sqlite3_step(upsert)
        sqlite3_finalize(upsert)
        guard stepped == SQLITE_DONE, sqlite3_exec(db, "COMMIT", nil, nil, nil) == SQLITE_OK else {
            throw BenchError("cannot write the attempt")
        }
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

}
