import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// Three processes with four threads each save to one file: their own scenes,
/// one shared scene with expected-revision checks and one without.
@Suite("Multi-process stress")
struct StressTests {
    @Test func threeProcessesOfFourThreadsLoseNothingAndReportEveryConflict() throws {
        let directory = try TemporaryDirectory()
        // No file yet: the processes create and migrate it together, as an
        // app and its extension launching at once do.
        let db = directory.path("stress.sqlite")
        #expect(!FileManager.default.fileExists(atPath: db))
        let saves = 15
        let processes = try (0..<3).map { index in
            try HelperProcess.start(["stress", db, "p\(index)", "4", String(saves)])
        }
        let outputs = try processes.map { try $0.finish() }
        for (index, process) in processes.enumerated() {
            #expect(process.status == 0, "process \(index)")
        }
        let lines = outputs.flatMap { $0.split(separator: "\n").map(String.init) }
        let errors = lines.filter { $0.hasPrefix("error") }
        #expect(errors.isEmpty, "errors reached a caller: \(errors.prefix(3))")

        let store = try NavStore(path: db, configuration: StoreFixtures.quiet())
        // Every own scene holds every save, in order.
        for process in 0..<3 {
            for thread in 0..<4 {
                let scene = "p\(process)-\(thread)"
                #expect(try store.load(scene: scene)?.state.contentStack.count == saves, "\(scene)")
                #expect(try store.history(scene: scene).map(\.revision) == Array(1...saves), "\(scene)")
            }
        }
        // Every acknowledged shared save is its own revision and holds its marker.
        let shared = lines.filter { $0.hasPrefix("shared ") }.map { $0.split(separator: " ", maxSplits: 2) }
        let conflicts = lines.filter { $0 == "conflict" }.count
        #expect(shared.count + conflicts == 3 * 4 * saves)
        let revisions = shared.compactMap { Int($0[1]) }
        #expect(Set(revisions).count == revisions.count, "two saves were acknowledged as one revision")
        #expect(revisions.sorted() == Array(1...revisions.count), "acknowledged revisions are not one unbroken chain")
        for fields in shared {
            let revision = Int(fields[1]) ?? 0
            let stored = try store.load(scene: "shared", revision: revision)
            #expect(stored?.state.contentStack.last?.payload == String(fields[2]), "revision \(revision) lost its save")
        }
        // Unconditional saves of one scene: every acknowledged save is its own
        // revision and still holds exactly what that save wrote.
        let free = lines.filter { $0.hasPrefix("free ") }.map { $0.split(separator: " ", maxSplits: 2) }
        #expect(free.count == 3 * 4 * saves)
        #expect(free.compactMap { Int($0[1]) }.sorted() == Array(1...(3 * 4 * saves)))
        for fields in free {
            let stored = try store.load(scene: "free", revision: Int(fields[1]) ?? 0)
            #expect(stored?.state.contentStack.map(\.payload) == [String(fields[2])], "free revision \(fields[1]) lost its save")
        }
        print("stress: \(lines.count - conflicts - shared.count - free.count) own saves, \(free.count) unconditional saves of one scene, \(shared.count) shared saves, \(conflicts) conflicts, \(errors.count) errors")
    }
}
