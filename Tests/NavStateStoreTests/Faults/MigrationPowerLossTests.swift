import Foundation
@_spi(Tooling) import NavState
import NavStateReports
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

extension FaultSweeps {
    /// Power lost at every write, truncation and sync of the migration of
    /// each committed fixture (an older schema's file opened by this build)
    /// and the save after it: the file then opens, and every scene the
    /// fixture held has the head a clean migration gives it; the new scene
    /// has its save or none.
    @Suite("Power loss in a migration")
    struct MigrationPowerLossTests {
        static let fixtures = ["schema3-history.sqlite", "schema5-history.sqlite", "schema6-trees.sqlite"]
        /// The save after the migration, with a screen's own state (schema 7's table).
        static let saved = SceneState(
            stack: [StoreFixtures.entry("after-migration")],
            screens: [.stack(.root, position: 0): ScreenState(json: ["draft": #""typed after the update""#])])

        /// Each scene's head in the file at `path`.
        static func heads(_ path: String) throws -> [String: SceneState<NavEntry>] {
            let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
            var heads: [String: SceneState<NavEntry>] = [:]
            for summary in try store.scenes() { heads[summary.scene] = try store.load(scene: summary.scene)?.state }
            return heads
        }

        /// Opens (migrates) the copy at `path` and saves once, until a call fails.
        static func run(_ path: String) {
            guard let store = try? NavStore(path: path, configuration: StoreFixtures.quiet()) else { return }
            _ = try? store.save(saved, scene: "fault-sweep")
        }

        @Test(arguments: fixtures)
        func everyCrashPointOfAMigrationLeavesTheFixturesScenesAsACleanMigrationDoes(fixture: String) throws {
            let source = StoreFixtureTests.directory.appendingPathComponent(fixture).path
            let disk = FaultyDisk.shared
            let probe = try TemporaryDirectory()
            let clean = probe.url.appendingPathComponent("nav.sqlite").path
            try FileManager.default.copyItem(atPath: source, toPath: clean)
            disk.begin(probe.url.path)
            Self.run(clean)
            let total = disk.changes
            disk.end()
            var expected = try Self.heads(clean)
            #expect(expected.removeValue(forKey: "fault-sweep") == Self.saved)
            #expect(expected.count >= 2, "the fixture's scenes: \(expected.keys.sorted())")
            var violations: [String] = []
            for cut in 1...total {
                for loss in PowerLossTests.losses {
                    let directory = try TemporaryDirectory()
                    let path = directory.url.appendingPathComponent("nav.sqlite").path
                    try FileManager.default.copyItem(atPath: source, toPath: path)
                    disk.begin(directory.url.path, powerCut: cut)
                    Self.run(path)
                    try disk.powerLoss(loss)
                    do {
                        var heads = try Self.heads(path)
                        let new = heads.removeValue(forKey: "fault-sweep")
                        if heads != expected { violations.append("cut \(cut), \(loss): the fixture's scenes differ from a clean migration's") }
                        if let new, new != Self.saved { violations.append("cut \(cut), \(loss): the new scene holds a state no save produced") }
                    } catch {
                        violations.append("cut \(cut), \(loss): \(error)")
                    }
                }
            }
            print("power loss in the migration of \(fixture): \(total) crash points × \(PowerLossTests.losses.count) losses")
            #expect(total > 5)
            #expect(violations == [])
        }
    }
}
