// libFuzzer target: NavState scene JSON. Run by scripts/fuzz.sh (`Fuzzers scene`).
import Foundation
import NavState
import NavStateModel
import NavStateTooling

extension Fuzzers {
    /// What is wrong with how one input is handled; empty when nothing is.
    static func scene(_ input: [UInt8]) -> [String] {
        let bytes = input
        guard let state = try? SceneState<NavEntry>(json: bytes) else { return [] }
        guard (try? state.validate()) != nil else { return ["an accepted scene breaks an invariant"] }
        guard (try? SceneState<NavEntry>(json: state.jsonData())) == state else {
            return ["a scene did not survive a write and a read"]
        }
        _ = state.steps(to: SceneState())

        return []
    }
}
