import NavStateModel
import NavStateSQLite

/// What a store knows of each scene's head without reading it back: the
/// head's entries, with the storage object of each and the byte count of
/// each stack, so a save compares and writes only what changed. One of the
/// store's parts (with `RevisionTable`, the SQL of revisions), behind its
/// lock.
///
/// A cached head is trusted only while nothing but this store's own saves
/// changed the file (`dataVersionAfterSave`); once something else wrote,
/// a new epoch starts and each head of an older one is checked against the
/// file before it is used.
struct HeadCache {
    /// A scene's head: its rows (``SceneHead``) and its entries. A save
    /// takes the head out of the cache, updates it in place and keeps it.
    struct Head {
        /// The rows the entries are of, as the file held them when the head
        /// was right (in ``epoch``); `sceneID` 0 and `number` -1 when
        /// nothing was cached.
        var row: SceneHead
        var slots: SlotMap<[NavEntry]> = SlotMap()
        /// The storage object of each element of `slots`, when the save that
        /// wrote it had one (see `RevisionChange.delta`).
        var identities: SlotMap<[AnyObject?]> = SlotMap()
        /// The tag and payload bytes of each stack of `slots`, by stack
        /// index (root first), when a save counted them: with `identities`,
        /// what lets the next save check only the elements that are new
        /// (see `NavStore.knownPrefixes(of:in:)`).
        var stackBytes: [Int] = []
        /// The storage the last save's known prefixes were written in,
        /// reused by the next (`NavStore.knownPrefixes(of:in:)`): by then
        /// that save let go of it, and a save allocates nothing for them.
        var knownStorage: [(count: Int, bytes: Int)] = []
        /// Tells this cached head from any other the store made, so that
        /// what a save learnt from it before taking the lock
        /// (`KnownPrefixes`) is used only with this very head.
        var serial = 0
        /// The head revision's layout JSON, so a save of an unchanged state
        /// is recognised without reading it back.
        var layout = ""
        /// For a tree, what `layout` was written from, when this store's
        /// save wrote it: a save that ``StoredLayout/matches(_:)`` it reuses
        /// the layout.
        var treeLayout: WrittenTree? = nil
        /// The scene's screen-state rows as the file held them when the
        /// head was right; `nil` when not known (read them in the save's
        /// transaction).
        var screens: ScreenTable.Rows? = nil
        /// The epoch the head was right in.
        var epoch: Int

        /// No head: what a save starts from when nothing is cached.
        static var none: Head { Head(row: SceneHead(sceneID: 0, number: -1), serial: -2, epoch: .min) }

        /// Whether the entries are those of the head at `row`.
        func holds(_ row: SceneHead) -> Bool {
            self.row.sceneID == row.sceneID && self.row.number == row.number
        }

        /// Its rows, when they were right in `epoch` (nothing else wrote
        /// since), so a save need not look them up.
        func row(trustedIn epoch: Int) -> SceneHead? {
            self.epoch == epoch ? row : nil
        }

        /// Empties the entries, keeping which head they were of.
        mutating func clearEntries() {
            slots = SlotMap()
            identities = SlotMap()
            layout = ""
            screens = nil
        }
    }

    /// A scene's head where it lies in the cache, so a save updates it in
    /// place: taking a head out of the dictionary and putting it back
    /// hashed the scene's name twice and copied the head's fields each way
    /// (docs/benchmarks.md, "Where a save goes").
    final class Slot {
        /// Unchecked: a slot is touched only under the store's lock, by
        /// one save at a time, and no access overlaps another.
        @exclusivity(unchecked) var head: Head

        init(_ head: Head) {
            self.head = head
        }
    }

    /// Apps have a handful of scenes; a tool saving thousands keeps memory flat.
    static let limit = 64

    private var heads: [String: Slot] = [:]
    /// The scene last asked for and its slot, always the one `heads` holds
    /// for it: an app saves the same scene over and over, and hashing its
    /// name cost more than the rest of finding its head.
    private var recent: (scene: String, slot: Slot)?
    /// The last `Head.serial` handed out.
    private var lastSerial = 0
    /// The connection's data version right after its last save committed:
    /// while it is unchanged, nobody else has written.
    private(set) var dataVersionAfterSave: UInt32?
    /// Moves on whenever a save finds that something else wrote since this
    /// connection's last save.
    private(set) var epoch = 0

    /// `body` with the scene's head in place: a `Head` copied out would
    /// retain each of its arrays and strings.
    mutating func withHead<Result>(_ scene: String, _ body: (inout Head) -> Result) -> Result? {
        guard let slot = cachedSlot(scene) else { return nil }
        return body(&slot.head)
    }

    /// The scene's slot, if it has one.
    private mutating func cachedSlot(_ scene: String) -> Slot? {
        if let recent, recent.scene == scene { return recent.slot }
        guard let slot = heads[scene] else { return nil }
        recent = (scene, slot)
        return slot
    }

    /// The scene's head for a save to update in place (``Head/none`` when
    /// nothing is cached), its arrays owned by the cache alone. A save
    /// that does not commit must ``forget(_:)`` it, as a half-updated head
    /// is no head; one that commits calls ``kept(_:)``.
    mutating func slot(for scene: String) -> Slot {
        if let slot = cachedSlot(scene) { return slot }
        if heads.count >= Self.limit { heads.removeAll() }
        let slot = Slot(.none)
        heads[scene] = slot
        recent = (scene, slot)
        return slot
    }

    /// A head as a save committed it, given the next serial.
    mutating func kept(_ slot: Slot) {
        lastSerial &+= 1
        slot.head.serial = lastSerial
    }

    /// A head a load found whole; a save's own head of the same revision
    /// keeps what it knows of its elements, with the row as the file has it.
    mutating func remember(
        _ scene: String, row: SceneHead, slots: SlotMap<[NavEntry]>, layout: String, screens: ScreenTable.Rows
    ) {
        if let slot = cachedSlot(scene), slot.head.holds(row) {
            (slot.head.row, slot.head.epoch, slot.head.screens) = (row, epoch, screens)
        } else {
            if heads.count >= Self.limit && heads[scene] == nil { heads.removeAll() }
            let slot = Slot(Head(row: row, slots: slots, layout: layout, screens: screens, epoch: epoch))
            heads[scene] = slot
            recent = (scene, slot)
        }
    }

    mutating func forget(_ scene: String) {
        heads[scene] = nil
        if recent?.scene == scene { recent = nil }
    }

    mutating func forgetAll() {
        heads.removeAll()
        recent = nil
    }

    /// Whether anything but this connection's own saves changed the file
    /// since its last save: another connection, or this one's other writes
    /// (a restore's count, a delete). Then no cached head may be trusted
    /// without reading the scene.
    /// Read inside the save's write transaction, so no commit can come
    /// between the check and the save.
    static func sawOtherWrites(since version: UInt32?, _ connection: SQLiteConnection) -> Bool {
        version == nil || connection.dataVersion != version
    }

    /// After a save's transaction: a new epoch if it saw other writes, and
    /// the file as this save left it.
    mutating func saveEnded(_ connection: SQLiteConnection, sawOtherWrites: Bool, committed: Bool) {
        if sawOtherWrites { epoch &+= 1 }
        if committed { dataVersionAfterSave = connection.dataVersion }
    }
}
