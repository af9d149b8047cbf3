import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// A reader meets a file of another schema: one pulled off a device that
/// runs an older app, or a new file a writer is still migrating.
@Suite("Reading older schemas")
struct OlderSchemaReadingTests {
    private static let fixture = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("Fixtures/stores/schema3-history.sqlite")

    @Test func aSchema3FileReadOnlyIsATypedErrorThatNamesItsSchema() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("device.sqlite")
        try FileManager.default.copyItem(atPath: Self.fixture.path, toPath: path)
        let before = try Data(contentsOf: URL(fileURLWithPath: path))
        #expect(throws: NavStateError.olderSchema(path: path, found: 3, known: SchemaMigration.latestVersion)) {
            try NavStore(readingAt: path, configuration: StoreFixtures.quiet())
        }
        // Untouched, with nothing created beside it.
        #expect(try Data(contentsOf: URL(fileURLWithPath: path)) == before)
        #expect(!FileManager.default.fileExists(atPath: path + "-wal"))
        #expect(!FileManager.default.fileExists(atPath: path + "-shm"))

        // The command says so in one line.
        let output = try CommandRunner.navstate.run(["scenes", "--db", path])
        #expect(output.status != 0)
        let lines = output.stderr.split(separator: "\n")
        #expect(lines.count == 1, "\(output.stderr)")
        #expect(output.stderr.contains("schema 3"))
        #expect(!output.stderr.contains("no such column"))

        // A command that writes migrates it, as the navstate command's article says; then it reads.
        let prune = try CommandRunner.navstate.run(["prune", "--keep-revisions", "20", "--db", path])
        #expect(prune.status == 0, "\(prune.stderr)")
        #expect(try NavStore(readingAt: path, configuration: StoreFixtures.quiet()).scenes().count > 0)
    }

    /// Readers racing the processes that create and migrate a new file get
    /// the file, or a typed "not there yet": never SQL of a half-migrated
    /// schema ("no such column"), which about one read in 700 saw before.
    @Test func readersRacingTheFirstWriterSeeNoHalfMigratedSchema() async throws {
        var reads = 0
        var succeeded = 0
        var unexpected: [String] = []
        for _ in 0..<12 {
            let directory = try TemporaryDirectory()
            let path = directory.path("db.sqlite")
            let writers = try (0..<2).map { _ in try HelperProcess.start(["open", path]) }
            // Read for as long as the writers take to start, create and
            // migrate the file, and a little after.
            let until = Date().addingTimeInterval(0.4)
            while Date() < until {
                reads += 1
                do {
                    let reader = try NavStore(readingAt: path, configuration: StoreFixtures.quiet())
                    _ = try await reader.scenes()
                    succeeded += 1
                } catch {
                    switch error {
                    case .fileNotFound, .notInitialized: break
                    default: unexpected.append("\(error)")
                    }
                }
            }
            let outputs = try await offThePool { try writers.map { try $0.finish() } }
            #expect(outputs.allSatisfy { $0.hasPrefix("ok") }, "\(outputs)")
        }
        #expect(succeeded > 0 && succeeded < reads, "the reads must meet the file before and after it is ready")
        #expect(unexpected.isEmpty, "\(unexpected.count) of \(reads) reads: \(Array(Set(unexpected)).prefix(5))")
    }
}
