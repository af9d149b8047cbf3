import Foundation
@_spi(Tooling) @testable import NavState
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// A reader opening while a writer opens and closes the same file, as a
/// widget reads while its app launches and quits: the `-wal` the reader saw
/// may be gone by the time it reads it (the writer's close folded it into
/// the file), and the reader looks again rather than failing.
@Suite("Readers racing writers that close")
struct ReaderRaceTests {
    @Test func aReaderNeverFailsBecauseTheWALWentAway() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("app.sqlite")
        let state = SceneState<NavEntry>(stack: [StoredFixtures.entry])
        _ = try await NavStore(path: path, configuration: StoreFixtures.quiet()).save(state, scene: "main")
        let stop = Locked(false)
        // Both loops block on the file: each runs on a thread of its own.
        async let writes = offThePool { () throws -> Int in
            var opens = 0
            while !stop.withLock({ $0 }) || opens < 50 {
                // Open, save, close: each close removes the -wal and -shm.
                let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
                try store.save(state, scene: "main")
                opens += 1
            }
            return opens
        }
        let (reads, failures) = try await offThePool { () throws -> (Int, [String]) in
            var failures: [String] = []
            var reads = 0
            let deadline = ContinuousClock.now + .seconds(3)
            while ContinuousClock.now < deadline {
                do {
                    let reader = try NavStore(readingAt: path, configuration: StoreFixtures.quiet())
                    if try reader.load(scene: "main")?.state != state { failures.append("a different state") }
                    reads += 1
                } catch {
                    failures.append("\(error)")
                }
            }
            stop.withLock { $0 = true }
            return (reads, failures)
        }
        let opens = try await writes
        #expect(failures.isEmpty, "\(failures.count) of \(reads + failures.count) reads failed: \(failures.prefix(3))")
        #expect(opens >= 50 && reads > 100, "\(opens) opens, \(reads) reads")
    }
}

private enum StoredFixtures {
    static let entry = NavEntry(tag: "Int", payload: "1")
}
