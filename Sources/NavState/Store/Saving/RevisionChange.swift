import NavStateModel

/// What a revision row's `change` column holds: the revision's whole state
/// (a *full* row), or what changed since the revision before it (a *delta*).
///
/// A state is its slots (slot 0 the root stack, slot k the stack of
/// presentation k, slot −k its destination) and its layout JSON
/// (presentation methods, checkpoints, values). A delta names, for each
/// slot that changed, how many of the previous revision's entries stay and
/// which entries follow them: a push is `kept: n, appended: [new]`, a pop of
/// k is `kept: n - k`, a dismissed presentation is `kept: 0` for its two
/// slots. The layout is carried only when it changed.
///
/// The encoding (docs/database.md) is small and binary, so a push onto any
/// stack is about 70 bytes: one row on one page.
///
/// ```
/// change  = format(1) flags [layout] slotCount slot*
/// flags   = 1: full state, 2: layout present
/// layout  = length bytes                       (UTF-8 JSON)
/// slot    = zigzag(slot) kept count entry*
/// entry   = length tag  version  length payload
/// version = 0 (none) | 1 zigzag(v)
/// ```
/// Every number is an unsigned LEB128 varint.
package struct RevisionChange: Equatable {
    /// One slot's change: the first `kept` entries of the previous
    /// revision's slot stay, and `appended` follow them.
    struct SlotChange: Equatable {
        var slot: Int
        var kept: Int
        var appended: [NavEntry]
    }

    /// True when the row holds the whole state: every slot with `kept` 0,
    /// and the layout.
    var isFull: Bool
    /// The layout JSON, or `nil` when a delta leaves it as it was.
    package var layout: String?
    var slots: [SlotChange]

    static let format: UInt8 = 1
    static let fullFlag: UInt8 = 1
    static let layoutFlag: UInt8 = 2

    /// A delta that changes nothing (a schema-3 file may hold a revision
    /// equal to the one before it).
    static let emptyDelta: [UInt8] = [format, 0, 0]

    /// The most deltas a load applies on top of a full row.
    static let maxChainLength = 64

    /// Whether a save writes a full row rather than a delta: when the chain
    /// from the base would pass ``maxChainLength`` deltas, or its deltas
    /// would hold more bytes than the state itself (so a load never reads
    /// more than about twice the state, and the full rows cost a save no
    /// more than its deltas did, amortised).
    static func needsFull(chainLength: Int, chainBytes: Int, stateBytes: Int) -> Bool {
        chainLength >= maxChainLength || chainBytes > max(stateBytes, 512)
    }

    // MARK: Encoding

    /// The full row of a state.
    package static func full(_ slots: SlotMap<[NavEntry]>, layout: String) -> [UInt8] {
        // `keys` are ascending: the slots in the order they are written.
        let keys = slots.keys
        var bytes: [UInt8] = []
        bytes.reserveCapacity(64 + layout.utf8.count + keys.reduce(0) { $0 + slots.elementCount(at: $1) * 48 })
        bytes.append(format)
        bytes.append(fullFlag | layoutFlag)
        appendText(layout, to: &bytes)
        appendVarint(UInt64(slots.count), to: &bytes)
        for slot in keys {
            slots.withElements(at: slot) { entries in
                appendVarint(zigzag(slot), to: &bytes)
                appendVarint(0, to: &bytes)
                appendVarint(UInt64(entries.count), to: &bytes)
                for entry in entries { append(entry, to: &bytes) }
            }
        }
        return bytes
    }

    /// The delta from the head's slots to a new state's, and the head's
    /// slots updated in place to the new state's.
    ///
    /// Runs over every entry of every stack to find the common prefix of each
    /// slot, but copies and encodes only what changed. `identities` mirrors
    /// `slots` with each element's storage object (`nil` when unknown): an element with the identity seen last time is
    /// unchanged without comparing its strings, which keeps a push onto a
    /// 1,000-deep stack close to a push onto a 10-deep one.
    ///
    /// - Returns: The encoded delta, or `nil` when the slots and the layout
    ///   are unchanged; how many entries were appended and how many left.
    ///
    /// - Parameter knownKept: For each stack (slot 0, 1, …), how many leading
    ///   elements are already known to have the identities `identities`
    ///   holds: the comparison starts after them, and a stack whose old and
    ///   new counts are both that number is unchanged, with nothing read.
    static func delta<Element: StorableElement>(
        updating slots: inout SlotMap<[NavEntry]>, identities: inout SlotMap<[AnyObject?]>,
        to new: SlotMap<[Element]>, layout: String?, knownKept: NavStore.KnownPrefixes = NavStore.KnownPrefixes()
    ) -> (bytes: [UInt8]?, appended: Int, removed: Int) {
        // Written in place: the header, then each changed slot, the slot
        // count patched in at the end. Room for a push's entry and the
        // seal's four bytes, so the appends below rarely grow it.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(128 + (layout?.utf8.count ?? 0))
        bytes.append(format)
        bytes.append(layout == nil ? 0 : layoutFlag)
        if let layout { appendText(layout, to: &bytes) }
        // One byte for the count while it is below 128 (every save's but a
        // tree's of more changed stacks than that).
        let countAt = bytes.count
        bytes.append(0)
        var changedSlots = 0
        var appended = 0
        var removed = 0

        func update(_ slot: Int) {
            // Known to hold the head's very elements, and no more: unchanged,
            // found without a copy of either side (most of a tree's stacks).
            let known = knownKept.count(ofStack: slot)
            if known > 0, known == new.elementCount(at: slot), known == slots.elementCount(at: slot) {
                return
            }
            let after = new[slot] ?? []
            var kept = 0
            var beforeCount = 0
            var knownIdentities = false
            slots[slot]?.withUnsafeBufferPointer { previous in
                beforeCount = previous.count
                after.withUnsafeBufferPointer { next in
                    let common = min(previous.count, next.count)
                    identities[slot]?.withUnsafeBufferPointer { seen in
                        guard seen.count == previous.count else { return }
                        knownIdentities = true
                        kept = min(max(0, known), common)
                        // The same storage as last time: the same entry. The
                        // cache holds the storages, so none is freed and its
                        // address reused while it is compared against.
                        while kept < common, let object = seen[kept], next[kept].storageObject === object { kept += 1 }
                    }
                    while kept < common && next[kept].isStored(as: previous[kept]) { kept += 1 }
                }
            }
            if kept == beforeCount && kept == after.count { return }
            changedSlots += 1
            appendVarint(zigzag(slot), to: &bytes)
            appendVarint(UInt64(kept), to: &bytes)
            appendVarint(UInt64(after.count - kept), to: &bytes)
            removed += beforeCount - kept
            appended += after.count - kept
            if after.isEmpty {
                slots[slot] = nil
                identities[slot] = nil
                return
            }
            if !knownIdentities { identities[slot] = Array(repeating: nil, count: beforeCount) }
            let added = after[kept...]
            var entryBytes = 0
            for element in added {
                let (tag, payload) = element.storedByteCounts
                entryBytes += tag + payload + 24
            }
            bytes.reserveCapacity(bytes.count + entryBytes)
            // Each map changed in one access: what goes, then what comes.
            slots.update(slot, default: []) { entries in
                entries.removeLast(beforeCount - kept)
                for element in added {
                    let entry = element.storedEntry
                    append(entry, to: &bytes)
                    entries.append(entry)
                }
            }
            identities.update(slot, default: []) { objects in
                objects.removeLast(beforeCount - kept)
                for element in added { objects.append(element.storageObject) }
            }
        }

        // Slots in ascending order, as the encoding has them: the far ones
        // (a tampered head's) below the dense ones, the dense ones, then
        // the far ones above. A slot absent from both changes nothing.
        let far = slots.farSlots.isEmpty && new.farSlots.isEmpty
            ? [] : Set(slots.farSlots).union(new.farSlots).sorted()
        for slot in far where slot < 0 { update(slot) }
        let dense = (slots.denseSlots, new.denseSlots)
        for slot in min(dense.0.lowerBound, dense.1.lowerBound)..<max(dense.0.upperBound, dense.1.upperBound) { update(slot) }
        for slot in far where slot >= 0 { update(slot) }
        if changedSlots == 0 && layout == nil { return (nil, 0, 0) }
        if changedSlots < 0x80 {
            bytes[countAt] = UInt8(changedSlots)
        } else {
            var count: [UInt8] = []
            appendVarint(UInt64(changedSlots), to: &count)
            bytes.replaceSubrange(countAt...countAt, with: count)
        }
        return (bytes, appended, removed)
    }

    private static func append(_ entry: NavEntry, to bytes: inout [UInt8]) {
        appendText(entry.tag, to: &bytes)
        if let version = entry.version {
            bytes.append(1)
            appendVarint(zigzag(version), to: &bytes)
        } else {
            bytes.append(0)
        }
        appendText(entry.payload, to: &bytes)
    }

    private static func appendText(_ text: String, to bytes: inout [UInt8]) {
        // A native string's bytes in place, without the copy `withUTF8`
        // (which is mutating) makes of it; a bridged one through `utf8`.
        let appended: Void? = text.utf8.withContiguousStorageIfAvailable { utf8 in
            appendVarint(UInt64(utf8.count), to: &bytes)
            bytes.append(contentsOf: utf8)
        }
        if appended == nil {
            appendVarint(UInt64(text.utf8.count), to: &bytes)
            bytes.append(contentsOf: text.utf8)
        }
    }

    private static func appendVarint(_ value: UInt64, to bytes: inout [UInt8]) {
        var value = value
        while value >= 0x80 {
            bytes.append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        bytes.append(UInt8(value))
    }

    private static func zigzag(_ value: Int) -> UInt64 {
        UInt64(bitPattern: Int64((value << 1) ^ (value >> (Int.bitWidth - 1))))
    }

    private static func unzigzag(_ value: UInt64) -> Int {
        Int(truncatingIfNeeded: Int64(bitPattern: (value >> 1) ^ (0 &- (value & 1))))
    }

    // MARK: Decoding

    /// Why a row's bytes are not a change this build can read.
    package typealias Problem = RowFault

    /// Decodes a row the store may not have written: every length is
    /// checked against the bytes that remain, so a truncated or tampered
    /// row is a ``Problem``, never a crash or a huge allocation.
    package static func decode(_ bytes: UnsafeRawBufferPointer) -> Result<RevisionChange, Problem> {
        var reader = Reader(bytes: bytes)
        do throws(Problem) {
            guard try reader.byte() == format else {
                throw Problem.undecodable(offset: reader.offset)
            }
            let flags = try reader.byte()
            guard flags & ~(fullFlag | layoutFlag) == 0 else { throw Problem.undecodable(offset: reader.offset) }
            let isFull = flags & fullFlag != 0
            let layout = flags & layoutFlag != 0 ? try reader.text() : nil
            if isFull && layout == nil { throw Problem.undecodable(offset: reader.offset) }
            let count = try reader.count()
            var slots: [SlotChange] = []
            // At most one slot per remaining byte (`count()` checks), so a
            // tampered count cannot make this reserve much.
            slots.reserveCapacity(count)
            var previousSlot: Int?
            for _ in 0..<count {
                let slot = unzigzag(try reader.varint())
                guard StoredRange.slot.contains(slot) else { throw Problem.undecodable(offset: reader.offset) }
                if let previousSlot, slot <= previousSlot {
                    throw Problem.undecodable(offset: reader.offset)
                }
                previousSlot = slot
                let keptCode = try reader.varint()
                guard keptCode <= UInt64(Int32.max) else { throw Problem.undecodable(offset: reader.offset) }
                let kept = Int(keptCode)
                if isFull && kept != 0 { throw Problem.undecodable(offset: reader.offset) }
                let entryCount = try reader.count()
                var appended: [NavEntry] = []
                appended.reserveCapacity(entryCount)
                for _ in 0..<entryCount {
                    let tag = try reader.text()
                    let version: Int?
                    switch try reader.byte() {
                    case 0: version = nil
                    // Any Int, kept as saved: a version is only compared
                    // and counted up to the registered one, never added to.
                    case 1: version = unzigzag(try reader.varint())
                    default: throw Problem.undecodable(offset: reader.offset)
                    }
                    let payload = try reader.text()
                    appended.append(NavEntry(tag: tag, version: version, payload: payload))
                }
                slots.append(SlotChange(slot: slot, kept: kept, appended: appended))
            }
            guard reader.isAtEnd else { throw Problem.undecodable(offset: reader.offset) }
            return .success(RevisionChange(isFull: isFull, layout: layout, slots: slots))
        } catch {
            return .failure(error)
        }
    }

    /// Applies this change to the previous revision's slots.
    ///
    /// - Throws: ``Problem`` when it keeps more entries than a slot holds.
    package func apply(to state: inout SlotMap<[NavEntry]>) throws(Problem) {
        if isFull { state = SlotMap() }
        for change in slots {
            let before = state[change.slot]?.count ?? 0
            guard change.kept <= before else {
                throw Problem.keepsMoreThanHeld(slot: change.slot, kept: change.kept, held: before)
            }
            if change.kept == 0 && change.appended.isEmpty {
                state[change.slot] = nil
                continue
            }
            state.update(change.slot, default: []) { entries in
                entries.removeLast(before - change.kept)
                entries.append(contentsOf: change.appended)
            }
        }
    }

    private struct Reader {
        let bytes: UnsafeRawBufferPointer
        var offset = 0

        var isAtEnd: Bool { offset == bytes.count }
        var remaining: Int { bytes.count - offset }

        mutating func byte() throws(Problem) -> UInt8 {
            guard offset < bytes.count else { throw Problem.undecodable(offset: offset) }
            defer { offset += 1 }
            return bytes[offset]
        }

        mutating func varint() throws(Problem) -> UInt64 {
            var value: UInt64 = 0
            var shift: UInt64 = 0
            while true {
                let next = try byte()
                guard shift < 64 else { throw Problem.undecodable(offset: offset) }
                value |= UInt64(next & 0x7F) << shift
                if next & 0x80 == 0 { return value }
                shift += 7
            }
        }

        /// A count or length: never more than the bytes that remain, so a
        /// tampered count cannot make the reader allocate.
        mutating func count() throws(Problem) -> Int {
            let value = try varint()
            guard value <= UInt64(remaining) else { throw Problem.undecodable(offset: offset) }
            return Int(value)
        }

        mutating func text() throws(Problem) -> String {
            let length = try count()
            defer { offset += length }
            return String(decoding: UnsafeRawBufferPointer(rebasing: bytes[offset..<(offset + length)]), as: UTF8.self)
        }
    }
}
