import Foundation
import Logging
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// Collects log records in memory.
final class RecordingLogHandler: LogHandler, @unchecked Sendable {
    struct Record: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: String
    }

    private let records = Locked<[Record]>([])
    var metadata: Logger.Metadata = [:]
    var logLevel: Logger.Level = .trace

    subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    func log(event: LogEvent) {
        let text = (event.metadata ?? [:]).map { "\($0.key)=\($0.value)" }.sorted().joined(separator: " ")
        records.withLock { $0.append(Record(level: event.level, message: "\(event.message)", metadata: text)) }
    }

    var all: [Record] { records.withLock { $0 } }
}

@Suite("Store events")
struct StoreLoggingTests {
    @Test func storeReportsItsEventsWithoutPayloadsAtInfoLevel() throws {
        let handler = RecordingLogHandler()
        let logger = Logger(label: "navstate.test") { _ in handler }
        let directory = try TemporaryDirectory()
        let store = try NavStore(path: directory.path("db.sqlite"), configuration: NavStore.Configuration(logger: logger))
        let secret = "SECRET-PAYLOAD-123"
        try store.save(SceneState(stack: [NavEntry(tag: "Int", payload: "\"\(secret)\"")]), scene: "main")
        _ = try store.load(scene: "main")
        try store.prune()
        try store.purge()
        #expect(throws: NavStateError.self) {
            try store.save(SceneState(stack: [NavEntry(tag: "Int", payload: "1")]), scene: "main", expectedHead: 7)
        }
        let messages = handler.all.map(\.message)
        for expected in ["opened store", "migrated store", "saved scene", "loaded scene", "pruned store", "purged store", "save failed"] {
            #expect(messages.contains(expected), "no '\(expected)' event in \(messages)")
        }
        let infoAndAbove = handler.all.filter { $0.level >= .info }
        #expect(!infoAndAbove.isEmpty)
        #expect(infoAndAbove.allSatisfy { !$0.message.contains(secret) && !$0.metadata.contains(secret) })
        #expect(handler.all.allSatisfy { !$0.metadata.contains(secret) })
    }

    /// swift-log's guidance for libraries: what happens on every launch is
    /// `debug`, so an app that bootstraps swift-log with its defaults (info)
    /// prints nothing of NavState's while all goes well.
    @Test func aRoutineLaunchLogsNothingAtInfoLevel() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        // The first launch creates and migrates the file: routine too
        // (issue 45: it printed `info … migrated store` in every new app).
        let first = RecordingLogHandler()
        do {
            let store = try await NavStore.open(path: path, configuration: NavStore.Configuration(logger: Logger(label: "t") { _ in first }))
            try await store.save(SceneState(stack: [StoreFixtures.entry("1"), StoreFixtures.entry("2")]), scene: "main")
        }
        #expect(first.all.contains { $0.level == .debug && $0.message == "migrated store" })
        #expect(first.all.allSatisfy { $0.level <= .debug }, "\(first.all.filter { $0.level > .debug }.map(\.message))")
        // Every later launch: open, restore through the guard, confirm,
        // save, list, delete a window's scene.
        let handler = RecordingLogHandler()
        let store = try await NavStore.open(path: path, configuration: NavStore.Configuration(logger: Logger(label: "t") { _ in handler }))
        let restored = try await store.restore(scene: "main", registry: DestinationRegistry())
        try await store.confirmRestore(restored.report)
        try await store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main")
        try await store.save(SceneState(), scene: "window-2")
        _ = try await store.scenes()
        _ = try await store.load(scene: "main")
        try await store.delete(scene: "window-2")
        let messages = handler.all.map(\.message)
        for routine in ["opened store", "restored scene", "confirmed restore", "saved scene", "loaded scene", "deleted scene"] {
            #expect(handler.all.contains { $0.message == routine && $0.level == .debug }, "'\(routine)' not at debug: \(messages)")
        }
        let loud = handler.all.filter { $0.level > .debug }
        #expect(loud.isEmpty, "logged above debug on a routine launch: \(loud.map { "\($0.level) \($0.message)" })")
    }

    /// An app that never set up swift-log gets its default: a handler that
    /// prints `info` and above to standard output. A store in memory, or a
    /// new file, opened, saved to, restored, pruned and purged prints
    /// nothing there.
    @Test func anAppThatNeverSetUpLoggingSeesNothing() async throws {
        let handler = RecordingLogHandler()
        handler.logLevel = .info   // swift-log's default level
        let configuration = NavStore.Configuration(logger: Logger(label: "navstate") { _ in handler })
        let directory = try TemporaryDirectory()
        for store in [try NavStore.inMemory(configuration: configuration), try NavStore(path: directory.path("new.sqlite"), configuration: configuration)] {
            try await store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main")
            let restored = try await store.restore(scene: "main", registry: DestinationRegistry())
            try await store.confirmRestore(restored.report)
            try store.prune()
            try store.purge()
        }
        #expect(handler.all.isEmpty, "\(handler.all.map { "\($0.level) \($0.message)" })")
    }

    /// What the app's developer must see is `notice` or above: a restore
    /// that passed over revisions the app never confirmed.
    @Test func aRestoreThatSkipsRevisionsIsANotice() async throws {
        let directory = try TemporaryDirectory()
        let handler = RecordingLogHandler()
        let store = try NavStore(path: directory.path("db.sqlite"), configuration: NavStore.Configuration(logger: Logger(label: "t") { _ in handler }))
        try await store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main")
        try await store.save(SceneState(stack: [StoreFixtures.entry("1"), StoreFixtures.entry("2")]), scene: "main")
        let options = RestoreOptions(crashLoopLimit: 1)
        _ = try await store.restore(scene: "main", registry: DestinationRegistry(), options: options)
        let before = handler.all.count
        let fallback = try await store.restore(scene: "main", registry: DestinationRegistry(), options: options)
        #expect(fallback.report.revision == 1)
        let logged = handler.all.dropFirst(before).filter { $0.message == "restored scene" }
        #expect(logged.map(\.level) == [.notice], "\(logged.map(\.level))")
        #expect(logged.first?.metadata.contains("skipped=[2]") == true, "\(logged.first?.metadata ?? "")")
    }

    /// Nothing saved and an expired revision are routine too: the app chose
    /// a maximum age, and a first launch has nothing.
    @Test func restoresOfNothingAndOfExpiredStateAreDebug() async throws {
        let handler = RecordingLogHandler()
        let clock = ManualClock()
        var configuration = clock.configuration()
        configuration.logger = Logger(label: "t") { _ in handler }
        let store = try NavStore.inMemory(configuration: configuration)
        let never = try await store.restore(scene: "never", registry: DestinationRegistry())
        #expect(never.report.outcome == .noSavedState)
        try await store.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main")
        clock.advance(by: 3_600)
        let old = try await store.restore(scene: "main", registry: DestinationRegistry(), options: RestoreOptions(maximumAge: 60))
        #expect(old.report.outcome == .expired)
        let restores = handler.all.filter { $0.message == "restored scene" }
        #expect(restores.map(\.level) == [.debug, .debug], "\(restores.map(\.level))")
    }

    @Test func refusedSavesAndFailedOpensAreLoggedAtErrorLevel() throws {
        let handler = RecordingLogHandler()
        var configuration = NavStore.Configuration(logger: Logger(label: "navstate.test") { _ in handler })
        configuration.limits.entriesPerStack = 1
        let store = try NavStore.inMemory(configuration: configuration)
        let refusals: [(String, SceneState<NavEntry>, String)] = [
            ("limit", SceneState(stack: [StoreFixtures.entry("1"), StoreFixtures.entry("2")]), "main"),
            ("invariant", SceneState(checkpoints: [Checkpoint(name: "x", stack: .presentation(3), entriesKept: 0)]), "main"),
            ("name", SceneState(), "bad\u{1B}name"),
        ]
        for (kind, state, scene) in refusals {
            let before = handler.all.count
            #expect(throws: NavStateError.self, "\(kind)") { try store.save(state, scene: scene) }
            let logged = handler.all.dropFirst(before)
            #expect(logged.contains { $0.level == .error && $0.message == "save refused" }, "\(kind) was not logged")
            #expect(!logged.contains { $0.metadata.contains("\u{1B}") }, "a control character reached the log")
        }
        let before = handler.all.count
        #expect(throws: NavStateError.cannotOpen(
            path: "/nonexistent-navstate-directory/db.sqlite", reason: "its directory does not exist", cause: nil as String?)) {
            try NavStore(path: "/nonexistent-navstate-directory/db.sqlite", configuration: configuration)
        }
        #expect(handler.all.dropFirst(before).contains { $0.level == .error && $0.message == "could not open store" })
    }

    @Test func sceneNamesWithControlCharactersAreATypedError() throws {
        let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
        for name in ["a\u{1B}[31m", "line\nbreak", "bell\u{07}", "nul\u{0}", "del\u{7F}", "c1\u{9B}", "ls\u{2028}", "bidi\u{202E}"] {
            #expect {
                try store.save(SceneState(), scene: name)
            } throws: { error in
                guard let error = error as? NavStateError, error.code == .invalidSceneName, error.scene == name else { return false }
                return "\(error)".hasSuffix("it holds a character a terminal acts on (a control character, a line separator or a bidirectional override)")
            }
        }
        #expect(try store.scenes().isEmpty)
        // Printable names of every script are fine.
        try store.save(SceneState(), scene: "名前 🎈 ünï")
    }
}
