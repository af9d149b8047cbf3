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
            guard error.code == .sqlite, let code = error.detail("code", as: Int32.self),
                  let extendedCode = error.sqliteExtendedCode else {
                Issue.record("expected .sqlite, got \(error)")
                return
            }
            #expect(error.path == path)
            #expect(code == 1)  // SQLITE_ERROR
            #expect(extendedCode & 0xFF == code)
            #expect(error.detail("message", as: String.self)?.contains("no such table: restore_attempt") == true)
            #expect(error.detail("sql", as: String.self)?.contains("restore_attempt") == true)
            #expect(!error.description.contains("\n"))
        }
    }

    /// Library errors give advice an app can follow; the shell's advice
    /// (flags, subcommands) is the CLI's to add.
    @Test(arguments: [
        NavStateError.fileNotFound(path: "/x"),
        NavStateError.notInitialized(path: "/x"),
        NavStateError.notADatabase(path: "/x"),
        NavStateError.foreignDatabase(path: "/x"),
        NavStateError.newerSchema(path: "/x", found: 9, known: 3),
        NavStateError.corrupt(path: "/x", message: "bad"),
        NavStateError.readOnly(path: "/x"),
        NavStateError.diskFull(path: "/x"),
        NavStateError.busy(path: "/x"),
        NavStateError.suspended(path: "/x"),
        NavStateError.olderSchema(path: "/x", found: 3, known: 4),
        NavStateError.fileMoved(path: "/x"),
        NavStateError.conflict(scene: "main", expected: 1, actual: 2),
        NavStateError.limitExceeded("payloadBytes", scene: "main", actual: 10, limit: 5),
        NavStateError.sqlite(path: "/x", code: 1, extendedCode: 1, message: "m", sql: "SELECT 1\nFROM scene"),
        NavStateError.invalidRevision(0),
        NavStateError.invalidRestoreOptions(crashLoopLimit: 0, fallbackRevisions: 2),
        NavStateError.invalidPruneArguments(keepRevisions: 0, maximumAge: nil as Double?),
        NavStateError.invalidFileName("a/b"),
        NavStateError.appGroupUnavailable("group.x"),
        NavStateError.sceneNotFound("main"),
    ])
    func libraryMessagesNameNoCommandOrFlag(error: NavStateError) {
        #expect(!error.description.contains("navstate "), "\(error)")
        #expect(!error.description.contains("--"), "\(error)")
        #expect(!error.description.contains("NAVSTATE_DB"), "\(error)")
        #expect(!error.description.contains("\n"), "\(error)")
    }

    /// A limit's message names what it counts and the property that raises it.
    @Test(arguments: [
        ("entries per stack", "entriesPerStack"),
        ("payload bytes per entry", "payloadBytes"),
        ("total bytes per scene state", "sceneBytes"),
        ("scene name bytes", "sceneNameBytes"),
        ("stacks per scene", "stacksPerScene"),
        ("levels of nested tab bars and split views", "nestingDepth"),
    ])
    func aLimitsMessageNamesIt(meaning: String, name: String) {
        let error = NavStateError.limitExceeded(name, scene: "main", actual: 10, limit: 5)
        #expect(error.description == "scene 'main' has 10 \(meaning), over the limit of 5; nothing was saved. Raise NavStore.Limits.\(name) or save less")
    }
}
