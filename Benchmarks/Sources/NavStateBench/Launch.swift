import BenchSupport
import CBenchSQLite
import Foundation
@_spi(Tooling) import NavState
import NavStateTooling

/// What every app does at every launch, measured as a whole: open the
/// store on an existing file, restore the scene through the crash-loop
/// guard, confirm, let the store go. Each round is a fresh `NavStore`, as
/// in a fresh process; the file and the page cache stay warm, as they are
/// for an app relaunched by its user.
enum Launch {
    static let depth = LaunchFile.depth

    /// The launch of an app through `NavStore`, beside the same SQL through
    /// the C API with the same decode, and PathStore reading its file.
    static func run(in directory: URL, iterations: Int) async throws -> [String: Stats] {
        let registry = BenchData.registry
        let routes = BenchData.path(depth: depth)
        let path = directory.appendingPathComponent("launch.sqlite").path
        try LaunchFile.make(path)
        // The floor writes restore attempts it never confirms: a copy of
        // its own, so the NavStore contenders' guard never sees them.
        let floorPath = directory.appendingPathComponent("launch-floor.sqlite").path
        try FileManager.default.copyItem(atPath: path, toPath: floorPath)
        guard let stored = try NavStore(readingAt: path, configuration: Workloads.quiet()).loadBlocking(scene: "main") else {
            throw BenchError("no scene")
        }
        let pathStore = PathStorePeer(directory: directory)
        try pathStore.save(routes)
        // Made once, as an app makes it.
        let configuration = Workloads.quiet()

        let contenders = [
            Contender("NavStore launch: open, guarded restore, confirm") {
                let store = try await NavStore.open(path: path, configuration: configuration)
                let restored = try await store.restore(scene: "main", registry: registry)
                try await store.confirmRestore(restored.report)
                guard restored.state.contentStack.count == depth else { throw BenchError("lost entries") }
            },
            Contender("NavStore launch with the blocking open and confirm (one hop: the restore's)") {
                // What the hops cost: the same work, two of the three calls
                // made on the caller's thread, as a tool or a background
                // thread may (never the main thread).
                let store = try NavStore(path: path, configuration: configuration)
                let restored = try await store.restore(scene: "main", registry: registry)
                try store.confirmBlocking(restored.report)
                guard restored.state.contentStack.count == depth else { throw BenchError("lost entries") }
            },
            Contender("NavStore open, load, decode (no guard)") {
                let store = try await NavStore.open(path: path, configuration: configuration)
                guard let loaded = try await store.load(scene: "main") else { throw BenchError("no scene") }
                let restored = await registry.restore(loaded.state)
                guard restored.state.contentStack.count == depth else { throw BenchError("lost entries") }
            },
            Contender("NavStore open only") {
                _ = try await NavStore.open(path: path, configuration: configuration)
            },
            Contender("raw sqlite3 floor + the same decode") {
                try LaunchFile.sameSQLLaunch(floorPath)
                let restored = await registry.restore(stored.state)
                guard restored.state.contentStack.count == depth else { throw BenchError("lost entries") }
            },
            Contender("raw sqlite3, the issue's floor (newest row, attempt, confirmation) + the same decode") {
                try LaunchFile.floorLaunch(floorPath, confirming: true)
                let restored = await registry.restore(stored.state)
                guard restored.state.contentStack.count == depth else { throw BenchError("lost entries") }
            },
            Contender("raw sqlite3, the issue's floor without the confirmation + the same decode") {
                try LaunchFile.floorLaunch(floorPath, confirming: false)
                let restored = await registry.restore(stored.state)
                guard restored.state.contentStack.count == depth else { throw BenchError("lost entries") }
            },
            Contender("PathStore (file)") {
                guard try pathStore.restore().count == depth else { throw BenchError("lost entries") }
            },
        ]
        let rounds = 20
        return try await Harness.run(contenders, rounds: rounds, perRound: max(1, iterations / rounds), warmup: max(2, iterations / 20))
    }

    /// The same-SQL floor with each part left out in turn, interleaved:
    /// what each part of NavStore's launch SQL costs on this machine.
    static func sqlParts(in directory: URL, iterations: Int) async throws -> [String: Stats] {
        let path = directory.appendingPathComponent("launch-sql.sqlite").path
        try LaunchFile.make(path)
        var contenders = [Contender("the same SQL as NavStore's launch") { try LaunchFile.sameSQLLaunch(path) }]
        for part in LaunchSQLPart.allCases {
            contenders.append(Contender("without \(part.rawValue)") { try LaunchFile.sameSQLLaunch(path, without: [part]) })
        }
        contenders.append(Contender("the issue's floor: newest row, attempt, confirmation") {
            try LaunchFile.floorLaunch(path, confirming: true)
        })
        return try await Harness.run(contenders, rounds: 20, perRound: max(1, iterations / 20), warmup: max(2, iterations / 20))
    }

    /// `count` launches of one contender (`navstore`, `floor`, `open`,
    /// `unguarded`, each optionally `-held`) on a prepared file, timed as a
    /// whole: `NavStateBench launch-loop CONTENDER COUNT`, for strace, perf
    /// or a quick comparison.
    static func loop(_ contender: String, count: Int, in directory: URL) async throws {
        let registry = BenchData.registry
        let path = directory.appendingPathComponent("launch.sqlite").path
        try LaunchFile.make(path)
        guard let stored = try NavStore(readingAt: path, configuration: Workloads.quiet()).loadBlocking(scene: "main") else {
            throw BenchError("no scene")
        }
        // `…-held`: another connection keeps the file open throughout, so a
        // launch's close is not the last one and does not checkpoint (what
        // the four fdatasyncs of a launch cost, seen by difference).
        var held: OpaquePointer?
        if contender.hasSuffix("-held") {
            sqlite3_open_v2(path, &held, SQLITE_OPEN_READWRITE, nil)
            sqlite3_exec(held, "SELECT count(*) FROM scene", nil, nil, nil)
        }
        defer { sqlite3_close_v2(held) }
        let configuration = Workloads.quiet()
        let start = Harness.now()
        for _ in 0..<count {
            switch contender.replacingOccurrences(of: "-held", with: "") {
            case "navstore":
                let store = try await NavStore.open(path: path, configuration: configuration)
                let restored = try await store.restore(scene: "main", registry: registry)
                try await store.confirmRestore(restored.report)
            case "unguarded":
                let store = try await NavStore.open(path: path, configuration: configuration)
                guard let loaded = try await store.load(scene: "main") else { throw BenchError("no scene") }
                _ = await registry.restore(loaded.state)
            case "open":
                _ = try await NavStore.open(path: path, configuration: configuration)
            case "floor":
                try LaunchFile.sameSQLLaunch(path)
                _ = await registry.restore(stored.state)
            default:
                throw BenchError("no contender \(contender)")
            }
        }
        print("\(contender): \(format(Double(Harness.now() - start) / Double(count))) per launch")
    }

    /// Whole processes: `navstate show` against `navstate --version`, so
    /// the start-up work outside the store is seen too.
    static func processes(navstate: String, database: String, runs: Int) throws -> [String: Stats] {
        var samples: [String: [Double]] = [:]
        let commands: [(String, [String])] = [
            ("navstate --version", ["--version"]),
            ("navstate show main", ["show", "main", "--db", database]),
        ]
        for _ in 0..<runs {
            for (name, arguments) in commands {
                samples[name, default: []].append(try Workloads.timeProcess(navstate, arguments))
            }
        }
        return samples.mapValues(Stats.init)
    }
}
