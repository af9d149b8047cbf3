import Foundation
@_spi(Tooling) @testable import NavState
@_spi(Tooling) import NavState
import NavStateTooling
import NavStateSQLite
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// Each revision row carries a checksum over its scene, number, base and
/// change: a row changed, swapped, or copied from another scene is damage,
/// never content that loads as valid but wrong.
@Suite("Row checksums")
struct RevisionSealTests {
    private static let main = "scene_id = (SELECT id FROM scene WHERE name = 'main')"

    /// Scene "main" with three revisions (a full row and two deltas) and
    /// scene "other" with one, of the same shape.
    private func savedFile(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("db.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        for depth in 1...3 {
            try store.save(SceneState(stack: (0..<depth).map { StoreFixtures.entry("\($0)") }), scene: "main")
        }
        try store.save(SceneState(stack: [StoreFixtures.entry("\"other\"")]), scene: "other")
        return path
    }

    private func loadProblem(_ path: String, revision: Int? = nil) -> String? {
        do throws(NavStateError) {
            _ = try NavStore(path: path, configuration: StoreFixtures.quiet()).load(scene: "main", revision: revision)
            return nil
        } catch {
            guard error.code == .damagedScene, let damage = error.damage else { return "\(error)" }
            return damage.description
        }
    }

    @Test func everyRowTheStoreWritesIsSealedAndReadsBack() throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        let connection = try SQLiteConnection(path: path, mode: .readWrite(create: false))
        let formats = try connection.prepare("SELECT DISTINCT substr(hex(change), 1, 2) FROM revision")
        var seen: [String] = []
        while try formats.step() { seen.append(formats.text(at: 0)) }
        #expect(seen == ["02"])
        #expect(loadProblem(path) == nil)
        #expect(try connection.integer("PRAGMA user_version") >= 5, "sealed rows are schema 5 on")
    }

    @Test func aFullRowCopiedFromAnotherSceneIsDamage() async throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        // "other"'s full row, with its base and counts, over "main"'s first row.
        try Tamper.run(path, """
            UPDATE revision SET change = (SELECT change FROM revision WHERE scene_id = (SELECT id FROM scene WHERE name = 'other'))
            WHERE \(Self.main) AND number = 1
            """)
        #expect(loadProblem(path)?.contains("checksum does not match") == true)
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(try store.damagedScenes().map(\.scene) == ["main"])
        let restored = try await store.restore(scene: "main", registry: DestinationRegistry())
        try restored.state.validate()
        #expect(restored.state.contentStack.allSatisfy { $0.payload != "\"other\"" })
    }

    @Test func twoRowsSwappedAreDamage() throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        try Tamper.run(path, """
            UPDATE revision SET number = -number WHERE \(Self.main) AND number IN (2, 3);
            UPDATE revision SET number = 5 + number WHERE \(Self.main) AND number IN (-2, -3);
            """)
        // Now row 3 holds what was revision 2, and row 2 what was revision 3.
        #expect(loadProblem(path)?.contains("checksum does not match") == true)
        #expect(loadProblem(path, revision: 2)?.contains("checksum does not match") == true)
        #expect(loadProblem(path, revision: 1) == nil)
    }

    @Test func aFlippedBitInAPayloadIsDamage() throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        let connection = try SQLiteConnection(path: path, mode: .readWrite(create: false))
        let read = try connection.prepare("SELECT change FROM revision WHERE \(Self.main) AND number = 1")
        #expect(try read.step())
        var bytes = read.withBlob(at: 0) { Array($0) }
        read.reset()
        bytes[bytes.count - 6] ^= 0x01
        try connection.prepare("UPDATE revision SET change = ?1 WHERE \(Self.main) AND number = 1").bind(.blob(bytes)).run()
        #expect(loadProblem(path, revision: 1)?.contains("checksum does not match") == true)
    }

    @Test func rowsWithoutAChecksumStillRead() throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        // What schema 4 wrote, and the migration from schema 3 still writes.
        let head = try Tamper.read(path, scene: "main")
        try Tamper.rewrite(path, scene: "main", slots: head.slots, layout: head.layout)
        #expect(loadProblem(path) == nil)
    }

    @Test func pruningReseatsTheChainAndEveryKeptRowStillReads() throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        var configuration = StoreFixtures.quiet()
        configuration.keptRevisions = nil
        let store = try NavStore(path: path, configuration: configuration)
        for depth in 1...12 {
            try store.save(SceneState(stack: (0..<depth).map { StoreFixtures.entry("\($0)") }), scene: "main")
        }
        // Keeping 5 makes revision 8 a full row, and 9...12 build on it.
        _ = try store.prune(keepRevisions: 5)
        for revision in 8...12 { #expect(loadProblem(path, revision: revision) == nil, "revision \(revision)") }
    }

    @Test func theChecksumIsCRC32C() {
        // RFC 3720's check value: CRC-32C of "123456789" is 0xE3069283.
        let digits = Array("123456789".utf8)
        #expect(digits.withUnsafeBytes { ~RevisionSeal.update(0xFFFF_FFFF, $0) } == 0xE306_9283)
        // The seal covers the key: the same change at another place differs.
        let a = digits.withUnsafeBytes { RevisionSeal.checksum(.init(sceneID: 1, number: 2, base: 1), body: $0) }
        let b = digits.withUnsafeBytes { RevisionSeal.checksum(.init(sceneID: 2, number: 2, base: 1), body: $0) }
        let c = digits.withUnsafeBytes { RevisionSeal.checksum(.init(sceneID: 1, number: 3, base: 1), body: $0) }
        #expect(Set([a, b, c]).count == 3)
    }
}
