import Foundation
#if canImport(Darwin)
import Darwin
#elseif canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#endif

/// The store's file on disk: created owner-only, marked for backups and
/// Data Protection, and moved aside whole when it cannot be used. One of
/// the store's parts (with `HeadCache`, `RevisionTable` and `Migrator`);
/// where the file lives is `NavStore.defaultURL(appGroup:fileName:)`'s.
enum StoreFile {
    /// Creates an empty file readable and writable by its owner only. SQLite
    /// gives the `-wal` and `-shm` files it creates the same mode.
    static func createOwnerOnlyFileIfMissing(_ path: String) throws(NavStoreError) {
        // A file with data, what every launch but the first meets: one
        // lstat, nothing to create.
        var existing = stat()
        if lstat(path, &existing) == 0, (existing.st_mode & S_IFMT) == S_IFREG, existing.st_size > 0 { return }
        let descriptor = openFile(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0o600)
        if descriptor >= 0 {
            // The process umask could only have narrowed 0600; make it exact.
            fchmod(descriptor, 0o600)
            close(descriptor)
            return
        }
        let code = errno
        if code == EEXIST {
            // An empty file is initialised as a new store: it gets the mode
            // a store this library creates has, whatever it was given, and
            // so do the -wal and -shm SQLite creates beside it (they take
            // the main file's mode). A file that holds data keeps its mode.
            var info = stat()
            if lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size == 0 {
                for suffix in ["", "-wal", "-shm"] { chmod(path + suffix, 0o600) }
            }
            return
        }
        if code == EACCES || code == EROFS || code == EPERM { throw .readOnly(path: path) }
        if code == ENOSPC || code == EDQUOT { throw .diskFull(path: path) }
        if code == ENOENT { throw .cannotOpen(path: path, step: .createFile(directoryExists: false), cause: nil) }
        throw .cannotOpen(path: path, step: .createFile(directoryExists: true), cause: String(cString: strerror(code)))
    }

    /// The paths a writable open marks as excluded from backups (or not):
    /// the file, its `-wal` and `-shm` when they exist, and the `NavState`
    /// folder ``NavStore/defaultURL(appGroup:fileName:)`` made, so the flag covers the
    /// folder too. A folder the app chose itself (its Documents) is left
    /// alone: excluding it would exclude everything else in it.
    static func backupExclusionTargets(_ path: String, exists: (String) -> Bool = FileManager.default.fileExists(atPath:)) -> [String] {
        var targets = ["", "-wal", "-shm"].map { path + $0 }.filter(exists)
        let folder = URL(fileURLWithPath: path).deletingLastPathComponent()
        if folder.lastPathComponent == NavStore.folderName, exists(folder.path) { targets.append(folder.path) }
        return targets
    }

    /// Marks the store's files as the configuration asks: excluded from
    /// backups, and with their Data Protection class. Run at every writable
    /// open, since some file operations reset the backup flag (Apple:
    /// "Set this property each time you save a file").
    static func applyFileAttributes(_ path: String, _ configuration: NavStore.Configuration) throws(NavStoreError) {
        #if canImport(Darwin)
        for target in backupExclusionTargets(path) {
            var url = URL(fileURLWithPath: target)
            // URLResourceValues.isExcludedFromBackup: iOS 8, macOS 10.10,
            // tvOS 9, watchOS 2, visionOS 1. Set either way, so that turning
            // the option off includes the files (and folder) again.
            var values = URLResourceValues()
            values.isExcludedFromBackup = configuration.isExcludedFromBackup
            do {
                try url.setResourceValues(values)
            } catch {
                throw .cannotOpen(path: path, step: .setBackupExclusion, cause: error.localizedDescription)
            }
        }
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            // FileAttributeKey.protectionKey with FileProtectionType:
            // completeUntilFirstUserAuthentication and complete exist from
            // iOS 5 / tvOS 9 / watchOS 2 / visionOS 1.
            let protection: FileProtectionType? = switch configuration.fileProtection {
            case .untilFirstUserAuthentication: .completeUntilFirstUserAuthentication
            case .complete: .complete
            case .inherited: nil
            }
            if let protection {
                do {
                    try FileManager.default.setAttributes([.protectionKey: protection], ofItemAtPath: path + suffix)
                } catch {
                    throw .cannotOpen(path: path, step: .setFileProtection, cause: error.localizedDescription)
                }
            }
        }
        #endif
        #endif
    }

    /// Renames the file and its `-wal`/`-shm` companions to
    /// `<path>.unreadable-<timestamp>[-n]`, never overwriting anything.
    static func moveAside(_ path: String) throws(NavStoreError) -> String {
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
                throw .cannotOpen(path: path, step: .moveAside, cause: String(cString: strerror(code)))
            }
        }
        return target
    }
}

/// The C library's `open(2)`, which `NavStore.open(path:)` hides inside
/// the type.
private func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    #if canImport(Darwin)
    Darwin.open(path, flags, mode)
    #elseif canImport(Glibc)
    Glibc.open(path, flags, mode)
    #else
    Musl.open(path, flags, mode)
    #endif
}
