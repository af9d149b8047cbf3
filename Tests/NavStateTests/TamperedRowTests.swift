import Foundation
import NavState
import NavStateTooling
import Testing

/// Rows changed behind the store's back: a restore never hands the app a
/// state that breaks its rules, a load says exactly what is wrong, a check
/// finds every scene that cannot load, and recovery sets such a scene aside
/// without touching the others.
@Suite("Tampered rows")
struct TamperedRowTests {
    /// A file with a plain sheet above a 3-deep stack in scene "main", and
    /// an untouched scene "other".
    private func savedFile(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("db.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        try store.save(SceneState(
            root: (0..<3).map { StoreFixtures.entry("\($0)") },
            presentations: [Presentation(method: .sheet, destination: StoreFixtures.entry("9"))],
            checkpoints: [Checkpoint(name: "top", stack: 0, entriesKept: 3)]), scene: "main")
        try store.save(SceneState(root: [StoreFixtures.entry("\"kept\"")]), scene: "other")
        return path
    }

    private func restore(_ path: String, policy: RestorePolicy = .dropUndecodable) async throws -> RestoredScene {
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        let restored = try await store.restore(scene: "main", registry: DestinationRegistry(), options: RestoreOptions(policy: policy))
        // Confirmed, so the crash-loop guard lets the next restore try it too.
        try await store.confirmRestore(restored)
        return restored
    }

    @Test func aPlainSheetCarryingAStackRestoresWithoutTheStack() async throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        try Tamper.run(path, """
            INSERT INTO entry (scene_id, slot, position, valid_from, tag, payload)
            SELECT id, 1, 0, head_revision, 'Int', '5' FROM scene WHERE name = 'main'
            """)
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect {
            try store.load(scene: "main")
        } throws: { error in
            guard case let .corrupt(_, message) = error as? NavStoreError else { return false }
            return message.contains("sheet, which has no stack")
        }
        let restored = try await restore(path)
        try restored.state.validate()
        #expect(restored.state.presentations.count == 1)
        #expect(restored.state.presentations[0].stack.isEmpty)
        #expect(restored.report.dropped.map(\.reason.code) == ["damaged"])
        #expect(restored.report.dropped.first?.location == .stack(1, position: 0))
        #expect(!restored.report.isComplete)
    }

    @Test func aNegativePositionOrAGapIsReportedAndTheRestIsRestored() async throws {
        for (name, sql) in [
            ("negative", "UPDATE entry SET position = -1 WHERE slot = 0 AND position = 1"),
            ("gap", "UPDATE entry SET position = 5 WHERE slot = 0 AND position = 1"),
            ("repeat", "UPDATE entry SET position = 0, valid_from = 0 WHERE slot = 0 AND position = 1"),
        ] {
            let directory = try TemporaryDirectory()
            let path = try savedFile(in: directory)
            try Tamper.run(path, sql)
            let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
            #expect(throws: NavStoreError.self, "\(name)") { try store.load(scene: "main") }
            for policy in RestorePolicy.allCases {
                let restored = try await restore(path, policy: policy)
                try restored.state.validate()
                #expect(!restored.report.damage.isEmpty, "\(name) \(policy)")
                #expect(restored.report.dropped.contains { $0.reason.code == "damaged" }, "\(name) \(policy)")
                if policy == .allOrNothing { #expect(restored.state.isEmpty, "\(name)") }
            }
            let kept = try await restore(path)
            // Whatever sits before the damage comes back; the checkpoint above it goes.
            #expect(kept.state.root.count <= 2, "\(name)")
            #expect(kept.state.checkpoints.isEmpty, "\(name)")
            #expect(try await store.load(scene: "other")?.state.root == [StoreFixtures.entry("\"kept\"")])
        }
    }

    @Test func aPresentationWithoutItsDestinationGoesWithEverythingAboveIt() async throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        try Tamper.run(path, "DELETE FROM entry WHERE slot = -1")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(try store.damagedScenes().first?.problem == "presentation 1 has no destination entry")
        let restored = try await restore(path)
        try restored.state.validate()
        #expect(restored.state.presentations.isEmpty)
        #expect(restored.state.root.count == 3)
        #expect(restored.report.damage == ["presentation 1 has no destination entry"])
    }

    @Test func aLayoutThatDoesNotDecodeIsReportedByCheck() throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        try Tamper.run(path, "UPDATE revision SET layout = '{' WHERE scene_id = (SELECT id FROM scene WHERE name = 'main')")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        let damaged = try store.damagedScenes()
        #expect(damaged.map(\.scene) == ["main"])
        #expect(damaged.first?.problem.contains("layout does not decode") == true)
    }

    @Test func tooManyEntriesInAStackAreDroppedToTheLimit() async throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        var small = StoreFixtures.quiet()
        small.limits.entriesPerStack = 2
        let store = try NavStore(path: path, configuration: small)
        let restored = try await store.restore(scene: "main", registry: DestinationRegistry())
        #expect(restored.state.root.count == 2)
        #expect(restored.report.dropped.map(\.location) == [.stack(0, position: 2)])
        try restored.state.validate()
    }

    @Test func checkFindsEverySceneThatCannotLoadAndRecoverySetsItAside() throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        try Tamper.run(path, "UPDATE scene SET head_revision = 7 WHERE name = 'main'")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(try store.integrityCheck().isEmpty)
        let damaged = try store.damagedScenes()
        #expect(damaged.map(\.scene) == ["main"])
        #expect(damaged.first?.problem.contains("head revision 7") == true)
        // Listed, not silently left out.
        let listed = try store.scenes()
        #expect(listed.map(\.scene) == ["main", "other"])
        #expect(listed.map(\.headIsMissing) == [true, false])

        let (recovered, recovery) = try NavStore.openRecovering(path: path, configuration: StoreFixtures.quiet())
        let report = try #require(recovery)
        #expect(report.movedTo == nil)
        #expect(report.scenesSetAside.map(\.scene) == ["main"])
        #expect(report.scenesSetAside.first?.renamedTo == "main#damaged-1")
        #expect(try recovered.damagedScenes().map(\.scene) == ["main#damaged-1"])
        #expect(try recovered.load(scene: "other")?.state.root == [StoreFixtures.entry("\"kept\"")])
        // The app starts the scene afresh.
        #expect(try recovered.load(scene: "main") == nil)
        #expect(try recovered.save(SceneState(root: [StoreFixtures.entry("1")]), scene: "main").revision == 1)
    }

    @Test func aSaveOnTopOfADamagedHeadWritesAWholeRevision() throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        try Tamper.run(path, "UPDATE entry SET position = 4 WHERE slot = 0 AND position = 2")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        let state = SceneState(root: (0..<3).map { StoreFixtures.entry("\($0)") })
        let saved = try store.save(state, scene: "main")
        #expect(saved.revision == 2)
        #expect(try store.load(scene: "main")?.state == state)
        #expect(try store.damagedScenes().isEmpty)
    }
}
