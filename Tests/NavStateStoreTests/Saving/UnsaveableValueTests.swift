import Foundation
@_spi(Tooling) @testable import NavState
import NavStateSQLite
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// Values in the file that once left a scene, or every new scene,
/// unsaveable with no way out. Each is now damage that `navstate check`
/// reports and that both ways out the errors name (`navstate repair`, and
/// `NavStore.openRecovering`) clear, after which saves land again.
@Suite("Values that made a file unsaveable")
struct UnsaveableValueTests {
    private static let largestRevision = 4_503_599_627_370_496

    private func state(_ count: Int) -> SceneState<NavEntry> {
        SceneState(stack: (0..<count).map { NavEntry(tag: "Int", payload: String($0)) })
    }

    private func savedFile(in directory: TemporaryDirectory, revisions: Int = 5) throws -> String {
        let path = directory.path("db.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.keepingEveryRevision())
        for count in 1...revisions { try store.save(state(count), scene: "main") }
        try store.save(state(2), scene: "other")
        return path
    }

    /// Gives the scene's head a new number, sealed so that it still loads.
    private func renumberHead(_ path: String, scene: String, to number: Int) throws {
        let (slots, layout, old) = try Tamper.read(path, scene: scene)
        let connection = try SQLiteConnection(path: path, mode: .readWrite(create: false))
        let id = try connection.integer("SELECT id FROM scene WHERE name = '\(scene)'")
        let sealed = RevisionSeal.seal(RevisionChange.full(slots, layout: layout), .init(sceneID: id, number: number, base: number))
        try connection.prepare("""
            UPDATE revision SET number = ?3, base = ?3, chain_bytes = 0, change = ?4 WHERE scene_id = ?1 AND number = ?2
            """).bind(.integer(id), .integer(old), .integer(number), .blob(sealed)).run()
    }

    /// Both ways out: `navstate repair` on one copy, `openRecovering` on
    /// another; after each, `check` passes the scene and saves land.
    /// `reported` is what `check` says (the damage, unless the rows it
    /// left behind are reported first).
    private func expectBothWaysOut(
        _ path: String, scene: String, damage: Damage, reported: String? = nil, in directory: TemporaryDirectory
    ) async throws {
        let check = try CommandRunner.navstate.run(["check", "--db", path])
        #expect(check.status == 1, "\(check.text)")
        #expect(check.text.contains(reported ?? damage.description), "\(check.text)")
        let copy = directory.path("copy.sqlite")
        try FileManager.default.copyItem(atPath: path, toPath: copy)

        let repair = try CommandRunner.navstate.run(["repair", "--db", path])
        #expect(repair.status == 0, "\(repair.stderr)")
        #expect(repair.text.contains("set scene '\(scene)' aside"), "\(repair.text)")
        let repaired = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(try await repaired.save(state(3), scene: scene).revision == 1)
        #expect(try await repaired.save(state(4), scene: "brand-new").revision == 1)
        #expect(try repaired.damagedScenes().allSatisfy { $0.scene.hasPrefix("\(scene)#damaged-") })

        let (recovered, recovery) = try await NavStore.openRecovering(path: copy, configuration: StoreFixtures.quiet())
        #expect(recovery?.scenesSetAside.keys.sorted() == [scene])
        if let error = recovery?.error, error.code == .damagedScene {
            #expect(error.path == copy && error.scene == scene && error.damage == damage)
        } else {
            Issue.record("recovery reported \(String(describing: recovery?.error))")
        }
        #expect(try await recovered.save(state(3), scene: scene).revision == 1)
        #expect(try await recovered.load(scene: scene)?.state == state(3))
    }

    @Test(arguments: [true, false])
    func aSceneIDOfZeroIsDamageNotARawConstraintError(rowsMoveWithIt: Bool) async throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        try Tamper.run(path, """
            \(rowsMoveWithIt ? "UPDATE revision SET scene_id = 0 WHERE scene_id = (SELECT id FROM scene WHERE name = 'main');" : "")
            UPDATE scene SET id = 0 WHERE name = 'main'
            """)
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        let error = NavStateError.damagedScene(path: path, scene: "main", revision: rowsMoveWithIt ? 5 : 0, damage: Damage.sceneIDOutOfRange(0))
        await #expect(throws: error) { try await store.save(self.state(1), scene: "main") }
        #expect(error.description.contains("NavStore.openRecovering sets the scene aside"))
        // Other scenes are untouched.
        #expect(try await store.save(state(3), scene: "other").revision == 2)
        // Rows left naming the old id are what check reports first.
        try await expectBothWaysOut(
            path, scene: "main", damage: .sceneIDOutOfRange(0),
            reported: rowsMoveWithIt ? nil : "name a scene row that does not exist", in: directory)
    }

    @Test func aLoadableHeadAtTheLargestNumberIsSetAsideByBothWaysOut() async throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        try renumberHead(path, scene: "main", to: Self.largestRevision)
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(try await store.load(scene: "main")?.revision == Self.largestRevision)
        let damage = Damage.revisionNumberExhausted(Self.largestRevision)
        await #expect(throws: NavStateError.damagedScene(path: path, scene: "main", revision: Self.largestRevision, damage: damage)) {
            try await store.save(self.state(1), scene: "main")
        }
        try await expectBothWaysOut(path, scene: "main", damage: damage, in: directory)
    }

    @Test(arguments: [
        "UPDATE sqlite_sequence SET seq = 9223372036854775807 WHERE name = 'scene'",
        "UPDATE sqlite_sequence SET seq = -5 WHERE name = 'scene'",
    ])
    func aSequenceAtItsEndStopsNoNewScene(sql: String) async throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        try Tamper.run(path, sql)
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        for name in ["new-1", "new-2"] {
            #expect(try await store.save(state(1), scene: name).revision == 1)
            #expect(try await store.load(scene: name)?.state == state(1))
        }
        // Ids are never reused: a deleted scene's id is not taken again.
        func id(of scene: String) throws -> Int {
            try SQLiteConnection(path: path, mode: .readOnly).integer("SELECT id FROM scene WHERE name = '\(scene)'")
        }
        let deleted = try id(of: "new-2")
        #expect(try await store.delete(scene: "new-2"))
        #expect(try await store.save(state(1), scene: "new-3").revision == 1)
        #expect(try id(of: "new-3") > deleted)
    }

    @Test func aSceneIDAtItsLargestIsSetAsideAndNewScenesStillSave() async throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        try Tamper.run(path, """
            UPDATE revision SET scene_id = 9223372036854775807 WHERE scene_id = (SELECT id FROM scene WHERE name = 'other');
            UPDATE scene SET id = 9223372036854775807 WHERE name = 'other'
            """)
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(try await store.save(state(1), scene: "fresh").revision == 1)
        #expect(try await store.save(state(6), scene: "main").revision == 6)
        await #expect(throws: NavStateError.damagedScene(path: path, scene: "other", revision: 1, damage: Damage.sceneIDOutOfRange(Int.max))) {
            try await store.save(self.state(1), scene: "other")
        }
        try await expectBothWaysOut(path, scene: "other", damage: .sceneIDOutOfRange(Int.max), in: directory)
    }

    /// A negative count of unconfirmed restores is not under the limit:
    /// the guard still steps back from the revision.
    @Test(arguments: [-5, Int.min])
    func aNegativeUnconfirmedCountStillStepsBack(count: Int) async throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        try Tamper.run(path, """
            INSERT OR REPLACE INTO restore_attempt (scene_id, revision, unconfirmed)
            SELECT id, 5, \(count) FROM scene WHERE name = 'main'
            """)
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        var revisions: [Int?] = []
        for _ in 0..<6 {
            // Launches that never confirm.
            revisions.append(try await store.restore(scene: "main", registry: DestinationRegistry()).report.revision)
        }
        #expect(revisions.first == 4)
        #expect(!revisions.contains(5))
    }

    /// A head whose number was tampered upwards does not make a prune take
    /// every loadable revision with it.
    @Test func aPruneKeepsTheNewestRowsThatAreThere() async throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory, revisions: 25)
        try Tamper.run(path, """
            UPDATE revision SET number = 1000
            WHERE scene_id = (SELECT id FROM scene WHERE name = 'main') AND number = 25
            """)
        let store = try NavStore(path: path, configuration: StoreFixtures.keepingEveryRevision())
        _ = try store.prune(keepRevisions: 5)
        #expect(try store.history(scene: "main").map(\.revision).contains(24))
        let restored = try await store.restore(scene: "main", registry: DestinationRegistry())
        #expect(restored.report.revision == 24)
        #expect(restored.state.contentStack.count == 24)
    }

    @Test func aTimeOutOfRangeReadsAs1970AndExpires() async throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        try Tamper.run(path, "UPDATE revision SET saved_at = 1e308 WHERE number = 5")
        let scenes = try CommandRunner.navstate.run(["scenes", "--db", path])
        #expect(scenes.status == 0)
        #expect(!scenes.text.contains("506713"), "\(scenes.text)")
        #expect(scenes.text.contains("1970-01-01"), "\(scenes.text)")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        let restored = try await store.restore(scene: "main", registry: DestinationRegistry(), options: RestoreOptions(maximumAge: 3600))
        #expect(restored.report.outcome == .expired)
        // A prune by age treats it as old too.
        let pruned = try store.prune(keepRevisions: 1, notUpdatedFor: 3600)
        #expect(pruned.scenes.contains { $0.scene == "main" && $0.deleted })
    }
}
