import BenchSupport
import Foundation
@_spi(Tooling) import NavState
import NavStateTooling

// `SaveInstructions navstore|tabs|floor PAIRS [DEPTH]`: opens a fresh file, then
// makes PAIRS pushes and PAIRS pops of a DEPTH-deep stack (default 10; with
// `tabs`, the stack on screen of five tabs of DEPTH), saving after each, as the
// benchmark's "save after one push" does: through a NavStore with the
// destination already made, or as the raw sqlite3 floor's upsert of the
// SwiftUI representation. One thread and nothing else, so that
// `valgrind --tool=callgrind` can count the instructions of the saves
// (Benchmarks/count-instructions.sh subtracts a run with PAIRS = 0).

let arguments = CommandLine.arguments.dropFirst()
let numbers = arguments.dropFirst().map { Int($0) }
guard (2...3).contains(arguments.count), let mode = arguments.first, ["navstore", "tabs", "floor"].contains(mode),
      let pairs = numbers[0], pairs >= 0, let depth = numbers.count > 1 ? numbers[1] : 10, depth >= 0 else {
    FileHandle.standardError.write(Data("usage: SaveInstructions navstore|tabs|floor PAIRS [DEPTH]\n".utf8))
    exit(2)
}

let directory = FileManager.default.temporaryDirectory.appendingPathComponent("navstate-instructions-\(UUID().uuidString)")
do {
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("\(mode).sqlite").path
    let base = BenchData.path(depth: depth)
    if mode == "navstore" || mode == "tabs" {
        var configuration = NavStore.Configuration(durability: .normal)
        configuration.logger.logLevel = .critical
        // As the benchmark's stores (Workloads.quiet): room for 1,000-deep stacks.
        configuration.limits.entriesPerStack = 10_000
        configuration.limits.sceneBytes = 64 * 1024 * 1024
        let store = try NavStore(path: path, configuration: configuration)
        var state = SceneState<AnyDestination>(stack: try base.map { try AnyDestination($0, in: BenchData.registry) })
        if mode == "tabs" {
            let ids = ["home", "orders", "cart", "search", "profile"]
            state.content = .tabs(NavTabs(ids: ids))
            for (index, id) in ids.enumerated() {
                try state.setStack(.tab(id), to: BenchData.path(depth: depth + index).suffix(depth).map {
                    try AnyDestination($0, in: BenchData.registry)
                })
            }
        }
        try store.save(state, scene: "main")
        let pushed = try AnyDestination(BenchData.route(depth), in: BenchData.registry)
        for _ in 0..<pairs {
            state.contentStack.append(pushed)
            try store.save(state, scene: "main")
            state.contentStack.removeLast()
            try store.save(state, scene: "main")
        }
    } else {
        let floor = try RawSQLite(path: path, full: false)
        let baseBytes = try SwiftUIRepresentation.encode(base)
        let pushedBytes = try SwiftUIRepresentation.encode(base + [BenchData.route(depth)])
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
