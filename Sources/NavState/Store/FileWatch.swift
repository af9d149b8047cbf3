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
/// without closing anything. Before each call a writer looks (a `stat` of
/// the file and one of its `-wal`, an `fstat` of its descriptor), and at
/// the first change it lets go of the files (``NavStore/State/detach(_:)``)
/// and fails that call and every later one with the change.
struct FileWatch {
    /// The path SQLite opened, its directory resolved.
    let target: String
    /// The `-wal` the connection writes, as `stat` names it.
    private var wal: FileIdentity?
    /// The file's page size, which WAL mode never changes.
    private let pageSize: Int

    init(_ connection: SQLiteConnection, target: String) {
        self.target = target
        wal = FileIdentity(target + "-wal")
        pageSize = (try? connection.integer("PRAGMA page_size")) ?? 0
    }

    /// The first change to the files since the store opened them, if any.
    mutating func change(_ connection: SQLiteConnection) -> FileChange? {
        if connection.hasMoved { return .moved }
        // Nobody deletes or replaces the -wal of a file another connection
        // has open (SQLite only removes it when the last connection closes),
        // so a different one, or none, is someone else's doing.
        let now = FileIdentity(target + "-wal")
        if let known = wal {
            guard let now else { return .walDeleted }
            if now != known { return .walReplaced }
        } else {
            wal = now
        }
        if connection.mainFileIsTruncated(pageSize: pageSize) { return .truncated }
        return nil
    }
}

/// What changed under a writing store.
enum FileChange: Equatable {
    /// The file was deleted, renamed or replaced.
    case moved
    /// Its `-wal` was deleted.
    case walDeleted
    /// Another `-wal` was put in its place.
    case walReplaced
    /// The file was cut short in place.
    case truncated

    /// The error every call on the store meets once this happened.
    func error(path: String) -> NavStoreError {
        switch self {
        case .moved: .fileMoved(path: path)
        case .walDeleted, .walReplaced: .walChanged(path: path)
        case .truncated: .fileCutShort(path: path)
        }
    }
}

/// A file's device and inode: which file a path leads to.
struct FileIdentity: Equatable {
    let device: UInt64
    let inode: UInt64

    init?(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        device = UInt64(truncatingIfNeeded: info.st_dev)
        inode = UInt64(truncatingIfNeeded: info.st_ino)
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
}
