extension NavStoreError {
    /// What kind of failure an error is: compare it with `==`, or match it
    /// in a `catch` (`catch NavStoreError.fileNotFound { … }`). Kinds are added in later
    /// releases; a `switch` over codes keeps a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The kind's name, as its static member spells it (`fileNotFound`).
        public let name: String

        init(_ name: String) { self.name = name }

        public var description: String { name }

        /// The code of ``NavStoreError/fileNotFound(path:)``.
        public static let fileNotFound = Code("fileNotFound")
        /// The code of ``NavStoreError/notInitialized(path:)``.
        public static let notInitialized = Code("notInitialized")
        /// The code of ``NavStoreError/notADatabase(path:)``.
        public static let notADatabase = Code("notADatabase")
        /// The code of ``NavStoreError/foreignDatabase(path:)``.
        public static let foreignDatabase = Code("foreignDatabase")
        /// The code of ``NavStoreError/newerSchema(path:found:known:)``.
        public static let newerSchema = Code("newerSchema")
        /// The code of ``NavStoreError/olderSchema(path:found:known:)``.
        public static let olderSchema = Code("olderSchema")
        /// The code of ``NavStoreError/corrupt(path:message:)``.
        public static let corrupt = Code("corrupt")
        /// The code of ``NavStoreError/schemaMismatch(path:version:cause:)``.
        public static let schemaMismatch = Code("schemaMismatch")
        /// The code of ``NavStoreError/migrationBreaksReferences(path:migration:rows:)``.
        public static let migrationBreaksReferences = Code("migrationBreaksReferences")
        /// The code of ``NavStoreError/damagedScene(path:scene:revision:damage:)``.
        public static let damagedScene = Code("damagedScene")
        /// The code of ``NavStoreError/readOnly(path:)``.
        public static let readOnly = Code("readOnly")
        /// The code of ``NavStoreError/diskFull(path:)``.
        public static let diskFull = Code("diskFull")
        /// The code of ``NavStoreError/cannotOpen(path:reason:cause:)``.
        public static let cannotOpen = Code("cannotOpen")
        /// The code of ``NavStoreError/notARegularFile(path:)``.
        public static let notARegularFile = Code("notARegularFile")
        /// The code of ``NavStoreError/busy(path:)``.
        public static let busy = Code("busy")
        /// The code of ``NavStoreError/fileMoved(path:)``.
        public static let fileMoved = Code("fileMoved")
        /// The code of ``NavStoreError/walChanged(path:)``.
        public static let walChanged = Code("walChanged")
        /// The code of ``NavStoreError/fileCutShort(path:)``.
        public static let fileCutShort = Code("fileCutShort")
        /// The code of ``NavStoreError/suspended(path:)``.
        public static let suspended = Code("suspended")
        /// The code of ``NavStoreError/conflict(scene:expected:actual:)``.
        public static let conflict = Code("conflict")
        /// The code of ``NavStoreError/limitExceeded(_:scene:actual:limit:)``.
        public static let limitExceeded = Code("limitExceeded")
        /// The code of ``NavStoreError/invalidSceneName(_:)``.
        public static let invalidSceneName = Code("invalidSceneName")
        /// The code of ``NavStoreError/invalidState(_:)``.
        public static let invalidState = Code("invalidState")
        /// The code of ``NavStoreError/invalidRevision(_:)``.
        public static let invalidRevision = Code("invalidRevision")
        /// The code of ``NavStoreError/invalidRestoreOptions(crashLoopLimit:fallbackRevisions:)``.
        public static let invalidRestoreOptions = Code("invalidRestoreOptions")
        /// The code of ``NavStoreError/invalidRestoreTree(_:)``.
        public static let invalidRestoreTree = Code("invalidRestoreTree")
        /// The code of ``NavStoreError/invalidPruneArguments(keepRevisions:maximumAge:)``.
        public static let invalidPruneArguments = Code("invalidPruneArguments")
        /// The code of ``NavStoreError/invalidFileName(_:)``.
        public static let invalidFileName = Code("invalidFileName")
        /// The code of ``NavStoreError/appGroupUnavailable(_:)``.
        public static let appGroupUnavailable = Code("appGroupUnavailable")
        /// The code of ``NavStoreError/sceneNotFound(_:)``.
        public static let sceneNotFound = Code("sceneNotFound")
        /// The code of ``NavStoreError/sqlite(path:code:extendedCode:message:sql:)``.
        public static let sqlite = Code("sqlite")

        /// Whether `error` is a `NavStoreError` of this code: `catch NavStoreError.fileNotFound { … }`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? NavStoreError)?.code == code
        }
    }

    /// What kind of failure this is.
    public var code: Code {
        switch kind {
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

    /// Whether `error` is of this code, in a `switch` over an error.
    public static func ~= (code: Code, error: NavStoreError) -> Bool {
        error.code == code
    }

    /// Whether `error` is this very error, in a `catch`: `catch NavStoreError.fileNotFound(…)`.
    public static func ~= (pattern: NavStoreError, error: any Error) -> Bool {
        (error as? NavStoreError) == pattern
    }
}

