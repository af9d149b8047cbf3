import Foundation
import Logging

/// What ``NavStore/openRecovering(path:configuration:)`` did to get a usable
/// store.
public struct StoreRecovery: Sendable, Hashable {
    /// Why the file could not be used.
    public var error: NavStoreError
    /// Where the unreadable file (and its `-wal` and `-shm` files) now sits,
    /// byte-identical, for support or a later NavState that can read it.
    public var movedTo: String
}

extension NavStore {
    /// Opens the database at `path`; when it cannot be used (not SQLite,
    /// damaged, another app's, a newer schema), moves it aside intact and
    /// starts a fresh store in its place, and says so.
    ///
    /// Errors that moving cannot fix (a read-only file or directory, a full
    /// disk, a busy file) are thrown as they are, and nothing is moved.
    ///
    /// ```swift
    /// let (store, recovery) = try NavStore.openRecovering(path: url.path)
    /// if let recovery { logger.error("navigation state reset: \(recovery.error); kept at \(recovery.movedTo)") }
    /// ```
    public static func openRecovering(
        path: String, configuration: Configuration = Configuration()
    ) throws(NavStoreError) -> (store: NavStore, recovery: StoreRecovery?) {
        let failure: NavStoreError
        do {
            let store = try NavStore(path: path, configuration: configuration)
            let problems = try store.quickCheck()
            guard !problems.isEmpty else { return (store, nil) }
            failure = .corrupt(path: path, message: problems.prefix(3).joined(separator: "; "))
        } catch {
            switch error {
            case .notADatabase, .corrupt, .foreignDatabase, .newerSchema, .notInitialized:
                failure = error
            default:
                throw error
            }
        }
        let aside = try moveAside(path)
        configuration.logger.error("moved an unusable store aside", metadata: [
            "path": "\(path)", "movedTo": "\(aside)", "error": "\(failure)",
        ])
        let fresh = try NavStore(path: path, configuration: configuration)
        return (fresh, StoreRecovery(error: failure, movedTo: aside))
    }

    /// Renames the file and its `-wal`/`-shm` companions to
    /// `<path>.unreadable-<timestamp>[-n]`, never overwriting anything.
    private static func moveAside(_ path: String) throws(NavStoreError) -> String {
        let stamp = ISO8601DateFormatter().string(from: Date()).replacingOccurrences(of: ":", with: "")
        var target = "\(path).unreadable-\(stamp)"
        var attempt = 1
        let files = FileManager.default
        while files.fileExists(atPath: target) || files.fileExists(atPath: target + "-wal") {
            attempt += 1
            target = "\(path).unreadable-\(stamp)-\(attempt)"
        }
        for suffix in ["", "-wal", "-shm"] where files.fileExists(atPath: path + suffix) {
            if rename(path + suffix, target + suffix) != 0 {
                let code = errno
                if code == EACCES || code == EROFS || code == EPERM { throw .readOnly(path: path) }
                throw .cannotOpen(path: path, message: "could not move it aside: \(String(cString: strerror(code)))")
            }
        }
        return target
    }
}
