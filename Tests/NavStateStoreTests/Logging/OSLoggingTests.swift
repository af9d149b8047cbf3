import Foundation
import Logging
@_spi(Tooling) @testable import NavState
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// What `NavStore.Configuration.logsToUnifiedLog` writes: everything but the
/// last call to `os.Logger`, which only Apple platforms have. A test's sink
/// stands in for it.
@Suite("Logs for the unified logging system")
struct OSLoggingTests {
    private typealias Record = (category: NavLog.Category, severity: NavLog.Severity, message: String, details: String)

    private func configuration(level: Logger.Level, into records: Locked<[Record]>) -> NavStore.Configuration {
        var configuration = NavStore.Configuration()
        // Its level filters both outputs (the error below also reaches the
        // test's standard error, through swift-log's default handler).
        configuration.logger.logLevel = level
        configuration.logger[metadataKey: "app"] = "shop"
        configuration.unifiedLogSink = { category, severity, message, details in
            records.withLock { $0.append((category, severity, message, details)) }
        }
        return configuration
    }

    @Test func swiftLogLevelsMapOntoTheFiveOfTheUnifiedLog() {
        let expected: [(Logger.Level, NavLog.Severity)] = [
            (.trace, .debug), (.debug, .debug), (.info, .info), (.notice, .default),
            (.warning, .default), (.error, .error), (.critical, .fault),
        ]
        for (level, severity) in expected {
            #expect(NavLog.severity(of: level) == severity, "\(level)")
        }
    }

    @Test func aStoresEventsReachTheUnifiedLogWithTheirMetadataAndLevelsFiltered() async throws {
        let records = Locked<[Record]>([])
        var capped = configuration(level: .info, into: records)
        capped.maximumPageCount = 40
        let store = try NavStore.inMemory(configuration: capped)
        // A save past the page cap fails as on a full disk, and is logged.
        let big = (0..<500).map { NavEntry(tag: "String", payload: "\"\(String(repeating: "x", count: 1_000))\($0)\"") }
        #expect(throws: NavStateError.diskFull(path: ":memory:")) {
            _ = try store.save(SceneState(stack: big), scene: "main") as SaveResult
        }
        let logged = records.withLock { $0 }
        let refused = try #require(logged.first { $0.severity == .error })
        #expect(refused.category == .store)
        #expect(refused.message == "save failed")
        #expect(refused.details.hasPrefix("app=shop error="))
        #expect(refused.details.hasSuffix("path=:memory:"))
        // Opening the store is a debug record: below the level, not written.
        #expect(!logged.contains { $0.message == "opened store" })

        // At debug level it is.
        let verbose = Locked<[Record]>([])
        _ = try NavStore.inMemory(configuration: configuration(level: .debug, into: verbose))
        #expect(verbose.withLock { $0 }.contains { $0.message == "opened store" && $0.severity == .debug })
    }

    @Test func metadataReadsTheSameEveryTime() {
        #expect(NavLog.details(["b": "2", "a": "1", "c": ["x", "y"]]) == #"a=1 b=2 c=["x", "y"]"#)
        #expect(NavLog.details([:]).isEmpty)
    }

    @Test func theUnifiedLogIsOffByDefaultAndAbsentOnLinux() {
        #expect(!NavStore.Configuration().logsToUnifiedLog)
        #expect(NavStore.Configuration().log.sink == nil)
        #if os(Linux)
        var on = NavStore.Configuration()
        on.logsToUnifiedLog = true
        #expect(on.log.sink == nil, "Linux has no unified log")
        #endif
    }
}
