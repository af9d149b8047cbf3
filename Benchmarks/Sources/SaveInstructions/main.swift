import BenchSupport
import Foundation
import NavState

// `SaveInstructions navstore|floor PAIRS`: opens a fresh file, then makes
// PAIRS pushes and PAIRS pops of a 10-deep stack, saving after each, as the
// benchmark's "save after one push" does: through a NavStore with the
// destination already made, or as the raw sqlite3 floor's upsert of the
// SwiftUI representation. One thread and nothing else, so that
// `valgrind --tool=callgrind` can count the instructions of the saves
// (Benchmarks/count-instructions.sh subtracts a run with PAIRS = 0).

let arguments = CommandLine.arguments.dropFirst()
guard arguments.count == 2, let mode = arguments.first, ["navstore", "floor"].contains(mode),
      let pairs = arguments.last.flatMap({ Int($0) }), pairs >= 0 else {
    FileHandle.standardError.write(Data("usage: SaveInstructions navstore|floor PAIRS\n".utf8))
    exit(2)
}

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navstate-instructions-\(UUID().uuidString)")
do {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("\(mode).sqlite").path
    let base = BenchData.path(depth: 10)
    if mode == "navstore" {
        var configuration = NavStore.Configuration(durability: .normal)
        configuration.logger.logLevel = .critical
        let store = try NavStore(path: path, configuration: configuration)
        var state = SceneState<AnyDestination>(root: try base.map { try AnyDestination($0, in: BenchData.registry) })
        try store.save(state, scene: "main")
        let pushed = try AnyDestination(BenchData.route(10), in: BenchData.registry)
        for _ in 0..<pairs {
            state.root.append(pushed)
            try store.save(state, scene: "main")
            state.root.removeLast()
            try store.save(state, scene: "main")
        }
    } else {
        let floor = try RawSQLite(path: path, full: false)
        let baseBytes = try SwiftUIRepresentation.encode(base)
        let pushedBytes = try SwiftUIRepresentation.encode(base + [BenchData.route(10)])
        try floor.save(scene: "main", bytes: baseBytes)
        for _ in 0..<pairs {
            try floor.save(scene: "main", bytes: pushedBytes)
            try floor.save(scene: "main", bytes: baseBytes)
        }
    }
} catch {
    FileHandle.standardError.write(Data("SaveInstructions: \(error)\n".utf8))
    exit(1)
}
