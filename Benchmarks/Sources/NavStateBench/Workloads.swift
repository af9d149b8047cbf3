import BenchSupport
import Foundation
@_spi(Tooling) import NavState
import NavStateTooling

/// The workloads of docs/benchmarks.md. Each returns the medians it measured.
enum Workloads {
    static func quiet(_ durability: NavStore.Durability = .normal) -> NavStore.Configuration {
        var configuration = NavStore.Configuration(durability: durability)
        configuration.logger.logLevel = .critical
        configuration.limits.entriesPerStack = 10_000
        configuration.limits.sceneBytes = 64 * 1024 * 1024
        return configuration
    }

    // MARK: Saving after one push

    static func savePush(depth: Int, durability: NavStore.Durability, in directory: URL, iterations: Int) async throws -> [String: Stats] {
        let full = durability == .full
        let base = BenchData.path(depth: depth)
        let pushed = base + [BenchData.route(depth)]
        let registry = BenchData.registry

        let store = try NavStore(path: directory.appendingPathComponent("navstate-\(depth)-\(durability).sqlite").path, configuration: quiet(durability))
        var state = SceneState<AnyDestination>(stack: try base.map { try AnyDestination($0, in: registry) })
        try store.saveBlocking(state, scene: "main")

        let pathStore = PathStorePeer(directory: directory)
        var peerPath = base
        try pathStore.save(peerPath)

        let blob = try BlobPeer(path: directory.appendingPathComponent("blob-\(depth)-\(durability).sqlite").path, full: full)
        let grdb = try GRDBPeer(path: directory.appendingPathComponent("grdb-\(depth)-\(durability).sqlite").path, full: full)
        let floor = try RawSQLite(path: directory.appendingPathComponent("floor-\(depth)-\(durability).sqlite").path, full: full)
        let baseBytes = try SwiftUIRepresentation.encode(base)
        let pushedBytes = try SwiftUIRepresentation.encode(pushed)

        // The same save, with the pushed destination already erased (as it is
        // in an app: NavigationLink made it when the user tapped), so only
        // the store's work is timed; the floor is timed the same way.
        let saveOnly = try NavStore(path: directory.appendingPathComponent("navstate-save-\(depth)-\(durability).sqlite").path, configuration: quiet(durability))
        var saveOnlyState = state
        try saveOnly.saveBlocking(saveOnlyState, scene: "main")
        var pending = try AnyDestination(BenchData.route(depth), in: registry)
        // The same again through the async `save`, which hops to the
        // store's own queue (what an app calls from the main actor).
        let viaQueue = try NavStore(path: directory.appendingPathComponent("navstate-async-\(depth)-\(durability).sqlite").path, configuration: quiet(durability))
        var viaQueueState = state
        try viaQueue.saveBlocking(viaQueueState, scene: "main")

        // What the app does before every save, untimed, for every contender
        // alike: the tap that pushes makes the new destination (encoding its
        // JSON). Timed work that follows other work runs in colder caches,
        // so the floor and the peers get it too, not only the NavStore save
        // whose pending destination it is: without it the floor's own
        // median was about 10% lower (docs/benchmarks.md).
        var tapped = pending
        func tap() throws { tapped = try AnyDestination(BenchData.route(depth), in: registry) }

        // Blocking calls, as the floor's are: in an async closure a plain
        // `save` would pick the async overload and time the queue hop too.
        var contenders = [
            Contender("NavStore push + save", prepare: {
                if state.contentStack.count > depth {
                    state.contentStack.removeLast()
                    try store.saveBlocking(state, scene: "main")
                }
                try tap()
            }, step: {
                state.contentStack.append(try AnyDestination(BenchData.route(depth), in: registry))
                try store.saveBlocking(state, scene: "main")
            }),
            Contender("NavStore save", prepare: {
                if saveOnlyState.contentStack.count > depth {
                    saveOnlyState.contentStack.removeLast()
                    try saveOnly.saveBlocking(saveOnlyState, scene: "main")
                }
                pending = try AnyDestination(BenchData.route(depth), in: registry)
            }, step: {
                saveOnlyState.contentStack.append(pending)
                try saveOnly.saveBlocking(saveOnlyState, scene: "main")
            }),
            Contender("NavStore save, async", prepare: {
                if viaQueueState.contentStack.count > depth {
                    viaQueueState.contentStack.removeLast()
                    try await viaQueue.save(viaQueueState, scene: "main")
                }
                pending = try AnyDestination(BenchData.route(depth), in: registry)
            }, step: {
                viaQueueState.contentStack.append(pending)
                try await viaQueue.save(viaQueueState, scene: "main")
            }),
            Contender("SQLite blob", prepare: { try blob.save(base, scene: "main"); try tap() }, step: {
                try blob.save(pushed, scene: "main")
            }),
            Contender("GRDB record", prepare: { try grdb.save(base, scene: "main"); try tap() }, step: {
                try grdb.save(pushed, scene: "main")
            }),
            Contender("raw sqlite3 floor", prepare: { try floor.save(scene: "main", bytes: baseBytes); try tap() }, step: {
                try floor.save(scene: "main", bytes: pushedBytes)
            }),
        ]
        if !full {
            contenders.insert(Contender("PathStore (file)", prepare: {
                if peerPath.count > depth {
                    peerPath.removeLast()
                    try pathStore.save(peerPath)
                }
                try tap()
            }, step: {
                peerPath.append(BenchData.route(depth))
                try pathStore.save(peerPath)
            }), at: 1)
        }
        let rounds = 10
        let results = try await Harness.run(contenders, rounds: rounds, perRound: max(1, iterations / rounds), warmup: max(2, iterations / 20))
        _ = tapped
        return results
    }

    /// A NavStore save after one push onto the stack on screen, the
    /// destination already made, as an app's save after a tap: the untimed
    /// `prepare` pops back to `depth` entries (saving that) and makes the
    /// next destination, so the step times the push and its save alone.
    static func pushAndSave(_ name: String, store: NavStore, state start: SceneState<AnyDestination>, depth: Int) throws -> Contender {
        var state = start
        var pending = try AnyDestination(BenchData.route(depth), in: BenchData.registry)
        return Contender(name, prepare: {
            if state.contentStack.count > depth {
                state.contentStack.removeLast()
                try store.saveBlocking(state, scene: "main")
            }
            pending = try AnyDestination(BenchData.route(depth), in: BenchData.registry)
        }, step: {
            state.contentStack.append(pending)
            try store.saveBlocking(state, scene: "main")
        })
    }

    /// NavStore saves after one push on a 10-deep and a 1,000-deep stack,
    /// interleaved in one run so their ratio holds on a noisy machine.
    static func saveByDepth(in directory: URL, iterations: Int) async throws -> [String: Stats] {
        let registry = BenchData.registry
        var contenders: [Contender] = []
        for depth in [10, 1000] {
            let store = try NavStore(path: directory.appendingPathComponent("depth-\(depth).sqlite").path, configuration: quiet())
            let state = SceneState<AnyDestination>(stack: try BenchData.path(depth: depth).map { try AnyDestination($0, in: registry) })
            try store.saveBlocking(state, scene: "main")
            contenders.append(try pushAndSave("\(depth)-deep", store: store, state: state, depth: depth))
        }
        return try await Harness.run(contenders, rounds: 20, perRound: max(1, iterations / 20), warmup: max(2, iterations / 20))
    }

    // MARK: Trees

    static let tabIDs = ["home", "orders", "cart", "search", "profile"]

    /// Five tabs of `depth` routes each, the first selected.
    static func fiveTabs(depth: Int) throws -> SceneState<AnyDestination> {
        let registry = BenchData.registry
        var state = SceneState<AnyDestination>(content: .tabs(NavTabs(ids: tabIDs)))
        for (index, id) in tabIDs.enumerated() {
            let routes = BenchData.path(depth: depth + index).suffix(depth)
            try state.setStack(.tab(id), to: routes.map { try AnyDestination($0, in: registry) })
        }
        return state
    }

    /// Push and save in one tab of a 5 × 10 scene against push and save on
    /// one 10-deep stack, interleaved: the same push on the same routes.
    static func saveInTab(in directory: URL, iterations: Int) async throws -> [String: Stats] {
        let registry = BenchData.registry
        var contenders: [Contender] = []
        for (name, start) in [("one 10-deep stack", try SceneState<AnyDestination>(
            stack: BenchData.path(depth: 10).map { try AnyDestination($0, in: registry) })),
                              ("one tab of 5 × 10", try fiveTabs(depth: 10))] {
            let store = try NavStore(path: directory.appendingPathComponent("tab-\(name.count).sqlite").path, configuration: quiet())
            try store.saveBlocking(start, scene: "main")
            contenders.append(try pushAndSave(name, store: store, state: start, depth: 10))
        }
        return try await Harness.run(contenders, rounds: 20, perRound: max(1, iterations / 20), warmup: max(2, iterations / 20))
    }

    /// Restore of the 5 × 10 scene against one 10-deep stack, and PathStore
    /// restoring the same 50 routes.
    static func restoreTabs(in directory: URL, iterations: Int) async throws -> [String: Stats] {
        let registry = BenchData.registry
        let tabs = try fiveTabs(depth: 10)
        let treeStore = try NavStore(path: directory.appendingPathComponent("restore-tabs.sqlite").path, configuration: quiet())
        try treeStore.saveBlocking(tabs, scene: "main")
        let stackStore = try NavStore(path: directory.appendingPathComponent("restore-one-stack.sqlite").path, configuration: quiet())
        try stackStore.saveBlocking(SceneState(stack: try BenchData.path(depth: 10).map { try AnyDestination($0, in: registry) }), scene: "main")
        var routes: [ShopRoute] = []
        for index in 0..<tabIDs.count { routes += BenchData.path(depth: 10 + index).suffix(10) }
        let pathStore = PathStorePeer(directory: directory)
        try pathStore.save(routes)
        let contenders = [
            Contender("one 10-deep stack") {
                guard let stored = try stackStore.loadBlocking(scene: "main") else { throw BenchError("no scene") }
                let restored = await registry.restore(stored.state)
                guard restored.state.contentStack.count == 10 else { throw BenchError("lost entries") }
            },
            Contender("5 tabs × 10") {
                guard let stored = try treeStore.loadBlocking(scene: "main") else { throw BenchError("no scene") }
                let restored = await registry.restore(stored.state)
                guard restored.state.entryCount == 50 else { throw BenchError("lost entries") }
            },
            Contender("PathStore (file), the same 50") {
                guard try pathStore.restore().count == 50 else { throw BenchError("lost entries") }
            },
        ]
        let rounds = 10
        return try await Harness.run(contenders, rounds: rounds, perRound: max(1, iterations / rounds), warmup: max(2, iterations / 20))
    }

    // MARK: Restoring

    static func restore(depth: Int, in directory: URL, iterations: Int) async throws -> [String: Stats] {
        let routes = BenchData.path(depth: depth)
        let registry = BenchData.registry
        let store = try NavStore(path: directory.appendingPathComponent("restore-\(depth).sqlite").path, configuration: quiet())
        try store.saveBlocking(SceneState(stack: try routes.map { try AnyDestination($0, in: registry) }), scene: "main")
        let pathStore = PathStorePeer(directory: directory)
        try pathStore.save(routes)
        let blob = try BlobPeer(path: directory.appendingPathComponent("restore-blob-\(depth).sqlite").path, full: false)
        try blob.save(routes, scene: "main")
        let grdb = try GRDBPeer(path: directory.appendingPathComponent("restore-grdb-\(depth).sqlite").path, full: false)
        try grdb.save(routes, scene: "main")

        let contenders = [
            Contender("NavStore") {
                guard let stored = try store.loadBlocking(scene: "main") else { throw BenchError("no scene") }
                let restored = await registry.restore(stored.state)
                guard restored.state.contentStack.count == depth else { throw BenchError("lost entries") }
            },
            Contender("NavStore, async load") {
                // The same through the queue an app's calls take: what the
                // guarded restore, itself async, is compared with.
                guard let stored = try await store.load(scene: "main") else { throw BenchError("no scene") }
                let restored = await registry.restore(stored.state)
                guard restored.state.contentStack.count == depth else { throw BenchError("lost entries") }
            },
            Contender("NavStore with crash-loop guard") {
                let restored = try await store.restore(scene: "main", registry: registry)
                try await store.confirmRestore(restored.report)
                guard restored.state.contentStack.count == depth else { throw BenchError("lost entries") }
            },
            Contender("PathStore (file)") {
                guard try pathStore.restore().count == depth else { throw BenchError("lost entries") }
            },
            Contender("SQLite blob") {
                guard try blob.restore(scene: "main").count == depth else { throw BenchError("lost entries") }
            },
            Contender("GRDB record") {
                guard try grdb.restore(scene: "main").count == depth else { throw BenchError("lost entries") }
            },
        ]
        let rounds = 10
        return try await Harness.run(contenders, rounds: rounds, perRound: max(1, iterations / rounds), warmup: max(2, iterations / 20))
    }

    /// Fills a store with `count` scenes of `depth` entries.
    static func fill(_ path: String, scenes count: Int, depth: Int) throws -> NavStore {
        let registry = BenchData.registry
        let store = try NavStore(path: path, configuration: quiet())
        let root = try BenchData.path(depth: depth).map { try AnyDestination($0, in: registry) }
        for index in 0..<count {
            try store.save(SceneState(stack: root), scene: "scene-\(index)")
        }
        return store
    }

    static func restoreAmong(_ store: NavStore, scenes count: Int, iterations: Int) async throws -> Stats {
        let registry = BenchData.registry
        var generator = SystemRandomNumberGenerator()
        let contender = Contender("restore") {
            let name = "scene-\(Int.random(in: 0..<count, using: &generator))"
            guard let stored = try store.loadBlocking(scene: name) else { throw BenchError("no scene \(name)") }
            _ = await registry.restore(stored.state)
        }
        let result = try await Harness.run([contender], rounds: 10, perRound: iterations / 10, warmup: iterations / 10)
        return result["restore"] ?? Stats(samples: [])
    }

    // MARK: History

    /// Save-after-push and head restore on a scene that already has `revisions` revisions.
    static func withHistory(_ revisions: Int, in directory: URL, iterations: Int) async throws -> (save: Stats, restore: Stats) {
        let registry = BenchData.registry
        let store = try NavStore(path: directory.appendingPathComponent("history-\(revisions).sqlite").path, configuration: quiet())
        var state = SceneState<AnyDestination>(stack: try BenchData.path(depth: 10).map { try AnyDestination($0, in: registry) })
        for index in 0..<revisions {
            state.contentStack[index % 10] = try AnyDestination(BenchData.route(index + 100), in: registry)
            try store.saveBlocking(state, scene: "main")
        }
        let results = try await Harness.run([
            Contender("save", prepare: {
                if state.contentStack.count > 10 {
                    state.contentStack.removeLast()
                    try store.saveBlocking(state, scene: "main")
                }
            }, step: {
                state.contentStack.append(try AnyDestination(BenchData.route(10), in: registry))
                try store.saveBlocking(state, scene: "main")
            }),
            Contender("restore") {
                guard let stored = try store.loadBlocking(scene: "main") else { throw BenchError("no scene") }
                _ = await registry.restore(stored.state)
            },
        ], rounds: 10, perRound: iterations / 10, warmup: iterations / 10)
        return (results["save"] ?? Stats(samples: []), results["restore"] ?? Stats(samples: []))
    }

    // MARK: File bytes

    /// File bytes each revision adds, after the WAL is folded in, for
    /// alternating pushes and pops on a `depth`-deep scene, every revision
    /// kept (with history bounded the file stops growing, which measures
    /// nothing).
    static func bytesPerRevision(depth: Int, in directory: URL, revisions: Int) throws -> (perRevision: Double, statePayload: Int, pathStoreFile: Int) {
        let registry = BenchData.registry
        let path = directory.appendingPathComponent("bytes-\(depth).sqlite").path
        var configuration = quiet()
        configuration.keptRevisions = nil
        let store = try NavStore(path: path, configuration: configuration)
        let base = BenchData.path(depth: depth)
        var state = SceneState<AnyDestination>(stack: try base.map { try AnyDestination($0, in: registry) })
        try store.save(state, scene: "main")
        try store.checkpointWAL()
        let before = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        for index in 0..<revisions {
            if index.isMultiple(of: 2) {
                state.contentStack.append(try AnyDestination(BenchData.route(depth + index), in: registry))
            } else {
                state.contentStack.removeLast()
            }
            try store.save(state, scene: "main")
        }
        try store.checkpointWAL()
        let after = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
        let pathStore = PathStorePeer(directory: directory)
        try pathStore.save(base)
        let pathStoreBytes = try FileManager.default.attributesOfItem(atPath: pathStore.url.path)[.size] as? Int ?? 0
        return (Double(after - before) / Double(revisions), BenchData.payloadBytes(base), pathStoreBytes)
    }

    // MARK: Several processes

    /// Saves per second from `processes` processes with `threads` threads each,
    /// every thread pushing and popping its own scene.
    static func throughput(executable: String, directory: URL, processes: Int, threads: Int, seconds: Double, durability: NavStore.Durability) throws -> (savesPerSecond: Double, errors: Int) {
        let path = directory.appendingPathComponent("throughput-\(durability).sqlite").path
        _ = try NavStore(path: path, configuration: quiet(durability))
        var workers: [(Process, Pipe)] = []
        for index in 0..<processes {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: executable)
            process.arguments = ["worker", path, "p\(index)", String(threads), String(seconds), durability.rawValue]
            let pipe = Pipe()
            process.standardOutput = pipe
            try process.run()
            workers.append((process, pipe))
        }
        var saves = 0
        var errors = 0
        for (process, pipe) in workers {
            let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let numbers = output.split(whereSeparator: \.isWhitespace).compactMap { Int($0) }
            if numbers.count == 2 {
                saves += numbers[0]
                errors += numbers[1]
            } else {
                errors += 1
            }
        }
        return (Double(saves) / seconds, errors)
    }

    /// The worker side of ``throughput``: prints "saves errors".
    static func worker(_ arguments: [String]) async {
        guard arguments.count == 5, let threads = Int(arguments[2]), let seconds = Double(arguments[3]),
              let durability = NavStore.Durability(rawValue: arguments[4]) else {
            print("0 1")
            return
        }
        let registry = BenchData.registry
        let deadline = Date().addingTimeInterval(seconds)
        let counts = await withTaskGroup(of: (Int, Int).self) { group in
            for thread in 0..<threads {
                group.addTask {
                    var saves = 0
                    var errors = 0
                    do {
                        let store = try NavStore(path: arguments[0], configuration: quiet(durability))
                        var state = SceneState<AnyDestination>(stack: try BenchData.path(depth: 10).map { try AnyDestination($0, in: registry) })
                        var index = 0
                        while Date() < deadline {
                            if index.isMultiple(of: 2) {
                                state.contentStack.append(try AnyDestination(BenchData.route(index), in: registry))
                            } else {
                                state.contentStack.removeLast()
                            }
                            do {
                                try store.save(state, scene: "\(arguments[1])-t\(thread)")
                                saves += 1
                            } catch {
                                errors += 1
                            }
                            index += 1
                        }
                    } catch {
                        errors += 1
                    }
                    return (saves, errors)
                }
            }
            var total = (0, 0)
            for await (saves, errors) in group { total = (total.0 + saves, total.1 + errors) }
            return total
        }
        print("\(counts.0) \(counts.1)")
    }

    // MARK: The command-line tool

    /// Wall time of `navstate scenes` on a file, with `extra` arguments
    /// (`--json`).
    static func navstateScenes(navstate: String, database: String, runs: Int, extra: [String] = []) throws -> Stats {
        Stats(samples: try (0..<runs).map { _ in try timeProcess(navstate, ["scenes", "--db", database] + extra) })
    }

    /// Wall time of one whole process, its output read to the end; a
    /// failing process is an error.
    static func timeProcess(_ executable: String, _ arguments: [String]) throws -> Double {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        let start = Harness.now()
        try process.run()
        _ = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let elapsed = Double(Harness.now() - start)
        guard process.terminationStatus == 0 else { throw BenchError("\(arguments.joined(separator: " ")) failed") }
        return elapsed
    }
}
