// docs: tooling
@_spi(Tooling) import NavState
import NavStateTooling

let store = try NavStore(readingAt: "navstate.sqlite")
let damaged = try store.damagedScenes()
// docs.end
// The Swift blocks of NavState.docc/TheStore.md's tools section, docs/format.md and
// the navstate command's article (NavStateTooling.docc/TheNavstateCommand.md), compiled: each `// docs:` region is one block, and
// DocumentationCodeTests keeps the two equal. (Compiled, not run: the file
// above is a user's.)
import Foundation

func wireFormat(data: Data, registry: DestinationRegistry) throws {
    // docs: wire-format
    let entries = try PathRepresentation.entries(from: data)      // push order
    let same = PathRepresentation.encode(entries)                 // == data

    let decoded = try NavPath.decode(representation: data, registry: registry)
    let path = decoded.path             // every element that decoded
    let failures = decoded.failures     // every one that did not: a DroppedEntry with its position and reason
    // docs.end
    _ = (same, path, failures, damaged)
}

func manifest(registry: DestinationRegistry) throws {
    // docs: manifest
    try registry.manifest.jsonData().write(to: URL(fileURLWithPath: "manifest-2.0.json"))
    // docs.end
}
