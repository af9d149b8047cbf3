import Foundation
public import NavStateModel
import NavStateSQLite

/// An error from the store: opening, saving, loading and maintaining a
/// NavState database.
///
/// A store that cannot read a file never overwrites or wipes it: every
/// opening error leaves the file byte-identical.
///
/// Kinds of ``/NavStateModel/NavStateError``, package-wide so that kinds can be added without breaking an app's `switch`.
package enum StoreFailure: NavStateFailure {
    case fileNotFound(path: String)
    case notInitialized(path: String)
    case notADatabase(path: String)
    case foreignDatabase(path: String)
    case newerSchema(path: String, found: Int, known: Int)
    case olderSchema(path: String, found: Int, known: Int)
    case corrupt(path: String, message: String)
    case schemaMismatch(path: String, version: Int, cause: String)
    case migrationBreaksReferences(path: String, migration: String, rows: Int)
    case damagedScene(path: String, scene: String, revision: Int, damage: Damage)
    case readOnly(path: String)
    case diskFull(path: String)
    case cannotOpen(path: String, reason: String, cause: String?)
    case notARegularFile(path: String)
    case busy(path: String)
    case fileMoved(path: String)
    case walChanged(path: String)
    case fileCutShort(path: String)
    case suspended(path: String)
    case conflict(scene: String, expected: Int, actual: Int)
    case limitExceeded(any KeyPath<NavStore.Limits, Int> & Sendable, scene: String, actual: Int, limit: Int)
    case invalidSceneName(String)
    case invalidState(NavStateError)
    case invalidRevision(Int)
    case invalidRestoreOptions(crashLoopLimit: Int, fallbackRevisions: Int)
    case invalidRestoreTree(NavStateError)
    case invalidPruneArguments(keepRevisions: Int, maximumAge: Double?)
    case invalidFileName(String)
    case appGroupUnavailable(String)
    case sceneNotFound(String)
    case sqlite(path: String, code: Int32, extendedCode: Int32, message: String, sql: String?)

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
            return "revision \(revision) of scene '\(NavStateError.shortened(scene))' in \(path) is damaged: \(damage). The rest of the file is usable; NavStore.openRecovering sets the scene aside"
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
            return "scene '\(NavStateError.shortened(scene))' is at revision \(actual), not \(expected): another writer saved first. Load the head, merge, and save again"
        case let .limitExceeded(limit, scene, actual, maximum):
            return "scene '\(NavStateError.shortened(scene))' has \(actual) \(NavStore.Limits.meaning(of: limit)), over the limit of \(maximum); nothing was saved. Raise NavStore.Limits.\(NavStore.Limits.name(of: limit)) or save less"
        case let .invalidSceneName(name):
            return "'\(NavStateError.shortened(name))' cannot be a scene name: \(name.isEmpty ? "it is empty" : "it holds a character a terminal acts on (a control character, a line separator or a bidirectional override)")"
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
            return "a store's file name cannot be empty or hold '/': '\(NavStateError.shortened(name))'"
        case let .appGroupUnavailable(group):
            #if canImport(Darwin)
            return "no container for App Group '\(NavStateError.shortened(group))'; list it in the app's and extensions' entitlements"
            #else
            return "App Groups exist on Apple platforms only; '\(NavStateError.shortened(group))' cannot be used here"
            #endif
        case let .sceneNotFound(scene):
            return "there is no scene '\(NavStateError.shortened(scene))'"
        case let .sqlite(path, code, extendedCode, message, sql):
            let statement = sql.map { " while running \(NavStateError.firstLine(of: $0))" } ?? ""
            return "SQLite error \(code) (extended \(extendedCode)) on \(path): \(message)\(statement)"
        }
    }

    /// The code of this kind.
    package var code: NavStateError.Code {
        switch self {
        case .fileNotFound: .fileNotFound
        case .notInitialized: .notInitialized
        case .notADatabase: .notADatabase
        case .foreignDatabase: .foreignDatabase
        case .newerSchema: .newerSchema
        case .olderSchema: .olderSchema
        case .corrupt: .corrupt
        case .schemaMismatch: .schemaMismatch
        case .migrationBreaksReferences: .migrationBreaksReferences
        case .damagedScene: .damagedScene
        case .readOnly: .readOnly
        case .diskFull: .diskFull
        case .cannotOpen: .cannotOpen
        case .notARegularFile: .notARegularFile
        case .busy: .busy
        case .fileMoved: .fileMoved
        case .walChanged: .walChanged
        case .fileCutShort: .fileCutShort
        case .suspended: .suspended
        case .conflict: .conflict
        case .limitExceeded: .limitExceeded
        case .invalidSceneName: .invalidSceneName
        case .invalidState: .invalidState
        case .invalidRevision: .invalidRevision
        case .invalidRestoreOptions: .invalidRestoreOptions
        case .invalidRestoreTree: .invalidRestoreTree
        case .invalidPruneArguments: .invalidPruneArguments
        case .invalidFileName: .invalidFileName
        case .appGroupUnavailable: .appGroupUnavailable
        case .sceneNotFound: .sceneNotFound
        case .sqlite: .sqlite
        }
    }
}

extension NavStateError {
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
    static func cannotOpen(path: String, at step: OpenStep, cause: String?) -> NavStateError {
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
    fileprivate static func firstLine(of sql: String) -> String {
        let line = sql.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? sql
        return line.trimmingCharacters(in: .whitespaces)
    }
}

extension NavStateError {
    /// The file the failure is about (for ``notARegularFile(path:)``, the
    /// `-wal` or `-shm` when that is the one), or `nil` when it is about no
    /// file: a scene name, an argument, a conflict between two saves.
    public var path: String? {
        switch storeKind {
        case let .fileNotFound(path), let .notInitialized(path), let .notADatabase(path),
             let .foreignDatabase(path), let .readOnly(path), let .diskFull(path),
             let .notARegularFile(path), let .busy(path), let .fileMoved(path),
             let .walChanged(path), let .fileCutShort(path), let .suspended(path):
            path
        case let .newerSchema(path, _, _), let .olderSchema(path, _, _), let .corrupt(path, _),
             let .schemaMismatch(path, _, _), let .migrationBreaksReferences(path, _, _),
             let .damagedScene(path, _, _, _), let .cannotOpen(path, _, _), let .sqlite(path, _, _, _, _):
            path
        case .conflict, .limitExceeded, .invalidSceneName, .invalidState, .invalidRevision,
             .invalidRestoreOptions, .invalidRestoreTree, .invalidPruneArguments, .invalidFileName,
             .appGroupUnavailable, .sceneNotFound, nil:
            nil
        }
    }

    /// The scene the failure is about, or `nil` when it is about no one
    /// scene (the file, an argument).
    public var scene: String? {
        switch storeKind {
        case let .damagedScene(_, scene, _, _), let .conflict(scene, _, _), let .limitExceeded(_, scene, _, _),
             let .invalidSceneName(scene), let .sceneNotFound(scene):
            scene
        default:
            nil
        }
    }

    /// The revision the failure is about: the damaged one of
    /// ``damagedScene(path:scene:revision:damage:)`` (0 when the scene has
    /// none), the refused number of ``invalidRevision(_:)``, the head another
    /// writer saved for ``conflict(scene:expected:actual:)``; otherwise `nil`.
    public var revision: Int? {
        switch storeKind {
        case let .damagedScene(_, _, revision, _): revision
        case let .invalidRevision(revision): revision
        case let .conflict(_, _, actual): actual
        default: nil
        }
    }

    /// What is wrong with the rows of
    /// ``damagedScene(path:scene:revision:damage:)``; otherwise `nil`.
    public var damage: Damage? {
        if case let .damagedScene(_, _, _, damage) = storeKind { damage } else { nil }
    }

    /// The scene-state rule broken, for ``invalidState(_:)`` and
    /// ``invalidRestoreTree(_:)``; otherwise `nil`.
    public var sceneStateError: NavStateError? {
        switch storeKind {
        case let .invalidState(error), let .invalidRestoreTree(error): error
        default: nil
        }
    }

    /// SQLite's extended result code (sqlite.org/rescode.html) for
    /// ``sqlite(path:code:extendedCode:message:sql:)``; otherwise `nil`.
    public var sqliteExtendedCode: Int32? {
        if case let .sqlite(_, _, extendedCode, _, _) = storeKind { extendedCode } else { nil }
    }
}

extension NavStateError {
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
        } else if error.isShortRead {
            // A file shorter than SQLite expects: another process replaced
            // the database or its -wal under this connection (a backup
            // renamed over the file, its -wal a moment later). What was
            // saved before is in the file; open the store again.
            self = .walChanged(path: path)
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

extension NavStateError {
    /// The store's failure, when the store threw this error.
    package var storeKind: StoreFailure? { failure(as: StoreFailure.self) }
}
