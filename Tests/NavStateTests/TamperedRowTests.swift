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
        var head = try Tamper.read(path, scene: "main")
        head.slots[1] = [NavEntry(tag: "Int", payload: "5")]
        try Tamper.rewrite(path, scene: "main", slots: head.slots, layout: head.layout)
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

    /// A row whose change cannot be read, or whose chain is broken, cannot
    /// make a state at all: the load names the problem, and a restore skips
    /// to the revision before it (here: none, so an empty state).
    private static let main = "scene_id = (SELECT id FROM scene WHERE name = 'main')"

    @Test func aChangeThatDoesNotReadIsReportedAndTheRestoreFallsBack() async throws {
        let cases: [(String, (String) throws -> Void, String)] = [
            // A sealed row cut short loses its checksum first.
            ("truncated", { try Tamper.run($0, "UPDATE revision SET change = substr(change, 1, length(change) - 3) WHERE " + Self.main) }, "checksum does not match"),
            ("unknown format", { try Tamper.setChange($0, scene: "main", to: [9, 0, 0]) }, "unknown format"),
            ("text", { try Tamper.run($0, "UPDATE revision SET change = 'x' WHERE " + Self.main) }, "not a blob"),
            ("a base that is no revision", { try Tamper.run($0, "UPDATE revision SET base = 0 WHERE " + Self.main) }, "names revision 0 as its base"),
            ("a delta at its base", { try Tamper.setChange($0, scene: "main", to: [1, 0, 0]) }, "does not hold a whole state"),
        ]
        for (name, tamper, problem) in cases {
            let directory = try TemporaryDirectory()
            let path = try savedFile(in: directory)
            try tamper(path)
            let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
            #expect(corruption { () throws(NavStoreError) in try store.load(scene: "main") }?.contains(problem) == true, "\(name)")
            #expect(try store.damagedScenes().map(\.scene) == ["main"], "\(name)")
            let restored = try await restore(path)
            try restored.state.validate()
            #expect(restored.state.isEmpty, "\(name)")
            #expect(restored.report.skipped.first?.damage?.contains(problem) == true, "\(name): \(restored.report)")
            #expect(try await store.load(scene: "other")?.state.root == [StoreFixtures.entry("\"kept\"")], "\(name)")
        }
    }

    @Test func aMissingRowOfAChainIsReportedAndTheRevisionBeforeItIsRestored() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        var state = SceneState<NavEntry>()
        for index in 0..<4 {
            state.root.append(StoreFixtures.entry("\(index)"))
            try await store.save(state, scene: "main")
        }
        // Revisions 2-4 are changes on top of revision 1; take out 3.
        try Tamper.run(path, "DELETE FROM revision WHERE number = 3")
        #expect(corruption { () throws(NavStoreError) in try store.load(scene: "main") }
            == "revision 4 of scene 'main': revision 3, which it builds on, is not in the file")
        let restored = try await store.restore(scene: "main", registry: DestinationRegistry())
        #expect(restored.report.revision == 2)
        #expect(restored.state.root.count == 2)
        #expect(restored.report.skipped.map(\.revision) == [4])
        // A delta that keeps more entries than the stack below it holds.
        try Tamper.setChange(path, scene: "main", revision: 2, to: [1, 0, 1, 0, 7, 0])
        #expect(corruption { () throws(NavStoreError) in try store.load(scene: "main", revision: 2) }
            == "revision 2 of scene 'main': it keeps 7 entries of slot 0, which holds 1")
    }

    /// The message of the `corrupt` error `body` throws; nil when it throws
    /// nothing, or another error.
    private func corruption(_ body: () throws(NavStoreError) -> StoredRevision?) -> String? {
        do {
            _ = try body()
            return nil
        } catch {
            guard case let .corrupt(_, message) = error else { return nil }
            return message
        }
    }

    @Test func aPresentationWithoutItsDestinationGoesWithEverythingAboveIt() async throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        var head = try Tamper.read(path, scene: "main")
        head.slots[-1] = nil
        try Tamper.rewrite(path, scene: "main", slots: head.slots, layout: head.layout)
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
        let head = try Tamper.read(path, scene: "main")
        try Tamper.rewrite(path, scene: "main", slots: head.slots, layout: "{")
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
        try Tamper.run(path, "DELETE FROM revision WHERE scene_id = (SELECT id FROM scene WHERE name = 'main')")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(try store.integrityCheck().isEmpty)
        let damaged = try store.damagedScenes()
        #expect(damaged.map(\.scene) == ["main"])
        #expect(damaged.first?.problem.contains("has no revision in the file") == true)
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
        try Tamper.run(path, "UPDATE revision SET change = substr(change, 1, 5) WHERE scene_id = (SELECT id FROM scene WHERE name = 'main')")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        let state = SceneState(root: (0..<3).map { StoreFixtures.entry("\($0)") })
        let saved = try store.save(state, scene: "main")
        #expect(saved.revision == 2)
        #expect(try store.load(scene: "main")?.state == state)
        #expect(try store.damagedScenes().isEmpty)
    }
}
