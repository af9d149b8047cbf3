import NavStateModel
import NavStateSQLite

/// The `screen_state` table (Migrations/0007_screen_state.sql): each screen's
/// own values, one row per screen, for the head revision of each scene only.
/// A save writes the rows that changed and deletes the rest in the
/// transaction of its revision row; a restore hands a row to the entry it
/// was saved with, found by its location and the entry's checksum.
enum ScreenTable {
    /// A row's content: the checksum of the entry the screen belongs to,
    /// and its values, each key and value a varint length and its UTF-8.
    struct Row: Equatable {
        var check: Int
        var screen: [UInt8]
    }

    /// A scene's rows by the stored text of their locations.
    typealias Rows = [String: Row]

    /// Every row of a scene.
    static func read(_ connection: SQLiteConnection, sceneID: Int) throws(SQLiteError) -> Rows {
        let statement = try connection.cached("SELECT location, entry_check, screen FROM screen_state WHERE scene_id = ?1")
        try statement.bind(.integer(sceneID))
        var rows: Rows = [:]
        while try statement.step() {
            let screen = statement.isBlob(at: 2) ? statement.withBlob(at: 2) { Array($0) } : []
            rows[statement.text(at: 0)] = Row(check: statement.int(at: 1), screen: screen)
        }
        return rows
    }

    /// Brings a scene's rows from `old` (what the file holds) to `new`:
    /// changed rows written, the others deleted.
    static func update(_ connection: SQLiteConnection, sceneID: Int, from old: Rows, to new: Rows) throws(SQLiteError) {
        for (location, _) in old where new[location] == nil {
            try connection.cached("DELETE FROM screen_state WHERE scene_id = ?1 AND location = ?2")
                .bind(.integer(sceneID), .text(location)).run()
        }
        for (location, row) in new where old[location] != row {
            try connection.cached("""
                INSERT INTO screen_state (scene_id, location, entry_check, screen) VALUES (?1, ?2, ?3, ?4)
                ON CONFLICT (scene_id, location) DO UPDATE SET entry_check = excluded.entry_check, screen = excluded.screen
                """)
                .bind(.integer(sceneID), .text(location), .integer(row.check), .blob(row.screen)).run()
        }
    }

    /// One row to write, where.
    struct Write {
        var location: String
        var row: Row
    }

    /// The one row `new` writes over `old` when that is all that changed
    /// (a keystroke in a draft): one screen set or added, none removed;
    /// `nil` otherwise.
    static func singleWrite(from old: Rows, to new: Rows) -> Write? {
        guard new.count == old.count || new.count == old.count + 1 else { return nil }
        var changed: Write?
        for (location, row) in new where old[location] != row {
            guard changed == nil else { return nil }
            changed = Write(location: location, row: row)
        }
        // As many rows and one new location would mean one old one is gone.
        guard let changed, new.count == old.count || old[changed.location] == nil else { return nil }
        return changed
    }

    /// Writes one row, in a statement that is its own transaction, only if
    /// nothing has changed the file since its data version was `version`
    /// (as `RevisionTable.insertIfFileUnchanged` inserts a revision row):
    /// an `UPDATE` when the row is there (a keystroke), an `INSERT` when not.
    ///
    /// - Returns: Whether the row was written; `false` left the file as it was.
    static func writeIfFileUnchanged(
        _ connection: SQLiteConnection, sceneID: Int, _ write: Write, exists: Bool, since version: UInt32
    ) throws(SQLiteError) -> Bool {
        let statement = exists
            ? try connection.cached("""
                UPDATE screen_state SET entry_check = ?3, screen = ?4
                WHERE scene_id = ?1 AND location = ?2 AND navstate_file_unchanged(?5)
                """)
            : try connection.cached("""
                INSERT INTO screen_state (scene_id, location, entry_check, screen)
                SELECT ?1, ?2, ?3, ?4 WHERE navstate_file_unchanged(?5)
                """)
        try statement.bind(
            .integer(sceneID), .text(write.location), .integer(write.row.check), .blob(write.row.screen), .integer(Int(version))
        ).run()
        return connection.changes == 1
    }

    /// Deletes a scene's rows.
    static func deleteScene(_ connection: SQLiteConnection, id: Int) throws(SQLiteError) {
        try connection.cached("DELETE FROM screen_state WHERE scene_id = ?1").bind(.integer(id)).run()
    }

    /// The checksum a screen's row carries: CRC-32C of its entry's stored
    /// tag, a NUL and its payload.
    static func check(of entry: NavEntry) -> Int {
        // In place, copying neither text.
        var tag = entry.wireTag
        var payload = entry.payload
        var crc = tag.withUTF8 { RevisionSeal.update(0xFFFF_FFFF, UnsafeRawBufferPointer($0)) }
        crc = withUnsafeBytes(of: UInt8(0)) { RevisionSeal.update(crc, $0) }
        crc = payload.withUTF8 { RevisionSeal.update(crc, UnsafeRawBufferPointer($0)) }
        return Int(~crc)
    }

    /// The rows a save writes for `state` (its entries as the save stores
    /// them): the screens whose locations hold an entry, each value kept
    /// while its screen and the scene stay within the limits, in scene
    /// order, the others left out and reported.
    static func rows<Element: StorableElement>(
        of state: SceneState<Element>, limits: NavStore.Limits
    ) -> (rows: Rows, leftOut: [LeftOutScreenValue]) {
        // Named structs, not tuples, and no generic code past this loop: a
        // keystroke's save runs this, and a tuple's metadata is looked up
        // at run time on every call.
        var placed: [Placed] = []
        placed.reserveCapacity(state.screens.count)
        for (location, screen) in state.screens where !screen.isEmpty {
            guard let element = state.element(at: location) else { continue }
            placed.append(Placed(text: location.storedText, location: location, screen: screen, entry: element.storedEntry))
        }
        return rows(of: placed, limits: limits)
    }

    /// A screen with its entry, as a save writes it.
    struct Placed {
        var text: String
        var location: EntryLocation
        var screen: ScreenState
        var entry: NavEntry
    }

    private static func rows(of placed: [Placed], limits: NavStore.Limits) -> (rows: Rows, leftOut: [LeftOutScreenValue]) {
        guard !placed.isEmpty else { return ([:], []) }
        var rows: Rows = [:]
        var leftOut: [LeftOutScreenValue] = []
        var sceneBytes = 0
        for screen in placed.count > 1 ? placed.sorted(by: { $0.text < $1.text }) : placed {
            var bytes: [UInt8] = []
            var screenBytes = 0
            for key in screen.screen.keys {
                guard let value = screen.screen.json[key] else { continue }
                let size = key.utf8.count + value.utf8.count
                if screenBytes + size > limits.screenBytes {
                    leftOut.append(LeftOutScreenValue(location: screen.location, key: key, bytes: size, limit: "screenBytes"))
                } else if sceneBytes + size > limits.sceneScreenBytes {
                    leftOut.append(LeftOutScreenValue(location: screen.location, key: key, bytes: size, limit: "sceneScreenBytes"))
                } else {
                    screenBytes += size
                    sceneBytes += size
                    appendText(key, to: &bytes)
                    appendText(value, to: &bytes)
                }
            }
            guard !bytes.isEmpty else { continue }
            rows[screen.text] = Row(check: check(of: screen.entry), screen: bytes)
        }
        return (rows, leftOut)
    }

    /// The screens of `rows` that belong to the entries of `state` (a
    /// revision as read): a row whose location holds no entry, or another
    /// entry than the one it was saved with, or whose bytes do not decode,
    /// is not handed out; with `limits` (a restore), neither is a screen
    /// past them, which only a tampered file holds.
    static func screens(
        from rows: Rows, in state: SceneState<NavEntry>, limits: NavStore.Limits?
    ) -> [EntryLocation: ScreenState] {
        var screens: [EntryLocation: ScreenState] = [:]
        screens.reserveCapacity(rows.count)
        var sceneBytes = 0
        for (text, row) in rows {
            guard let location = EntryLocation(storedText: text), let entry = state.element(at: location),
                  check(of: entry) == row.check, let values = decode(row.screen) else { continue }
            let screen = ScreenState(json: values)
            if let limits {
                let bytes = screen.byteCount
                guard bytes <= limits.screenBytes, sceneBytes + bytes <= limits.sceneScreenBytes else { continue }
                sceneBytes += bytes
            }
            screens[location] = screen
        }
        return screens
    }

    // MARK: The screen column

    /// Each key and value of a screen is a varint length and its UTF-8,
    /// keys in order (`rows(of:limits:)` writes them).
    private static func appendText(_ text: String, to bytes: inout [UInt8]) {
        var length = UInt(text.utf8.count)
        while length >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: length) | 0x80)
            length >>= 7
        }
        bytes.append(UInt8(length))
        bytes.append(contentsOf: text.utf8)
    }

    /// A screen's values read back; `nil` for bytes it never writes (a length
    /// past the end, a varint too long, text that is not UTF-8, a key twice).
    static func decode(_ bytes: [UInt8]) -> [String: String]? {
        var values: [String: String] = [:]
        var offset = 0
        func text() -> String? {
            var length = 0
            var shift = 0
            while true {
                guard offset < bytes.count, shift <= 28 else { return nil }
                let byte = bytes[offset]
                offset += 1
                length |= Int(byte & 0x7F) << shift
                if byte < 0x80 { break }
                shift += 7
            }
            guard length <= bytes.count - offset else { return nil }
            let slice = bytes[offset..<(offset + length)]
            offset += length
            // Decoding repairs what is not UTF-8, so a text that reads back
            // as other bytes was not; this works from iOS 16.
            var text = String(decoding: slice, as: UTF8.self)
            let same = text.withUTF8 { decoded in slice.withUnsafeBufferPointer { decoded.elementsEqual($0) } }
            return same ? text : nil
        }
        while offset < bytes.count {
            guard let key = text(), let value = text(), values[key] == nil else { return nil }
            values[key] = value
        }
        return values
    }
}
