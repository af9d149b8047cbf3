// libFuzzer target: the `change` column of a revision row (schema 4), which
// a tampered or damaged file can hold anything in. Run by scripts/fuzz.sh (`Fuzzers change`).
import Foundation
import NavState
import NavStateModel
import NavStateTooling

extension Fuzzers {
    /// What is wrong with how one input is handled; empty when nothing is.
    static func change(_ input: [UInt8]) -> [String] {
        guard case .success(let change) = input.withUnsafeBytes({ RevisionChange.decode($0) }) else { return [] }
        var slots: SlotMap<[NavEntry]> = [0: [NavEntry(tag: "home", payload: "{}")]]
        guard (try? change.apply(to: &slots)) != nil else { return [] }
        let layout = change.layout ?? "{}"
        // What it built writes as a full row that reads back the same.
        var again: SlotMap<[NavEntry]> = [:]
        let full = RevisionChange.full(slots, layout: layout)
        guard case .success(let reread) = full.withUnsafeBytes({ RevisionChange.decode($0) }),
              (try? reread.apply(to: &again)) != nil,
              again.dictionary.filter({ !$0.value.isEmpty }) == slots.dictionary.filter({ !$0.value.isEmpty }) else {
            return ["a change's state did not survive a full row"]
        }

        return []
    }
}
