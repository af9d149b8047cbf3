import Logging
import NavStateModel
import NavStateSQLite

/// The Swift step of migration 0004: every kept revision of every scene,
/// read from the schema-3 tables (entry rows valid over a range of
/// revisions, a layout per revision row) and written to `revision_change`
/// as one row each: the scene's oldest kept revision as a full row, each
/// later one as its change since the one before, with a full row whenever
/// the save path would write one.
///
/// Runs inside the migration's transaction, so an interrupted migration
/// leaves the schema-3 file as it was. Revision numbers, save times, counts
/// and layout JSON are carried over as they are; entries keep their tag,
/// version and payload bytes.
enum RevisionMove {
    static func run(_ connection: SQLiteConnection, logger: NavLog) throws(SQLiteError) {
        var sceneIDs: [Int] = []
        let scenes = try connection.prepare("SELECT id FROM scene ORDER BY id")
        while try scenes.step() { sceneIDs.append(scenes.int(at: 0)) }
        var moved = 0
        var repaired = 0
        for sceneID in sceneIDs {
            let revisions = try oldRevisions(connection, sceneID: sceneID)
            var slots: SlotMap<[NavEntry]> = SlotMap()
            var identities: SlotMap<[AnyObject?]> = SlotMap()
            var layout = ""
            var base = 0
            var chainBytes = 0
            for revision in revisions {
                let (next, exact) = try oldSlots(connection, sceneID: sceneID, revision: revision.number)
                if !exact { repaired += 1 }
                let change: [UInt8]
                if base == 0 {
                    slots = next
                    change = RevisionChange.full(slots, layout: revision.layout)
                } else {
                    let delta = RevisionChange.delta(
                        updating: &slots, identities: &identities, to: next, layout: revision.layout == layout ? nil : revision.layout)
                    let bytes = delta.bytes ?? RevisionChange.emptyDelta
                    if RevisionChange.needsFull(
                        chainLength: revision.number - base, chainBytes: chainBytes + bytes.count,
                        stateBytes: revision.byteCount) {
                        change = RevisionChange.full(slots, layout: revision.layout)
                    } else {
                        change = bytes
                    }
                }
                if change[1] & RevisionChange.fullFlag != 0 {
                    base = revision.number
                    chainBytes = 0
                } else {
                    chainBytes += change.count
                }
                layout = revision.layout
                try connection.cached("""
                    INSERT INTO revision_change
                        (scene_id, number, saved_at, base, entry_count, presentation_count, byte_count, chain_bytes, change)
                    VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)
                    """).bind(.integer(sceneID), .integer(revision.number), .real(revision.savedAt), .integer(base),
                              .integer(revision.entryCount), .integer(revision.presentationCount),
                              .integer(revision.byteCount), .integer(chainBytes), .blob(change)).run()
                moved += 1
            }
        }
        logger.debug("moved revisions to one row each", metadata: [
            "scenes": "\(sceneIDs.count)", "revisions": "\(moved)", "revisionsWithDamagedRows": "\(repaired)",
        ])
    }

    private struct OldRevision {
        var number: Int
        var savedAt: Double
        var entryCount: Int
        var presentationCount: Int
        var byteCount: Int
        var layout: String
    }

    private static func oldRevisions(_ connection: SQLiteConnection, sceneID: Int) throws(SQLiteError) -> [OldRevision] {
        let statement = try connection.cached("""
            SELECT number, saved_at, depth, presentation_count, byte_count, layout FROM revision
            WHERE scene_id = ?1 ORDER BY number
            """)
        try statement.bind(.integer(sceneID))
        defer { statement.reset() }
        var revisions: [OldRevision] = []
        while try statement.step() {
            revisions.append(OldRevision(
                number: statement.int(at: 0), savedAt: statement.double(at: 1), entryCount: statement.int(at: 2),
                presentationCount: statement.int(at: 3), byteCount: statement.int(at: 4), layout: statement.text(at: 5)))
        }
        return revisions
    }

    /// The entries a schema-3 revision held, by slot. A slot whose positions
    /// do not run 0, 1, 2, … (a damaged file) keeps the entries before the
    /// first gap or repeat: what a schema-3 restore handed back.
    private static func oldSlots(
        _ connection: SQLiteConnection, sceneID: Int, revision: Int
    ) throws(SQLiteError) -> (slots: SlotMap<[NavEntry]>, exact: Bool) {
        let statement = try connection.cached("""
            SELECT slot, position, tag, version, payload FROM entry
            WHERE scene_id = ?1 AND valid_from <= ?2 AND (valid_until IS NULL OR valid_until > ?2)
            ORDER BY slot, position, valid_from
            """)
        try statement.bind(.integer(sceneID), .integer(revision))
        defer { statement.reset() }
        var slots: SlotMap<[NavEntry]> = SlotMap()
        var exact = true
        var cut: Set<Int> = []
        while try statement.step() {
            let slot = statement.int(at: 0)
            if cut.contains(slot) { continue }
            if statement.int(at: 1) != slots[slot]?.count ?? 0 {
                exact = false
                cut.insert(slot)
                continue
            }
            let entry = NavEntry(tag: statement.text(at: 2), version: statement.optionalInt(at: 3), payload: statement.text(at: 4))
            slots.update(slot, default: []) { $0.append(entry) }
        }
        return (slots, exact)
    }
}
