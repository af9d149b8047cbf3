import Foundation
import Logging
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif
import NavStateModel
package import NavStateSQLite

/// Saves navigation state per scene in one SQLite file, and restores it.
///
/// ```swift
/// let store = try await NavStore.open(path: NavStore.defaultURL().path)
/// let saved = try await store.save(state, scene: "main")
/// // The next launch:
/// let restored = try await store.restore(scene: "main", registry: registry)
/// ```
///
/// Listing, loading exactly as saved, pruning and repairing are for tools:
/// NavStateTooling adds them.
///
/// The `async` calls run their SQLite work on the store's own serial queue,
/// never on the caller's actor or the cooperative thread pool, so the main
/// actor never waits on the disk or another process's lock. The synchronous
/// calls of the same names block their thread; they are for tools, tests and
/// background threads, never the main thread.
///
/// A store is safe to share between threads (calls are serialised on one
/// connection) and between processes (WAL journal, busy timeout, immediate
/// write transactions). A save writes only the entries that changed since the
/// head revision; every kept revision still loads exactly as it was saved.
/// See the catalog's article "The store" (NavState.docc/TheStore.md).
public final class NavStore: Sendable {
    /// NavState's `PRAGMA application_id`: 'NAVS'.
    static let applicationID = 0x4E41_5653

    /// Everything behind the lock.
    package struct State {
        package var connection: SQLiteConnection
        /// How a store opened for reading reaches the file; `nil` for one
        /// that writes.
        var reading: ReadingSource?
        /// What this store knows of each scene's head without reading it.
        var cache = HeadCache()
        /// Between ``NavStore/suspend()`` and ``NavStore/resume()``: every
        /// call that would touch the file fails with
        /// `NavStateError.suspended`.
        var isSuspended = false
        /// A writer's watch on its files; `nil` in memory and for readers.
        var files: FileWatch?
        /// Set when the files changed under a writer: every call fails with
        /// it (``detach(_:)``).
        var detached: FileChange?
    }

    /// The database file's path, or `:memory:`.
    public let path: String
    /// How the store was opened.
    public let configuration: Configuration
    /// True for a store opened with ``open(readingAt:configuration:)``.
    public let isReadOnly: Bool
    let state: LockedState
    /// Made once: every save logs (at debug level, which an app seldom
    /// turns on), and making it copied the configuration's logger.
    package let logger: NavLog
    /// The store's own serial executor for `async` calls, as GRDB's
    /// `DatabaseWriter` has its dispatch queue: blocking SQLite work runs
    /// here, one call at a time, in the order the calls were made.
    let queue: DispatchQueue
    /// `configuration.limits.payloadBytes`, kept apart: every typed save
    /// reads it, and reading it through `configuration` copies the whole
    /// configuration (its logger included) each time.
    let payloadLimit: Int
    /// How long the store's connections wait for another's lock; stopped by
    /// ``suspendImmediately()``.
    let busyWait: BusyWait

    /// Opens the database at `path`, creating it (owner-only, mode 0600) if
    /// it does not exist, and bringing its schema up to date.
    ///
    /// Opening waits up to the busy timeout for other processes: two
    /// processes creating the same new file at once migrate it once, and
    /// both succeed.
    ///
    /// - Throws: ``/NavStateModel/NavStateError``: a file that is not SQLite, belongs to
    ///   another app, or has a newer schema is refused and left byte-identical.
    @_spi(Tooling) public convenience init(path: String, configuration: Configuration = Configuration()) throws(NavStateError) {
        try self.init(opening: path, configuration: configuration, readOnly: false)
    }

    /// Opens an existing database for reading only: nothing is created,
    /// migrated or written, beside the file or in it, and a file in a
    /// read-only directory (a copy pulled off a device) reads fine. Saving
    /// through such a store fails with `NavStateError.readOnly`.
    ///
    /// How the file is reached depends on what sits beside it; see
    /// NavState.docc/TheStoresFile.md, "Reading without writing".
    ///
    /// - Throws: `NavStateError.fileNotFound` when there is no file,
    ///   and the same refusals as `NavStore(path:)`.
    @_spi(Tooling) public convenience init(readingAt path: String, configuration: Configuration = Configuration()) throws(NavStateError) {
        try self.init(opening: path, configuration: configuration, readOnly: true)
    }

    /// A private store in memory, for tests and previews.
    public static func inMemory(configuration: Configuration = Configuration()) throws(NavStateError) -> NavStore {
        try NavStore(opening: ":memory:", configuration: configuration, readOnly: false)
    }

    /// A queue for one store's `async` calls.
    static func makeQueue() -> DispatchQueue {
        DispatchQueue(label: "NavState.NavStore", qos: .userInitiated)
    }

    init(opening path: String, configuration: Configuration, readOnly: Bool, queue: DispatchQueue = NavStore.makeQueue()) throws(NavStateError) {
        self.path = path
        self.configuration = configuration
        self.logger = configuration.log
        self.payloadLimit = configuration.limits.payloadBytes
        self.isReadOnly = readOnly
        self.queue = queue
        let busyWait = BusyWait(timeoutMilliseconds: configuration.busyTimeoutMilliseconds)
        self.busyWait = busyWait
        do {
            let opened = try readOnly
                ? Self.openForReading(path, configuration, busyWait)
                : Self.openForWriting(path, configuration, busyWait)
            configuration.log.debug("opened store", metadata: [
                "path": "\(path)", "readOnly": "\(readOnly)",
                "schema": "\(SchemaMigration.latestVersion)",
                "migrationsApplied": "\(opened.migrationsApplied)",
            ])
            state = LockedState(opened.state)
            if let target = opened.state.files?.target { OpenWriters.register(self, at: target) }
        } catch {
            configuration.log.error("could not open store", metadata: ["path": "\(path)", "error": "\(error)"])
            throw error
        }
    }

    /// Runs SQLite work on the open path, naming its failure for `path`.
    static func sqlite<T>(_ path: String, _ body: () throws(SQLiteError) -> T) throws(NavStateError) -> T {
        do {
            return try body()
        } catch {
            throw NavStateError(error, path: path)
        }
    }

    private static func openForWriting(
        _ path: String, _ configuration: Configuration, _ busyWait: BusyWait
    ) throws(NavStateError) -> (state: State, migrationsApplied: Int) {
        let prepared = path == ":memory:" ? nil : try StoreFile.prepareForWriting(path)
        if let prepared { OpenWriters.settle(prepared.target) }
        // Another process renaming a file over this one, the database
        // first and its -wal a moment later, leaves a database beside a
        // -wal of another: SQLite's reads come up short. The window is
        // short; the open looks again until the busy timeout, and then
        // says the -wal changed (open again), never SQLite's words.
        let deadline = ContinuousClock.now + configuration.busyTimeout
        while true {
            do throws(NavStateError) {
                return try openConnection(path, prepared, configuration, busyWait)
            } catch {
                guard error.code == .walChanged, ContinuousClock.now < deadline else { throw error }
                usleep(5_000)
            }
        }
    }

    private static func openConnection(
        _ path: String, _ prepared: StoreFile.Prepared?, _ configuration: Configuration, _ busyWait: BusyWait
    ) throws(NavStateError) -> (state: State, migrationsApplied: Int) {
        do {
            let connection = try sqlite(path) { () throws(SQLiteError) in
                try SQLiteConnection(
                    path: prepared?.target ?? path, mode: .readWrite(create: path == ":memory:"),
                    busyTimeoutMilliseconds: configuration.busyTimeoutMilliseconds, busyWait: busyWait)
            }
            let version = try Migrator.checkBelongsToNavState(connection, path: path)
            try Migrator.configure(connection, configuration)
            // An up-to-date file, what every launch but the first after an
            // update meets, needs no migration transaction: its version is final
            // (a newer build's would be refused above).
            let applied = version == SchemaMigration.latestVersion
                ? 0 : try Migrator.migrate(connection, logger: configuration.log, path: path)
            if path != ":memory:" { try StoreFile.applyFileAttributes(path, configuration) }
            return (State(connection: connection, files: prepared.map { FileWatch(connection, target: $0.target) }), applied)
        } catch {
            // A file this open created and could not make a store of for
            // want of room is not left behind, whatever of it was written
            // (its first page, part of the migrations): the next launch
            // would take it for a store. Only then: after any other failure
            // (a busy file), another process may be making a store of that
            // very file, and removing it would lose what it writes.
            if let prepared, prepared.created, error.code == .diskFull { StoreFile.removeFailedStore(prepared.target) }
            throw error
        }
    }

    /// Runs `body` with the connection, naming SQLite's failures as
    /// ``/NavStateModel/NavStateError`` and logging them.
    package func withConnection<T>(
        _ operation: String, _ body: (inout State) throws(SQLiteError) -> T
    ) throws(NavStateError) -> T {
        try withConnection(operation, refusable: { (state: inout State) throws(SQLiteError) -> Result<T, NavStateError> in
            .success(try body(&state))
        })
    }

    /// Runs `body` with the connection; a `.failure` it returns is the
    /// store's own refusal (a conflict, a damaged head), thrown as it is.
    func withConnection<T>(
        _ operation: String, refusable body: (inout State) throws(SQLiteError) -> Result<T, NavStateError>
    ) throws(NavStateError) -> T {
        let outcome: Result<T, NavStateError> = state.withLock { state in
            if state.isSuspended || busyWait.isStopped { return .failure(NavStateError.suspended(path: path)) }
            // A writer checks its files are still the ones at its path;
            // readers of a copy or an immutable file need not.
            lookAtFiles(&state)
            if let change = state.detached { return .failure(change.error(path: path)) }
            if let reading = state.reading, !state.connection.holdsSnapshot, reading.isStale(path: path) {
                // A writer has opened the file since: read through its WAL.
                do throws(NavStateError) {
                    (state.connection, state.reading) = try Self.readingConnection(path, configuration, busyWait)
                } catch {
                    return .failure(error)
                }
            }
            defer { state.connection.resetActiveStatements() }
            do throws(SQLiteError) {
                return try body(&state)
            } catch {
                // A wait for another connection's lock that the suspension
                // ended is the suspension's.
                if error.isBusy, busyWait.isStopped { return .failure(NavStateError.suspended(path: path)) }
                return .failure(NavStateError(error, path: path))
            }
        }
        switch outcome {
        case .success(let value):
            return value
        case .failure(let error):
            logger.error("\(operation) failed", metadata: ["path": "\(path)", "error": "\(error)"])
            throw error
        }
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
    /// Unchecked: the lock is the exclusivity, and `body` is the one access
    /// while it is held (a checked access cost every call ~180 instructions
    /// of the runtime's access set).
    @exclusivity(unchecked) private var value: NavStore.State

    init(_ value: NavStore.State) {
        self.value = value
    }

    func withLock<T>(_ body: (inout NavStore.State) -> T) -> T {
        lock.lock()
        defer { lock.unlock() }
        return body(&value)
    }
}
