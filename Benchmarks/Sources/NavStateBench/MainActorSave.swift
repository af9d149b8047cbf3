import Foundation
import NavState

/// What an app's `@MainActor` code pays for a save, and whether the main
/// actor stays free while saves run.
enum MainActorSave {
    struct Results {
        /// `try await store.save(…)` from the main actor: call to return.
        /// When it returns the save is committed (survives the app being
        /// killed, with normal durability).
        var asyncSave: Stats
        /// How long a probe waited for the main actor while it made async
        /// saves back to back.
        var probeDuringAsync: Stats
        /// The same probe while the main actor made blocking saves.
        var probeDuringSync: Stats
    }

    @MainActor
    static func run(in directory: URL, iterations: Int) async throws -> Results {
        let registry = BenchData.registry
        let base = try BenchData.path(depth: 10).map { try AnyDestination($0, in: registry) }
        let extra = try AnyDestination(BenchData.route(10), in: registry)
        let store = try NavStore(
            path: directory.appendingPathComponent("main-actor.sqlite").path, configuration: Workloads.quiet(.normal))
        var state = SceneState<AnyDestination>(root: base)
        func next() -> SceneState<AnyDestination> {
            if state.root.count > base.count { state.root.removeLast() } else { state.root.append(extra) }
            return state
        }
        for _ in 0..<100 { try await store.save(next(), scene: "main") }  // warm-up

        var latencies: [Double] = []
        let probeAsync = try await probing {
            for _ in 0..<iterations {
                let start = Harness.now()
                try await store.save(next(), scene: "main")
                latencies.append(Double(Harness.now() - start))
            }
        }
        let probeSync = try await probing {
            for _ in 0..<iterations {
                try store.saveBlocking(next(), scene: "main")
                // Let the probe in between saves, as an app's run loop would.
                await Task.yield()
            }
        }
        return Results(asyncSave: Stats(samples: latencies), probeDuringAsync: probeAsync, probeDuringSync: probeSync)
    }

    /// Runs `work` on the main actor while a task elsewhere keeps asking for
    /// the main actor and records how long each ask waited.
    @MainActor
    private static func probing(_ work: @MainActor () async throws -> Void) async throws -> Stats {
        let running = Flag()
        let probe = Task.detached { () -> [Double] in
            var waits: [Double] = []
            while running.isSet {
                let start = Harness.now()
                await MainActor.run {}
                waits.append(Double(Harness.now() - start))
                try? await Task.sleep(for: .microseconds(100))
            }
            return waits
        }
        try await work()
        running.clear()
        return Stats(samples: await probe.value)
    }
}

/// A Boolean shared between tasks. `@unchecked Sendable`: read and written
/// under `lock` only.
private final class Flag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = true

    var isSet: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func clear() {
        lock.lock()
        defer { lock.unlock() }
        value = false
    }
}

extension NavStore {
    /// The blocking save, named apart so async code can time it (in an
    /// async context the async overload of `save` is the one chosen).
    @discardableResult
    func saveBlocking(_ state: SceneState<AnyDestination>, scene: String) throws -> SaveResult {
        try save(state, scene: scene)
    }

    @discardableResult
    func saveBlocking(_ state: SceneState<NavEntry>, scene: String) throws -> SaveResult {
        try save(state, scene: scene)
    }

    func loadBlocking(scene: String) throws -> StoredRevision? {
        try load(scene: scene)
    }
}
