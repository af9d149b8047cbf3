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
    /// Held while a writer gets its file ready (``prepareForWriting(_:)``).
    private static let creation = NSLock()

    /// What a writer opens, and whether this open created it.
    struct Prepared {
        /// The path with its directory's symbolic links resolved: the one
        /// handed to SQLite, which refuses a link in any part of the path
        /// (`SQLITE_OPEN_NOFOLLOW`).
        let target: String
        /// Whether this open created the (empty) file.
        let created: Bool
    }

    /// Gets `path` ready for a writer: its directory resolved (on Apple
    /// platforms an app's folders are under `/var`, a link to
    /// `/private/var`, and any folder may be reached through links), the
    /// file and its `-wal` and `-shm` each either missing or a regular file
    /// (never a link, a directory, a FIFO or a device: those are refused
    /// before anything is opened or changed), and the file created empty
    /// and owner-only if it is missing.
    static func prepareForWriting(_ path: String) throws(NavStateError) -> Prepared {
        // One at a time in the process: the file this creates is opened and
        // closed, and a close releases every POSIX lock the process holds
        // on the file. Every other writer of the process comes through
        // here before SQLite opens the file, so none holds a lock on it yet.
        creation.lock()
        defer { creation.unlock() }
        let target = try resolvingDirectory(of: path)
        try checkLength(of: target, reportedAs: path)
        for suffix in ["", "-wal", "-shm"] {
            if !isRegularOrMissing(target + suffix, following: false) { throw .notARegularFile(path: path + suffix) }
        }
        return Prepared(target: target, created: try createOwnerOnlyFileIfMissing(target, reportedAs: path))
    }

    /// The longest file name a store may have: a file system's 255 bytes,
    /// less the `-journal` SQLite puts after it (it writes one while it
    /// switches a new file to WAL), so every file SQLite names fits.
    static let longestFileName = 255 - "-journal".utf8.count
    /// The longest path of a store's file, its folders' links resolved:
    /// SQLite's unix VFS holds paths of at most 512 bytes (`MAX_PATHNAME`),
    /// `-journal` included.
    static let longestPath = 512 - "-journal".utf8.count

    /// Refuses, before anything is created, a file SQLite could open but
    /// not make a store of (it would fail with its raw "unable to open
    /// database file" and leave the file behind): a name or a path too
    /// long for the files SQLite puts beside it.
    static func checkLength(of target: String, reportedAs path: String) throws(NavStateError) {
        let name = target.split(separator: "/").last.map(String.init) ?? target
        if name.utf8.count > longestFileName {
            throw .openingFailed(path: path, at: .nameTooLong(bytes: name.utf8.count, limit: longestFileName), cause: nil)
        }
        if target.utf8.count > longestPath {
            throw .openingFailed(path: path, at: .pathTooLong(bytes: target.utf8.count, limit: longestPath), cause: nil)
        }
    }

    /// Checks that what a reader would open is a regular file, following
    /// links (a reader changes nothing, so a link does no harm): a FIFO
    /// would hang the open, a directory or a device would fail inside
    /// SQLite with its raw words.
    static func checkReadable(_ path: String) throws(NavStateError) {
        for suffix in ["", "-wal", "-shm"] {
            if !isRegularOrMissing(path + suffix, following: true) { throw .notARegularFile(path: path + suffix) }
        }
    }

    /// Whether `path` is a regular file or nothing at all (or cannot be
    /// seen, which the open then reports in its own words).
    static func isRegularOrMissing(_ path: String, following: Bool) -> Bool {
        var info = stat()
        guard (following ? stat(path, &info) : lstat(path, &info)) == 0 else { return true }
        return (info.st_mode & S_IFMT) == S_IFREG
    }

    /// `path` with the symbolic links of its directory resolved; the last
    /// component is kept as it is, so a link there is still seen (and
    /// refused) as a link.
    static func resolvingDirectory(of path: String) throws(NavStateError) -> String {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        let name = slash.map { String(path[path.index(after: $0)...]) } ?? path
        guard let resolved = realpath(directory, nil) else {
            let code = errno
            if code == ENOENT || code == ENOTDIR { throw .openingFailed(path: path, at: .createFile(directoryExists: false), cause: nil) }
            throw .openingFailed(path: path, at: .createFile(directoryExists: true), cause: String(cString: strerror(code)))
        }
        defer { free(resolved) }
        let folder = String(cString: resolved)
        return folder == "/" ? "/" + name : folder + "/" + name
    }

    /// Creates an empty file readable and writable by its owner only, and
    /// says whether it did. SQLite gives the `-wal` and `-shm` files it
    /// creates the same mode. `path` is what errors name.
    private static func createOwnerOnlyFileIfMissing(_ target: String, reportedAs path: String) throws(NavStateError) -> Bool {
        // A file with data, what every launch but the first meets: one
        // lstat, nothing to create.
        var existing = stat()
        if lstat(target, &existing) == 0, (existing.st_mode & S_IFMT) == S_IFREG, existing.st_size > 0 { return false }
        let descriptor = openFile(target, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC | O_NOFOLLOW, 0o600)
        if descriptor >= 0 {
            // The process umask could only have narrowed 0600; make it exact.
            fchmod(descriptor, 0o600)
            close(descriptor)
            return true
        }
        let code = errno
        if code == EEXIST {
            // Another process created it first, or it was there and empty.
            if !isRegularOrMissing(target, following: false) { throw .notARegularFile(path: path) }
            // An empty file is initialised as a new store: it gets the mode
            // a store this library creates has, whatever it was given, and
            // so do the -wal and -shm SQLite creates beside it (they take
            // the main file's mode). A file that holds data keeps its mode.
            // Each is changed without following a link and without opening
            // it (`ownerOnly`).
            var info = stat()
            if lstat(target, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, info.st_size == 0 {
                for suffix in ["", "-wal", "-shm"] { ownerOnly(target + suffix) }
            }
            return false
        }
        if code == EACCES || code == EROFS || code == EPERM { throw .readOnly(path: path) }
        if code == ENOSPC || code == EDQUOT { throw .diskFull(path: path) }
        if code == ENOENT { throw .openingFailed(path: path, at: .createFile(directoryExists: false), cause: nil) }
        throw .openingFailed(path: path, at: .createFile(directoryExists: true), cause: String(cString: strerror(code)))
    }

    /// Sets a regular file's mode to 0600, never through a link, and
    /// without opening it: closing a descriptor on a file releases every
    /// POSIX lock this process holds on it (POSIX's `close`: "All
    /// outstanding record locks owned by the process on the file associated
    /// with the file descriptor shall be removed"), and another thread's
    /// connection may hold SQLite's locks on this very file.
    /// `fchmodat(AT_SYMLINK_NOFOLLOW)` refuses a link on Linux and changes
    /// the link itself on Apple platforms, never its target.
    private static func ownerOnly(_ path: String) {
        var info = stat()
        guard lstat(path, &info) == 0, (info.st_mode & S_IFMT) == S_IFREG, (info.st_mode & 0o7777) != 0o600 else { return }
        _ = fchmodat(AT_FDCWD, path, 0o600, AT_SYMLINK_NOFOLLOW)
    }

    /// Removes what an open that created `target` left when it failed for
    /// want of room: the file (empty, or holding the first pages of a store
    /// the open could not finish, with nothing of the app's in it, since
    /// the app never had the store), its `-wal` and its `-shm`. Only
    /// regular files are removed, never through a link.
    static func removeFailedStore(_ target: String) {
        var info = stat()
        for suffix in ["-wal", "-shm", ""] where lstat(target + suffix, &info) == 0 && (info.st_mode & S_IFMT) == S_IFREG {
            unlink(target + suffix)
        }
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
    static func applyFileAttributes(_ path: String, _ configuration: NavStore.Configuration) throws(NavStateError) {
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
                throw .openingFailed(path: path, at: .setBackupExclusion, cause: error.localizedDescription)
            }
        }
        #if os(iOS) || os(tvOS) || os(watchOS) || os(visionOS)
        for suffix in ["", "-wal", "-shm"] where FileManager.default.fileExists(atPath: path + suffix) {
            // FileAttributeKey.protectionKey with the app's FileProtectionType
            // (completeUntilFirstUserAuthentication, complete and
            // completeUnlessOpen exist from iOS 4 / tvOS 9 / watchOS 2 /
            // visionOS 1).
            if let protection = configuration.fileProtection {
                do {
                    try FileManager.default.setAttributes([.protectionKey: protection], ofItemAtPath: path + suffix)
                } catch {
                    throw .openingFailed(path: path, at: .setFileProtection, cause: error.localizedDescription)
                }
            }
        }
        #endif
        #endif
    }

    /// Renames the file and its `-wal`/`-shm` companions to
    /// `<path>.unreadable-<timestamp>[-n]`, never overwriting anything.
    static func moveAside(_ path: String) throws(NavStateError) -> String {
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
                throw .openingFailed(path: path, at: .moveAside, cause: String(cString: strerror(code)))
            }
        }
        return target
    }
}

/// The C library's `open(2)`, under a name that `NavStore.open(path:)`
/// does not hide inside the type.
func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    #if canImport(Darwin)
    Darwin.open(path, flags, mode)
    #elseif canImport(Glibc)
    Glibc.open(path, flags, mode)
    #else
    Musl.open(path, flags, mode)
    #endif
}
