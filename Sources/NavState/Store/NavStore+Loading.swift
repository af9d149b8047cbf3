import Foundation
import Logging
import NavStateModel
import NavStateSQLite

/// Entry rows of one revision as the file holds them, by slot, in position
/// order, before anything about them is trusted.
typealias StoredRows = [Int: [(position: Int, entry: NavEntry)]]

extension NavStore {
    /// Loads a scene's head revision, or the given one from its history.
    ///
    /// - Returns: The revision exactly as it was saved, or `nil` when the
    ///   scene or that revision does not exist (pruned, or never saved).
    /// - Throws: ``NavStoreError/corrupt(path:message:)`` when the rows of
    ///   the revision do not form a valid scene state (a tampered or damaged
    ///   file), naming what is wrong. ``restore(scene:registry:options:)``
    ///   instead leaves out what does not fit, or falls back to an earlier
    ///   revision.
    public func load(scene: String, revision: Int? = nil) throws(NavStoreError) -> StoredRevision? {
        guard let (stored, damage) = try loadChecked(scene: scene, revision: revision, limits: nil) else { return nil }
        if let first = damage.first {
            let error = NavStoreError.corrupt(
                path: path,
                message: "revision \(stored.revision) of scene '\(NavStoreError.shortened(scene))': \(first.problem)")
            logger.error("load failed", metadata: ["path": "\(path)", "error": "\(error)"])
            throw error
        }
        return stored
    }

    /// Loads a revision, keeping only what forms a valid scene state and
    /// saying what was left out and why.
    ///
    /// - Parameter limits: Also leave out what passes these limits (the
    ///   restore path: a tampered file must not hand the app a huge state).
    /// - Throws: ``NavStoreError/corrupt(path:message:)`` only when nothing
    ///   of the revision can be trusted (its layout does not decode, or
    ///   SQLite finds the file damaged).
    func loadChecked(
        scene: String, revision: Int?, limits: Limits?
    ) throws(NavStoreError) -> (StoredRevision, [StoredDamage])? {
        if let revision, revision < 1 {
            throw .invalidArgument("revision numbers start at 1, not \(revision)")
        }
        let path = self.path
        let loaded = try withConnection("load", refusable: { (store: inout State) throws(SQLiteError) in
            let connection = store.connection
            return try connection.refusableTransaction(immediate: false) {
                () throws(SQLiteError) -> Result<(StoredRevision, [StoredDamage])?, NavStoreError> in
                let find = try connection.cached("SELECT id, head_revision FROM scene WHERE name = ?1")
                try find.bind(.text(scene))
                guard try find.step() else { return .success(nil) }
                let sceneID = find.int(at: 0)
                let head = find.int(at: 1)
                find.reset()
                let number = revision ?? head
                let read = try connection.cached("SELECT saved_at, layout FROM revision WHERE scene_id = ?1 AND number = ?2")
                try read.bind(.integer(sceneID), .integer(number))
                guard try read.step() else {
                    if revision == nil {
                        return .failure(.corrupt(
                            path: path,
                            message: "scene '\(NavStoreError.shortened(scene))' names head revision \(head), which is not in the file"))
                    }
                    return .success(nil)
                }
                let savedAt = Date(timeIntervalSince1970: read.double(at: 0))
                let layoutText = read.text(at: 1)
                read.reset()
                let layout: StoredLayout
                switch StoredLayout.decode(layoutText) {
                case .success(let decoded): layout = decoded
                case .failure(let problem):
                    return .failure(.corrupt(path: path, message: "a revision's layout does not decode: \(problem)"))
                }
                let rows = number == head
                    ? try Self.headRows(connection, sceneID: sceneID)
                    : try Self.rows(connection, sceneID: sceneID, revision: number)
                let (state, damage) = Slots.state(from: rows, layout: layout, limits: limits)
                if number == head && damage.isEmpty, let slots = Slots.exact(rows) {
                    store.heads[scene] = CachedHead(sceneID: sceneID, revision: head, slots: slots, layout: layoutText)
                }
                return .success((StoredRevision(scene: scene, revision: number, savedAt: savedAt, state: state), damage))
            }
        })
        logger.debug("loaded scene", metadata: [
            "scene": "\(scene)", "revision": "\(loaded?.0.revision ?? 0)", "damage": "\(loaded?.1.count ?? 0)",
        ])
        return loaded
    }

    /// The head rows of a scene, by slot: read through the partial index
    /// of live entries, so the cost follows the depth, not the history.
    static func headRows(_ connection: SQLiteConnection, sceneID: Int) throws(SQLiteError) -> StoredRows {
        let statement = try connection.cached("""
            SELECT slot, position, tag, version, payload FROM entry INDEXED BY entry_head
            WHERE scene_id = ?1 AND valid_until IS NULL ORDER BY slot, position
            """)
        try statement.bind(.integer(sceneID))
        return try readRows(statement)
    }

    /// The rows a past revision held, by slot.
    static func rows(_ connection: SQLiteConnection, sceneID: Int, revision: Int) throws(SQLiteError) -> StoredRows {
        let statement = try connection.cached("""
            SELECT slot, position, tag, version, payload FROM entry
            WHERE scene_id = ?1 AND valid_from <= ?2 AND (valid_until IS NULL OR valid_until > ?2)
            ORDER BY slot, position
            """)
        try statement.bind(.integer(sceneID), .integer(revision))
        return try readRows(statement)
    }

    private static func readRows(_ statement: SQLiteStatement) throws(SQLiteError) -> StoredRows {
        var rows: StoredRows = [:]
        while try statement.step() {
            let entry = NavEntry(tag: statement.text(at: 2), version: statement.optionalInt(at: 3), payload: statement.text(at: 4))
            rows[statement.int(at: 0), default: []].append((statement.int(at: 1), entry))
        }
        statement.reset()
        return rows
    }
}

/// Something a revision's rows hold that does not fit a valid scene state,
/// and the entry it concerns, if any.
struct StoredDamage: Sendable {
    var location: EntryLocation?
    var entry: NavEntry?
    var problem: String
}
