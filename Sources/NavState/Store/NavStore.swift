import Foundation
import Logging

/// Saves and loads navigation state per scene in one SQLite file.
///
/// ```swift
/// let store = try NavStore(path: url.path)
/// let saved = try store.save(state, scene: "main")
/// let head = try store.load(scene: "main")
/// ```
///
/// A store is safe to share between threads (calls are serialised on one
/// connection) and between processes (WAL journal, busy timeout, immediate
/// write transactions). A save writes only the entries that changed since the
/// head revision; every kept revision still loads exactly as it was saved.
/// See `docs/store.md`.
public final class NavStore: Sendable {
    /// NavState's `PRAGMA application_id`: 'NAVS'.
    static let applicationID = 0x4E41_5653

    /// Everything behind the lock.
    struct State {
        let connection: SQLiteConnection
        /// Head entries per scene, so a save can diff without reading the
        /// whole stack back. Checked against the head revision on every save.
        var heads: [String: CachedHead] = [:]
    }

    struct CachedHead {
        let sceneID: Int
        let revision: Int
        var slots: [Int: [NavEntry]]
    }

    /// The database file's path, or `:memory:`.
    public let path: String
    public let configuration: Configuration
    /// True for a store opened with ``init(readingAt:configuration:)``.
    public let isReadOnly: Bool
    let state: LockedState
    var logger: Logger { configuration.logger }

    /// Opens the database at `path`, creating it (owner-only, mode 0600) if
    /// it does not exist, and bringing its schema up to date.
    ///
    /// - Throws: ``NavStoreError``: a file that is not SQLite, belongs to
    ///   another app, or has a newer schema is refused and left byte-identical.
    public convenience init(path: String, configuration: Configuration = Configuration()) throws(NavStoreError) {
        try Self.createOwnerOnlyFileIfMissing(path)
        try self.init(opening: path, displayPath: path, configuration: configuration)
    }

    /// Opens an existing database for reading only: nothing is created,
    /// migrated or written, so the file stays byte-identical. Saving through
    /// such a store fails with ``NavStoreError/readOnly(path:)``.
    ///
    /// - Throws: ``NavStoreError/fileNotFound(path:)`` when there is no file,
    ///   and the same refusals as ``init(path:configuration:)``.
    public convenience init(readingAt path: String, configuration: Configuration = Configuration()) throws(NavStoreError) {
        guard FileManager.default.fileExists(atPath: path) else {
            throw .fileNotFound(path: path)
        }
        try self.init(opening: path, displayPath: path, configuration: configuration, readOnly: true)
    }

    /// A private store in memory, for tests and previews.
    public static func inMemory(configuration: Configuration = Configuration()) throws(NavStoreError) -> NavStore {
        try NavStore(opening: ":memory:", displayPath: ":memory:", configuration: configuration)
    }

    private init(
        opening sqlitePath: String, displayPath: String, configuration: Configuration, readOnly: Bool = false
    ) throws(NavStoreError) {
        self.path = displayPath
        self.configuration = configuration
        self.isReadOnly = readOnly
        let connection: SQLiteConnection
        do {
            connection = try SQLiteConnection(path: sqlitePath, create: sqlitePath == ":memory:", readOnly: readOnly)
        } catch {
            throw NavStoreError(error, path: displayPath)
        }
        do {
            try Self.checkBelongsToNavState(connection, path: displayPath)
            let applied: Int
            if readOnly {
                try Self.checkReadable(connection, path: displayPath)
                Self.setBusyTimeout(connection, configuration)
                applied = 0
            } else {
                try Self.configure(connection, configuration)
                applied = try Self.migrate(connection, logger: configuration.logger, path: displayPath)
            }
            configuration.logger.info("opened store", metadata: [
                "path": "\(displayPath)",
                "schema": "\(SchemaMigration.latestVersion)",
                "migrationsApplied": "\(applied)",
            ])
        } catch let error as NavStoreError {
            configuration.logger.error("could not open store", metadata: ["path": "\(displayPath)", "error": "\(error)"])
            throw error
        } catch let error as SQLiteError {
            let storeError = NavStoreError(error, path: displayPath)
            configuration.logger.error("could not open store", metadata: ["path": "\(displayPath)", "error": "\(storeError)"])
            throw storeError
        } catch {
            throw .cannotOpen(path: displayPath, message: String(describing: error))
        }
        state = LockedState(State(connection: connection))
    }

    /// Runs `body` with the connection, turning SQLite failures into
    /// ``NavStoreError`` and logging them.
    func withConnection<T>(_ operation: String, _ body: (inout State) throws -> T) throws(NavStoreError) -> T {
        do {
            return try state.withLock { state in
                defer { state.connection.resetActiveStatements() }
                return try body(&state)
            }
        } catch let error as NavStoreError {
            logger.error("\(operation) failed", metadata: ["path": "\(path)", "error": "\(error)"])
            throw error
        } catch let error as SQLiteError {
            let storeError = NavStoreError(error, path: path)
            logger.error("\(operation) failed", metadata: ["path": "\(path)", "error": "\(storeError)"])
            throw storeError
        } catch {
            throw .sqlite(path: path, code: -1, message: String(describing: error))
        }
    }

    /// Creates an empty file readable and writable by its owner only. SQLite
    /// gives the `-wal` and `-shm` files it creates the same mode.
    private static func createOwnerOnlyFileIfMissing(_ path: String) throws(NavStoreError) {
        let descriptor = open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            // The process umask could only have narrowed 0600; make it exact.
            fchmod(descriptor, 0o600)
            close(descriptor)
            return
        }
        let code = errno
        if code == EEXIST { return }
        if code == EACCES || code == EROFS || code == EPERM { throw .readOnly(path: path) }
        if code == ENOSPC { throw .diskFull(path: path) }
        throw .cannotOpen(path: path, message: String(cString: strerror(code)))
    }
}

/// The store's connection and cache behind a lock.
///
/// `@unchecked Sendable` because the lock is what makes it safe: the
/// connection inside is never touched except in `withLock`, one thread at a
/// time. (`Synchronization.Mutex` cannot hand a non-Sendable value to a
/// synchronous closure under Swift 6 region checking.)
final class LockedState: @unchecked Sendable {
    private let lock = NSLock()
    private var value: NavStore.State

    init(_ value: NavStore.State) {
        self.value = value
    }

    func withLock<T>(_ body: (inout NavStore.State) throws -> T) rethrows -> T {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
