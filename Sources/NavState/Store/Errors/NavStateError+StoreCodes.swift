public import NavStateModel

// The store: opening, saving, loading and maintaining a NavState database. A
// store that cannot read a file never overwrites or wipes it: every opening
// error leaves the file byte-identical. Each code is one line of this table:
// its name, and the message it makes of the details an error of it was made
// with (`d["path"]`; an unlabelled one is `d[""]`).
extension NavStateError.Codes {
    /// There is no file at the path (reading never creates one).
    public static var fileNotFound: NavStateError.Code { .init("fileNotFound") { d in "\(d["path"]) does not exist; a store opened for writing creates it" } }
    /// The file exists but no NavState has written to it yet.
    public static var notInitialized: NavStateError.Code { .init("notInitialized") { d in "\(d["path"]) holds no NavState data yet; save a scene to create the schema" } }
    /// The file is not an SQLite database (garbage, truncated header,
    /// encrypted).
    public static var notADatabase: NavStateError.Code { .init("notADatabase") { d in "\(d["path"]) is not a NavState database (not SQLite, or damaged); it was left untouched. Open it with NavStore.openRecovering to set it aside and start fresh" } }
    /// The file is an SQLite database that belongs to another app.
    public static var foreignDatabase: NavStateError.Code { .init("foreignDatabase") { d in "\(d["path"]) is an SQLite database of another app; it was left untouched. Point NavState at its own file" } }
    /// The file was written by a newer NavState whose schema this build does
    /// not know.
    public static var newerSchema: NavStateError.Code { .init("newerSchema") { d in "\(d["path"]) was saved by schema \(d["found"]); this NavState knows schema \(d["known"]). Upgrade NavState to read it; the file was left untouched" } }
    /// A store opened for reading found a file of an older schema (a file
    /// pulled off a device that runs an older app): it reads only its own.
    /// Opening it for writing migrates it.
    public static var olderSchema: NavStateError.Code { .init("olderSchema") { d in "\(d["path"]) has schema \(d["found"]); this NavState reads schema \(d["known"]). Opening it for writing migrates it (keep a copy if an older app must read it); the file was left untouched" } }
    /// SQLite found the file damaged; `message` is SQLite's report (or its
    /// integrity check's first lines).
    public static var corrupt: NavStateError.Code { .init("corrupt") { d in "\(d["path"]) is damaged (\(d["message"])); it was left untouched. Open it with NavStore.openRecovering to set it aside and start fresh" } }
    /// The file's schema version says less than its tables do (a migration
    /// found its table already there): `version` is what the file claims,
    /// `cause` SQLite's words. Tampered with; it was left untouched.
    public static var schemaMismatch: NavStateError.Code { .init("schemaMismatch") { d in "\(d["path"]) says schema \(d["version"]) but holds more tables than that (\(d["cause"])); it was left untouched. Open it with NavStore.openRecovering to set it aside and start fresh" } }
    /// A migration would leave `rows` rows pointing at nothing; it was
    /// rolled back and the file left as it was.
    public static var migrationBreaksReferences: NavStateError.Code { .init("migrationBreaksReferences") { d in "migration \(d["migration"]) would leave \(d["rows"]) rows of \(d["path"]) pointing at nothing; it was rolled back and the file left as it was" } }
    /// A scene's revision does not form a valid scene state: rows tampered
    /// with or damaged, which SQLite itself cannot see. `revision` is 0
    /// when the scene has none. The rest of the file is usable;
    /// ``NavStore/restore(scene:registry:options:)-(String,_,_)`` falls back to an
    /// earlier revision or leaves out what does not fit.
    public static var damagedScene: NavStateError.Code { .init("damagedScene") { d in "revision \(d["revision"]) of scene '\(NavStateError.shortened(d.text("scene")))' in \(d["path"]) is damaged: \(d["damage"]). The rest of the file is usable; NavStore.openRecovering sets the scene aside" } }
    /// The file or its directory cannot be written.
    public static var readOnly: NavStateError.Code { .init("readOnly") { d in "\(d["path"]) cannot be written (read-only file or directory); check its permissions" } }
    /// The disk (or the database's size limit) is full; nothing was saved.
    public static var diskFull: NavStateError.Code { .init("diskFull") { d in "the disk holding \(d["path"]) is full; nothing was saved. Free some space and save again" } }
    /// The file could not be opened or created: `reason` says what failed,
    /// in NavState's words ("its directory does not exist", "SQLite could
    /// not open it", "could not set its file protection"), `cause` what the
    /// system or SQLite said, when it said anything (its words, not
    /// NavState's).
    public static var cannotOpen: NavStateError.Code { .init("cannotOpen") { d in "\(d["path"]) cannot be opened: \(d["reason"])\(d["cause"].isEmpty ? "" : ": \(d["cause"])")" } }
    /// Something other than a regular file is at the path, or at its
    /// `-wal` or `-shm` (`path` names which): a directory, a FIFO, a device,
    /// or, for a store that writes, a symbolic link. It was refused before
    /// anything was opened or changed; point the store at a regular file
    /// or a missing one. (Links in the folders above are followed.)
    public static var notARegularFile: NavStateError.Code { .init("notARegularFile") { d in "\(d["path"]) is not a regular file (a symbolic link, a directory, a FIFO or a device); nothing was opened or changed. Point the store at a regular file, or at a path where none exists yet" } }
    /// Another connection held the database longer than the busy timeout.
    public static var busy: NavStateError.Code { .init("busy") { d in "\(d["path"]) stayed locked by another connection past the busy timeout; try again" } }
    /// The file was deleted, renamed or replaced while the store had it
    /// open (a user clearing the app's data, a sync tool): what it would
    /// write would be lost, so nothing was written. Open a new store.
    public static var fileMoved: NavStateError.Code { .init("fileMoved") { d in "\(d["path"]) was deleted or replaced while it was open; nothing was saved. Open the store again to start a new file" } }
    /// The store's `-wal` was deleted or replaced while the store had it
    /// open: a save would be lost when the app ends, so nothing was saved.
    /// The store folded what it had saved into the file and let go of it;
    /// every later call fails the same way. Open a new store: it finds
    /// every save this one acknowledged.
    public static var walChanged: NavStateError.Code { .init("walChanged") { d in "the -wal of \(d["path"]) was deleted or replaced while it was open; nothing was saved, and what was saved before is in the file. Open the store again" } }
    /// The file was cut short in place while the store had it open: pages
    /// it held are gone, so nothing was saved, and the store wrote nothing
    /// more into it. Every later call fails the same way; open the file
    /// with `NavStore.openRecovering(path:)`.
    public static var fileCutShort: NavStateError.Code { .init("fileCutShort") { d in "\(d["path"]) was cut short while it was open, so saved pages are gone; nothing was saved. Open it with NavStore.openRecovering to set it aside and start fresh" } }
    /// The store is suspended (``NavStore/suspend()``, the app is going to
    /// be suspended): nothing reads or writes the file until
    /// ``NavStore/resume()``. Nothing was saved; save again after resuming.
    public static var suspended: NavStateError.Code { .init("suspended") { d in "\(d["path"]) is suspended while the app is in the background; nothing was read or written. Save again after NavStore.resume()" } }
    /// An optimistic save found a newer head than the one it expected.
    public static var conflict: NavStateError.Code { .init("conflict") { d in "scene '\(NavStateError.shortened(d.text("scene")))' is at revision \(d["actual"]), not \(d["expected"]): another writer saved first. Load the head, merge, and save again" } }
    /// A configured limit was exceeded; nothing was truncated or saved.
    /// Its unlabelled detail names the limit: `"payloadBytes"` for ``NavStore/Limits/payloadBytes``,
    /// and so on.
    public static var limitExceeded: NavStateError.Code { .init("limitExceeded") { d in "scene '\(NavStateError.shortened(d.text("scene")))' has \(d["actual"]) \(NavStore.Limits.meaning(of: d.text(""))), over the limit of \(d["limit"]); nothing was saved. Raise NavStore.Limits.\(d[""]) or save less" } }
    /// A scene name that cannot be stored: it is empty or holds a character
    /// a terminal acts on (a control character, a line or paragraph
    /// separator, a bidirectional override; a longer one than ``NavStore/Limits/sceneNameBytes`` is
    /// `limitExceeded`). The description says which.
    public static var invalidSceneName: NavStateError.Code { .init("invalidSceneName") { d in "'\(NavStateError.shortened(d.text("")))' cannot be a scene name: \(d.text("").isEmpty ? "it is empty" : "it holds a character a terminal acts on (a control character, a line separator or a bidirectional override)")" } }
    /// The state to save breaks a scene-state invariant.
    public static var invalidState: NavStateError.Code { .init("invalidState") { d in d[""] } }
    /// A revision number below 1: revisions are numbered from 1.
    public static var invalidRevision: NavStateError.Code { .init("invalidRevision") { d in "revision numbers start at 1, not \(d[""])" } }
    /// The tree given in ``RestoreOptions/tree`` breaks a scene-state rule
    /// (a tab bar without tabs, two tabs of one name).
    public static var invalidRestoreTree: NavStateError.Code { .init("invalidRestoreTree") { d in "the tree to restore into is not valid: \(d[""])" } }
    /// Restore options out of range: `crashLoopLimit` below 1 or
    /// `fallbackRevisions` below 0 (``RestoreOptions``).
    public static var invalidRestoreOptions: NavStateError.Code { .init("invalidRestoreOptions") { d in d.int("crashLoopLimit") < 1 ? "crashLoopLimit must be at least 1, not \(d["crashLoopLimit"])" : "fallbackRevisions cannot be negative, not \(d["fallbackRevisions"])" } }
    /// Prune arguments out of range: `keepRevisions` below 1 (the head is
    /// always kept) or a negative maximum age.
    public static var invalidPruneArguments: NavStateError.Code { .init("invalidPruneArguments") { d in d.int("keepRevisions") < 1 ? "keepRevisions must be at least 1 (the head), not \(d["keepRevisions"])" : "the maximum age cannot be negative, not \(d["maximumAge"])" } }
    /// A store file name that is empty or holds `/`.
    public static var invalidFileName: NavStateError.Code { .init("invalidFileName") { d in "a store's file name cannot be empty or hold '/': '\(NavStateError.shortened(d.text("")))'" } }
    /// No container for this App Group: not in the app's entitlements, or
    /// not on an Apple platform.
    public static var appGroupUnavailable: NavStateError.Code { .init("appGroupUnavailable") { d in NavStore.hasAppGroups ? "no container for App Group '\(NavStateError.shortened(d.text("")))'; list it in the app's and extensions' entitlements" : "App Groups exist on Apple platforms only; '\(NavStateError.shortened(d.text("")))' cannot be used here" } }
    /// There is no scene of this name (setting a scene aside).
    public static var sceneNotFound: NavStateError.Code { .init("sceneNotFound") { d in "there is no scene '\(NavStateError.shortened(d.text("")))'" } }
    /// Any other SQLite failure: its primary and extended result codes
    /// (sqlite.org/rescode.html), SQLite's message, and the SQL that was
    /// running, bound values never included.
    public static var sqlite: NavStateError.Code { .init("sqlite") { d in "SQLite error \(d["code"]) (extended \(d["extendedCode"])) on \(d["path"]): \(d["message"])\(d["sql"].isEmpty ? "" : " while running \(NavStateError.firstLine(of: d.text("sql")))")" } }
}
