// libFuzzer target: SwiftUI representation decoding. Run by scripts/fuzz.sh (`Fuzzers representation`).
import Foundation
import NavState
import NavStateModel
import NavStateTooling

extension Fuzzers {
    /// What is wrong with how one input is handled; empty when nothing is.
    static func representation(_ input: [UInt8]) -> [String] {
        let bytes = input
        guard let entries = try? PathRepresentation.entries(from: bytes) else { return [] }
        // What was read must write and read back to the same entries.
        let written = PathRepresentation.encode(entries)
        guard (try? PathRepresentation.entries(from: written)) == entries else {
            return ["entries did not survive a write and a read"]
        }
        guard let decoded = try? NavPath.decode(representation: bytes, registry: DestinationRegistry()) else {
            return ["entries read, but the path decoder refused the document"]
        }
        guard decoded.path.count + decoded.failures.count == entries.count else {
            return ["the path decoder lost elements: \(decoded.path.count) + \(decoded.failures.count) of \(entries.count)"]
        }

        return []
    }
}
