// libFuzzer target: the importers with format detection. Run by scripts/fuzz.sh (`Fuzzers import`).
import Foundation
import NavState
import NavStateModel
import NavStateTooling

extension Fuzzers {
    /// What is wrong with how one input is handled; empty when nothing is.
    static func imports(_ input: [UInt8]) -> [String] {
        let bytes = input
        for format in [nil] + SceneFormat.allCases.map(Optional.some) {
            guard let (state, _) = try? SceneImport.read(bytes, format: format) else { continue }
            guard (try? state.validate()) != nil else { return ["an import breaks an invariant"] }
        }

        return []
    }
}
