import Foundation
@_spi(Tooling) @testable import NavState
import NavStateSQLite
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// NavStore's connections do not enforce the schema's foreign keys (a
/// DELETE of history rows then costs a third as much), so what they would
/// cascade is deleted by the code that deletes a scene, and a row left
/// naming a missing scene is an integrity problem.
@Suite("Deleting scenes")
struct SceneDeletionTests {
    /// Each scene's id and how many revision and attempt rows name it.
    private static func rows(_ path: String) throws -> [String: (revisions: Int, attempts: Int)] {
        let connection = try SQLiteConnection(path: path, mode: .readOnly)
        var result: [String: (Int, Int)] = [:]
        let statement = try connection.prepare("""
            SELECT s.name,
                (SELECT count(*) FROM revision WHERE scene_id = s.id),
                (SELECT count(*) FROM restore_attempt WHERE scene_id = s.id)
            FROM scene AS s
            """)
        while try statement.step() { result[statement.text(at: 0)] = (statement.int(at: 1), statement.int(at: 2)) }
        return result
    }

    private static func count(_ path: String, _ table: String) throws -> Int {
        try SQLiteConnection(path: path, mode: .readOnly).integer("SELECT count(*) FROM \(table)")
    }

    /// Two scenes with three revisions each and an unconfirmed restore.
    private static func twoScenes(_ store: NavStore) async throws {
        for scene in ["main", "other"] {
            for step in 1...3 { try await store.save(SceneState(stack: (0..<step).map { StoreFixtures.entry("\($0)") }), scene: scene) }
            _ = try await store.restore(scene: scene, registry: DestinationRegistry())
        }
    }

    @Test func deletingASceneDeletesItsRevisionsAndAttempts() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        try await Self.twoScenes(store)
        #expect(try Self.rows(path)["main"].map { [$0.revisions, $0.attempts] } == [3, 1])

        #expect(try await store.delete(scene: "main"))
        #expect(try await !store.delete(scene: "main"), "a second delete finds nothing")
        #expect(try Self.rows(path).keys.sorted() == ["other"])
        #expect(try Self.rows(path)["other"].map { [$0.revisions, $0.attempts] } == [3, 1])
        #expect(try Self.count(path, "revision") == 3 && Self.count(path, "restore_attempt") == 1)
        #expect(try store.integrityCheck() == [])
    }

    @Test func pruningStaleScenesDeletesTheirRows() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let clock = ManualClock()
        var configuration = clock.configuration()
        configuration.logger = StoreFixtures.quiet().logger
        let store = try NavStore(path: path, configuration: configuration)
        try await Self.twoScenes(store)
        clock.advance(by: 3_600)
        try await store.save(SceneState(stack: [StoreFixtures.entry("fresh")]), scene: "other")

        let pruned = try store.prune(notUpdatedFor: 60)
        #expect(pruned.scenesRemoved == 1)
        #expect(try Self.rows(path).keys.sorted() == ["other"])
        #expect(try Self.count(path, "revision") == 4)
        #expect(try store.integrityCheck() == [])
    }

    @Test func aRowWhoseSceneIsGoneIsAnIntegrityProblem() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        try await Self.twoScenes(store)
        // What a foreign-key-blind delete leaves: the scene's row gone, its
        // rows not.
        try SQLiteConnection(path: path, mode: .readWrite(create: false)).execute("DELETE FROM scene WHERE name = 'main'")
        #expect(try store.integrityCheck() == [
            "1 row(s) of restore_attempt name a scene row that does not exist",
            "3 row(s) of revision name a scene row that does not exist",
        ])
    }
}
