import Foundation
import Logging
import NavStateSQLite
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// What a writing store knows of its files, so that it notices them
/// changing under it before a save that would be lost.
///
/// SQLite writes through the descriptors it opened: a file deleted,
/// renamed over or truncated under an open connection takes every later
/// commit with it when the process ends, and an app's process usually ends
/// without closing anything. Before each call a writer looks: a `stat` of
/// the file's path (it replaces SQLite's own `SQLITE_FCNTL_HAS_MOVED`,
/// which is the same `stat`) says whether the path still leads to the file
/// the store opened and how long that file is, and a `stat` of the
/// `-wal`'s path says whether it still leads to the `-wal` the watch holds
/// a descriptor on (a `-wal` deleted, moved away, or replaced by a rename
/// over it does not). At the first change the store lets go of its files
/// (``NavStore/State/detach(_:)``) and fails that call and every later one
/// with the change.
///
/// A class, for its descriptor. The descriptor is only read from (no lock
/// is ever taken through it, so closing it releases none of SQLite's), and
/// is closed when the watch goes, after the connection.
final class FileWatch {
    /// The path SQLite opened, its directory resolved.
    let target: String
    /// `target` as a C string, made once.
    private let file: [CChar]
    /// The file the store opened.
    private let opened: FileIdentity.ID?
    /// The `-wal` the connection writes, read-only; -1 until it exists.
    private var wal: Int32 = -1
    /// Which file `wal` is open on.
    private var walIdentity: FileIdentity.ID?
    /// The `-wal`'s path as a C string, made once.
    private let walPath: [CChar]
    /// The file's page size, which WAL mode never changes.
    private let pageSize: Int
    /// The file's size when the store opened it, if that ended part-way
    /// through a page (bytes appended by a partial copy or a sync): such a
    /// file is not cut, SQLite ignores the tail, and its own writes and
    /// checkpoints only ever leave the file at whole pages. Any other size
    /// that ends part-way through a page is a cut.
    private let tailAtOpen: Int64?

    init(_ connection: SQLiteConnection, target: String) {
        self.target = target
        file = Array(target.utf8CString)
        walPath = Array((target + "-wal").utf8CString)
        let atOpen = FileIdentity(file)
        opened = atOpen?.identity
        let pageSize = (try? connection.integer("PRAGMA page_size")) ?? 0
        self.pageSize = pageSize
        tailAtOpen = atOpen.flatMap { pageSize > 0 && $0.size % Int64(pageSize) != 0 ? $0.size : nil }
        wal = Self.openWAL(target)
        walIdentity = Self.identity(of: wal)
    }

    deinit {
        if wal >= 0 { close(wal) }
    }

    /// The `-wal` beside `target`, opened read-only without following a
    /// link or blocking; -1 when there is none.
    private static func openWAL(_ target: String) -> Int32 {
        let descriptor = openFile(target + "-wal", O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC, 0)
        return descriptor
    }

    /// The first change to the files since the store opened them, if any.
    ///
    /// The file was moved when its path leads nowhere or to another file.
    /// It was cut short in place when it is empty, or ends part-way through
    /// a page at another size than it had when the store opened it: in WAL
    /// mode a sound file always holds its first page (the switch to WAL
    /// writes it), and checkpoints write and cut it in whole pages. A cut at a page boundary is not seen: SQLite's header cannot
    /// tell it from a partial checkpoint, which leaves the file shorter than
    /// the header's page count until the next one
    /// (sqlite.org/fileformat2.html, "In-header database size").
    func change(_ connection: SQLiteConnection) -> FileChange? {
        guard let now = FileIdentity(file), now.identity == opened else {
            // A store whose open could not read the file's identity (it
            // always can) falls back to SQLite's own look.
            return opened == nil && !connection.hasMoved ? nil : .moved
        }
        if pageSize > 0, now.size <= 0 || now.size % Int64(pageSize) != 0 && now.size != tailAtOpen { return .truncated }
        // Nobody deletes or replaces the -wal of a file another connection
        // has open (SQLite only removes it when the last connection closes),
        // so a -wal without a name is someone else's doing.
        if wal < 0 {
            wal = Self.openWAL(target)
            walIdentity = Self.identity(of: wal)
            return nil
        }
        // One `stat` of the path, as the file's: a -wal deleted, moved away
        // or replaced leaves the path leading nowhere or to another file.
        // The descriptor held on the -wal keeps its inode from being reused
        // by a file made there since.
        guard let now = FileIdentity(walPath), now.identity == walIdentity else { return .walChanged }
        return nil
    }

    /// The file a descriptor is open on; `nil` for none.
    private static func identity(of descriptor: Int32) -> FileIdentity.ID? {
        guard descriptor >= 0 else { return nil }
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { return nil }
        return FileIdentity.ID(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino))
    }
}

/// What changed under a writing store.
enum FileChange: Equatable {
    /// The file was deleted, renamed or replaced.
    case moved
    /// Its `-wal` was deleted, or another put in its place.
    case walChanged
    /// The file was cut short in place.
    case truncated

    /// The error every call on the store meets once this happened.
    func error(path: String) -> NavStateError {
        switch self {
        case .moved: NavStateError.fileMoved(path: path)
        case .walChanged: NavStateError.walChanged(path: path)
        case .truncated: NavStateError.fileCutShort(path: path)
        }
    }
}

/// A file's device and inode (which file a path leads to) and its size.
struct FileIdentity: Equatable {
    struct ID: Equatable {
        let device: UInt64
        let inode: UInt64
    }

    let identity: ID
    let size: Int64

    /// What `stat` says of `path`, following links; `nil` when nothing is there.
    init?(_ path: [CChar]) {
        var info = stat()
        let result = path.withUnsafeBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return stat(base, &info)
        }
        guard result == 0 else { return nil }
        identity = ID(device: UInt64(truncatingIfNeeded: info.st_dev), inode: UInt64(truncatingIfNeeded: info.st_ino))
        size = Int64(info.st_size)
    }
}

extension NavStore.State {
    /// Lets go of files that changed under the store, so that nothing it
    /// holds is written into what is at its paths now, and remembers why:
    /// every later call fails with it.
    ///
    /// - Moved, or the `-wal` deleted or replaced: what the connection's own
    ///   `-wal` holds is folded into the file it has open (a file still at
    ///   the path keeps every acknowledged save; a moved one gets its own
    ///   commits) and that `-wal` is emptied, so it cannot be replayed onto
    ///   a file put at the path since. Nothing at the paths is deleted.
    /// - Truncated: nothing is folded in (the pages are no longer where the
    ///   WAL's frames belong) and nothing is deleted.
    mutating func detach(_ change: FileChange) {
        detached = change
        if change == .truncated {
            connection.skipCheckpointOnClose()
        } else {
            _ = try? NavStore.checkpointTruncating(connection)
        }
        connection.keepWALOnClose()
        // Closing the connection (its replacement holds nothing) releases
        // its locks and descriptors now, not when the app lets the store go.
        if let closed = try? SQLiteConnection(path: ":memory:", mode: .readWrite(create: true)) {
            connection = closed
            // Its descriptor on the -wal goes after the connection.
            files = nil
        }
    }
}

/// The writing stores this process has open, by the path SQLite opened.
///
/// A file renamed over a store's file leaves that store's `-wal` at the
/// path, and SQLite would replay it onto the new file as soon as anything
/// opened the path. So before a store opens a path, every writer of this
/// process at that path looks at its files: one whose file has gone lets go
/// of it (``NavStore/State/detach(_:)`` empties its `-wal`) first.
/// A writer in another process notices at its own next call.
enum OpenWriters {
    private final class Table: @unchecked Sendable {
        let lock = NSLock()
        var stores: [String: [Weak]] = [:]
    }

    private struct Weak {
        weak var store: NavStore?
    }

    private static let table = Table()

    /// Records a writer that has just opened `target`.
    static func register(_ store: NavStore, at target: String) {
        table.lock.lock()
        defer { table.lock.unlock() }
        var live = table.stores[target, default: []].filter { $0.store != nil }
        live.append(Weak(store: store))
        table.stores[target] = live
    }

    /// Has every writer of this process at `target` look at its files now.
    static func settle(_ target: String) {
        table.lock.lock()
        let stores = table.stores[target, default: []].compactMap(\.store)
        table.lock.unlock()
        for store in stores { store.noticeChangedFiles() }
    }
}

extension NavStore {
    /// Looks at a writer's files before a call, and lets go of them at the
    /// first change (``State/detach(_:)``).
    func lookAtFiles(_ state: inout State) {
        guard state.detached == nil, let change = state.files?.change(state.connection) else { return }
        logger.error("files changed under the store", metadata: ["path": "\(path)", "change": "\(change)"])
        state.detach(change)
    }

    /// ``lookAtFiles(_:)`` outside a call; fails nothing.
    func noticeChangedFiles() {
        state.withLock { lookAtFiles(&$0) }
    }

    /// Whether the store let go of its files (every call now fails).
    var isDetached: Bool {
        state.withLock { $0.detached != nil }
    }
}
