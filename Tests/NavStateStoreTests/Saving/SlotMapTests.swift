@_spi(Tooling) @testable import NavState
import Testing

/// `SlotMap` holds a revision's slots as a dictionary keyed by slot would:
/// the store's dense slots in arrays, any other slot a file may hold (up
/// to ±2³¹) in a dictionary, none of them sizing an allocation.
@Suite("Slot map")
struct SlotMapTests {
    /// Slots a store writes, and far ones only a tampered file holds.
    private static let slots = [0, 1, 7, -1, -3, SlotMap<Int>.denseLimit, -SlotMap<Int>.denseLimit - 1, 1 << 31, -(1 << 31), Int.min, Int.max]

    @Test func itHoldsWhatADictionaryWould() {
        var map = SlotMap<Int>()
        var dictionary: [Int: Int] = [:]
        for (value, slot) in Self.slots.enumerated() {
            map[slot] = value
            dictionary[slot] = value
            #expect(map.count == dictionary.count)
        }
        #expect(map.dictionary == dictionary)
        #expect(map.keys == dictionary.keys.sorted(), "keys ascending, far ones on either side of the dense ones")
        #expect(map.values == dictionary.keys.sorted().compactMap { dictionary[$0] })
        #expect(Array(map.map(\.key)) == map.keys)
        #expect(map == SlotMap(dictionary))
        for slot in Self.slots {
            map[slot] = nil
            dictionary[slot] = nil
            #expect(map.dictionary == dictionary)
            #expect(map.count == dictionary.count)
        }
        #expect(map.isEmpty && map.denseSlots.isEmpty && map.farSlots.isEmpty)
    }

    @Test func aDefaultValueIsChangedInPlaceAndCounted() {
        var map: SlotMap<[String]> = [:]
        for slot in Self.slots {
            map.update(slot, default: []) { $0.append("a") }
            map.update(slot, default: []) { $0.append("b") }
        }
        #expect(map.count == Self.slots.count)
        #expect(map.values.allSatisfy { $0 == ["a", "b"] })
        #expect(map.elementCount(at: 7) == 2 && map.elementCount(at: 8) == 0)
        #expect(map.elementCount(at: 1 << 31) == 2 && map.elementCount(at: 1 << 30) == 0)
        #expect(map.withElements(at: -3) { Array($0) } == ["a", "b"])
        #expect(map.withElements(at: -2) { $0.count } == 0)
        #expect(map.withElements(at: Int.min) { Array($0) } == ["a", "b"])
    }

    /// `update(_:default:_:)` hands the body the slot's value, or the
    /// default, and keeps what the body left, as setting the slot does.
    @Test func anUpdateChangesInPlaceAsSettingTheSlotDoes() {
        var updated: SlotMap<[String]> = [:]
        var set: SlotMap<[String]> = [:]
        for slot in Self.slots {
            let count = updated.update(slot, default: ["x"]) { values in
                values.append("a")
                return values.count
            }
            #expect(count == 2)
            updated.update(slot, default: []) { $0.removeFirst() }
            set[slot] = ["a"]
        }
        #expect(updated == set)
        #expect(updated.count == Self.slots.count)
        #expect(updated.withElements(at: Int.min) { Array($0) } == ["a"])
    }

    @Test func emptyingTheLastDenseSlotShrinksTheDenseRange() {
        var map: SlotMap<Int> = [0: 0, 5: 5, -4: 4]
        #expect(map.denseSlots == -4..<6)
        map[5] = nil
        map[-4] = nil
        #expect(map.denseSlots == 0..<1)
        #expect(map.keys == [0])
        // A removal of a slot never held changes nothing.
        map[9] = nil
        map[-9] = nil
        map[1 << 31] = nil
        #expect(map.count == 1 && map.denseSlots == 0..<1)
    }
}
