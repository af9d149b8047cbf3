import Foundation
@_spi(Tooling) @testable import NavState
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// The encoding of a revision row's change: a full row rebuilds the state,
/// a delta applied to the state before it gives the state after it, and no
/// run of bytes, however cut or tampered, crashes the decoder.
@Suite("Revision changes")
struct RevisionChangeTests {
    private typealias Random = SplitMix64

    private func entry(_ random: inout Random) -> NavEntry {
        let tags = ["home", "orders.detail", "Swift.Int", "設定", "tag\u{0}with nul", ""]
        let payloads = [#"{"id":1}"#, "", "\"🐟\"", String(repeating: "x", count: 300), "\u{1B}[2J"]
        let version: Int? = [nil, 0, 1, -3, Int.max, Int.min].randomElement(using: &random) ?? nil
        return NavEntry(
            tag: tags.randomElement(using: &random) ?? "", version: version,
            payload: (payloads.randomElement(using: &random) ?? "") + String(Int.random(in: 0..<1000, using: &random)))
    }

    /// Slots after a random navigation step: pushes, pops, replacements,
    /// presentations coming and going.
    private func step(_ slots: SlotMap<[NavEntry]>, _ random: inout Random) -> SlotMap<[NavEntry]> {
        var slots = slots
        // Far slots too, which only a tampered file holds, kept apart
        // from the dense ones (`SlotMap`).
        let slot = [0, 0, 0, 1, -1, 2, -2, SlotMap<[NavEntry]>.denseLimit, -SlotMap<[NavEntry]>.denseLimit - 1, 1 << 31]
            .randomElement(using: &random) ?? 0
        switch Int.random(in: 0..<5, using: &random) {
        case 0, 1:
            let added = entry(&random)
            slots.update(slot, default: []) { $0.append(added) }
        case 2: if let count = slots[slot]?.count, count > 0 { slots[slot]?.removeLast(Int.random(in: 1...count, using: &random)) }
        case 3: if let count = slots[slot]?.count, count > 0 { slots[slot]?[Int.random(in: 0..<count, using: &random)] = entry(&random) }
        default: slots[slot] = nil
        }
        return slots
    }

    private func nonEmpty(_ slots: SlotMap<[NavEntry]>) -> SlotMap<[NavEntry]> {
        SlotMap(slots.dictionary.filter { !$0.value.isEmpty })
    }

    @Test func aFullRowAndEveryDeltaRebuildTheStatesExactly() throws {
        var random = Random(state: 42)
        var previous: SlotMap<[NavEntry]> = [:]
        var cached: SlotMap<[NavEntry]> = [:]
        var replayed: SlotMap<[NavEntry]> = [:]
        var identities: SlotMap<[AnyObject?]> = [:]
        for index in 0..<2_000 {
            let next = step(previous, &random)
            let layout = index % 7 == 0 ? #"{"checkpoints":[],"presentations":["sheet"],"values":{}}"# : nil
            let delta = RevisionChange.delta(updating: &cached, identities: &identities, to: next, layout: layout)
            #expect(nonEmpty(cached) == nonEmpty(next), "the cached head must become the new state")
            if let bytes = delta.bytes {
                let change = try bytes.withUnsafeBytes { try RevisionChange.decode($0).get() }
                #expect(!change.isFull)
                #expect(change.layout == layout)
                try change.apply(to: &replayed)
            } else {
                #expect(nonEmpty(previous) == nonEmpty(next) && layout == nil, "only an unchanged state writes no delta")
            }
            #expect(nonEmpty(replayed) == nonEmpty(next), "step \(index)")
            let full = RevisionChange.full(next, layout: "{}")
            var rebuilt: SlotMap<[NavEntry]> = [0: [entry(&random)]]
            try full.withUnsafeBytes { try RevisionChange.decode($0).get() }.apply(to: &rebuilt)
            #expect(nonEmpty(rebuilt) == nonEmpty(next))
            previous = next
        }
    }

    @Test func aPushOntoADeepStackIsASmallDelta() {
        var cached: SlotMap<[NavEntry]> = [0: (0..<1_000).map { NavEntry(tag: "screen", payload: #"{"id":\#($0)}"#) }]
        let next: SlotMap<[NavEntry]> = [0: (cached[0] ?? []) + [NavEntry(tag: "screen", payload: #"{"id":1000}"#)]]
        var identities: SlotMap<[AnyObject?]> = [:]
        let delta = RevisionChange.delta(updating: &cached, identities: &identities, to: next, layout: nil)
        #expect(delta.appended == 1 && delta.removed == 0)
        #expect((delta.bytes?.count ?? 0) < 40, "\(delta.bytes?.count ?? 0) bytes")
    }

    @Test func cutOrFlippedBytesAreAProblemNeverACrash() {
        var random = Random(state: 7)
        var slots: SlotMap<[NavEntry]> = [:]
        for _ in 0..<20 { slots = step(slots, &random) }
        let full = RevisionChange.full(slots, layout: #"{"checkpoints":[],"presentations":[],"values":{}}"#)
        var problems = 0
        for length in 0..<full.count {
            let cut = Array(full.prefix(length))
            if case .failure = cut.withUnsafeBytes({ RevisionChange.decode($0) }) { problems += 1 }
        }
        #expect(problems == full.count, "every proper prefix of a change is a problem")
        for _ in 0..<5_000 {
            var tampered = full
            let position = Int.random(in: 0..<tampered.count, using: &random)
            tampered[position] = UInt8.random(in: 0...255, using: &random)
            if case .success(let change) = tampered.withUnsafeBytes({ RevisionChange.decode($0) }) {
                var state: SlotMap<[NavEntry]> = [:]
                try? change.apply(to: &state)
            }
        }
        // Lengths and counts far past the end are refused before anything is allocated.
        let huge: [UInt8] = [1, 3, 0xFF, 0xFF, 0xFF, 0xFF, 0x0F]
        #expect(throws: RevisionChange.Problem.self) { try huge.withUnsafeBytes { try RevisionChange.decode($0).get() } }
    }
}
