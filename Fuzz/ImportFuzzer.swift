// libFuzzer target: the importers with format detection. Built by scripts/fuzz.sh.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func importFuzzer(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    for format in [nil] + SceneFormat.allCases.map(Optional.some) {
        guard let (state, _) = try? SceneImport.read(bytes, format: format) else { continue }
        guard (try? state.validate()) != nil else { fatalError("an import breaks an invariant") }
    }
    return 0
}
