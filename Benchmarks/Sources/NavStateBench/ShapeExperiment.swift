import BenchSupport
import CBenchSQLite
import Foundation
@_spi(Tooling) import NavState
import NavStateTooling

/// `NavStateBench sql-shape`: the SQL a NavStore save runs, issued through
/// the C API with nothing of NavStore's Swift around it, against the raw
/// floor and a NavStore save in the same harness. It splits the gap between
/// a save and the floor into what SQLite does and what the store's Swift
/// does (docs/benchmarks.md, "Where a save goes").
enum ShapeExperiment {
    /// A connection with prepared statements, as the store keeps them.
    final class Raw {
        let db: OpaquePointer
        private var statements: [String: OpaquePointer] = [:]

        init(path: String) throws {
            var handle: OpaquePointer?
            guard sqlite3_open_v2(path, &handle, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, nil) == SQLITE_OK,
                  let handle else { throw BenchError("cannot open \(path)") }
            db = handle
            for sql in ["PRAGMA journal_mode = WAL", "PRAGMA synchronous = NORMAL", "PRAGMA foreign_keys = ON"] {
                guard sqlite3_exec(db, sql, nil, nil, nil) == SQLITE_OK else { throw BenchError("cannot run \(sql)") }
            }
        }

        deinit {
            for statement in statements.values { sqlite3_finalize(statement) }
            sqlite3_close_v2(db)
        }

        func run(_ sql: String, _ bind: (OpaquePointer) -> Void = { _ in }) throws {
            let statement: OpaquePointer
            if let cached = statements[sql] {
                statement = cached
            } else {
                var prepared: OpaquePointer?
                guard sqlite3_prepare_v3(db, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &prepared, nil) == SQLITE_OK,
                      let prepared else { throw BenchError("cannot prepare \(sql)") }
                statements[sql] = prepared
                statement = prepared
            }
            sqlite3_reset(statement)
            bind(statement)
            guard sqlite3_step(statement) == SQLITE_DONE else {
                throw BenchError("\(sql): \(String(cString: sqlite3_errmsg(db)))")
            }
        }
    }

    static func run(in directory: URL) async throws -> [String: Stats] {
        let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
        let registry = BenchData.registry
        let base = BenchData.path(depth: 10)
        let floor = try RawSQLite(path: directory.appendingPathComponent("floor.sqlite").path, full: false)
        let baseBytes = try SwiftUIRepresentation.encode(base)
        let pushedBytes = try SwiftUIRepresentation.encode(base + [BenchData.route(10)])

        let store = try NavStore(path: directory.appendingPathComponent("store.sqlite").path, configuration: Workloads.quiet())
        let state = SceneState<AnyDestination>(stack: try base.map { try AnyDestination($0, in: registry) })
        try store.saveBlocking(state, scene: "main")

        // A file made by NavStore, so the schema, keys and foreign keys are
        // the store's; rows the size of a push's delta, and every seventh
        // the size of a 10-deep full row, as the store writes them.
        let path = directory.appendingPathComponent("sql.sqlite").path
        try NavStore(path: path, configuration: Workloads.quiet())
            .saveBlocking(SceneState<NavEntry>(stack: [NavEntry(tag: "a", payload: "{}")]), scene: "main")
        let raw = try Raw(path: path)
        var number = 1
        let delta = [UInt8](repeating: 1, count: 70)
        let full = [UInt8](repeating: 2, count: 500)
        func insert() throws {
            number += 1
            let change = number % 7 == 0 ? full : delta
            try raw.run("""
                INSERT INTO revision (scene_id, number, saved_at, base, entry_count, presentation_count, byte_count, chain_bytes, change)
                VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
                """) { statement in
                sqlite3_bind_int64(statement, 1, 1)
                sqlite3_bind_int64(statement, 2, Int64(number))
                sqlite3_bind_double(statement, 3, 1.8e9)
                sqlite3_bind_int64(statement, 4, 1)
                sqlite3_bind_int64(statement, 5, 11)
                sqlite3_bind_int64(statement, 6, 0)
                sqlite3_bind_int64(statement, 7, 450)
                sqlite3_bind_int64(statement, 8, 100)
                _ = change.withUnsafeBytes { sqlite3_bind_blob(statement, 9, $0.baseAddress, Int32($0.count), transient) }
            }
        }

        // Every contender does the app's untimed work before its timed step,
        // as in the save tables: its own pop, and the tap that makes the next
        // destination.
        var tapped = try AnyDestination(BenchData.route(10), in: registry)
        func tap() throws { tapped = try AnyDestination(BenchData.route(10), in: registry) }
        let contenders = [
            Contender("raw sqlite3 floor", prepare: { try floor.save(scene: "main", bytes: baseBytes); try tap() }, step: {
                try floor.save(scene: "main", bytes: pushedBytes)
            }),
            Contender("the save's SQL: BEGIN IMMEDIATE, INSERT, COMMIT", prepare: {
                try raw.run("BEGIN IMMEDIATE")
                try insert()
                try raw.run("COMMIT")
                try tap()
            }, step: {
                try raw.run("BEGIN IMMEDIATE")
                try insert()
                try raw.run("COMMIT")
            }),
            Contender("the save's INSERT alone (autocommit)", prepare: { try insert(); try tap() }, step: { try insert() }),
            try Workloads.pushAndSave("NavStore save", store: store, state: state, depth: 10),
        ]
        let results = try await Harness.run(contenders, rounds: 10, perRound: 200, warmup: 100)
        _ = tapped
        return results
    }
}
