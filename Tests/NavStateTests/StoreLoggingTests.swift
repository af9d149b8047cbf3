import Foundation
import Logging
import NavState
import Synchronization
import Testing

/// Collects log records in memory.
final class RecordingLogHandler: LogHandler, @unchecked Sendable {
    struct Record: Sendable {
        let level: Logger.Level
        let message: String
        let metadata: String
    }

    private let records = Mutex<[Record]>([])
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
        try store.save(SceneState(root: [NavEntry(tag: "Int", payload: "\"\(secret)\"")]), scene: "main")
        _ = try store.load(scene: "main")
        try store.prune()
        try store.purge()
        #expect(throws: NavStoreError.self) {
            try store.save(SceneState(root: [NavEntry(tag: "Int", payload: "1")]), scene: "main", expectedHead: 7)
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
}
