import Foundation
import NavStateModel
import NavStateSQLite

/// How a store opened with ``NavStore/open(readingAt:configuration:)``
/// reaches its file without creating anything beside it.
///
/// SQLite's normal read-only mode needs the `-wal` and `-shm` files and
/// creates them when they are missing (so a read leaves them behind, and
/// fails in a read-only directory). So:
///
/// - No `-wal` beside the file: nothing is waiting to be checkpointed and no
///   connection has the file open in WAL mode, so the main file is the whole
///   database. It is read with `immutable=1`: no locks, no `-shm`, no `-wal`.
///   Before every operation the store looks again, and switches to the next
///   mode once a `-wal` appears (a writer opened the file since).
/// - A `-wal` and a `-shm`: a writer has the file open (or crashed with it
///   open). Read-only mode reads through them and sees every commit, and
///   creates nothing, since both exist.
/// - A `-wal` without a `-shm` (files copied off a device), or a `-shm` that
///   cannot be used from here: the database and its `-wal` are copied into a
///   private temporary directory and the copy is read; the copy goes when the
///   store does.
enum ReadingSource {
    case immutable
    case live
    case copy(TemporaryCopy)

    /// Whether an immutable read would now miss a writer's WAL.
    func isStale(path: String) -> Bool {
        guard case .immutable = self else { return false }
        return Self.walHoldsFrames(path)
    }

    /// Whether a `-wal` beside `path` holds anything. An empty one (what a
    /// writer leaves that opened and wrote nothing, or that failed to open
    /// on a full disk, with a `-shm` it could not grow) adds nothing to the
    /// main file, so the main file alone is read, with nothing created.
    static func walHoldsFrames(_ path: String) -> Bool {
        var info = stat()
        return stat(path + "-wal", &info) == 0 && info.st_size > 0
    }
}

/// A private copy of a database and its `-wal`, removed with the value.
final class TemporaryCopy {
    let directory: String
    let path: String

    init(of source: String) throws(NavStateError) {
        var template = Array((NSTemporaryDirectory() + "/navstate-read-XXXXXX").utf8CString)
        let created: String? = template.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress, mkdtemp(base) != nil else { return nil }
            return String(cString: base)
        }
        guard let created else {
            throw .openingFailed(path: source, at: .copyForReading, cause: String(cString: strerror(errno)))
        }
        directory = created
        path = directory + "/copy.sqlite"
        for suffix in ["", "-wal"] {
            guard let data = FileManager.default.contents(atPath: source + suffix) else {
                try? FileManager.default.removeItem(atPath: directory)
                throw .openingFailed(path: source, at: .copyForReading, cause: nil)
            }
            guard FileManager.default.createFile(atPath: path + suffix, contents: data, attributes: [.posixPermissions: 0o600]) else {
                try? FileManager.default.removeItem(atPath: directory)
                throw .openingFailed(path: source, at: .copyForReading, cause: nil)
            }
        }
    }

    deinit {
        try? FileManager.default.removeItem(atPath: directory)
    }
}

extension NavStore {
    static func openForReading(
        _ path: String, _ configuration: Configuration, _ busyWait: BusyWait
    ) throws(NavStateError) -> (state: State, migrationsApplied: Int) {
        guard FileManager.default.fileExists(atPath: path) else { throw .fileNotFound(path: path) }
        try StoreFile.checkReadable(path)
        if let target = try? StoreFile.resolvingDirectory(of: path) { OpenWriters.settle(target) }
        let (connection, source) = try readingConnection(path, configuration, busyWait)
        return (State(connection: connection, reading: source), 0)
    }

    /// A connection for reading, in the mode the files beside `path` allow;
    /// its first reads have already checked that the file is NavState's, of
    /// the schema this build reads.
    ///
    /// A file with a non-empty `-wal` beside it may be one a writer is creating or
    /// migrating right now (all migrations commit at once, so a reader sees
    /// the schema before them or after): up to the busy timeout, an older
    /// schema or no schema yet is looked at again before it is called what
    /// the file has.
    static func readingConnection(
        _ path: String, _ configuration: Configuration, _ busyWait: BusyWait
    ) throws(NavStateError) -> (SQLiteConnection, ReadingSource) {
        let deadline = ContinuousClock.now + configuration.busyTimeout
        var notADatabaseTries = 0
        while true {
            do {
                return try readingConnectionOnce(path, configuration, busyWait)
            } catch {
                switch error.code {
                case .olderSchema, .notInitialized:
                    guard ReadingSource.walHoldsFrames(path), ContinuousClock.now < deadline else { throw error }
                    usleep(5_000)
                case .notADatabase:
                    // A reader takes no lock on a file without a -wal, so it
                    // can meet the first page half written by a writer
                    // creating the file: one write later it is whole. Look
                    // again a few times (a file that is not SQLite costs a
                    // reader 10 ms more), and for as long as a -journal or
                    // -wal says a writer is at work.
                    notADatabaseTries += 1
                    guard ContinuousClock.now < deadline, notADatabaseTries <= 5 || writerIsAtWork(path) else { throw error }
                    usleep(2_000)
                case .cannotOpen where error.detail("reason") == NavStateError.OpenStep.copyForReading.description:
                    // The -wal was there when the reader looked and gone when
                    // it copied it: the writer closed, folding it into the
                    // file. Look again; the main file now reads whole.
                    guard ContinuousClock.now < deadline else { throw error }
                    usleep(1_000)
                default:
                    throw error
                }
            }
        }
    }

    /// Whether a writer is creating or changing the file now: a `-journal`
    /// or a `-wal` beside it.
    private static func writerIsAtWork(_ path: String) -> Bool {
        var info = stat()
        return stat(path + "-journal", &info) == 0 || stat(path + "-wal", &info) == 0
    }

    private static func readingConnectionOnce(
        _ path: String, _ configuration: Configuration, _ busyWait: BusyWait
    ) throws(NavStateError) -> (SQLiteConnection, ReadingSource) {
        let files = FileManager.default
        let timeout = configuration.busyTimeoutMilliseconds
        if !ReadingSource.walHoldsFrames(path) {
            let connection = try sqlite(path) { () throws(SQLiteError) in
                try SQLiteConnection(path: path, mode: .immutable, busyTimeoutMilliseconds: timeout, busyWait: busyWait)
            }
            try checkReadable(connection, path: path)
            return (connection, .immutable)
        }
        if files.fileExists(atPath: path + "-shm") {
            do throws(NavStateError) {
                let connection = try sqlite(path) { () throws(SQLiteError) in
                    try SQLiteConnection(path: path, mode: .readOnly, busyTimeoutMilliseconds: timeout, busyWait: busyWait)
                }
                try checkReadable(connection, path: path)
                return (connection, .live)
            } catch {
                // The -shm cannot be mapped from here (another user's, a
                // read-only directory): read a copy instead.
                switch error.code {
                case .readOnly, .cannotOpen: break
                default: throw error
                }
            }
        }
        let copy = try TemporaryCopy(of: path)
        let connection = try sqlite(path) { () throws(SQLiteError) in
            try SQLiteConnection(path: copy.path, mode: .readOnly, busyTimeoutMilliseconds: timeout, busyWait: busyWait)
        }
        try checkReadable(connection, path: path)
        return (connection, .copy(copy))
    }

    /// A read-only store needs a NavState file of the schema this build
    /// reads: only that schema's SQL is in it.
    private static func checkReadable(_ connection: SQLiteConnection, path: String) throws(NavStateError) {
        let found = try Migrator.checkBelongsToNavState(connection, path: path)
        let latest = SchemaMigration.latestVersion
        if found == 0 { throw .notInitialized(path: path) }
        if found < latest { throw .olderSchema(path: path, found: found, known: latest) }
    }
}
