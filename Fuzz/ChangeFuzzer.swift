// libFuzzer target: the `change` column of a revision row (schema 4), which
// a tampered or damaged file can hold anything in. Built by scripts/fuzz.sh.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func changeFuzzer(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    guard case .success(let change) = RevisionChange.decode(bytes) else { return 0 }
    var slots: SlotMap<[NavEntry]> = [0: [NavEntry(tag: "home", payload: "{}")]]
    guard (try? change.apply(to: &slots)) != nil else { return 0 }
    let layout = change.layout ?? "{}"
    // What it built writes as a full row that reads back the same.
    var again: SlotMap<[NavEntry]> = [:]
    let full = RevisionChange.full(slots, layout: layout)
    guard case .success(let reread) = full.withUnsafeBytes({ RevisionChange.decode($0) }),
          (try? reread.apply(to: &again)) != nil,
          again.dictionary.filter({ !$0.value.isEmpty }) == slots.dictionary.filter({ !$0.value.isEmpty }) else {
        fatalError("a change's state did not survive a full row")
    }
    return 0
}
