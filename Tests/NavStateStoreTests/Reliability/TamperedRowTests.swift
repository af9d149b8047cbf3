import Foundation
import Logging
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
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
            stack: (0..<3).map { StoreFixtures.entry("\($0)") },
            presentations: [Presentation(method: .sheet, destination: StoreFixtures.entry("9"))],
            checkpoints: [Checkpoint(name: "top", stack: .root, entriesKept: 3)]), scene: "main")
        try store.save(SceneState(stack: [StoreFixtures.entry("\"kept\"")]), scene: "other")
        return path
    }

    private func restore(_ path: String, policy: RestorePolicy = .dropUndecodable) async throws -> (state: SceneState<AnyDestination>, report: RestoreReport) {
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        let restored = try await store.restore(scene: "main", registry: DestinationRegistry(), options: RestoreOptions(policy: policy))
        // Confirmed, so the crash-loop guard lets the next restore try it too.
        try await store.confirmRestore(restored.report)
        return restored
    }

    @Test func aPlainSheetCarryingAStackRestoresWithoutTheStack() async throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        var head = try Tamper.read(path, scene: "main")
        head.slots[1] = [NavEntry(tag: "Int", payload: "5")]
        try Tamper.rewrite(path, scene: "main", slots: head.slots, layout: head.layout)
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(damage { () throws(NavStateError) in try store.load(scene: "main") }
            == .stackInPlainPresentation(presentation: 1, method: .sheet))
        let restored = try await restore(path)
        try restored.state.validate()
        #expect(restored.state.presentations.count == 1)
        #expect(restored.state.presentations[0].stack.isEmpty)
        #expect(restored.report.dropped.map(\.reason.code) == ["damaged"])
        #expect(restored.report.dropped.first?.location == .stack(.presentation(1), position: 0))
        #expect(!restored.report.isComplete)
    }

    /// A row whose change cannot be read, or whose chain is broken, cannot
    /// make a state at all: the load names the problem, and a restore skips
    /// to the revision before it (here: none, so an empty state).
    private static let main = "scene_id = (SELECT id FROM scene WHERE name = 'main')"

    @Test func aChangeThatDoesNotReadIsReportedAndTheRestoreFallsBack() async throws {
        let cases: [(String, (String) throws -> Void, Damage)] = [
            // A sealed row cut short loses its checksum first.
            ("truncated", { try Tamper.run($0, "UPDATE revision SET change = substr(change, 1, length(change) - 3) WHERE " + Self.main) },
             .unreadableRow(revision: 1, problem: RowFault.checksumMismatch.description)),
            // Not format 1: the reader stops after the format byte.
            ("unknown format", { try Tamper.setChange($0, scene: "main", to: [9, 0, 0]) }, .unreadableRow(revision: 1, problem: RowFault.undecodable(offset: 1).description)),
            ("text", { try Tamper.run($0, "UPDATE revision SET change = 'x' WHERE " + Self.main) }, .unreadableRow(revision: 1, problem: RowFault.notABlob.description)),
            ("a base that is no revision", { try Tamper.run($0, "UPDATE revision SET base = 0 WHERE " + Self.main) }, .invalidBase(0)),
            ("a delta at its base", { try Tamper.setChange($0, scene: "main", to: [1, 0, 0]) }, .unreadableRow(revision: 1, problem: RowFault.notWhole.description)),
        ]
        for (name, tamper, problem) in cases {
            let directory = try TemporaryDirectory()
            let path = try savedFile(in: directory)
            try tamper(path)
            let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
            #expect(damage { () throws(NavStateError) in try store.load(scene: "main") } == problem, "\(name)")
            #expect(try store.damagedScenes().map(\.scene) == ["main"], "\(name)")
            let restored = try await restore(path)
            try restored.state.validate()
            #expect(restored.state.isEmpty, "\(name)")
            #expect(restored.report.skipped.first?.damage == problem, "\(name): \(restored.report)")
            #expect(try await store.load(scene: "other")?.state.contentStack == [StoreFixtures.entry("\"kept\"")], "\(name)")
        }
    }

    @Test func aMissingRowOfAChainIsReportedAndTheRevisionBeforeItIsRestored() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        var state = SceneState<NavEntry>()
        for index in 0..<4 {
            state.contentStack.append(StoreFixtures.entry("\(index)"))
            try await store.save(state, scene: "main")
        }
        // Revisions 2-4 are changes on top of revision 1; take out 3.
        try Tamper.run(path, "DELETE FROM revision WHERE number = 3")
        #expect(damage { () throws(NavStateError) in try store.load(scene: "main") } == .missingRevision(3))
        let restored = try await store.restore(scene: "main", registry: DestinationRegistry())
        #expect(restored.report.revision == 2)
        #expect(restored.state.contentStack.count == 2)
        #expect(restored.report.skipped.map(\.revision) == [4])
        // A delta that keeps more entries than the stack below it holds.
        try Tamper.setChange(path, scene: "main", revision: 2, to: [1, 0, 1, 0, 7, 0])
        #expect(damage { () throws(NavStateError) in try store.load(scene: "main", revision: 2) }
            == .unreadableRow(revision: 2, problem: RowFault.keepsMoreThanHeld(slot: 0, kept: 7, held: 1).description))
    }

    /// The damage of the `damagedScene` error `body` throws; nil when it
    /// throws nothing, or another error.
    private func damage(_ body: () throws(NavStateError) -> StoredRevision?) -> Damage? {
        do {
            _ = try body()
            return nil
        } catch {
            guard error.code == .damagedScene else { return nil }
            return error.damage
        }
    }

    @Test func aPresentationWithoutItsDestinationGoesWithEverythingAboveIt() async throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        var head = try Tamper.read(path, scene: "main")
        head.slots[-1] = nil
        try Tamper.rewrite(path, scene: "main", slots: head.slots, layout: head.layout)
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(try store.damagedScenes().first?.damage == .missingDestination(presentation: 1))
        let restored = try await restore(path)
        try restored.state.validate()
        #expect(restored.state.presentations.isEmpty)
        #expect(restored.state.contentStack.count == 3)
        #expect(restored.report.damage == [.missingDestination(presentation: 1)])
    }

    @Test func aLayoutThatDoesNotDecodeIsReportedByCheck() throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        let head = try Tamper.read(path, scene: "main")
        try Tamper.rewrite(path, scene: "main", slots: head.slots, layout: "{")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        let damaged = try store.damagedScenes()
        #expect(damaged.map(\.scene) == ["main"])
        #expect(damaged.first?.damage == .unreadableLayout)
    }

    @Test func tooManyEntriesInAStackAreDroppedToTheLimit() async throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        var small = StoreFixtures.quiet()
        small.limits.entriesPerStack = 2
        let store = try NavStore(path: path, configuration: small)
        let restored = try await store.restore(scene: "main", registry: DestinationRegistry())
        #expect(restored.state.contentStack.count == 2)
        #expect(restored.report.dropped.map(\.location) == [.stack(.root, position: 2)])
        try restored.state.validate()
    }

    /// The entry past a limit is the damage; what sits above it is whole,
    /// and drops as it would above any dropped entry.
    @Test func entriesAboveDamageDropAsAboveADroppedEntry() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        try await NavStore(path: path, configuration: StoreFixtures.quiet())
            .save(SceneState(stack: (0..<5).map { StoreFixtures.entry("\($0)") }), scene: "main")
        var small = StoreFixtures.quiet()
        small.limits.entriesPerStack = 2
        let restored = try await NavStore(path: path, configuration: small)
            .restore(scene: "main", registry: DestinationRegistry())
        #expect(restored.state.contentStack.count == 2)
        #expect(restored.report.damage == [.pastEntryLimit(stack: .root, limit: 2)])
        #expect(restored.report.dropped.map(\.reason) == [
            .damaged(.pastEntryLimit(stack: .root, limit: 2)),
            .aboveDroppedEntry(.stack(.root, position: 2)), .aboveDroppedEntry(.stack(.root, position: 2)),
        ])
    }

    @Test func checkFindsEverySceneThatCannotLoadAndRecoverySetsItAside() throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        try Tamper.run(path, "DELETE FROM revision WHERE scene_id = (SELECT id FROM scene WHERE name = 'main')")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(try store.integrityCheck().isEmpty)
        let damaged = try store.damagedScenes()
        #expect(damaged.map(\.scene) == ["main"])
        #expect(damaged.first?.damage == .noRevision)
        // Listed, not silently left out.
        let listed = try store.scenes()
        #expect(listed.map(\.scene) == ["main", "other"])
        #expect(listed.map(\.headIsMissing) == [true, false])

        let handler = RecordingLogHandler()
        let logged = NavStore.Configuration(logger: Logger(label: "navstate.test") { _ in handler })
        let (recovered, recovery) = try NavStore.openRecovering(path: path, configuration: logged)
        let report = try #require(recovery)
        #expect(report.movedTo == nil)
        #expect(report.scenesSetAside == ["main": "main#damaged-1"])
        // Each scene's damage is in the log.
        #expect(handler.all.contains { $0.message == "set a damaged scene aside" && $0.metadata.contains("scene=main") && $0.metadata.contains("damage=\(Damage.noRevision)") })
        #expect(try recovered.damagedScenes().map(\.scene) == ["main#damaged-1"])
        #expect(try recovered.load(scene: "other")?.state.contentStack == [StoreFixtures.entry("\"kept\"")])
        // The app starts the scene afresh.
        #expect(try recovered.load(scene: "main") == nil)
        #expect(try recovered.save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main").revision == 1)
    }

    @Test func aSaveOnTopOfADamagedHeadWritesAWholeRevision() throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        try Tamper.run(path, "UPDATE revision SET change = substr(change, 1, 5) WHERE scene_id = (SELECT id FROM scene WHERE name = 'main')")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        let state = SceneState(stack: (0..<3).map { StoreFixtures.entry("\($0)") })
        let saved = try store.save(state, scene: "main")
        #expect(saved.revision == 2)
        #expect(try store.load(scene: "main")?.state == state)
        #expect(try store.damagedScenes().isEmpty)
    }
}
