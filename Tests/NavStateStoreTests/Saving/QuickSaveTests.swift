import Foundation
@_spi(Tooling) import NavState
import NavStateReports
import NavStateSQLite
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// A save on the head this store's own last save left goes in by one
/// `INSERT` that checks, under the statement's own write lock, that nothing
/// else has written to the file since (`NavStore.writeOnTrustedHead`, the
/// SQL function `navstate_file_unchanged`). Whatever another connection does
/// between two such saves must be seen by the second: a row inserted
/// blindly would land on a head that is gone or was changed, or in a scene
/// that no longer exists.
@Suite("Quick saves")
struct QuickSaveTests {
    /// Two screens every state shares, so a save's delta keeps them, and
    /// one to five of its own.
    private func state(_ marker: Int) -> SceneState<NavEntry> {
        SceneState(stack: [StoreFixtures.entry("\"root\""), StoreFixtures.entry("\"list\"")]
            + (0...(marker % 5)).map { StoreFixtures.entry("\"\(marker).\($0)\"") })
    }

    /// The check itself: true only inside a write transaction, and only
    /// while the data version is the one given.
    @Test func theCheckHoldsOnlyUnderTheWriteLockAndUntilAnotherConnectionWrites() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        try NavStore(path: path, configuration: StoreFixtures.quiet()).save(state(1), scene: "main")
        let connection = try SQLiteConnection(path: path, mode: .readWrite(create: false))
        let other = try SQLiteConnection(path: path, mode: .readWrite(create: false))
        func unchanged(since version: UInt32) throws -> Int {
            try connection.integer("SELECT navstate_file_unchanged(\(version))")
        }
        let version = connection.dataVersion
        // Outside a write transaction the version is not fresh: never true.
        #expect(try unchanged(since: version) == 0)
        try connection.execute("BEGIN IMMEDIATE")
        let locked = connection.dataVersion
        #expect(try unchanged(since: locked) == 1)
        #expect(try unchanged(since: locked &+ 1) == 0)
        try connection.execute("COMMIT")
        try other.execute("INSERT INTO scene (id, name, created_at) VALUES (99, 'widget', 0)")
        try connection.execute("BEGIN IMMEDIATE")
        #expect(try unchanged(since: locked) == 0)
        try connection.execute("COMMIT")
    }

    /// What another connection does to the scene between two quick saves.
    enum Meddling: String, CaseIterable, Sendable {
        /// Deletes the scene: the next save makes it anew.
        case deleteScene
        /// Removes the head row: the next save builds on the one before.
        case removeHead
        /// Rewrites the head's entries: the next save builds on them.
        case rewriteHead
        /// Saves the scene: the next save builds on that revision.
        case saveScene
        /// Trims the history to one revision.
        case prune
    }

    @Test(arguments: Meddling.allCases)
    func aSaveAfterAnotherConnectionChangedTheSceneBuildsOnTheFile(_ meddling: Meddling) throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        let app = try NavStore(path: path, configuration: StoreFixtures.keepingEveryRevision())
        let other = try NavStore(path: path, configuration: StoreFixtures.keepingEveryRevision())
        // Three saves: the last two go the quick way on the cached head.
        for marker in 1...3 { try app.save(state(marker), scene: "main") }
        switch meddling {
        case .deleteScene: #expect(try other.delete(scene: "main"))
        case .removeHead: try Tamper.run(path, "DELETE FROM revision WHERE number = 3")
        case .rewriteHead:
            try Tamper.rewrite(path, scene: "main", slots: [0: [StoreFixtures.entry("\"tampered\"")]], layout: Tamper.layout([]))
        case .saveScene: try other.save(state(40), scene: "main")
        case .prune: try other.prune(keepRevisions: 1)
        }
        let expectedRevision = [Meddling.deleteScene: 1, .removeHead: 3, .rewriteHead: 4, .saveScene: 5, .prune: 4][meddling]
        let saved = try app.save(state(4), scene: "main")
        #expect(saved.revision == expectedRevision)
        // A reader of its own sees the state the app saved, and so does the
        // app's next quick save's base.
        let reader = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(try reader.load(scene: "main")?.state == state(4))
        #expect(try app.save(state(5), scene: "main").revision == saved.revision + 1)
        #expect(try reader.load(scene: "main")?.state == state(5))
        #expect(try reader.integrityCheck().isEmpty)
    }

    /// One store kept open for thousands of saves while another connection
    /// now and then saves the same scene or another, deletes the scene or
    /// trims the history: every save lands on the file's own head, loads
    /// back as saved, and the history is whole.
    @Test func aLongLivedStoreNeverWritesPastAnotherConnectionsChange() throws {
        var file = try LongLivedFile(seed: 44)
        let (app, reader) = (file.app, file.reader)
        for marker in 0..<Sanitizers.rounds(3_000, underSanitizer: 400) {
            let head = try reader.history(scene: "main").map(\.revision).max() ?? 0
            let saved = try app.save(state(marker), scene: "main")
            #expect(saved.revision == head + 1)
            #expect(try reader.load(scene: "main")?.state == state(marker))
            try file.other.maybeWrite(
                "main", saving: { try $0.save(state(marker + 7), scene: "main") },
                elsewhere: { try $0.save(state(marker), scene: "elsewhere") })
        }
        #expect(file.other.writes > 10)
        #expect(try reader.integrityCheck().isEmpty)
    }
}
