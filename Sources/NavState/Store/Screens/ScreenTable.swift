import NavStateModel
import NavStateSQLite

/// The `screen_state` table (Migrations/0007_screen_state.sql): each screen's
/// own values, for the head revision of each scene only. A save writes the
/// rows that changed and deletes the rest in the transaction of its
/// revision row; a restore hands a row to the entry it was saved with, found
/// by its location and the entry's checksum.
enum ScreenTable {
    /// A row's place: the entry's location as stored, and the value's key.
    struct Key: Hashable {
        var location: String
        var key: String
    }

    /// A row's content: the checksum of the entry it belongs to, and the
    /// value's JSON text.
    struct Row: Equatable {
        var check: Int
        var value: String
    }

    typealias Rows = [Key: Row]

    /// Every row of a scene.
    static func read(_ connection: SQLiteConnection, sceneID: Int) throws(SQLiteError) -> Rows {
        let statement = try connection.cached("SELECT location, key, entry_check, value FROM screen_state WHERE scene_id = ?1")
        try statement.bind(.integer(sceneID))
        var rows: Rows = [:]
        while try statement.step() {
            rows[Key(location: statement.text(at: 0), key: statement.text(at: 1))] =
                Row(check: statement.int(at: 2), value: statement.text(at: 3))
        }
        return rows
    }

    /// Brings a scene's rows from `old` (what the file holds) to `new`:
    /// changed rows written, the others deleted.
    static func update(_ connection: SQLiteConnection, sceneID: Int, from old: Rows, to new: Rows) throws(SQLiteError) {
        for (key, _) in old where new[key] == nil {
            try connection.cached("DELETE FROM screen_state WHERE scene_id = ?1 AND location = ?2 AND key = ?3")
                .bind(.integer(sceneID), .text(key.location), .text(key.key)).run()
        }
        for (key, row) in new where old[key] != row {
            try connection.cached("""
                INSERT INTO screen_state (scene_id, location, key, entry_check, value) VALUES (?1, ?2, ?3, ?4, ?5)
                ON CONFLICT (scene_id, location, key) DO UPDATE SET entry_check = excluded.entry_check, value = excluded.value
                """)
                .bind(.integer(sceneID), .text(key.location), .text(key.key), .integer(row.check), .text(row.value)).run()
        }
    }

    /// Deletes a scene's rows.
    static func deleteScene(_ connection: SQLiteConnection, id: Int) throws(SQLiteError) {
        try connection.cached("DELETE FROM screen_state WHERE scene_id = ?1").bind(.integer(id)).run()
    }

    /// The checksum an entry's screen rows carry: CRC-32C of its stored tag,
    /// a NUL and its payload.
    static func check(of entry: NavEntry) -> Int {
        var bytes = Array(entry.wireTag.utf8)
        bytes.append(0)
        bytes.append(contentsOf: entry.payload.utf8)
        return Int(bytes.withUnsafeBytes { ~RevisionSeal.update(0xFFFF_FFFF, $0) })
    }

    /// The rows a save writes for `state` (its entries as the save stores
    /// them): the screens whose locations hold an entry, each value kept
    /// while its screen and the scene stay within the limits, in scene
    /// order, the others left out and reported.
    static func rows<Element: StorableElement>(
        of state: SceneState<Element>, limits: NavStore.Limits
    ) -> (rows: Rows, leftOut: [LeftOutScreenValue]) {
        let screens = state.screensWithEntries
        guard !screens.isEmpty else { return ([:], []) }
        var rows: Rows = [:]
        var leftOut: [LeftOutScreenValue] = []
        var sceneBytes = 0
        let ordered = screens.map { (text: $0.key.storedText, location: $0.key, screen: $0.value) }.sorted { $0.text < $1.text }
        for (text, location, screen) in ordered {
            guard let element = state.element(at: location) else { continue }
            let check = check(of: element.storedEntry)
            var screenBytes = 0
            for key in screen.keys {
                guard let value = screen.json[key] else { continue }
                let bytes = key.utf8.count + value.utf8.count
                if screenBytes + bytes > limits.screenBytes {
                    leftOut.append(LeftOutScreenValue(location: location, key: key, bytes: bytes, limit: "screenBytes"))
                } else if sceneBytes + bytes > limits.sceneScreenBytes {
                    leftOut.append(LeftOutScreenValue(location: location, key: key, bytes: bytes, limit: "sceneScreenBytes"))
                } else {
                    screenBytes += bytes
                    sceneBytes += bytes
                    rows[Key(location: text, key: key)] = Row(check: check, value: value)
                }
            }
        }
        return (rows, leftOut)
    }

    /// The screens of `rows` that belong to the entries of `state` (a
    /// revision as read): a row whose location holds no entry, or another
    /// entry than the one it was saved with, is not handed out.
    static func screens(from rows: Rows, in state: SceneState<NavEntry>) -> [EntryLocation: ScreenState] {
        var screens: [EntryLocation: ScreenState] = [:]
        var checks: [String: Int?] = [:]
        for (key, row) in rows {
            guard let location = EntryLocation(storedText: key.location) else { continue }
            let check: Int?
            if let known = checks[key.location] {
                check = known
            } else {
                check = state.element(at: location).map(Self.check(of:))
                checks[key.location] = check
            }
            guard check == row.check else { continue }
            screens[location, default: ScreenState()].setJSON(row.value, forKey: key.key)
        }
        return screens
    }
}
