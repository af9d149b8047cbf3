// libFuzzer target: NavState scene JSON. Built by scripts/fuzz.sh.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func sceneFuzzer(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let state = try? SceneState<NavEntry>(json: bytes) else { return 0 }
    guard (try? state.validate()) != nil else { fatalError("an accepted scene breaks an invariant") }
    guard (try? SceneState<NavEntry>(json: state.jsonData())) == state else {
        fatalError("a scene did not survive a write and a read")
    }
    _ = state.steps(to: SceneState())
    return 0
}
