import BenchSupport
import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
import NavStateNavigator

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
        var state = SceneState<AnyDestination>(stack: base)
        func next() -> SceneState<AnyDestination> {
            if state.contentStack.count > base.count { state.contentStack.removeLast() } else { state.contentStack.append(extra) }
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

    func confirmBlocking(_ report: RestoreReport) throws {
        try confirmRestore(report)
    }
}

/// What a `SceneNavigator` costs the main actor per operation with autosave
/// on, and how long after a burst its last state is durable.
enum NavigatorPushes {
    struct Results {
        /// `navigator.push(…)` on the main actor, autosave on.
        var push: Stats
        /// From the last operation of a burst to `flush()` returning.
        var burstToDurable: Stats
        /// Saves per burst of `burst` operations.
        var savesPerBurst: Double
        var burst: Int
    }

    @available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
    @MainActor
    static func run(in directory: URL, bursts: Int, burst: Int = 100) async throws -> Results {
        let registry = BenchData.registry
        let store = try NavStore(
            path: directory.appendingPathComponent("navigator.sqlite").path, configuration: Workloads.quiet(.normal))
        let navigator = SceneNavigator(scene: "main", store: store, registry: registry)
        try await navigator.restore()
        for route in BenchData.path(depth: 10) { try navigator.push(route) }
        try await navigator.flush()
        let extra = BenchData.route(10)

        var pushes: [Double] = []
        var durable: [Double] = []
        let savesBefore = navigator.savesCompleted
        for _ in 0..<bursts {
            for index in 0..<burst {
                if index.isMultiple(of: 2) {
                    let start = Harness.now()
                    try navigator.push(extra)
                    pushes.append(Double(Harness.now() - start))
                } else {
                    navigator.pop()
                }
                // A frame's worth of other main-actor work between taps.
                await Task.yield()
            }
            let start = Harness.now()
            try await navigator.flush()
            durable.append(Double(Harness.now() - start))
        }
        let saves = Double(navigator.savesCompleted - savesBefore) / Double(bursts)
        return Results(push: Stats(samples: pushes), burstToDurable: Stats(samples: durable), savesPerBurst: saves, burst: burst)
    }
}
