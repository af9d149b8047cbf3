import Foundation
@_spi(Tooling) import NavState
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// The store's errors: a case a caller can switch on for every failure, the
/// details SQLite gave, and messages that speak to an app, not a shell.
@Suite("Store errors")
struct StoreErrorTests {
    @Test func anUnexpectedSQLiteFailureKeepsItsCodesAndItsSQL() async throws {
        let directory = try TemporaryDirectory()
        let path = directory.path("db.sqlite")
        try await NavStore(path: path, configuration: StoreFixtures.quiet())
            .save(SceneState(stack: [StoreFixtures.entry("1")]), scene: "main")
        try Tamper.run(path, "DROP TABLE restore_attempt")
        let store = try NavStore(path: path, configuration: StoreFixtures.quiet())
        do {
            _ = try await store.restore(scene: "main", registry: DestinationRegistry())
            Issue.record("a restore without its table succeeded")
        } catch {
            guard case let .sqlite(errorPath, code, extendedCode, message, sql) = error.storeKind else {
                Issue.record("expected .sqlite, got \(error)")
                return
            }
            #expect(errorPath == path)
            #expect(code == 1)  // SQLITE_ERROR
            #expect(extendedCode & 0xFF == code)
            #expect(message.contains("no such table: restore_attempt"))
            #expect(sql?.contains("restore_attempt") == true)
            #expect(!error.description.contains("\n"))
        }
    }

    /// Library errors give advice an app can follow; the shell's advice
    /// (flags, subcommands) is the CLI's to add.
    @Test(arguments: [
        NavStateError.fileNotFound(path: "/x"),
        .notInitialized(path: "/x"),
        .notADatabase(path: "/x"),
        .foreignDatabase(path: "/x"),
        .newerSchema(path: "/x", found: 9, known: 3),
        .corrupt(path: "/x", message: "bad"),
        .readOnly(path: "/x"),
        .diskFull(path: "/x"),
        .busy(path: "/x"),
        .suspended(path: "/x"),
        .olderSchema(path: "/x", found: 3, known: 4),
        .fileMoved(path: "/x"),
        .conflict(scene: "main", expected: 1, actual: 2),
        .limitExceeded(\.payloadBytes, scene: "main", actual: 10, limit: 5),
        .sqlite(path: "/x", code: 1, extendedCode: 1, message: "m", sql: "SELECT 1\nFROM scene"),
        .invalidRevision(0),
        .invalidRestoreOptions(crashLoopLimit: 0, fallbackRevisions: 2),
        .invalidPruneArguments(keepRevisions: 0, maximumAge: nil),
        .invalidFileName("a/b"),
        .appGroupUnavailable("group.x"),
        .sceneNotFound("main"),
    ])
    func libraryMessagesNameNoCommandOrFlag(error: NavStateError) {
        #expect(!error.description.contains("navstate "), "\(error)")
        #expect(!error.description.contains("--"), "\(error)")
        #expect(!error.description.contains("NAVSTATE_DB"), "\(error)")
        #expect(!error.description.contains("\n"), "\(error)")
    }

    /// A limit's message names what it counts and the property that raises it.
    @Test(arguments: [
        (\NavStore.Limits.entriesPerStack, "entries per stack", "entriesPerStack"),
        (\.payloadBytes, "payload bytes per entry", "payloadBytes"),
        (\.sceneBytes, "total bytes per scene state", "sceneBytes"),
        (\.sceneNameBytes, "scene name bytes", "sceneNameBytes"),
        (\.stacksPerScene, "stacks per scene", "stacksPerScene"),
        (\.nestingDepth, "levels of nested tab bars and split views", "nestingDepth"),
    ] as [(any KeyPath<NavStore.Limits, Int> & Sendable, String, String)])
    func aLimitsMessageNamesIt(limit: any KeyPath<NavStore.Limits, Int> & Sendable, meaning: String, name: String) {
        let error = NavStateError.limitExceeded(limit, scene: "main", actual: 10, limit: 5)
        #expect(error.description == "scene 'main' has 10 \(meaning), over the limit of 5; nothing was saved. Raise NavStore.Limits.\(name) or save less")
    }
}
