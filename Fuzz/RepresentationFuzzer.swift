// libFuzzer target: SwiftUI representation decoding. Built by scripts/fuzz.sh.
import Foundation

@_cdecl("LLVMFuzzerTestOneInput")
public func representationFuzzer(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = Array(UnsafeRawBufferPointer(start: start, count: count))
    guard let entries = try? PathRepresentation.entries(from: bytes) else { return 0 }
    // What was read must write and read back to the same entries.
    let written = PathRepresentation.encode(entries)
    guard (try? PathRepresentation.entries(from: written)) == entries else {
        fatalError("entries did not survive a write and a read")
    }
    guard let decoded = try? NavPath.decode(representation: bytes, registry: DestinationRegistry()) else {
        fatalError("entries read, but the path decoder refused the document")
    }
    precondition(decoded.path.count + decoded.failures.count == entries.count)
    return 0
}
