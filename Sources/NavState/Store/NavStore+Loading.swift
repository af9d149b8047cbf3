import Foundation
import Logging

extension NavStore {
    /// Loads a scene's head revision, or the given one from its history.
    ///
    /// - Returns: The revision exactly as it was saved, or `nil` when the
    ///   scene or that revision does not exist (pruned, or never saved).
    public func load(scene: String, revision: Int? = nil) throws(NavStoreError) -> StoredRevision? {
        if let revision, revision < 1 {
            throw .invalidArgument("revision numbers start at 1, not \(revision)")
        }
        let path = self.path
        let loaded = try withConnection("load") { store -> StoredRevision? in
            let connection = store.connection
            return try connection.transaction(immediate: false) { () throws -> StoredRevision? in
                let find = try connection.cached("SELECT id, head_revision FROM scene WHERE name = ?1")
                try find.bind(.text(scene))
                guard try find.step() else { return nil }
                let sceneID = find.int(at: 0)
                let head = find.int(at: 1)
                let number = revision ?? head
                let read = try connection.cached("SELECT saved_at, layout FROM revision WHERE scene_id = ?1 AND number = ?2")
                try read.bind(.integer(sceneID), .integer(number))
                guard try read.step() else { return nil }
                let savedAt = Date(timeIntervalSince1970: read.double(at: 0))
                let layout = try StoredLayout.decode(read.text(at: 1), path: path)
                let slots = number == head
                    ? try Self.headSlots(connection, sceneID: sceneID)
                    : try Self.slots(connection, sceneID: sceneID, revision: number)
                let state = try Slots.state(from: slots, layout: layout, path: path)
                if number == head {
                    store.heads[scene] = CachedHead(sceneID: sceneID, revision: head, slots: slots)
                }
                return StoredRevision(scene: scene, revision: number, savedAt: savedAt, state: state)
            }
        }
        logger.debug("loaded scene", metadata: ["scene": "\(scene)", "revision": "\(loaded?.revision ?? 0)"])
        return loaded
    }

    /// The head entries of a scene, by slot: read through the partial index
    /// of live entries, so the cost follows the depth, not the history.
    static func headSlots(_ connection: SQLiteConnection, sceneID: Int) throws -> [Int: [NavEntry]] {
        let statement = try connection.cached("""
            SELECT slot, position, tag, version, payload FROM entry INDEXED BY entry_head
            WHERE scene_id = ?1 AND valid_until IS NULL ORDER BY slot, position
            """)
        try statement.bind(.integer(sceneID))
        return try readSlots(statement, sceneID: sceneID, path: connection.filename)
    }

    /// The entries a past revision held, by slot.
    static func slots(_ connection: SQLiteConnection, sceneID: Int, revision: Int) throws -> [Int: [NavEntry]] {
        let statement = try connection.cached("""
            SELECT slot, position, tag, version, payload FROM entry
            WHERE scene_id = ?1 AND valid_from <= ?2 AND (valid_until IS NULL OR valid_until > ?2)
            ORDER BY slot, position
            """)
        try statement.bind(.integer(sceneID), .integer(revision))
        return try readSlots(statement, sceneID: sceneID, path: connection.filename)
    }

    private static func readSlots(_ statement: SQLiteStatement, sceneID: Int, path: String) throws -> [Int: [NavEntry]] {
        var slots: [Int: [NavEntry]] = [:]
        while try statement.step() {
            let slot = statement.int(at: 0)
            let position = statement.int(at: 1)
            let entry = NavEntry(tag: statement.text(at: 2), version: statement.optionalInt(at: 3), payload: statement.text(at: 4))
            let expected = slots[slot]?.count ?? 0
            guard position == expected else {
                throw NavStoreError.corrupt(
                    path: path, message: "scene \(sceneID) slot \(slot) skips from position \(expected) to \(position)")
            }
            slots[slot, default: []].append(entry)
        }
        return slots
    }
}
