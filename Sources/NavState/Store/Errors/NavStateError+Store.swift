import Foundation
public import NavStateModel
import NavStateSQLite

extension NavStateError {
    /// What NavState was doing when a file could not be opened: the
    /// `cannotOpen` reasons.
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

    /// The file could not be opened or created while NavState was at `step`:
    /// a `cannotOpen` that names the step.
    static func openingFailed(path: String, at step: OpenStep, cause: String?) -> NavStateError {
        NavStateError.Code.cannotOpen(path: path, reason: step.description, cause: cause)
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
    static func firstLine(of sql: String) -> String {
        let line = sql.split(separator: "\n", maxSplits: 1).first.map(String.init) ?? sql
        return line.trimmingCharacters(in: .whitespaces)
    }
}

extension NavStateError {
    /// The file the failure is about (for `notARegularFile`, the `-wal` or
    /// `-shm` when that is the one), or `nil` when it is about no file: a
    /// scene name, an argument, a conflict between two saves.
    public var path: String? { detail("path") }

    /// The scene the failure is about, or `nil` when it is about no one
    /// scene (the file, an argument).
    public var scene: String? {
        detail("scene") ?? (code == .invalidSceneName || code == .sceneNotFound ? detail("") : nil)
    }

    /// The revision the failure is about: the damaged one of
    /// `damagedScene` (0 when the scene has none), the refused number of
    /// `invalidRevision`, the head another writer saved for `conflict`;
    /// otherwise `nil`.
    public var revision: Int? {
        switch code {
        case .invalidRevision: detail("")
        case .conflict: detail("actual")
        default: detail("revision")
        }
    }

    /// What is wrong with the rows of `damagedScene`; otherwise `nil`.
    public var damage: Damage? { detail("damage") }

    /// The scene-state rule broken, for `invalidState` and
    /// `invalidRestoreTree`; otherwise `nil`.
    public var sceneStateError: NavStateError? {
        code == .invalidState || code == .invalidRestoreTree ? detail("") : nil
    }

    /// SQLite's extended result code (sqlite.org/rescode.html) for
    /// `sqlite`; otherwise `nil`.
    public var sqliteExtendedCode: Int32? { code == .sqlite ? detail("extendedCode") : nil }
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
            self = .openingFailed(path: path, at: .openConnection, cause: error.message)
        } else {
            // The errno says what an I/O error was ("errno 5: Input/output error").
            let system = error.systemError == 0 ? "" : " (errno \(error.systemError): \(String(cString: strerror(error.systemError))))"
            self = .sqlite(
                path: path, code: error.primaryCode, extendedCode: error.code,
                message: error.message + system, sql: error.sql)
        }
    }
}

extension NavStore {
    /// Whether the platform has App Groups (Apple's), for a message.
    static var hasAppGroups: Bool {
        #if canImport(Darwin)
        true
        #else
        false
        #endif
    }
}
