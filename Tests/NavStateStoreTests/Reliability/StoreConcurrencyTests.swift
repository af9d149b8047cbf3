import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

@Suite("Store concurrency")
struct StoreConcurrencyTests {
    /// A save trusts its cached head only while the file is as its own last
    /// save left it. Another connection's write seen by a save of one scene
    /// must still make the next save of another scene read that scene.
    @Test func aWriteByAnotherConnectionIsSeenEvenAfterASaveOfAnotherScene() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let app = try NavStore(path: path, configuration: StoreFixtures.keepingEveryRevision())
        let widget = try NavStore(path: path, configuration: StoreFixtures.keepingEveryRevision())
        func state(_ marker: String) -> SceneState<NavEntry> { SceneState(stack: [StoreFixtures.entry("\"\(marker)\"")]) }
        try app.save(state("a1"), scene: "x")
        try app.save(state("b1"), scene: "y")
        try widget.save(state("w1"), scene: "x")
        // The app's save of y sees the widget's write; its cached x is stale.
        try app.save(state("b2"), scene: "y")
        #expect(try app.save(state("a2"), scene: "x").revision == 3)
        // The widget's own cached x (revision 2) is stale in turn.
        #expect(throws: NavStateError.conflict(scene: "x", expected: 2, actual: 3)) {
            try widget.save(state("w2"), scene: "x", expectedHead: 2)
        }
        #expect(try widget.save(state("w2"), scene: "x").revision == 4)
        // A delete and a restore's count are writes too.
        try widget.delete(scene: "y")
        #expect(try app.save(state("b3"), scene: "y").revision == 1)
        for (revision, marker) in [(1, "a1"), (2, "w1"), (3, "a2"), (4, "w2")] {
            #expect(try widget.load(scene: "x", revision: revision)?.state == state(marker))
        }
        #expect(try widget.load(scene: "y")?.state == state("b3"))
    }

    @Test func threadsSavingDifferentScenesLoseNothing() async throws {
        let directory = try TemporaryDirectory()
        let store = try NavStore(path: directory.path("db.sqlite"), configuration: StoreFixtures.keepingEveryRevision())
        try await withThrowingTaskGroup(of: Void.self) { group in
            for worker in 0..<4 {
                group.addTask {
                    var state = SceneState<NavEntry>()
                    for index in 0..<25 {
                        state.contentStack.append(StoreFixtures.entry(String(index)))
                        let result = try store.save(state, scene: "scene-\(worker)")
                        #expect(result.revision == index + 1)
                    }
                }
            }
            try await group.waitForAll()
        }
        for worker in 0..<4 {
            #expect(try await store.load(scene: "scene-\(worker)")?.state.contentStack.count == 25)
            #expect(try store.history(scene: "scene-\(worker)").count == 25)
        }
    }

    @Test func threadsSavingOneSceneConditionallyGetConflictsNeverLostUpdates() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.keepingEveryRevision())
        try await store.save(SceneState(), scene: "shared")
        let outcomes = try await withThrowingTaskGroup(of: (saved: [Int], conflicts: Int).self) { group in
            for worker in 0..<4 {
                group.addTask {
                    // Each worker opens its own store on the same file, as an
                    // app's extensions would.
                    let own = try NavStore(path: path, configuration: StoreFixtures.keepingEveryRevision())
                    var saved: [Int] = []
                    var conflicts = 0
                    for attempt in 0..<20 {
                        let head = try #require(try own.load(scene: "shared"))
                        var state = head.state
                        state.contentStack.append(StoreFixtures.entry("Int", "\(worker * 100 + attempt)"))
                        do {
                            saved.append(try own.save(state, scene: "shared", expectedHead: head.revision).revision)
                        } catch NavStateError.conflict {
                            conflicts += 1
                        }
                    }
                    return (saved, conflicts)
                }
            }
            var all: [(saved: [Int], conflicts: Int)] = []
            for try await outcome in group { all.append(outcome) }
            return all
        }
        let revisions = outcomes.flatMap(\.saved).sorted()
        #expect(outcomes.reduce(0) { $0 + $1.saved.count + $1.conflicts } == 80)
        // Every acknowledged save is its own revision, in one unbroken chain.
        #expect(revisions == Array(2...(revisions.count + 1)))
        // Every revision holds exactly one more entry than the one before: no
        // save ever overwrote another.
        for revision in revisions {
            #expect(try await store.load(scene: "shared", revision: revision)?.state.contentStack.count == revision - 1)
        }
    }

    /// Threads sharing one store save deep typed states of one scene: each
    /// save learns what it can from the cached head before taking the lock,
    /// and another thread's save may replace that head in between. Every
    /// revision must still load as the state its save was given.
    @Test func threadsSavingDeepTypedStatesOfOneSceneThroughOneStoreLoseNothing() throws {
        let registry = try Samples.registry()
        let store = try NavStore.inMemory(configuration: StoreFixtures.keepingEveryRevision())
        let shared = try (0..<40).map { try AnyDestination(SettingsRoute(section: "base", depth: $0), in: registry) }
        let collected = Collected()
        // Blocking saves from four threads at once, as `DispatchQueue`
        // workers of an app would make them.
        DispatchQueue.concurrentPerform(iterations: 4) { worker in
            var root = shared
            for step in 0..<150 {
                // Each worker cuts the shared stack at its own depth and
                // pushes its own screens, so the threads' states share
                // prefixes of different lengths.
                if step % 3 == 2, root.count > 30 + worker { root.removeLast(2) }
                do {
                    root.append(try AnyDestination(SettingsRoute(section: "w\(worker)", depth: step), in: registry))
                    let result = try store.save(SceneState(stack: root), scene: "main")
                    let entries = root.map(\.stableEntry)
                    if result.isNewRevision { collected.record(saved: (result.revision, entries)) }
                } catch {
                    collected.record(error: error)
                }
            }
        }
        let (saved, errors) = collected.results
        #expect(errors.isEmpty)
        #expect(saved.count > 500)
        for (revision, root) in saved {
            #expect(try store.load(scene: "main", revision: revision)?.state.contentStack == root)
        }
    }

    @Test func aSecondProcessSavesToTheSameFileWhileThisOneDoes() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.keepingEveryRevision())
        let helper = try HelperProcess.start(["save", path, "from-helper", "60"])
        var state = SceneState<NavEntry>()
        for index in 0..<60 {
            state.contentStack.append(StoreFixtures.entry(String(index)))
            try await store.save(state, scene: "from-test")
        }
        let output = try helper.finish()
        #expect(helper.status == 0, "helper said: \(output)")
        let acknowledged = output.split(separator: "\n").filter { $0.hasPrefix("saved ") }
        #expect(acknowledged.count == 60)
        #expect(try await store.load(scene: "from-helper")?.state.contentStack.count == 60)
        #expect(try await store.load(scene: "from-test")?.state.contentStack.count == 60)
        #expect(try store.history(scene: "from-helper").count == 60)
    }
}

/// What the threads of a test saved and what they failed with. An `NSLock`,
/// not `Mutex`: tests build for macOS 13 too.
private final class Collected: @unchecked Sendable {
    private let lock = NSLock()
    private var saved: [(Int, [NavEntry])] = []
    private var errors: [String] = []

    func record(saved revision: (Int, [NavEntry])) {
        lock.withLock { saved.append(revision) }
    }

    func record(error: any Error) {
        lock.withLock { errors.append("\(error)") }
    }

    var results: (saved: [(Int, [NavEntry])], errors: [String]) {
        lock.withLock { (saved, errors) }
    }
}
