/// A revision's slots by number (see `Slots`): what a dictionary keyed by
/// slot would hold, kept in arrays so that a save, which looks up each
/// stack's slot several times, hashes nothing.
///
/// The slots a store writes are dense, 0 up to the last stack and −1 down
/// to the last presentation. A file may hold any slot of
/// `StoredRange.slot`; those far from zero (only a tampered or foreign
/// file has them) sit in a dictionary, so no slot number read from a file
/// sizes an allocation.
package struct SlotMap<Value> {
    /// Slot s ≥ 0 at index s.
    fileprivate var stacks: [Value?] = []
    /// Slot −k at index k − 1 (`~slot`, which cannot overflow).
    fileprivate var destinations: [Value?] = []
    /// Slots at or past `denseLimit` from zero.
    fileprivate var far: [Int: Value] = [:]
    /// How many slots hold a value.
    package private(set) var count = 0

    /// The first slot, each way from zero, kept in the dictionary.
    static var denseLimit: Int { 1 << 12 }

    package init() {}

    /// Stacks in slots 0, 1, … and destinations in −1, −2, …, in order:
    /// how `Slots.of` lays out a state, with no lookup at all.
    package init(stacks: [Value?], destinations: [Value?]) {
        self.stacks = stacks
        self.destinations = destinations
        count = stacks.reduce(0) { $1 == nil ? $0 : $0 + 1 } + destinations.reduce(0) { $1 == nil ? $0 : $0 + 1 }
    }

    package init(_ dictionary: [Int: Value]) {
        for (slot, value) in dictionary { self[slot] = value }
    }

    package var isEmpty: Bool { count == 0 }

    /// The dense slots, which hold every slot a store writes.
    package var denseSlots: Range<Int> { -destinations.count..<stacks.count }

    /// The slots kept in the dictionary, ascending: empty but for a tampered
    /// or foreign file.
    package var farSlots: [Int] { far.isEmpty ? [] : far.keys.sorted() }

    /// Every slot that holds a value, ascending.
    package var keys: [Int] {
        var keys: [Int] = []
        keys.reserveCapacity(count)
        let farSlots = farSlots
        keys.append(contentsOf: farSlots.lazy.filter { $0 < 0 })
        for slot in denseSlots where self[slot] != nil { keys.append(slot) }
        keys.append(contentsOf: farSlots.lazy.filter { $0 >= 0 })
        return keys
    }

    /// The values, in the order of their slots.
    package var values: [Value] { keys.compactMap { self[$0] } }

    /// The same slots in a dictionary.
    package var dictionary: [Int: Value] {
        var dictionary: [Int: Value] = [:]
        for slot in keys { dictionary[slot] = self[slot] }
        return dictionary
    }

    fileprivate static func isDense(_ slot: Int) -> Bool {
        slot >= 0 ? slot < denseLimit : ~slot < denseLimit
    }

    package subscript(slot: Int) -> Value? {
        get {
            if slot >= 0, slot < stacks.count { return stacks[slot] }
            if slot < 0, ~slot < destinations.count { return destinations[~slot] }
            return Self.isDense(slot) ? nil : far[slot]
        }
        set {
            guard Self.isDense(slot) else {
                let had = far.updateValue(forKey: slot, newValue) != nil
                count += (newValue == nil ? 0 : 1) - (had ? 1 : 0)
                return
            }
            if slot >= 0 {
                Self.set(newValue, at: slot, in: &stacks, count: &count)
            } else {
                Self.set(newValue, at: ~slot, in: &destinations, count: &count)
            }
        }
    }

    /// The slot's value, or `defaultValue` put there first, changed in
    /// place by `body`, as a dictionary's `subscript(_:default:)` changes
    /// its value. The value is moved out while it is changed, so an array
    /// in it stays uniquely referenced. A closure, not a `_modify`
    /// subscript: the coroutine cost a save about 200 instructions for
    /// each of the two maps it changes (RevisionChange.delta).
    @inline(__always) @discardableResult
    package mutating func update<Result>(
        _ slot: Int, default defaultValue: @autoclosure () -> Value, _ body: (inout Value) -> Result
    ) -> Result {
        guard Self.isDense(slot) else {
            if far[slot] == nil { count += 1 }
            return body(&far[slot, default: defaultValue()])
        }
        let index = slot >= 0 ? slot : ~slot
        var held: Value?
        if slot >= 0 {
            Self.grow(&stacks, toHold: index)
            swap(&held, &stacks[index])
        } else {
            Self.grow(&destinations, toHold: index)
            swap(&held, &destinations[index])
        }
        if held == nil { count += 1 }
        var value = held ?? defaultValue()
        held = nil
        defer {
            if slot >= 0 { stacks[index] = value } else { destinations[index] = value }
        }
        return body(&value)
    }

    private static func grow(_ array: inout [Value?], toHold index: Int) {
        if index >= array.count { array.append(contentsOf: repeatElement(nil, count: index - array.count + 1)) }
    }

    private static func set(_ value: Value?, at index: Int, in array: inout [Value?], count: inout Int) {
        if index >= array.count {
            guard value != nil else { return }
            grow(&array, toHold: index)
        }
        count += (value == nil ? 0 : 1) - (array[index] == nil ? 0 : 1)
        array[index] = value
        // No trailing holes, so `denseSlots` ends at the last value.
        while let last = array.last, last == nil { array.removeLast() }
    }
}

extension Dictionary where Key == Int {
    /// `updateValue` that also removes, for `SlotMap`'s far slots.
    fileprivate mutating func updateValue(forKey key: Int, _ value: Value?) -> Value? {
        if let value { return updateValue(value, forKey: key) }
        return removeValue(forKey: key)
    }
}

extension SlotMap: Sequence {
    package func makeIterator() -> IndexingIterator<[(key: Int, value: Value)]> {
        keys.compactMap { slot in self[slot].map { (key: slot, value: $0) } }.makeIterator()
    }
}

extension SlotMap: Equatable where Value: Equatable {
    package static func == (lhs: Self, rhs: Self) -> Bool {
        lhs.count == rhs.count && lhs.keys.allSatisfy { lhs[$0] == rhs[$0] }
    }
}

extension SlotMap: ExpressibleByDictionaryLiteral {
    package init(dictionaryLiteral elements: (Int, Value)...) {
        for (slot, value) in elements { self[slot] = value }
    }
}

extension SlotMap {
    /// How many elements the slot's array holds (0 when the slot is
    /// empty), read in place.
    @inline(__always)
    func elementCount<Element>(at slot: Int) -> Int where Value == [Element] {
        if slot >= 0, slot < stacks.count { return stacks[slot]?.count ?? 0 }
        if slot < 0, ~slot < destinations.count { return destinations[~slot]?.count ?? 0 }
        return Self.isDense(slot) ? 0 : far[slot]?.count ?? 0
    }

    /// `body` with the slot's elements (none when the slot is empty), read
    /// in place rather than copied out as the subscript would.
    @inline(__always)
    func withElements<Element, Result>(
        at slot: Int, _ body: (UnsafeBufferPointer<Element>) -> Result
    ) -> Result where Value == [Element] {
        if slot >= 0, slot < stacks.count, let result = stacks[slot]?.withUnsafeBufferPointer(body) { return result }
        if slot < 0, ~slot < destinations.count, let result = destinations[~slot]?.withUnsafeBufferPointer(body) { return result }
        if !Self.isDense(slot), let result = far[slot]?.withUnsafeBufferPointer(body) { return result }
        return body(UnsafeBufferPointer(start: nil, count: 0))
    }
}
