import NavStateReports
import Foundation
import NavStateModel
import NavStateSQLite

// The SQL of listing and pruning: the rest of the revision table's
// statements (RevisionTable.swift has saving's and loading's).
extension RevisionTable {
    static func cheaperListingPlan(_ connection: SQLiteConnection) throws(SQLiteError) -> NavStore.SceneListingPlan {
        let sample = try connection.cached("""
            SELECT count(*), (SELECT count(*) FROM revision WHERE scene_id BETWEEN min(s.id) AND max(s.id))
            FROM (SELECT id FROM scene ORDER BY id LIMIT 32) AS s
            """)
        guard try sample.step() else { return .seekPerScene }
        let (scenes, rows) = (sample.int(at: 0), sample.int(at: 1))
        sample.reset()
        return scenes > 0 && rows <= 3 * scenes ? .scanRevisions : .seekPerScene
    }

    private static func summary(
        name: String, head: (number: Int, entries: Int, presentations: Int, savedAt: Double, bytes: Int)?, createdAt: Double
    ) -> SceneSummary {
        guard let head else {
            return SceneSummary(
                scene: name, revision: 0, entryCount: 0, presentations: 0,
                updatedAt: StoredRange.date(createdAt), bytes: 0, headIsMissing: true)
        }
        return SceneSummary(
            scene: name, revision: head.number, entryCount: storedCount(head.entries),
            presentations: storedCount(head.presentations), updatedAt: StoredRange.date(head.savedAt),
            bytes: storedBytes(head.bytes), headIsMissing: false)
    }

    static func scenesBySeeking(_ connection: SQLiteConnection) throws(SQLiteError) -> [SceneSummary] {
        let statement = try connection.cached("scenes by seeking") {
            """
            SELECT s.name, r.number, r.entry_count, r.presentation_count, r.saved_at, r.byte_count, s.created_at
            \(scenesWithHeadRows) ORDER BY s.name
            """
        }
        defer { statement.reset() }
        var scenes: [SceneSummary] = []
        while try statement.step() {
            let head = statement.optionalInt(at: 1).map {
                ($0, statement.int(at: 2), statement.int(at: 3), statement.double(at: 4), statement.int(at: 5))
            }
            scenes.append(summary(name: statement.text(at: 0), head: head, createdAt: statement.double(at: 6)))
        }
        return scenes
    }

    static func scenesByScanning(_ connection: SQLiteConnection) throws(SQLiteError) -> [SceneSummary] {
        // Each scene's last row in key order is its head: ids ascending,
        // with the head's fields beside them.
        var ids: [Int] = []
        var heads: [(number: Int, entries: Int, presentations: Int, savedAt: Double, bytes: Int)] = []
        let rows = try connection.cached("""
            SELECT scene_id, number, entry_count, presentation_count, saved_at, byte_count FROM revision
            WHERE number BETWEEN 1 AND 4503599627370496 ORDER BY scene_id, number
            """)
        var last: (id: Int, head: (number: Int, entries: Int, presentations: Int, savedAt: Double, bytes: Int))?
        while try rows.step() {
            let id = rows.int(at: 0)
            if let finished = last, finished.id != id {
                ids.append(finished.id)
                heads.append(finished.head)
            }
            last = (id, (rows.int(at: 1), rows.int(at: 2), rows.int(at: 3), rows.double(at: 4), rows.int(at: 5)))
        }
        if let finished = last {
            ids.append(finished.id)
            heads.append(finished.head)
        }
        rows.reset()
        // Names and ids alone come from the name index, without a lookup
        // of each scene's row; the creation time only where there is no head.
        let names = try connection.cached("SELECT name, id FROM scene ORDER BY name")
        defer { names.reset() }
        var scenes: [SceneSummary] = []
        scenes.reserveCapacity(ids.count)
        while try names.step() {
            let id = names.int(at: 1)
            // Binary search: the ids came in ascending order.
            var (low, high) = (0, ids.count)
            while low < high {
                let middle = low + (high - low) / 2
                if ids[middle] < id { low = middle + 1 } else { high = middle }
            }
            if low < ids.count && ids[low] == id {
                scenes.append(summary(name: names.text(at: 0), head: heads[low], createdAt: 0))
            } else {
                let created = try connection.cached("SELECT created_at FROM scene WHERE id = ?1")
                try created.bind(.integer(id))
                let createdAt = try created.step() ? created.double(at: 0) : 0
                created.reset()
                scenes.append(summary(name: names.text(at: 0), head: nil, createdAt: createdAt))
            }
        }
        return scenes
    }

    static func pruneRows(
        _ connection: SQLiteConnection, keepRevisions: Int, cutoff: Double?, dryRun: Bool
    ) throws(SQLiteError) -> PruneResult {
        var touched: [String: PrunedScene] = [:]
        var scenes = 0
        if let cutoff {
            let stale = try connection.cached("""
                SELECT s.id, s.name, (SELECT count(*) FROM revision AS r WHERE r.scene_id = s.id)
                FROM scene AS s
                -- The time of its last save: its newest revision's, or its creation when it has none;
                -- a time out of range is as old as can be (StoredRange.date).
                WHERE (SELECT CASE WHEN t BETWEEN 0 AND 253402300799 THEN t ELSE 0 END FROM (SELECT coalesce(
                    (SELECT r.saved_at FROM revision AS r
                     WHERE r.scene_id = s.id AND r.number BETWEEN 1 AND 4503599627370496 ORDER BY r.number DESC LIMIT 1),
                    s.created_at) AS t)) < ?1
                """)
            try stale.bind(.real(cutoff))
            var ids: [Int] = []
            while try stale.step() {
                let name = stale.text(at: 1)
                ids.append(stale.int(at: 0))
                touched[name] = PrunedScene(scene: name, revisionsRemoved: stale.int(at: 2), deleted: true)
            }
            stale.reset()
            for id in ids { try deleteScene(connection, id: id) }
            scenes = ids.count
        }
        // Every scene with more rows than it keeps, and the number of the
        // oldest row it keeps: the newest rows that are there, counted, not
        // the head's number less the count, so a head whose number was
        // tampered upwards does not take every loadable revision with it.
        let old = try connection.cached("""
            SELECT s.id, s.name,
                   (SELECT number FROM revision WHERE scene_id = s.id AND number BETWEEN 1 AND 4503599627370496
                    ORDER BY number DESC LIMIT 1 OFFSET ?1 - 1)
            FROM scene AS s
            WHERE (SELECT count(*) FROM revision WHERE scene_id = s.id AND number BETWEEN 1 AND 4503599627370496) > ?1
            """)
        try old.bind(.integer(keepRevisions))
        var scenesWithOldRows: [(id: Int, name: String, oldestKept: Int)] = []
        while try old.step() { scenesWithOldRows.append((old.int(at: 0), old.text(at: 1), old.int(at: 2))) }
        old.reset()
        var revisions = touched.values.reduce(0) { $0 + $1.revisionsRemoved }
        for scene in scenesWithOldRows {
            let oldestKept = scene.oldestKept
            try rebase(connection, sceneID: scene.id, at: oldestKept)
            try connection.cached("DELETE FROM revision WHERE scene_id = ?1 AND number < ?2")
                .bind(.integer(scene.id), .integer(oldestKept)).run()
            let removed = connection.changes
            revisions += removed
            touched[scene.name] = PrunedScene(scene: scene.name, revisionsRemoved: removed, deleted: false)
        }
        try connection.execute("""
            DELETE FROM restore_attempt WHERE NOT EXISTS (
                SELECT 1 FROM revision AS r
                WHERE r.scene_id = restore_attempt.scene_id AND r.number = restore_attempt.revision)
            """)
        return PruneResult(
            scenes: touched.values.sorted { $0.scene < $1.scene },
            scenesRemoved: scenes, revisionsRemoved: revisions, isDryRun: dryRun)
    }

    /// Makes `number` a full row, so the rows before it can go: its change
    /// becomes its whole state, and the later rows of its chain build on it.
    /// A revision whose chain does not read is left as it is: no state can
    /// be made of it, and `navstate check` reports it.
    static func rebase(_ connection: SQLiteConnection, sceneID: Int, at number: Int) throws(SQLiteError) {
        let row = try connection.cached("SELECT base, chain_bytes FROM revision WHERE scene_id = ?1 AND number = ?2")
        try row.bind(.integer(sceneID), .integer(number))
        guard try row.step() else {
            row.reset()
            return
        }
        let (base, chainBytes) = (row.int(at: 0), row.int(at: 1))
        row.reset()
        guard base != number, case .success(let read)? = try RevisionTable.readRevision(connection, sceneID: sceneID, number: number) else { return }
        let full = RevisionChange.full(read.slots, layout: read.layout)
        try connection.cached("UPDATE revision SET base = ?3, chain_bytes = 0, change = ?4 WHERE scene_id = ?1 AND number = ?2")
            .bind(.integer(sceneID), .integer(number), .integer(number),
                  .blob(RevisionSeal.seal(full, .init(sceneID: sceneID, number: number, base: number))))
            .run()
        // The later rows of the chain now build on it: their base is part of
        // their seal, so each is sealed again (a row whose seal does not
        // hold keeps it, and stays damage).
        let later = try connection.cached("""
            SELECT number, change FROM revision WHERE scene_id = ?1 AND number > ?3 AND base = ?2 ORDER BY number
            """)
        try later.bind(.integer(sceneID), .integer(base), .integer(number))
        var moved: [(number: Int, change: [UInt8]?)] = []
        while try later.step() {
            let row = later.int(at: 0)
            let opened = later.withBlob(at: 1) { RevisionSeal.open($0, .init(sceneID: sceneID, number: row, base: base)) }
            moved.append((row, try? opened.get()))
        }
        later.reset()
        for row in moved {
            let update = try connection.cached("""
                UPDATE revision SET base = ?3, chain_bytes = max(chain_bytes - ?4, 0), change = coalesce(?5, change)
                WHERE scene_id = ?1 AND number = ?2
                """)
            let resealed = row.change.map { RevisionSeal.seal($0, .init(sceneID: sceneID, number: row.number, base: number)) }
            try update.bind(.integer(sceneID), .integer(row.number), .integer(number), .integer(chainBytes),
                            resealed.map { .blob($0) } ?? .null).run()
        }
    }

    /// A count as a listing shows it: 0 when the file's is out of range
    /// (`navstate check` reports the row).
    static func storedCount(_ value: Int) -> Int { StoredRange.count.contains(value) ? value : 0 }

    /// A byte count as a listing shows it: 0 when the file's is out of range.
    static func storedBytes(_ value: Int) -> Int { StoredRange.bytes.contains(value) ? value : 0 }

    /// A scene's kept revisions, oldest first: rows older than the kept
    /// revisions are what a kept one builds on, not history; rows numbered
    /// out of range are damage (`check`).
    static func history(_ connection: SQLiteConnection, scene: String) throws(SQLiteError) -> [RevisionSummary] {
        let statement = try connection.cached("""
            SELECT r.number, r.saved_at, r.entry_count, r.presentation_count, r.byte_count
            FROM revision AS r JOIN scene AS s ON s.id = r.scene_id
            WHERE s.name = ?1 AND r.number BETWEEN 1 AND 4503599627370496
                AND (s.kept_revisions IS NULL OR s.kept_revisions NOT BETWEEN 1 AND 2147483648
                     OR r.number > (SELECT max(number) FROM revision
                                    WHERE scene_id = s.id AND number BETWEEN 1 AND 4503599627370496) - s.kept_revisions)
            ORDER BY r.number
            """)
        try statement.bind(.text(scene))
        defer { statement.reset() }
        var revisions: [RevisionSummary] = []
        while try statement.step() {
            revisions.append(RevisionSummary(
                revision: statement.int(at: 0), savedAt: StoredRange.date(statement.double(at: 1)),
                entryCount: RevisionTable.storedCount(statement.int(at: 2)), presentations: RevisionTable.storedCount(statement.int(at: 3)),
                bytes: RevisionTable.storedBytes(statement.int(at: 4))))
        }
        return revisions
    }

    // MARK: Deleting and repairing

    /// Deletes a scene's row, its revisions and its attempts; whether it
    /// existed.
    static func deleteScene(_ connection: SQLiteConnection, name: String) throws(SQLiteError) -> Bool {
        let find = try connection.cached("SELECT id FROM scene WHERE name = ?1")
        try find.bind(.text(name))
        let id = try find.step() ? find.int(at: 0) : nil
        find.reset()
        guard let id else { return false }
        try deleteScene(connection, id: id)
        return true
    }

    /// Deletes a scene's revisions, attempts and row. The connection does
    /// not enforce the foreign keys (see `Migrator.applyPragmas`), so what
    /// they would cascade is deleted here.
    static func deleteScene(_ connection: SQLiteConnection, id: Int) throws(SQLiteError) {
        try connection.cached("DELETE FROM revision WHERE scene_id = ?1").bind(.integer(id)).run()
        try connection.cached("DELETE FROM restore_attempt WHERE scene_id = ?1").bind(.integer(id)).run()
        try ScreenTable.deleteScene(connection, id: id)
        try connection.cached("DELETE FROM scene WHERE id = ?1").bind(.integer(id)).run()
    }

    /// Deletes every scene, revision, attempt and screen.
    static func deleteEverything(_ connection: SQLiteConnection) throws(SQLiteError) {
        try connection.execute("DELETE FROM revision; DELETE FROM restore_attempt; DELETE FROM screen_state; DELETE FROM scene;")
    }

    /// Every scene's name with its newest revision number (0 when it has
    /// none), by name.
    static func scenesWithHeadNumbers(_ connection: SQLiteConnection) throws(SQLiteError) -> [(String, Int)] {
        let statement = try connection.cached("""
            SELECT s.name, coalesce((SELECT max(r.number) FROM revision AS r
                                     WHERE r.scene_id = s.id AND r.number BETWEEN 1 AND 4503599627370496), 0)
            FROM scene AS s ORDER BY s.name
            """)
        defer { statement.reset() }
        var names: [(String, Int)] = []
        while try statement.step() { names.append((statement.text(at: 0), statement.int(at: 1))) }
        return names
    }

    /// What `navstate check` compares a scene's rows against its state:
    /// its `kept_revisions`, how many rows are numbered out of range, and
    /// its head row's number and counts.
    struct RowsToCheck {
        var name: String
        var kept: Int?
        var outOfRange: Int
        var head: Int?
        var counts: (entries: Int, presentations: Int, bytes: Int)?
    }

    static func rowsToCheck(_ connection: SQLiteConnection) throws(SQLiteError) -> [RowsToCheck] {
        let statement = try connection.cached("rows to check") {
            """
            SELECT s.name, s.kept_revisions,
                   (SELECT count(*) FROM revision WHERE scene_id = s.id AND number NOT BETWEEN 1 AND 4503599627370496),
                   r.number, r.entry_count, r.presentation_count, r.byte_count
            \(scenesWithHeadRows) ORDER BY s.name
            """
        }
        defer { statement.reset() }
        var rows: [RowsToCheck] = []
        while try statement.step() {
            let head = statement.optionalInt(at: 3)
            rows.append(RowsToCheck(
                name: statement.text(at: 0), kept: statement.optionalInt(at: 1), outOfRange: statement.int(at: 2), head: head,
                counts: head == nil ? nil : (statement.int(at: 4), statement.int(at: 5), statement.int(at: 6))))
        }
        return rows
    }

    /// Renames a scene to the first free `<name>#damaged-<n>`; `nil` when
    /// there is no such scene. Run inside the caller's write transaction.
    static func renameAside(_ connection: SQLiteConnection, scene: String) throws(SQLiteError) -> String? {
        let exists = try connection.cached("SELECT count(*) FROM scene WHERE name = ?1")
        try exists.bind(.text(scene))
        guard try exists.step(), exists.int(at: 0) > 0 else {
            exists.reset()
            return nil
        }
        exists.reset()
        var number = 1
        while true {
            let candidate = "\(scene)#damaged-\(number)"
            try exists.bind(.text(candidate))
            let taken = try exists.step() && exists.int(at: 0) > 0
            exists.reset()
            if !taken {
                try connection.cached("UPDATE scene SET name = ?1 WHERE name = ?2").bind(.text(candidate), .text(scene)).run()
                return candidate
            }
            number += 1
        }
    }
}
