public import NavStateReports
import Foundation
import Logging
import NavStateModel
import NavStateSQLite

/// What `NavStore.openRecovering(path:configuration:)` did to get a usable
/// store.
public struct StoreRecovery: Sendable, Hashable {
    /// Why the file could not be used, or, when only scenes were set
    /// aside, why the first of them could not be loaded
    /// (`NavStateError.damagedScene`). The
    /// store's log has each scene's damage.
    public var error: NavStateError
    /// Where the unreadable file (and its `-wal` and `-shm` files) now sits,
    /// byte-identical, for support or a later NavState that can read it;
    /// `nil` when the file was sound and only scenes were set aside.
    public var movedTo: String?
    /// Scenes whose head could not be loaded, each renamed so the app
    /// starts it afresh while its rows stay for inspection: the name the
    /// app saves it under, and the name it has now (`<scene>#damaged-<n>`).
    public var scenesSetAside: [String: String] = [:]
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
    /// let (store, recovery) = try await NavStore.openRecovering(path: url.path)
    /// if let recovery { logger.error("navigation state reset: \(recovery.error); kept at \(recovery.movedTo ?? path)") }
    /// ```
    @_spi(Tooling) public static func openRecovering(
        path: String, configuration: Configuration = Configuration()
    ) throws(NavStateError) -> (store: NavStore, recovery: StoreRecovery?) {
        let failure: NavStateError
        do {
            let store = try NavStore(path: path, configuration: configuration)
            let problems = try store.quickCheck()
            if problems.isEmpty {
                // The file is sound; a scene in it may still not load (rows
                // tampered with). Set those aside and leave the rest alone.
                let damaged = try store.damagedScenes()
                guard let first = damaged.first else { return (store, nil) }
                var setAside: [String: String] = [:]
                for damage in damaged {
                    setAside[damage.scene] = try store.setAside(scene: damage.scene)
                    configuration.log.error("set a damaged scene aside", metadata: [
                        "path": "\(path)", "scene": "\(damage.scene)", "revision": "\(damage.revision)", "damage": "\(damage.damage)",
                    ])
                }
                let error = NavStateError.damagedScene(path: path, scene: first.scene, revision: first.revision, damage: first.damage)
                return (store, StoreRecovery(error: error, movedTo: nil, scenesSetAside: setAside))
            }
            failure = .corrupt(path: path, message: problems.prefix(3).joined(separator: "; "))
        } catch {
            guard error.isCuredBySettingTheFileAside else { throw error }
            failure = error
        }
        let aside = try StoreFile.moveAside(path)
        configuration.log.error("moved an unusable store aside", metadata: [
            "path": "\(path)", "movedTo": "\(aside)", "error": "\(failure)",
        ])
        let fresh = try NavStore(path: path, configuration: configuration)
        return (fresh, StoreRecovery(error: failure, movedTo: aside))
    }

    /// Every scene whose head revision cannot be loaded, and why: a scene
    /// without revisions, a chain of rows with one missing or one that does
    /// not decode, a layout that does not decode or does not match the
    /// entries.
    ///
    /// Older revisions are not read: ``restore(scene:registry:options:)``
    /// skips a damaged one on its own.
    @_spi(Tooling) public func damagedScenes() throws(NavStateError) -> [SceneDamage] {
        let names = try withConnection("check scenes") { (store: inout State) throws(SQLiteError) in
            try RevisionTable.scenesWithHeadNumbers(store.connection)
        }
        var damaged: [SceneDamage] = []
        for (name, head) in names {
            if head == StoredRange.revision.upperBound {
                // It loads, but no save can follow it.
                damaged.append(SceneDamage(scene: name, revision: head, damage: .revisionNumberExhausted(head)))
                continue
            }
            do {
                guard let (_, damage) = try loadChecked(scene: name, revision: nil, limits: nil) else { continue }
                if let first = damage.lazy.compactMap(\.damage).first {
                    damaged.append(SceneDamage(scene: name, revision: head, damage: first))
                }
            } catch {
                switch error.code {
                case .damagedScene: damaged.append(SceneDamage(scene: name, revision: head, damage: error.damage ?? .unreadablePages))
                case .corrupt: damaged.append(SceneDamage(scene: name, revision: head, damage: .unreadablePages))
                default: throw error
                }
            }
        }
        return damaged
    }

    /// Reads everything until ``endSnapshot()`` from one snapshot of the
    /// file, as it is now: a tool that lists, loads and checks a live
    /// file (`navstate check` while the app saves) sees one moment of it,
    /// never a head row of one save beside the state of the next, nor a
    /// scene listed and gone when it is loaded. A store reading a copy
    /// keeps reading the copy it has meanwhile.
    @_spi(Tooling) public func beginSnapshot() throws(NavStateError) {
        try withConnection("begin snapshot") { (store: inout State) throws(SQLiteError) in
            try store.connection.beginSnapshot()
        }
    }

    /// Ends the snapshot ``beginSnapshot()`` began; the next read sees the
    /// file as it is then.
    @_spi(Tooling) public func endSnapshot() {
        state.withLock { $0.connection.endSnapshot() }
    }

    /// What a scene's rows say of themselves that is not so, though its head
    /// loads: a `kept_revisions` out of range (every row is then taken as
    /// history), revision rows numbered out of range (they are not
    /// history), a head row whose entry or presentation count is not its
    /// state's, or whose byte count is out of range. `navstate check`
    /// reports these beside ``damagedScenes()``; nothing here stops a
    /// restore, so recovery leaves such scenes alone. The rows and the
    /// heads are read in one snapshot, so a save made meanwhile by another
    /// process is never compared with the rows of the save before it.
    @_spi(Tooling) public func inconsistentRows() throws(NavStateError) -> [SceneDamage] {
        let began = try withConnection("check rows") { (store: inout State) throws(SQLiteError) -> Bool in
            guard !store.connection.holdsSnapshot else { return false }
            try store.connection.beginSnapshot()
            return true
        }
        defer { if began { endSnapshot() } }
        let rows = try withConnection("check rows") { (store: inout State) throws(SQLiteError) in
            try RevisionTable.rowsToCheck(store.connection)
        }
        var problems: [SceneDamage] = []
        for row in rows {
            let revision = row.head ?? 0
            func report(_ damage: Damage) { problems.append(SceneDamage(scene: row.name, revision: revision, damage: damage)) }
            if let kept = row.kept, !StoredRange.keptRevisions.contains(kept) {
                report(.keptRevisionsOutOfRange(kept))
            }
            if row.outOfRange > 0 {
                report(.revisionsOutOfRange(count: row.outOfRange))
            }
            guard let (entries, presentations, bytes) = row.counts else { continue }
            if !StoredRange.bytes.contains(bytes) { report(.headByteCountOutOfRange(bytes)) }
            // A head that does not load is damagedScenes()'s to report; any
            // other failure (busy, I/O) is the caller's to see.
            let loaded: (StoredRevision, [LeftOut])?
            do {
                loaded = try loadChecked(scene: row.name, revision: nil, limits: nil)
            } catch {
                switch error.code {
                case .corrupt, .damagedScene: continue
                default: throw error
                }
            }
            guard let (stored, damage) = loaded, damage.isEmpty else { continue }
            if entries != stored.state.entryCount {
                report(.headEntryCountMismatch(recorded: entries, actual: stored.state.entryCount))
            }
            if presentations != stored.state.presentations.count {
                report(.headPresentationCountMismatch(recorded: presentations, actual: stored.state.presentations.count))
            }
        }
        return problems
    }

    /// Renames a scene to `<name>#damaged-<n>`, so the app's next save of
    /// `name` starts it afresh while the old rows stay to be inspected,
    /// exported or deleted. No other scene is touched.
    ///
    /// - Returns: The scene's new name.
    @_spi(Tooling) public func setAside(scene: String) throws(NavStateError) -> String {
        let renamed = try withConnection("set scene aside") { (store: inout State) throws(SQLiteError) -> String? in
            store.cache.forget(scene)
            let connection = store.connection
            return try connection.transaction(immediate: true) { () throws(SQLiteError) -> String? in
                try RevisionTable.renameAside(connection, scene: scene)
            }
        }
        guard let renamed else {
            throw .sceneNotFound(scene)
        }
        logger.warning("set scene aside", metadata: ["scene": "\(scene)", "renamedTo": "\(renamed)"])
        return renamed
    }

    /// `PRAGMA quick_check`: the same, skipping the index-content checks.
    func quickCheck() throws(NavStateError) -> [String] {
        try problems(reportedBy: "PRAGMA quick_check")
    }

    /// The rows of a checking pragma other than its single "ok".
    func problems(reportedBy pragma: String) throws(NavStateError) -> [String] {
        try withConnection(pragma) { (store: inout State) throws(SQLiteError) in
            let statement = try store.connection.prepare(pragma)
            var problems: [String] = []
            while try statement.step() {
                let line = statement.text(at: 0)
                if line != "ok" { problems.append(line) }
            }
            return problems
        }
    }
}

extension NavStateError {
    /// The file is not a store this build can use (not SQLite, damaged,
    /// another app's, a newer schema), so moving it aside and starting a
    /// fresh one cures it; a read-only file, a full disk or a busy one it
    /// would not.
    var isCuredBySettingTheFileAside: Bool {
        switch code {
        case .notADatabase, .corrupt, .schemaMismatch, .migrationBreaksReferences, .foreignDatabase, .newerSchema, .notInitialized:
            true
        default:
            false
        }
    }
}
