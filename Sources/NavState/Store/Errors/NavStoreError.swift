import Foundation
public import NavStateModel
import NavStateSQLite

/// An error from the store: opening, saving, loading and maintaining a
/// NavState database.
///
/// A store that cannot read a file never overwrites or wipes it: every
/// opening error leaves the file byte-identical.
public enum NavStoreError: Error, Sendable, Hashable, CustomStringConvertible {
    /// There is no file at the path (reading never creates one).
    case fileNotFound(path: String)
    /// The file exists but no NavState has written to it yet.
    case notInitialized(path: String)
    /// The file is not an SQLite database (garbage, truncated header,
    /// encrypted).
    case notADatabase(path: String)
    /// The file is an SQLite database that belongs to another app.
    case foreignDatabase(path: String)
    /// The file was written by a newer NavState whose schema this build does
    /// not know.
    case newerSchema(path: String, found: Int, known: Int)
    /// A store opened for reading found a file of an older schema (a file
    /// pulled off a device that runs an older app): it reads only its own.
    /// Opening it for writing migrates it.
    case olderSchema(path: String, found: Int, known: Int)
    /// SQLite found the file damaged; `message` is SQLite's report (or its
    /// integrity check's first lines).
    case corrupt(path: String, message: String)
    /// The file's schema version says less than its tables do (a migration
    /// found its table already there): `version` is what the file claims,
    /// `cause` SQLite's words. Tampered with; it was left untouched.
    case schemaMismatch(path: String, version: Int, cause: String)
    /// A migration would leave `rows` rows pointing at nothing; it was
    /// rolled back and the file left as it was.
    case migrationBreaksReferences(path: String, migration: String, rows: Int)
    /// A scene's revision does not form a valid scene state: rows tampered
    /// with or damaged, which SQLite itself cannot see. `revision` is 0
    /// when the scene has none. The rest of the file is usable;
    /// ``NavStore/restore(scene:registry:options:)-(String,_,_)`` falls back to an
    /// earlier revision or leaves out what does not fit.
    case damagedScene(path: String, scene: String, revision: Int, damage: Damage)
    /// The file or its directory cannot be written.
    case readOnly(path: String)
    /// The disk (or the database's size limit) is full; nothing was saved.
    case diskFull(path: String)
    /// The file could not be opened or created: `reason` says what failed,
    /// in NavState's words ("its directory does not exist", "SQLite could
    /// not open it", "could not set its file protection"), `cause` what the
    /// system or SQLite said, when it said anything (its words, not
    /// NavState's).
    case cannotOpen(path: String, reason: String, cause: String?)
    /// Something other than a regular file is at the path, or at its
    /// `-wal` or `-shm` (`path` names which): a directory, a FIFO, a device,
    /// or, for a store that writes, a symbolic link. It was refused before
    /// anything was opened or changed; point the store at a regular file
    /// or a missing one. (Links in the folders above are followed.)
    case notARegularFile(path: String)
    /// Another connection held the database longer than the busy timeout.
    case busy(path: String)
    /// The file was deleted, renamed or replaced while the store had it
    /// open (a user clearing the app's data, a sync tool): what it would
    /// write would be lost, so nothing was written. Open a new store.
    case fileMoved(path: String)
    /// The store's `-wal` was deleted or replaced while the store had it
    /// open: a save would be lost when the app ends, so nothing was saved.
    /// The store folded what it had saved into the file and let go of it;
    /// every later call fails the same way. Open a new store: it finds
    /// every save this one acknowledged.
    case walChanged(path: String)
    /// The file was cut short in place while the store had it open: pages
    /// it held are gone, so nothing was saved, and the store wrote nothing
    /// more into it. Every later call fails the same way; open the file
    /// with `NavStore.openRecovering(path:)`.
    case fileCutShort(path: String)
    /// The store is suspended (``NavStore/suspend()``, the app is going to
    /// be suspended): nothing reads or writes the file until
    /// ``NavStore/resume()``. Nothing was saved; save again after resuming.
    case suspended(path: String)
    /// An optimistic save found a newer head than the one it expected.
    case conflict(scene: String, expected: Int, actual: Int)
    /// A configured limit was exceeded; nothing was truncated or saved.
    /// `limit` names it: `\.payloadBytes` for ``NavStore/Limits/payloadBytes``,
    /// and so on.
    case limitExceeded(any KeyPath<NavStore.Limits, Int> & Sendable, scene: String, actual: Int, limit: Int)
    /// A scene name that cannot be stored: it is empty or holds a character
    /// a terminal acts on (a control character, a line or paragraph
    /// separator, a bidirectional override; a longer one than ``NavStore/Limits/sceneNameBytes`` is
    /// ``limitExceeded(_:scene:actual:limit:)``). The description says which.
    case invalidSceneName(String)
    /// The state to save breaks a scene-state invariant.
    case invalidState(SceneStateError)
    /// A revision number below 1: revisions are numbered from 1.
    case invalidRevision(Int)
    /// Restore options out of range: `crashLoopLimit` below 1 or
    /// `fallbackRevisions` below 0 (``RestoreOptions``).
    case invalidRestoreOptions(crashLoopLimit: Int, fallbackRevisions: Int)
    /// The tree given in ``RestoreOptions/tree`` breaks a scene-state rule
    /// (a tab bar without tabs, two tabs of one name).
    case invalidRestoreTree(SceneStateError)
    /// Prune arguments out of range: `keepRevisions` below 1 (the head is
    /// always kept) or a negative maximum age.
    case invalidPruneArguments(keepRevisions: Int, maximumAge: Double?)
    /// A store file name that is empty or holds `/`.
    case invalidFileName(String)
    /// No container for this App Group: not in the app's entitlements, or
    /// not on an Apple platform.
    case appGroupUnavailable(String)
    /// There is no scene of this name (setting a scene aside).
    case sceneNotFound(String)
    /// Any other SQLite failure: its primary and extended result codes
    /// (sqlite.org/rescode.html), SQLite's message, and the SQL that was
    /// running, bound values never included.
    case sqlite(path: String, code: Int32, extendedCode: Int32, message: String, sql: String?)

    /// What NavState was doing when a file could not be opened: the
    /// ``cannotOpen(path:reason:cause:)`` reasons.
    enum OpenStep: Sendable, Hashable, CustomStringConvertible {
        /// Creating the folder ``NavStore/defaultURL(appGroup:fileName:)`` keeps the store in.
        case createFolder
        /// Finding the app's own folder (Application Support, Caches).
        case findFolder
        /// Creating the file: its directory does not exist, or the system refused.
        case createFile(directoryExists: Bool)
        /// SQLite opening the file.
        case openConnection
        /// Switching to the WAL journal, which a store needs; `got` is the mode SQLite kept.
        case switchToWAL(got: String?)
        /// A migration names a step this build does not have.
        case unknownMigrationStep(migration: String, step: String)
        /// Marking the files as excluded from backups.
        case setBackupExclusion
        /// Giving the files their Data Protection class.
        case setFileProtection
        /// Making a private copy to read a file whose folder cannot be written.
        case copyForReading
        /// Moving an unusable file aside.
        case moveAside
        /// The file's name leaves no room for the files SQLite names after it.
        case nameTooLong(bytes: Int, limit: Int)
        /// The file's path, its folders' links resolved, is longer than SQLite opens.
        case pathTooLong(bytes: Int, limit: Int)

        var description: String {
            switch self {
            case .createFolder: "its folder could not be created"
            case .findFolder: "the app's folder could not be found"
            case .createFile(let directoryExists): directoryExists ? "it could not be created" : "its directory does not exist"
            case .openConnection: "SQLite could not open it"
            case .switchToWAL(let got): "WAL journal mode is unavailable (got \(got ?? "nothing"))"
            case let .unknownMigrationStep(migration, step): "migration \(migration) names an unknown step '\(step)'"
            case .setBackupExclusion: "could not set its backup exclusion"
            case .setFileProtection: "could not set its file protection"
            case .copyForReading: "could not copy it to read it"
            case .moveAside: "could not move it aside"
            case let .nameTooLong(bytes, limit):
                "its file name is \(bytes) bytes long; a store's holds at most \(limit), so that the files SQLite puts beside it (-journal, -wal) fit"
            case let .pathTooLong(bytes, limit):
                "its path is \(bytes) bytes long, its folders' links resolved; SQLite opens a store's file by a path of at most \(limit)"
            }
        }
    }

    /// The file could not be opened or created while NavState was at `step`.
    static func cannotOpen(path: String, at step: OpenStep, cause: String?) -> NavStoreError {
        .cannotOpen(path: path, reason: step.description, cause: cause)
    }

    /// A name as an error message shows it: control characters written as
    /// `\u{1B}`, and at most 64 characters, with how long it really was after
    /// a cut, so a 10,000-byte name does not become a 10,000-byte message.
    /// The CLI's messages show names the same way.
    package static func shortened(_ name: String) -> String {
        let limit = 64
        let shown = NavStore.escapedForDisplay(name)
        guard shown.count > limit else { return shown }
        return "\(shown.prefix(limit))… (\(name.utf8.count) bytes)"
    }

    /// The first line of an SQL statement, for a one-line message.
    private static func firstLine(of sql: String) -> String {
        let line = sql.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? sql
        return line.trimmingCharacters(in: .whitespaces)
    }

    public var description: String {
        switch self {
        case let .fileNotFound(path):
            return "\(path) does not exist; a store opened for writing creates it"
        case let .notInitialized(path):
            return "\(path) holds no NavState data yet; save a scene to create the schema"
        case let .notADatabase(path):
            return "\(path) is not a NavState database (not SQLite, or damaged); it was left untouched. Open it with NavStore.openRecovering to set it aside and start fresh"
        case let .foreignDatabase(path):
            return "\(path) is an SQLite database of another app; it was left untouched. Point NavState at its own file"
        case let .newerSchema(path, found, known):
            return "\(path) was saved by schema \(found); this NavState knows schema \(known). Upgrade NavState to read it; the file was left untouched"
        case let .olderSchema(path, found, known):
            return "\(path) has schema \(found); this NavState reads schema \(known). Opening it for writing migrates it (keep a copy if an older app must read it); the file was left untouched"
        case let .corrupt(path, message):
            return "\(path) is damaged (\(message)); it was left untouched. Open it with NavStore.openRecovering to set it aside and start fresh"
        case let .schemaMismatch(path, version, cause):
            return "\(path) says schema \(version) but holds more tables than that (\(cause)); it was left untouched. Open it with NavStore.openRecovering to set it aside and start fresh"
        case let .migrationBreaksReferences(path, migration, rows):
            return "migration \(migration) would leave \(rows) rows of \(path) pointing at nothing; it was rolled back and the file left as it was"
        case let .damagedScene(path, scene, revision, damage):
            return "revision \(revision) of scene '\(Self.shortened(scene))' in \(path) is damaged: \(damage). The rest of the file is usable; NavStore.openRecovering sets the scene aside"
        case let .readOnly(path):
            return "\(path) cannot be written (read-only file or directory); check its permissions"
        case let .diskFull(path):
            return "the disk holding \(path) is full; nothing was saved. Free some space and save again"
        case let .cannotOpen(path, reason, cause):
            return "\(path) cannot be opened: \(reason)" + (cause.map { ": \($0)" } ?? "")
        case let .notARegularFile(path):
            return "\(path) is not a regular file (a symbolic link, a directory, a FIFO or a device); nothing was opened or changed. Point the store at a regular file, or at a path where none exists yet"
        case let .busy(path):
            return "\(path) stayed locked by another connection past the busy timeout; try again"
        case let .fileMoved(path):
            return "\(path) was deleted or replaced while it was open; nothing was saved. Open the store again to start a new file"
        case let .walChanged(path):
            return "the -wal of \(path) was deleted or replaced while it was open; nothing was saved, and what was saved before is in the file. Open the store again"
        case let .fileCutShort(path):
            return "\(path) was cut short while it was open, so saved pages are gone; nothing was saved. Open it with NavStore.openRecovering to set it aside and start fresh"
        case let .suspended(path):
            return "\(path) is suspended while the app is in the background; nothing was read or written. Save again after NavStore.resume()"
        case let .conflict(scene, expected, actual):
            return "scene '\(Self.shortened(scene))' is at revision \(actual), not \(expected): another writer saved first. Load the head, merge, and save again"
        case let .limitExceeded(limit, scene, actual, maximum):
            return "scene '\(Self.shortened(scene))' has \(actual) \(NavStore.Limits.meaning(of: limit)), over the limit of \(maximum); nothing was saved. Raise NavStore.Limits.\(NavStore.Limits.name(of: limit)) or save less"
        case let .invalidSceneName(name):
            return "'\(Self.shortened(name))' cannot be a scene name: \(name.isEmpty ? "it is empty" : "it holds a character a terminal acts on (a control character, a line separator or a bidirectional override)")"
        case let .invalidState(error):
            return error.description
        case let .invalidRevision(revision):
            return "revision numbers start at 1, not \(revision)"
        case let .invalidRestoreTree(error):
            return "the tree to restore into is not valid: \(error)"
        case let .invalidRestoreOptions(limit, fallback):
            return limit < 1
                ? "crashLoopLimit must be at least 1, not \(limit)"
                : "fallbackRevisions cannot be negative, not \(fallback)"
        case let .invalidPruneArguments(keep, maximumAge):
            return keep < 1
                ? "keepRevisions must be at least 1 (the head), not \(keep)"
                : "the maximum age cannot be negative, not \(maximumAge ?? 0)"
        case let .invalidFileName(name):
            return "a store's file name cannot be empty or hold '/': '\(Self.shortened(name))'"
        case let .appGroupUnavailable(group):
            #if canImport(Darwin)
            return "no container for App Group '\(Self.shortened(group))'; list it in the app's and extensions' entitlements"
            #else
            return "App Groups exist on Apple platforms only; '\(Self.shortened(group))' cannot be used here"
            #endif
        case let .sceneNotFound(scene):
            return "there is no scene '\(Self.shortened(scene))'"
        case let .sqlite(path, code, extendedCode, message, sql):
            let statement = sql.map { " while running \(Self.firstLine(of: $0))" } ?? ""
            return "SQLite error \(code) (extended \(extendedCode)) on \(path): \(message)\(statement)"
        }
    }
}

extension NavStoreError {
    /// Maps an SQLite failure on `path` to the case a caller can act on.
    init(_ error: SQLiteError, path: String) {
        if error.isNotADatabase {
            self = .notADatabase(path: path)
        } else if error.isCorrupt {
            self = .corrupt(path: path, message: error.message)
        } else if error.isDiskFull {
            self = .diskFull(path: path)
        } else if error.isReadOnly {
            self = .readOnly(path: path)
        } else if error.isBusy {
            self = .busy(path: path)
        } else if error.isCannotOpen {
            self = .cannotOpen(path: path, at: .openConnection, cause: error.message)
        } else {
            // The errno says what an I/O error was ("errno 5: Input/output error").
            let system = error.systemError == 0 ? "" : " (errno \(error.systemError): \(String(cString: strerror(error.systemError))))"
            self = .sqlite(
                path: path, code: error.primaryCode, extendedCode: error.code,
                message: error.message + system, sql: error.sql)
        }
    }
}
