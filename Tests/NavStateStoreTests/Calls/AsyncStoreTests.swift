import Dispatch
import Foundation
import Logging
@_spi(Tooling) @testable import NavState
@_spi(Tooling) import NavState
import NavStateTooling
import NavStateSQLite
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// Marks the store's queue, so a log event can tell whether it runs there.
private let storeQueueKey = DispatchSpecificKey<String>()

/// Records, for each log event, the dispatch queue it was emitted on.
private final class QueueRecordingLogHandler: LogHandler, @unchecked Sendable {
    private let events = Locked<[(message: String, queue: String)]>([])
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let queue = DispatchQueue.getSpecific(key: storeQueueKey) ?? (Thread.isMainThread ? "main" : "elsewhere")
        events.withLock { $0.append(("\(event.message)", queue)) }
    }

    func queues(of message: String) -> [String] {
        events.withLock { $0.filter { $0.message == message }.map(\.queue) }
    }
}

/// The calls an app makes from its UI never run SQLite on the caller's
/// thread, and never keep the main actor waiting.
@Suite("Async store calls")
struct AsyncStoreTests {
    @MainActor @Test func callsFromTheMainActorRunSQLiteOnTheStoresOwnQueue() async throws {
        let handler = QueueRecordingLogHandler()
        var configuration = StoreFixtures.quiet()
        configuration.logger = Logger(label: "navstate.test") { _ in handler }
        let store = try NavStore.inMemory(configuration: configuration)
        store.queue.setSpecific(key: storeQueueKey, value: "the store's queue")
        let saved = try await store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main")
        let loaded = try await store.load(scene: "main")
        #expect(loaded?.revision == saved.revision)
        let restored = try await store.restore(scene: "main", registry: DestinationRegistry())
        try await store.confirmRestore(restored.report)
        #expect(restored.state.contentStack.first?.as(Int.self) == 1)
        #expect(try await store.delete(scene: "main"))
        // Every event that comes from SQLite work was emitted on the
        // store's own queue; the restore's choice of revision and its load
        // too (the "loaded scene" events).
        for message in ["saved scene", "loaded scene", "confirmed restore", "deleted scene"] {
            let queues = handler.queues(of: message)
            #expect(!queues.isEmpty, "no '\(message)' event")
            #expect(queues.allSatisfy { $0 == "the store's queue" }, "'\(message)' ran on \(queues)")
        }
    }

    /// `perform` is the runner every async call goes through: any store
    /// call, a tool's included, runs on the store's queue, in order with
    /// the calls made before it, and its typed error reaches the caller.
    @MainActor @Test func performRunsAnyCallOnTheStoresQueueInOrder() async throws {
        let handler = QueueRecordingLogHandler()
        var configuration = StoreFixtures.quiet()
        configuration.logger = Logger(label: "navstate.test") { _ in handler }
        let store = try NavStore.inMemory(configuration: configuration)
        store.queue.setSpecific(key: storeQueueKey, value: "the store's queue")
        for value in 1...3 {
            try await store.save(SceneState(stack: (1...value).map { StoreFixtures.entry("\($0)") }), scene: "main")
        }
        // Started after the saves, so it sees all three revisions.
        let pruned = try await store.perform { store throws(NavStateError) in try store.prune(keepRevisions: 1) }
        #expect(pruned.revisionsRemoved == 2)
        #expect(handler.queues(of: "pruned store") == ["the store's queue"])
        let listed = try await store.perform { store throws(NavStateError) in try store.history(scene: "main") }
        #expect(listed.map(\.revision) == [3])
        await #expect(throws: NavStateError.invalidRevision(0)) {
            _ = try await store.perform { store throws(NavStateError) in try store.load(scene: "main", revision: 0) }
        }
    }

    @MainActor @Test func anAsyncOpenRunsOffTheMainThreadAndTheStoreKeepsItsQueue() async throws {
        let handler = QueueRecordingLogHandler()
        var configuration = StoreFixtures.quiet()
        configuration.logger = Logger(label: "navstate.test") { _ in handler }
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let store = try await NavStore.open(path: path, configuration: configuration)
        #expect(handler.queues(of: "opened store") == ["elsewhere"], "the open ran on the main thread")
        store.queue.setSpecific(key: storeQueueKey, value: "the store's queue")
        try await store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main")
        #expect(handler.queues(of: "saved scene") == ["the store's queue"])
        let mode = try FileManager.default.attributesOfItem(atPath: path)[.posixPermissions] as? Int
        #expect(mode == 0o600)

        let reader = try await NavStore.open(readingAt: path, configuration: StoreFixtures.quiet())
        #expect(reader.isReadOnly)
        #expect(try await reader.load(scene: "main")?.revision == 1)
        await #expect(throws: NavStateError.fileNotFound(path: directory.path("missing.sqlite"))) {
            _ = try await NavStore.open(readingAt: directory.path("missing.sqlite"))
        }
        try Data("not a database, not at all, and long enough".utf8).write(to: URL(fileURLWithPath: directory.path("junk.sqlite")))
        await #expect(throws: NavStateError.notADatabase(path: directory.path("junk.sqlite"))) {
            _ = try await NavStore.open(path: directory.path("junk.sqlite"), configuration: StoreFixtures.quiet())
        }
        // The recovering open sets the junk aside, intact, and starts afresh.
        let (fresh, recovery) = try await NavStore.openRecovering(path: directory.path("junk.sqlite"), configuration: StoreFixtures.quiet())
        let aside = try #require(recovery?.movedTo)
        #expect(try String(contentsOfFile: aside, encoding: .utf8) == "not a database, not at all, and long enough")
        #expect(try await fresh.scenes().isEmpty)
    }

    @MainActor @Test func theMainActorStaysFreeWhileASaveWaitsForAnotherWriter() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        // Long enough that the save still waits however slowly a loaded
        // machine runs the ticks below.
        var configuration = StoreFixtures.quiet()
        configuration.busyTimeout = .seconds(120)
        let store = try NavStore(path: path, configuration: configuration)
        try await store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main")

        // Another writer (an app extension, say) holds the write lock.
        let other = try SQLiteConnection(path: path, mode: .readWrite(create: false))
        try other.execute("BEGIN IMMEDIATE")
        var finished = false
        let save = Task { @MainActor in
            defer { finished = true }
            return try await store.save(SceneState(stack: [StoreFixtures.entry("2")]), scene: "main")
        }
        // The main actor keeps running other work while the save waits: a
        // save that blocked it could not let these ticks run until it ended.
        var ticks = 0
        for _ in 0..<10 {
            try await Task.sleep(for: .milliseconds(20))
            ticks += 1
        }
        #expect(ticks == 10)
        #expect(!finished, "the save finished while the other writer held the lock")
        try other.execute("COMMIT")
        let result = try await save.value
        #expect(finished)
        #expect(result.revision == 2)
    }

    @Test func asyncSavesLandInTheOrderTheyWereMade() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.keepingEveryRevision())
        for value in 1...50 {
            try await store.save(SceneState(stack: [StoreFixtures.entry(String(value))]), scene: "main")
        }
        let history = try store.history(scene: "main")
        #expect(history.map(\.revision) == Array(1...50))
        #expect(try await store.load(scene: "main")?.state.contentStack.first?.payload == "50")
    }

    @Test func anAsyncCallReportsTheStoresTypedError() async throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        try await store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main")
        await #expect(throws: NavStateError.conflict(scene: "main", expected: 0, actual: 1)) {
            try await store.save(SceneState(stack: [StoreFixtures.entry("2")]), scene: "main", expectedHead: 0)
        }
    }
}
