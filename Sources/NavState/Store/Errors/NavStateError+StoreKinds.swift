public import NavStateModel

extension NavStateError {
    /// There is no file at the path (reading never creates one).
    public static func fileNotFound(path: String) -> NavStateError {
        NavStateError(kind: StoreFailure.fileNotFound(path: path))
    }

    /// The code of ``fileNotFound(path:)``, for a `catch` pattern.
    public static let fileNotFound = Code.fileNotFound

    /// The file exists but no NavState has written to it yet.
    public static func notInitialized(path: String) -> NavStateError {
        NavStateError(kind: StoreFailure.notInitialized(path: path))
    }

    /// The code of ``notInitialized(path:)``, for a `catch` pattern.
    public static let notInitialized = Code.notInitialized

    /// The file is not an SQLite database (garbage, truncated header,
    /// encrypted).
    public static func notADatabase(path: String) -> NavStateError {
        NavStateError(kind: StoreFailure.notADatabase(path: path))
    }

    /// The code of ``notADatabase(path:)``, for a `catch` pattern.
    public static let notADatabase = Code.notADatabase

    /// The file is an SQLite database that belongs to another app.
    public static func foreignDatabase(path: String) -> NavStateError {
        NavStateError(kind: StoreFailure.foreignDatabase(path: path))
    }

    /// The code of ``foreignDatabase(path:)``, for a `catch` pattern.
    public static let foreignDatabase = Code.foreignDatabase

    /// The file was written by a newer NavState whose schema this build does
    /// not know.
    public static func newerSchema(path: String, found: Int, known: Int) -> NavStateError {
        NavStateError(kind: StoreFailure.newerSchema(path: path, found: found, known: known))
    }

    /// The code of ``newerSchema(path:found:known:)``, for a `catch` pattern.
    public static let newerSchema = Code.newerSchema

    /// A store opened for reading found a file of an older schema (a file
    /// pulled off a device that runs an older app): it reads only its own.
    /// Opening it for writing migrates it.
    public static func olderSchema(path: String, found: Int, known: Int) -> NavStateError {
        NavStateError(kind: StoreFailure.olderSchema(path: path, found: found, known: known))
    }

    /// The code of ``olderSchema(path:found:known:)``, for a `catch` pattern.
    public static let olderSchema = Code.olderSchema

    /// SQLite found the file damaged; `message` is SQLite's report (or its
    /// integrity check's first lines).
    public static func corrupt(path: String, message: String) -> NavStateError {
        NavStateError(kind: StoreFailure.corrupt(path: path, message: message))
    }

    /// The code of ``corrupt(path:message:)``, for a `catch` pattern.
    public static let corrupt = Code.corrupt

    /// The file's schema version says less than its tables do (a migration
    /// found its table already there): `version` is what the file claims,
    /// `cause` SQLite's words. Tampered with; it was left untouched.
    public static func schemaMismatch(path: String, version: Int, cause: String) -> NavStateError {
        NavStateError(kind: StoreFailure.schemaMismatch(path: path, version: version, cause: cause))
    }

    /// The code of ``schemaMismatch(path:version:cause:)``, for a `catch` pattern.
    public static let schemaMismatch = Code.schemaMismatch

    /// A migration would leave `rows` rows pointing at nothing; it was
    /// rolled back and the file left as it was.
    public static func migrationBreaksReferences(path: String, migration: String, rows: Int) -> NavStateError {
        NavStateError(kind: StoreFailure.migrationBreaksReferences(path: path, migration: migration, rows: rows))
    }

    /// The code of ``migrationBreaksReferences(path:migration:rows:)``, for a `catch` pattern.
    public static let migrationBreaksReferences = Code.migrationBreaksReferences

    /// A scene's revision does not form a valid scene state: rows tampered
    /// with or damaged, which SQLite itself cannot see. `revision` is 0
    /// when the scene has none. The rest of the file is usable;
    /// ``NavStore/restore(scene:registry:options:)-(String,_,_)`` falls back to an
    /// earlier revision or leaves out what does not fit.
    public static func damagedScene(path: String, scene: String, revision: Int, damage: Damage) -> NavStateError {
        NavStateError(kind: StoreFailure.damagedScene(path: path, scene: scene, revision: revision, damage: damage))
    }

    /// The code of ``damagedScene(path:scene:revision:damage:)``, for a `catch` pattern.
    public static let damagedScene = Code.damagedScene

    /// The file or its directory cannot be written.
    public static func readOnly(path: String) -> NavStateError {
        NavStateError(kind: StoreFailure.readOnly(path: path))
    }

    /// The code of ``readOnly(path:)``, for a `catch` pattern.
    public static let readOnly = Code.readOnly

    /// The disk (or the database's size limit) is full; nothing was saved.
    public static func diskFull(path: String) -> NavStateError {
        NavStateError(kind: StoreFailure.diskFull(path: path))
    }

    /// The code of ``diskFull(path:)``, for a `catch` pattern.
    public static let diskFull = Code.diskFull

    /// The file could not be opened or created: `reason` says what failed,
    /// in NavState's words ("its directory does not exist", "SQLite could
    /// not open it", "could not set its file protection"), `cause` what the
    /// system or SQLite said, when it said anything (its words, not
    /// NavState's).
    public static func cannotOpen(path: String, reason: String, cause: String?) -> NavStateError {
        NavStateError(kind: StoreFailure.cannotOpen(path: path, reason: reason, cause: cause))
    }

    /// The code of ``cannotOpen(path:reason:cause:)``, for a `catch` pattern.
    public static let cannotOpen = Code.cannotOpen

    /// Something other than a regular file is at the path, or at its
    /// `-wal` or `-shm` (`path` names which): a directory, a FIFO, a device,
    /// or, for a store that writes, a symbolic link. It was refused before
    /// anything was opened or changed; point the store at a regular file
    /// or a missing one. (Links in the folders above are followed.)
    public static func notARegularFile(path: String) -> NavStateError {
        NavStateError(kind: StoreFailure.notARegularFile(path: path))
    }

    /// The code of ``notARegularFile(path:)``, for a `catch` pattern.
    public static let notARegularFile = Code.notARegularFile

    /// Another connection held the database longer than the busy timeout.
    public static func busy(path: String) -> NavStateError {
        NavStateError(kind: StoreFailure.busy(path: path))
    }

    /// The code of ``busy(path:)``, for a `catch` pattern.
    public static let busy = Code.busy

    /// The file was deleted, renamed or replaced while the store had it
    /// open (a user clearing the app's data, a sync tool): what it would
    /// write would be lost, so nothing was written. Open a new store.
    public static func fileMoved(path: String) -> NavStateError {
        NavStateError(kind: StoreFailure.fileMoved(path: path))
    }

    /// The code of ``fileMoved(path:)``, for a `catch` pattern.
    public static let fileMoved = Code.fileMoved

    /// The store's `-wal` was deleted or replaced while the store had it
    /// open: a save would be lost when the app ends, so nothing was saved.
    /// The store folded what it had saved into the file and let go of it;
    /// every later call fails the same way. Open a new store: it finds
    /// every save this one acknowledged.
    public static func walChanged(path: String) -> NavStateError {
        NavStateError(kind: StoreFailure.walChanged(path: path))
    }

    /// The code of ``walChanged(path:)``, for a `catch` pattern.
    public static let walChanged = Code.walChanged

    /// The file was cut short in place while the store had it open: pages
    /// it held are gone, so nothing was saved, and the store wrote nothing
    /// more into it. Every later call fails the same way; open the file
    /// with `NavStore.openRecovering(path:)`.
    public static func fileCutShort(path: String) -> NavStateError {
        NavStateError(kind: StoreFailure.fileCutShort(path: path))
    }

    /// The code of ``fileCutShort(path:)``, for a `catch` pattern.
    public static let fileCutShort = Code.fileCutShort

    /// The store is suspended (``NavStore/suspend()``, the app is going to
    /// be suspended): nothing reads or writes the file until
    /// ``NavStore/resume()``. Nothing was saved; save again after resuming.
    public static func suspended(path: String) -> NavStateError {
        NavStateError(kind: StoreFailure.suspended(path: path))
    }

    /// The code of ``suspended(path:)``, for a `catch` pattern.
    public static let suspended = Code.suspended

    /// An optimistic save found a newer head than the one it expected.
    public static func conflict(scene: String, expected: Int, actual: Int) -> NavStateError {
        NavStateError(kind: StoreFailure.conflict(scene: scene, expected: expected, actual: actual))
    }

    /// The code of ``conflict(scene:expected:actual:)``, for a `catch` pattern.
    public static let conflict = Code.conflict

    /// A configured limit was exceeded; nothing was truncated or saved.
    /// `limit` names it: `\.payloadBytes` for ``NavStore/Limits/payloadBytes``,
    /// and so on.
    public static func limitExceeded(_ which: any KeyPath<NavStore.Limits, Int> & Sendable, scene: String, actual: Int, limit: Int) -> NavStateError {
        NavStateError(kind: StoreFailure.limitExceeded(which, scene: scene, actual: actual, limit: limit))
    }

    /// The code of ``limitExceeded(_:scene:actual:limit:)``, for a `catch` pattern.
    public static let limitExceeded = Code.limitExceeded

    /// A scene name that cannot be stored: it is empty or holds a character
    /// a terminal acts on (a control character, a line or paragraph
    /// separator, a bidirectional override; a longer one than ``NavStore/Limits/sceneNameBytes`` is
    /// ``limitExceeded(_:scene:actual:limit:)``). The description says which.
    public static func invalidSceneName(_ value: String) -> NavStateError {
        NavStateError(kind: StoreFailure.invalidSceneName(value))
    }

    /// The code of ``invalidSceneName(_:)``, for a `catch` pattern.
    public static let invalidSceneName = Code.invalidSceneName

    /// The state to save breaks a scene-state invariant.
    public static func invalidState(_ value: NavStateError) -> NavStateError {
        NavStateError(kind: StoreFailure.invalidState(value))
    }

    /// The code of ``invalidState(_:)``, for a `catch` pattern.
    public static let invalidState = Code.invalidState

    /// A revision number below 1: revisions are numbered from 1.
    public static func invalidRevision(_ value: Int) -> NavStateError {
        NavStateError(kind: StoreFailure.invalidRevision(value))
    }

    /// The code of ``invalidRevision(_:)``, for a `catch` pattern.
    public static let invalidRevision = Code.invalidRevision

    /// Restore options out of range: `crashLoopLimit` below 1 or
    /// `fallbackRevisions` below 0 (``RestoreOptions``).
    public static func invalidRestoreOptions(crashLoopLimit: Int, fallbackRevisions: Int) -> NavStateError {
        NavStateError(kind: StoreFailure.invalidRestoreOptions(crashLoopLimit: crashLoopLimit, fallbackRevisions: fallbackRevisions))
    }

    /// The code of ``invalidRestoreOptions(crashLoopLimit:fallbackRevisions:)``, for a `catch` pattern.
    public static let invalidRestoreOptions = Code.invalidRestoreOptions

    /// The tree given in ``RestoreOptions/tree`` breaks a scene-state rule
    /// (a tab bar without tabs, two tabs of one name).
    public static func invalidRestoreTree(_ value: NavStateError) -> NavStateError {
        NavStateError(kind: StoreFailure.invalidRestoreTree(value))
    }

    /// The code of ``invalidRestoreTree(_:)``, for a `catch` pattern.
    public static let invalidRestoreTree = Code.invalidRestoreTree

    /// Prune arguments out of range: `keepRevisions` below 1 (the head is
    /// always kept) or a negative maximum age.
    public static func invalidPruneArguments(keepRevisions: Int, maximumAge: Double?) -> NavStateError {
        NavStateError(kind: StoreFailure.invalidPruneArguments(keepRevisions: keepRevisions, maximumAge: maximumAge))
    }

    /// The code of ``invalidPruneArguments(keepRevisions:maximumAge:)``, for a `catch` pattern.
    public static let invalidPruneArguments = Code.invalidPruneArguments

    /// A store file name that is empty or holds `/`.
    public static func invalidFileName(_ value: String) -> NavStateError {
        NavStateError(kind: StoreFailure.invalidFileName(value))
    }

    /// The code of ``invalidFileName(_:)``, for a `catch` pattern.
    public static let invalidFileName = Code.invalidFileName

    /// No container for this App Group: not in the app's entitlements, or
    /// not on an Apple platform.
    public static func appGroupUnavailable(_ value: String) -> NavStateError {
        NavStateError(kind: StoreFailure.appGroupUnavailable(value))
    }

    /// The code of ``appGroupUnavailable(_:)``, for a `catch` pattern.
    public static let appGroupUnavailable = Code.appGroupUnavailable

    /// There is no scene of this name (setting a scene aside).
    public static func sceneNotFound(_ value: String) -> NavStateError {
        NavStateError(kind: StoreFailure.sceneNotFound(value))
    }

    /// The code of ``sceneNotFound(_:)``, for a `catch` pattern.
    public static let sceneNotFound = Code.sceneNotFound

    /// Any other SQLite failure: its primary and extended result codes
    /// (sqlite.org/rescode.html), SQLite's message, and the SQL that was
    /// running, bound values never included.
    public static func sqlite(path: String, code: Int32, extendedCode: Int32, message: String, sql: String?) -> NavStateError {
        NavStateError(kind: StoreFailure.sqlite(path: path, code: code, extendedCode: extendedCode, message: message, sql: sql))
    }

    /// The code of ``sqlite(path:code:extendedCode:message:sql:)``, for a `catch` pattern.
    public static let sqlite = Code.sqlite
}
