import Foundation
@_spi(Tooling) @testable import NavState
@_spi(Tooling) import NavState
import NavStateTooling
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// Numbers in the file set to the extremes of a 64-bit integer, as a person
/// with `sqlite3` or a bad flash block could: no reader or writer traps on
/// them. Each was a crash (SIGILL) before the store checked what it reads
/// against `StoredRange`.
@Suite("Tampered numbers")
struct TamperedNumberTests {
    private static let main = "scene_id = (SELECT id FROM scene WHERE name = 'main')"
    private static let head = "\(main) AND number = (SELECT max(number) FROM revision WHERE \(main))"

    /// The tamperings, by name, as SQL run on a file with five revisions of
    /// scene "main" (a sheet over a 3-deep stack) and one of "other".
    static let tamperings: [(String, String)] = [
        ("kept_revisions at Int64.min", "UPDATE scene SET kept_revisions = -9223372036854775808 WHERE name = 'main'"),
        ("kept_revisions at 0", "UPDATE scene SET kept_revisions = 0 WHERE name = 'main'"),
        ("kept_revisions at -1", "UPDATE scene SET kept_revisions = -1 WHERE name = 'main'"),
        ("head number at Int64.max", "UPDATE revision SET number = 9223372036854775807 WHERE \(head)"),
        ("head number at Int64.min", "UPDATE revision SET number = -9223372036854775808 WHERE \(head)"),
        ("head number at 0", "UPDATE revision SET number = 0 WHERE \(head)"),
        ("every number at 0 and below", "UPDATE revision SET number = -number WHERE \(main)"),
        ("chain_bytes at Int64.max", "UPDATE revision SET chain_bytes = 9223372036854775807 WHERE \(head)"),
        ("chain_bytes at Int64.min", "UPDATE revision SET chain_bytes = -9223372036854775808 WHERE \(head)"),
        ("base at Int64.max", "UPDATE revision SET base = 9223372036854775807 WHERE \(head)"),
        ("base at Int64.min", "UPDATE revision SET base = -9223372036854775808 WHERE \(head)"),
        ("entry_count at -5", "UPDATE revision SET entry_count = -5 WHERE \(head)"),
        ("byte_count at Int64.min", "UPDATE revision SET byte_count = -9223372036854775808 WHERE \(head)"),
        ("saved_at at 1e308", "UPDATE revision SET saved_at = 1e308 WHERE \(head)"),
        ("unconfirmed restores at Int64.max",
         "INSERT OR REPLACE INTO restore_attempt (scene_id, revision, unconfirmed) SELECT scene_id, number, 9223372036854775807 FROM revision WHERE \(head)"),
    ]

    private func savedFile(in directory: TemporaryDirectory) throws -> String {
        let path = directory.path("db.sqlite")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        for depth in 1...5 {
            try store.save(SceneState(
                stack: (0..<depth).map { StoreFixtures.entry("\($0)") },
                presentations: depth > 3 ? [Presentation(method: .managedSheet, destination: StoreFixtures.entry("9"))] : [],
                checkpoints: [Checkpoint(name: "top", stack: .root, entriesKept: 1)]), scene: "main")
        }
        try store.save(SceneState(stack: [StoreFixtures.entry("\"kept\"")]), scene: "other")
        return path
    }

    /// Everything an app and a tool do with a file, each of which must give
    /// a valid state or a typed error.
    private func exerciseEveryReaderAndWriter(_ path: String) async throws {
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        do {
            if let loaded = try await store.load(scene: "main") { try loaded.state.validate() }
        } catch {
            switch error {
            case .corrupt, .damagedScene: break
            default: throw error
            }
        }
        for policy in [RestorePolicy.dropUndecodable, .truncateAtFirstFailure, .allOrNothing] {
            let restored = try await store.restore(scene: "main", registry: DestinationRegistry(), options: RestoreOptions(policy: policy))
            try restored.state.validate()
        }
        _ = try store.damagedScenes()
        _ = try await store.scenes()
        _ = try store.history(scene: "main")
        // A typed save on top, then the head loads.
        let saved = try await store.save(SceneState<AnyDestination>(stack: [try AnyDestination(7, in: DestinationRegistry())]), scene: "main")
        let head = try #require(try await store.load(scene: "main"))
        #expect(head.revision == saved.revision)
        #expect(head.state.contentStack.map(\.payload) == ["7"])
        _ = try store.prune(keepRevisions: 2)
        _ = try await NavStore.openRecovering(path: path, configuration: StoreFixtures.quiet())
    }

    @Test(arguments: tamperings)
    func noNumberInTheFileMakesTheStoreTrap(name: String, sql: String) async throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        try Tamper.run(path, sql)
        try await exerciseEveryReaderAndWriter(path)
    }

    /// Every tampering in the plain run; under a sanitizer, where each of
    /// the eight commands a case runs is an instrumented process (120 of
    /// them took 15 s under AddressSanitizer), every fourth: the store's own
    /// test above runs them all in-process, instrumented.
    static let commandTamperings = Sanitizers.running
        ? tamperings.enumerated().filter { $0.offset % 4 == 0 }.map(\.element) : tamperings

    @Test(arguments: commandTamperings)
    func noNumberInTheFileMakesTheCommandTrap(name: String, sql: String) throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        try Tamper.run(path, sql)
        for arguments in [
            ["scenes"], ["show", "main"], ["export", "main"], ["history", "main"], ["diff", "main", "4", "5"],
            ["check"], ["stats"], ["prune", "--keep-revisions", "2", "--dry-run"],
        ] {
            let output = try CommandRunner.navstate.run(arguments + ["--db", path])
            // 0 to 3 are the command's own answers; a trap is a signal (132 and up).
            #expect((0...3).contains(output.status), "\(name): navstate \(arguments.joined(separator: " ")) -> \(output.status): \(output.stderr)")
        }
    }

    @Test func aSlotAtIntMinInAChangeIsDamageNotACrash() async throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        var head = try Tamper.read(path, scene: "main")
        head.slots[Int.min] = [StoredFixtures.entry]
        try Tamper.rewrite(path, scene: "main", slots: head.slots, layout: head.layout)
        try await exerciseEveryReaderAndWriter(path)
    }

    @Test func chainBytesAtTheirMaximumDoNotStopTheNextSaves() async throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        try Tamper.run(path, "UPDATE revision SET chain_bytes = 9223372036854775807 WHERE \(Self.head)")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        let restored = try await store.restore(scene: "main", registry: DestinationRegistry())
        try await store.confirmRestore(restored.report)
        // After the confirmation, saves go on: the first writes a full row.
        for count in 1...3 {
            let root = try (0..<count).map { try AnyDestination($0, in: DestinationRegistry()) }
            try await store.save(SceneState(stack: root), scene: "main")
        }
        #expect(try await store.load(scene: "main")?.state.contentStack.count == 3)
    }

    /// Rows that lie about their place: the scene still loads, listings
    /// show nothing impossible, and `check` reports each.
    @Test(arguments: [0, -1])
    func aKeptRevisionsOutOfRangeLeavesTheSceneLoadableAndIsReported(kept: Int) async throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        try Tamper.run(path, "UPDATE scene SET kept_revisions = \(kept) WHERE name = 'main'")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(try await store.load(scene: "main")?.revision == 5)
        #expect(try store.history(scene: "main").map(\.revision) == [1, 2, 3, 4, 5])
        let problems = try store.inconsistentRows()
        #expect(problems.map(\.scene) == ["main"])
        #expect(problems.first?.damage == .keptRevisionsOutOfRange(kept))
        let check = try CommandRunner.navstate.run(["check", "--db", path])
        #expect(check.status == 1)
        #expect(check.text.contains("inconsistent: kept_revisions is \(kept)"))
        #expect(!check.text.contains("there is no scene") && !check.stderr.contains("there is no scene"))
    }

    @Test func aWrongEntryCountIsNotShownAndIsReported() async throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        try Tamper.run(path, "UPDATE revision SET entry_count = -5 WHERE \(Self.head)")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        #expect(try await store.scenes().first { $0.scene == "main" }?.entryCount == 0)
        #expect(try store.inconsistentRows().map(\.damage) == [.headEntryCountMismatch(recorded: -5, actual: 6)])
        let scenes = try CommandRunner.navstate.run(["scenes", "--db", path])
        #expect(!scenes.text.contains("-5"))
    }

    @Test func aHeadNumberedZeroIsPassedOverAndTheRestoreUsesTheRevisionBefore() async throws {
        let directory = try TemporaryDirectory()
        let path = try savedFile(in: directory)
        try Tamper.run(path, "UPDATE revision SET number = 0 WHERE \(Self.head)")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        let restored = try await store.restore(scene: "main", registry: DestinationRegistry())
        #expect(restored.report.revision == 4)
        #expect(restored.state.contentStack.count == 4)
        #expect(try store.inconsistentRows().map(\.damage).contains(.revisionsOutOfRange(count: 1)))
    }

    @Test func theRangesInTheSQLAreTheRangesInSwift() throws {
        let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Sources/NavState/Store")
        var literals = 0
        let files = FileManager.default.enumerator(at: sources, includingPropertiesForKeys: nil)?
            .compactMap { $0 as? URL }.filter { $0.pathExtension == "swift" } ?? []
        #expect(files.count > 30)
        for url in files {
            let file = url.lastPathComponent
            let text = try String(contentsOf: url, encoding: .utf8)
            literals += text.components(separatedBy: "BETWEEN 1 AND \(StoredRange.revision.upperBound)").count - 1
            #expect(!text.contains("BETWEEN 1 AND 4") || text.contains("BETWEEN 1 AND \(StoredRange.revision.upperBound)"), "\(file)")
        }
        #expect(literals >= 4)
    }
}

private enum StoredFixtures {
    static let entry = NavEntry(tag: "Int", payload: "1")
}
