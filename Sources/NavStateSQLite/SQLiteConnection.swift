import CNavStateSQLite
import Foundation

/// One SQLite connection: opening, pragmas, statements, transactions.
///
/// It is deliberately not Sendable: a connection must be used by one thread at
/// a time, so the store owns it behind a lock. Only this folder imports the C
/// module.
package final class SQLiteConnection {
    private let handle: OpaquePointer
    /// Keyed by the address of the SQL literal: every cached statement's SQL
    /// is a `StaticString`, whose text never moves, so a lookup hashes one
    /// pointer rather than a few hundred characters.
    private var statementCache: [UnsafeRawPointer: SQLiteStatement] = [:]
    /// The last four statements looked up, checked before the dictionary
    /// by their keys alone: a save looks up the same three every time
    /// (`BEGIN IMMEDIATE`, its `INSERT`, `COMMIT`), and comparing pointers
    /// costs far less than hashing one. Never stale: no cached statement
    /// is ever dropped before the connection.
    private var recentKeys: (UnsafeRawPointer?, UnsafeRawPointer?, UnsafeRawPointer?, UnsafeRawPointer?) = (nil, nil, nil, nil)
    private var recentStatements: (SQLiteStatement?, SQLiteStatement?, SQLiteStatement?, SQLiteStatement?) = (nil, nil, nil, nil)
    /// Which of the four a lookup that misses them replaces next.
    private var nextRecent = 0
    /// Set when a statement returns a row, cleared by `resetActiveStatements`.
    /// Unchecked: one thread at a time uses a connection (the store's lock),
    /// and no access is held across a call (the check cost a save ~70 instructions).
    @exclusivity(unchecked) package var mayHaveActiveStatements = false
    /// Whether a read snapshot begun with ``beginSnapshot()`` holds: every
    /// transaction until ``endSnapshot()`` joins it, and reads what the
    /// file held when it began.
    @usableFromInline @exclusivity(unchecked) package internal(set) var holdsSnapshot = false
    /// The busy wait this connection's handler reads; kept alive as long
    /// as the connection.
    private let busyWait: BusyWait?

    /// `SQLITE_TRANSIENT`: tells SQLite to copy bound text before returning,
    /// because Swift's buffers do not outlive the call.
    /// (sqlite.org/c3ref/bind_blob.html: "If the fifth argument has the value
    /// SQLITE_TRANSIENT, then SQLite makes its own private copy of the data
    /// immediately, before the sqlite3_bind_*() routine returns.")
    static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)

    /// How a connection opens its file.
    package enum OpenMode: Equatable {
        /// Reads and writes; with `create`, creates a missing file.
        case readWrite(create: Bool)
        /// Reads only, through SQLite's normal locking and WAL index, so it
        /// sees other connections' commits. It needs the `-shm` (and, for a
        /// WAL file, the `-wal`) beside the file, and creates them if it can.
        case readOnly
        /// SQLite's `immutable=1`: reads the main file with no locks, no WAL
        /// index and no journal, so nothing is created beside it and a
        /// read-only directory is fine. sqlite.org/uri.html: "SQLite assumes
        /// that the database file cannot be changed, even by a process with
        /// higher privilege"; only safe while no `-wal` exists.
        case immutable
    }

    /// Opens the database at `path`, or a private in-memory database for
    /// `":memory:"`, waiting up to `busyTimeoutMilliseconds` for another
    /// connection's lock from the very first read.
    ///
    /// With `busyWait`, the connection waits as it says, and stops waiting
    /// at once when it is stopped; `busyTimeoutMilliseconds` is then unused.
    package init(path: String, mode: OpenMode, busyTimeoutMilliseconds: Int32 = 0, busyWait: BusyWait? = nil) throws(SQLiteError) {
        self.busyWait = busyWait
        // Files are always opened by URI, so a path that happens to start
        // with "file:" or hold "?" is still just a path.
        var flags = SQLITE_OPEN_NOMUTEX | SQLITE_OPEN_EXRESCODE | SQLITE_OPEN_URI
        var query = ""
        switch mode {
        case .readWrite(let create):
            // NOFOLLOW (SQLite 3.31): a writer never turns the target of a
            // symbolic link into a database ("the database filename is not
            // allowed to be a symbolic link", sqlite.org/c3ref/open.html).
            flags |= SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOFOLLOW
            if create { flags |= SQLITE_OPEN_CREATE }
        case .readOnly:
            flags |= SQLITE_OPEN_READONLY
        case .immutable:
            flags |= SQLITE_OPEN_READONLY
            query = "?immutable=1"
        }
        let name = path == ":memory:" ? path : Self.uri(forPath: path) + query
        var db: OpaquePointer?
        let result = sqlite3_open_v2(name, &db, flags, nil)
        guard let db else {
            throw SQLiteError(code: result, message: "out of memory opening the database", sql: nil)
        }
        guard result == SQLITE_OK else {
            let message = String(cString: sqlite3_errmsg(db))
            sqlite3_close_v2(db)
            throw SQLiteError(code: result, message: message, sql: nil)
        }
        if case .readWrite = mode {
            // What a write that needs no transaction of its own checks
            // itself with (`navstate_file_unchanged` in the C shim).
            let registered = navstate_register_file_unchanged(db)
            guard registered == SQLITE_OK else {
                let message = String(cString: sqlite3_errmsg(db))
                sqlite3_close_v2(db)
                throw SQLiteError(code: registered, message: message, sql: nil)
            }
        }
        handle = db
        sqlite3_extended_result_codes(db, 1)
        // Before anything reads: the first query of an open can meet another
        // process's lock (a migration, a checkpoint) as well as any later one.
        if let busyWait {
            navstate_set_busy_handler(db, busyWait.pointer)
        } else {
            sqlite3_busy_timeout(db, busyTimeoutMilliseconds)
        }
    }

    deinit {
        recentStatements = (nil, nil, nil, nil)
        statementCache.removeAll()
        sqlite3_close_v2(handle)
    }

    /// Folds the WAL back into the database after the commit that takes it
    /// past 500 frames (about 2 MiB), as SQLite's own automatic checkpoint
    /// does, and makes sure the WAL cannot keep growing behind readers.
    ///
    /// A PASSIVE checkpoint never waits, so readers in other processes that
    /// keep overlapping can stop it from ever finishing, and the WAL then
    /// grows without bound. Past 750 frames (about 3 MiB) the checkpoint is
    /// RESTART instead: it waits, through the busy handler, for the readers
    /// of older snapshots to finish, so the next write starts the WAL over.
    /// (sqlite.org/c3ref/wal_checkpoint_v2.html; `sqlite3_wal_hook` replaces
    /// the automatic checkpoint, so `PRAGMA wal_autocheckpoint` must not be
    /// set after this.)
    package func checkpointAutomatically() {
        sqlite3_wal_hook(handle, { _, db, _, frames in
            guard frames >= 500 else { return SQLITE_OK }
            let mode = frames >= 750 ? SQLITE_CHECKPOINT_RESTART : SQLITE_CHECKPOINT_PASSIVE
            // The commit is already durable; a checkpoint that meets a busy
            // reader is tried again after the next commit.
            _ = sqlite3_wal_checkpoint_v2(db, nil, mode, nil, nil)
            return SQLITE_OK
        }, nil)
    }

    /// Runs SQL text that takes no parameters (schema, pragmas, migrations),
    /// possibly several statements.
    package func execute(_ sql: String) throws(SQLiteError) {
        var errorMessage: UnsafeMutablePointer<CChar>?
        let result = sqlite3_exec(handle, sql, nil, nil, &errorMessage)
        if result != SQLITE_OK {
            let message = errorMessage.map { String(cString: $0) } ?? lastMessage
            sqlite3_free(errorMessage)
            var failure = error(result, sql: sql)
            failure.message = message
            throw failure
        }
    }

    /// A prepared statement, reused across calls with the same SQL: reset,
    /// its parameters NULL again unless the caller binds every one of them
    /// before each run (`bindsEveryParameter`), which spares clearing them.
    package func cached(_ sql: StaticString, bindsEveryParameter: Bool = false) throws(SQLiteError) -> SQLiteStatement {
        let key = UnsafeRawPointer(sql.utf8Start)
        if let statement = recentStatement(key) ?? statementCache[key] {
            remember(statement, as: key)
            if bindsEveryParameter { statement.resetKeepingBindings() } else { statement.reset() }
            return statement
        }
        let statement = try prepare(sql.description)
        statementCache[key] = statement
        remember(statement, as: key)
        return statement
    }

    /// The statement under `key` among the last four looked up.
    private func recentStatement(_ key: UnsafeRawPointer) -> SQLiteStatement? {
        if recentKeys.0 == key { return recentStatements.0 }
        if recentKeys.1 == key { return recentStatements.1 }
        if recentKeys.2 == key { return recentStatements.2 }
        if recentKeys.3 == key { return recentStatements.3 }
        return nil
    }

    /// Makes `statement` one of the last four looked up, unless it is.
    private func remember(_ statement: SQLiteStatement, as key: UnsafeRawPointer) {
        if recentKeys.0 == key || recentKeys.1 == key || recentKeys.2 == key || recentKeys.3 == key { return }
        switch nextRecent {
        case 0: (recentKeys.0, recentStatements.0) = (key, statement)
        case 1: (recentKeys.1, recentStatements.1) = (key, statement)
        case 2: (recentKeys.2, recentStatements.2) = (key, statement)
        default: (recentKeys.3, recentStatements.3) = (key, statement)
        }
        nextRecent = (nextRecent + 1) & 3
    }

    /// A prepared statement, reused across calls with the same `key`, whose
    /// SQL is composed (of shared fragments) the first time only.
    package func cached(_ key: StaticString, sql: () -> String) throws(SQLiteError) -> SQLiteStatement {
        let id = UnsafeRawPointer(key.utf8Start)
        if let statement = recentStatement(id) ?? statementCache[id] {
            remember(statement, as: id)
            statement.reset()
            return statement
        }
        let statement = try prepare(sql())
        statementCache[id] = statement
        remember(statement, as: id)
        return statement
    }

    /// A prepared statement used once.
    package func prepare(_ sql: String) throws(SQLiteError) -> SQLiteStatement {
        var statement: OpaquePointer?
        let result = sqlite3_prepare_v3(handle, sql, -1, UInt32(SQLITE_PREPARE_PERSISTENT), &statement, nil)
        guard result == SQLITE_OK, let statement else {
            throw error(result, sql: sql)
        }
        return SQLiteStatement(statement, connection: self, sql: sql)
    }

    /// Runs `body` in a transaction, committing when it returns and rolling
    /// back when it throws.
    ///
    /// `immediate` takes the write lock at BEGIN, so a writer waits (busy
    /// timeout) up front instead of failing halfway when another process
    /// writes; sqlite.org/lang_transaction.html: "IMMEDIATE cause the database
    /// connection to start a new write immediately".
    @inlinable
    package func transaction<T>(immediate: Bool, _ body: () throws(SQLiteError) -> T) throws(SQLiteError) -> T {
        let outcome: Result<T, Never> = try refusableTransaction(immediate: immediate) { () throws(SQLiteError) in
            .success(try body())
        }
        switch outcome {
        case .success(let value): return value
        }
    }

    /// Runs `body` in a transaction that it may refuse: a `.failure` rolls
    /// back everything the body wrote and is handed back as it is, so the
    /// caller's own error (a conflict, a schema it does not know) travels
    /// typed, beside SQLite's.
    @inlinable
    package func refusableTransaction<T, Refusal: Error>(
        immediate: Bool, _ body: () throws(SQLiteError) -> Result<T, Refusal>
    ) throws(SQLiteError) -> Result<T, Refusal> {
        // Inside a read snapshot: part of it (a reader writes nothing).
        if holdsSnapshot { return try body() }
        // Prepared once and reused: parsing BEGIN and COMMIT on every save
        // is measurable next to a one-row write.
        try cached(immediate ? "BEGIN IMMEDIATE" : "BEGIN DEFERRED").run()
        do {
            let outcome = try body()
            // A statement still part-way through its rows keeps the read
            // transaction open past COMMIT, and then the automatic checkpoint
            // that COMMIT runs cannot fold the WAL back: a long-lived store's
            // -wal would grow without bound.
            resetActiveStatements()
            switch outcome {
            case .success: try cached("COMMIT").run()
            // An error SQLite met inside may have rolled back already.
            case .failure: if !isAutocommit { try execute("ROLLBACK") }
            }
            return outcome
        } catch {
            // A failed COMMIT or an error that already rolled back leaves no
            // transaction; ROLLBACK then fails harmlessly.
            resetActiveStatements()
            if !isAutocommit { try? execute("ROLLBACK") }
            throw error
        }
    }

    /// Resets every statement still part-way through its rows.
    ///
    /// A statement that returned a row and was not reset keeps a read
    /// transaction open: in WAL mode that pins an old snapshot, hides other
    /// processes' writes and blocks checkpoints and VACUUM. The store calls
    /// this after every operation.
    package func resetActiveStatements() {
        // Only a statement that returned a row can be part-way through its
        // rows; a save that read none skips the walk over every statement.
        guard mayHaveActiveStatements else { return }
        mayHaveActiveStatements = false
        var statement = sqlite3_next_stmt(handle, nil)
        while let current = statement {
            if sqlite3_stmt_busy(current) != 0 { sqlite3_reset(current) }
            statement = sqlite3_next_stmt(handle, current)
        }
    }

    /// SQLite's data version of the main database: it changes whenever
    /// the file's content changes, through this connection or any other, as
    /// seen when this connection last began a transaction
    /// (sqlite.org/c3ref/c_fcntl_begin_atomic_write.html#sqlitefcntldataversion).
    /// Read inside a write transaction, equal to the value after this
    /// connection's own last commit means nobody else has written since.
    /// Whether the database file was deleted, renamed or replaced since
    /// this connection opened it: its path no longer leads to the file the
    /// connection writes (`SQLITE_FCNTL_HAS_MOVED`, SQLite 3.15: one
    /// `stat` of the path, compared with the open file). Writes to a moved
    /// file succeed but are lost, so the store checks before each call.
    /// `false` for an in-memory database.
    package var hasMoved: Bool {
        var moved: Int32 = 0
        guard sqlite3_file_control(handle, "main", SQLITE_FCNTL_HAS_MOVED, &moved) == SQLITE_OK else { return false }
        return moved != 0
    }

    /// Closes without folding the WAL into the file: for a connection whose
    /// file is no longer what it was (truncated under it), where a
    /// checkpoint would write its pages into the wrong bytes. Only takes
    /// effect when the connection closes.
    package func skipCheckpointOnClose() {
        _ = navstate_skip_checkpoint_on_close(handle)
    }

    /// Keeps the `-wal` and `-shm` at their paths when the connection
    /// closes (`SQLITE_FCNTL_PERSIST_WAL`): a connection whose file was
    /// moved must not delete what is at those paths now, which may be
    /// another connection's.
    package func keepWALOnClose() {
        var on: Int32 = 1
        _ = sqlite3_file_control(handle, "main", SQLITE_FCNTL_PERSIST_WAL, &on)
    }

    package var dataVersion: UInt32 {
        var version: UInt32 = 0
        // A NULL name is the main database (sqlite.org/c3ref/file_control.html),
        // without the name's lookup: every save reads this twice.
        _ = sqlite3_file_control(handle, nil, SQLITE_FCNTL_DATA_VERSION, &version)
        return version
    }

    package var isAutocommit: Bool { sqlite3_get_autocommit(handle) != 0 }

    /// Rows inserted, updated or deleted since the connection opened.
    package var totalChanges: Int { Int(sqlite3_total_changes64(handle)) }

    /// Rows changed by the last INSERT, UPDATE or DELETE.
    package var changes: Int { Int(sqlite3_changes64(handle)) }

    package var lastMessage: String { String(cString: sqlite3_errmsg(handle)) }

    package func error(_ code: Int32, sql: String?) -> SQLiteError {
        let extended = sqlite3_extended_errcode(handle)
        // An I/O error hides why the write failed; the errno says whether it
        // was space (a full disk, a quota, a file-size limit).
        var systemError = (extended & 0xFF) == SQLITE_IOERR ? sqlite3_system_errno(handle) : 0
        // SQLITE_IOERR_WRITE, a macro Swift does not import.
        if systemError == 0 && extended == SQLITE_IOERR | (3 << 8) && Self.fileSizeIsLimited {
            // SQLite keeps the failed write's errno to itself when it is not
            // ENOSPC; with a file-size limit in force (`ulimit -f`, SIGXFSZ
            // ignored) a refused write is that limit: EFBIG.
            systemError = EFBIG
        }
        return SQLiteError(code: extended, message: lastMessage, sql: sql, systemError: systemError)
    }

    /// Whether the process runs under a file-size limit (`RLIMIT_FSIZE`).
    package static var fileSizeIsLimited: Bool {
        // RLIM_INFINITY is a macro Swift does not import: all ones in
        // glibc, 2^63 - 1 on Darwin (<sys/resource.h>).
        var limit = rlimit()
        #if canImport(Glibc)
        guard getrlimit(__rlimit_resource_t(RLIMIT_FSIZE.rawValue), &limit) == 0 else { return false }
        let unlimited = rlim_t.max
        #else
        guard getrlimit(RLIMIT_FSIZE, &limit) == 0 else { return false }
        let unlimited = (rlim_t(1) << 63) - 1
        #endif
        return limit.rlim_cur != unlimited
    }

    /// The text of the first column of the first row of a parameterless
    /// query, such as `PRAGMA journal_mode = WAL`.
    package func text(_ sql: String) throws(SQLiteError) -> String? {
        let statement = try prepare(sql)
        guard try statement.step() else { return nil }
        return statement.text(at: 0)
    }

    /// The first column of the first row of a query that takes no
    /// parameters, such as `PRAGMA user_version`; 0 when there is no row.
    package func integer(_ sql: String) throws(SQLiteError) -> Int {
        let statement = try prepare(sql)
        guard try statement.step() else { return 0 }
        return statement.int(at: 0)
    }

    /// The path of the file behind the main database, empty in memory.
    package var filename: String {
        sqlite3_db_filename(handle, "main").map { String(cString: $0) } ?? ""
    }
}

@available(*, unavailable)
extension SQLiteConnection: Sendable {}
