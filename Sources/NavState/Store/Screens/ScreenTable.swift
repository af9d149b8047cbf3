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
        var read: [Located] = []
        while try statement.step() {
            let screen = statement.isBlob(at: 2) ? statement.withBlob(at: 2) { Array($0) } : []
            read.append(Located(text: statement.text(at: 0), row: Row(check: statement.int(at: 1), screen: screen)))
        }
        guard !read.isEmpty else { return [:] }
        // Made once at its size; a location twice (only in a file not
        // written by a store) keeps the last.
        var rows = Rows(minimumCapacity: read.count)
        for located in read { rows[located.text] = located.row }
        return rows
    }

    /// A row with the text of its location, as read (a named struct: a
    /// tuple's metadata is looked up at run time).
    struct Located {
        var text: String
        var row: Row
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

    /// One row to write, where; `exists` when the file has a row there.
    struct Write {
        var location: String
        var row: Row
        var exists: Bool
    }

    /// What `new` changes of `old`.
    enum Change {
        /// Nothing.
        case none
        /// One screen set or added, none removed (a keystroke in a draft).
        case one(Write)
        /// More than that.
        case several
    }

    /// What `new` changes of `old`, compared in one pass.
    static func change(from old: Rows, to new: Rows) -> Change {
        guard new.count == old.count || new.count == old.count + 1 else { return .several }
        var changed: Write?
        for (location, row) in new {
            let before = old[location]
            guard before != row else { continue }
            guard changed == nil else { return .several }
            changed = Write(location: location, row: row, exists: before != nil)
        }
        guard let changed else { return new.count == old.count ? .none : .several }
        // As many rows and one new location would mean one old one is gone.
        guard new.count == old.count || !changed.exists else { return .several }
        return .one(changed)
    }

    /// Writes one row, in a statement that is its own transaction, only if
    /// nothing has changed the file since its data version was `version`
    /// (as `RevisionTable.insertIfFileUnchanged` inserts a revision row):
    /// an `UPDATE` when the row is there (a keystroke), an `INSERT` when not.
    ///
    /// - Returns: Whether the row was written; `false` left the file as it was.
    static func writeIfFileUnchanged(
        _ connection: SQLiteConnection, sceneID: Int, _ write: Write, since version: UInt32
    ) throws(SQLiteError) -> Bool {
        let statement = write.exists
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
        guard !state.screens.isEmpty else { return ([:], []) }
        if state.screens.count == 1, let (location, screen) = state.screens.first {
            // One screen, the most common: no list to sort.
            guard !screen.isEmpty, let element = state.element(at: location) else { return ([:], []) }
            var encoder = Encoder(limits: limits)
            let placed = Placed(text: location.storedText, location: location, screen: screen, entry: element.storedEntry)
            guard let row = encoder.row(of: placed) else { return ([:], encoder.leftOut) }
            return ([placed.text: row], encoder.leftOut)
        }
        var placed: [Placed] = []
        placed.reserveCapacity(state.screens.count)
        var total = 0
        for (location, screen) in state.screens where !screen.isEmpty {
            guard let element = state.element(at: location) else { continue }
            placed.append(Placed(text: location.storedText, location: location, screen: screen, entry: element.storedEntry))
            total += screen.byteCount
        }
        var encoder = Encoder(limits: limits)
        var rows = Rows(minimumCapacity: placed.count)
        // The order decides which values the scene's limit leaves out;
        // within it, none is, and the order does not matter.
        let ordered = total <= limits.sceneScreenBytes ? placed : placed.sorted(by: { $0.text < $1.text })
        for screen in ordered {
            if let row = encoder.row(of: screen) { rows[screen.text] = row }
        }
        return (rows, encoder.leftOut)
    }

    /// A screen with its entry, as a save writes it.
    struct Placed {
        var text: String
        var location: EntryLocation
        var screen: ScreenState
        var entry: NavEntry
    }

    /// Encodes a scene's screens in scene order, holding them to the limits.
    struct Encoder {
        let limits: NavStore.Limits
        var sceneBytes = 0
        var leftOut: [LeftOutScreenValue] = []

        init(limits: NavStore.Limits) {
            self.limits = limits
        }

        /// The row of `placed`: each value kept while the screen and the
        /// scene stay within the limits, the others left out and
        /// reported; `nil` when no value is kept.
        mutating func row(of placed: Placed) -> Row? {
            let encoding: ScreenEncoding
            if fits(placed.screen.byteCount) {
                // Whole, the common case: a screen as a restore read it or
                // as its last change left it is already encoded.
                encoding = placed.screen.encoded ?? ScreenEncoding(placed.screen.json)
                sceneBytes += encoding.byteCount
            } else {
                var kept: [String: String] = [:]
                var screenBytes = 0
                for (key, value) in placed.screen.json.sorted(by: { $0.key < $1.key }) {
                    let size = key.utf8.count + value.utf8.count
                    if screenBytes + size > limits.screenBytes {
                        leftOut.append(LeftOutScreenValue(location: placed.location, key: key, bytes: size, limit: "screenBytes"))
                    } else if sceneBytes + size > limits.sceneScreenBytes {
                        leftOut.append(LeftOutScreenValue(location: placed.location, key: key, bytes: size, limit: "sceneScreenBytes"))
                    } else {
                        screenBytes += size
                        sceneBytes += size
                        kept[key] = value
                    }
                }
                encoding = ScreenEncoding(kept)
            }
            return encoding.count == 0 ? nil : Row(check: ScreenTable.check(of: placed.entry), screen: encoding.bytes)
        }

        /// Whether a screen of `bytes` keeps all its values.
        private func fits(_ bytes: Int) -> Bool {
            bytes <= limits.screenBytes && sceneBytes + bytes <= limits.sceneScreenBytes
        }
    }

    /// The screens of `rows` that belong to the entries of `state` (a
    /// revision as read): a row whose location holds no entry, or another
    /// entry than the one it was saved with, or whose bytes do not decode,
    /// is not handed out; with `limits` (a restore), neither is a screen
    /// past them, which only a tampered file holds.
    static func screens(
        from rows: Rows, in state: SceneState<NavEntry>, limits: NavStore.Limits?
    ) -> [EntryLocation: ScreenState] {
        var screens = [EntryLocation: ScreenState](minimumCapacity: rows.count)
        var sceneBytes = 0
        for (text, row) in rows {
            guard let location = EntryLocation(storedText: text), let entry = state.element(at: location),
                  check(of: entry) == row.check, let encoding = ScreenEncoding(checking: row.screen) else { continue }
            let screen = ScreenState(encoded: encoding)
            if let limits {
                let bytes = screen.byteCount
                guard bytes <= limits.screenBytes, sceneBytes + bytes <= limits.sceneScreenBytes else { continue }
                sceneBytes += bytes
            }
            screens[location] = screen
        }
        return screens
    }
}
