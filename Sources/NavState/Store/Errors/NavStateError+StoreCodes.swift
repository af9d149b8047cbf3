extension NavStateError.Code {
    /// The code of ``NavStateModel/NavStateError/fileNotFound(path:)``.
    public static let fileNotFound = Self("fileNotFound")
    /// The code of ``NavStateModel/NavStateError/notInitialized(path:)``.
    public static let notInitialized = Self("notInitialized")
    /// The code of ``NavStateModel/NavStateError/notADatabase(path:)``.
    public static let notADatabase = Self("notADatabase")
    /// The code of ``NavStateModel/NavStateError/foreignDatabase(path:)``.
    public static let foreignDatabase = Self("foreignDatabase")
    /// The code of ``NavStateModel/NavStateError/newerSchema(path:found:known:)``.
    public static let newerSchema = Self("newerSchema")
    /// The code of ``NavStateModel/NavStateError/olderSchema(path:found:known:)``.
    public static let olderSchema = Self("olderSchema")
    /// The code of ``NavStateModel/NavStateError/corrupt(path:message:)``.
    public static let corrupt = Self("corrupt")
    /// The code of ``NavStateModel/NavStateError/schemaMismatch(path:version:cause:)``.
    public static let schemaMismatch = Self("schemaMismatch")
    /// The code of ``NavStateModel/NavStateError/migrationBreaksReferences(path:migration:rows:)``.
    public static let migrationBreaksReferences = Self("migrationBreaksReferences")
    /// The code of ``NavStateModel/NavStateError/damagedScene(path:scene:revision:damage:)``.
    public static let damagedScene = Self("damagedScene")
    /// The code of ``NavStateModel/NavStateError/readOnly(path:)``.
    public static let readOnly = Self("readOnly")
    /// The code of ``NavStateModel/NavStateError/diskFull(path:)``.
    public static let diskFull = Self("diskFull")
    /// The code of ``NavStateModel/NavStateError/cannotOpen(path:reason:cause:)``.
    public static let cannotOpen = Self("cannotOpen")
    /// The code of ``NavStateModel/NavStateError/notARegularFile(path:)``.
    public static let notARegularFile = Self("notARegularFile")
    /// The code of ``NavStateModel/NavStateError/busy(path:)``.
    public static let busy = Self("busy")
    /// The code of ``NavStateModel/NavStateError/fileMoved(path:)``.
    public static let fileMoved = Self("fileMoved")
    /// The code of ``NavStateModel/NavStateError/walChanged(path:)``.
    public static let walChanged = Self("walChanged")
    /// The code of ``NavStateModel/NavStateError/fileCutShort(path:)``.
    public static let fileCutShort = Self("fileCutShort")
    /// The code of ``NavStateModel/NavStateError/suspended(path:)``.
    public static let suspended = Self("suspended")
    /// The code of ``NavStateModel/NavStateError/conflict(scene:expected:actual:)``.
    public static let conflict = Self("conflict")
    /// The code of ``NavStateModel/NavStateError/limitExceeded(_:scene:actual:limit:)``.
    public static let limitExceeded = Self("limitExceeded")
    /// The code of ``NavStateModel/NavStateError/invalidSceneName(_:)``.
    public static let invalidSceneName = Self("invalidSceneName")
    /// The code of ``NavStateModel/NavStateError/invalidState(_:)``.
    public static let invalidState = Self("invalidState")
    /// The code of ``NavStateModel/NavStateError/invalidRevision(_:)``.
    public static let invalidRevision = Self("invalidRevision")
    /// The code of ``NavStateModel/NavStateError/invalidRestoreOptions(crashLoopLimit:fallbackRevisions:)``.
    public static let invalidRestoreOptions = Self("invalidRestoreOptions")
    /// The code of ``NavStateModel/NavStateError/invalidRestoreTree(_:)``.
    public static let invalidRestoreTree = Self("invalidRestoreTree")
    /// The code of ``NavStateModel/NavStateError/invalidPruneArguments(keepRevisions:maximumAge:)``.
    public static let invalidPruneArguments = Self("invalidPruneArguments")
    /// The code of ``NavStateModel/NavStateError/invalidFileName(_:)``.
    public static let invalidFileName = Self("invalidFileName")
    /// The code of ``NavStateModel/NavStateError/appGroupUnavailable(_:)``.
    public static let appGroupUnavailable = Self("appGroupUnavailable")
    /// The code of ``NavStateModel/NavStateError/sceneNotFound(_:)``.
    public static let sceneNotFound = Self("sceneNotFound")
    /// The code of ``NavStateModel/NavStateError/sqlite(path:code:extendedCode:message:sql:)``.
    public static let sqlite = Self("sqlite")
}

