import Foundation
@_spi(Tooling) import NavState
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

/// How an app matches a `NavStateError`: by kind, in a `catch` (or a `switch`
/// over its `code` with a `default`), with a last `catch` for the kinds
/// it does not handle, so that code written today still compiles when a
/// later release adds a kind.
@Suite("Matching store errors")
struct StoreErrorMatchingTests {
    /// One error of every kind.
    static let everyKind: [NavStateError] = [
        NavStateError.fileNotFound(path: "x"),
        NavStateError.notInitialized(path: "x"),
        NavStateError.notADatabase(path: "x"),
        NavStateError.foreignDatabase(path: "x"),
        NavStateError.newerSchema(path: "x", found: 1, known: 1),
        NavStateError.olderSchema(path: "x", found: 1, known: 1),
        NavStateError.corrupt(path: "x", message: "x"),
        NavStateError.schemaMismatch(path: "x", version: 1, cause: "x"),
        NavStateError.migrationBreaksReferences(path: "x", migration: "x", rows: 1),
        NavStateError.damagedScene(path: "x", scene: "x", revision: 1, damage: Damage.sceneIDOutOfRange(0)),
        NavStateError.readOnly(path: "x"),
        NavStateError.diskFull(path: "x"),
        NavStateError.cannotOpen(path: "x", reason: "x", cause: nil as String?),
        NavStateError.notARegularFile(path: "x"),
        NavStateError.busy(path: "x"),
        NavStateError.fileMoved(path: "x"),
        NavStateError.walChanged(path: "x"),
        NavStateError.fileCutShort(path: "x"),
        NavStateError.suspended(path: "x"),
        NavStateError.conflict(scene: "x", expected: 1, actual: 1),
        NavStateError.limitExceeded("payloadBytes", scene: "x", actual: 1, limit: 1),
        NavStateError.invalidSceneName("x"),
        NavStateError.invalidState(NavStateError.emptyTabBar(StackAddress.root)),
        NavStateError.invalidRevision(1),
        NavStateError.invalidRestoreOptions(crashLoopLimit: 1, fallbackRevisions: 1),
        NavStateError.invalidRestoreTree(NavStateError.emptyTabBar(StackAddress.root)),
        NavStateError.invalidPruneArguments(keepRevisions: 1, maximumAge: nil as Double?),
        NavStateError.invalidFileName("x"),
        NavStateError.appGroupUnavailable("x"),
        NavStateError.sceneNotFound("x"),
        NavStateError.sqlite(path: "x", code: 1, extendedCode: 1, message: "x", sql: nil as String?),
    ]

    /// What an app writes: a `catch` for each kind it handles and a last
    /// one for the rest, where a kind added in a later release lands.
    static func caught(_ error: NavStateError) -> String {
        do {
            throw error
        } catch NavStateError.fileNotFound {
            return "fileNotFound"
        } catch NavStateError.notInitialized {
            return "notInitialized"
        } catch NavStateError.notADatabase {
            return "notADatabase"
        } catch NavStateError.foreignDatabase {
            return "foreignDatabase"
        } catch NavStateError.newerSchema {
            return "newerSchema"
        } catch NavStateError.olderSchema {
            return "olderSchema"
        } catch NavStateError.corrupt {
            return "corrupt"
        } catch NavStateError.schemaMismatch {
            return "schemaMismatch"
        } catch NavStateError.migrationBreaksReferences {
            return "migrationBreaksReferences"
        } catch NavStateError.damagedScene {
            return "damagedScene"
        } catch NavStateError.readOnly {
            return "readOnly"
        } catch NavStateError.diskFull {
            return "diskFull"
        } catch NavStateError.cannotOpen {
            return "cannotOpen"
        } catch NavStateError.notARegularFile {
            return "notARegularFile"
        } catch NavStateError.busy {
            return "busy"
        } catch NavStateError.fileMoved {
            return "fileMoved"
        } catch NavStateError.walChanged {
            return "walChanged"
        } catch NavStateError.fileCutShort {
            return "fileCutShort"
        } catch NavStateError.suspended {
            return "suspended"
        } catch NavStateError.conflict {
            return "conflict"
        } catch NavStateError.limitExceeded {
            return "limitExceeded"
        } catch NavStateError.invalidSceneName {
            return "invalidSceneName"
        } catch NavStateError.invalidState {
            return "invalidState"
        } catch NavStateError.invalidRevision {
            return "invalidRevision"
        } catch NavStateError.invalidRestoreOptions {
            return "invalidRestoreOptions"
        } catch NavStateError.invalidRestoreTree {
            return "invalidRestoreTree"
        } catch NavStateError.invalidPruneArguments {
            return "invalidPruneArguments"
        } catch NavStateError.invalidFileName {
            return "invalidFileName"
        } catch NavStateError.appGroupUnavailable {
            return "appGroupUnavailable"
        } catch NavStateError.sceneNotFound {
            return "sceneNotFound"
        } catch NavStateError.sqlite {
            return "sqlite"
        } catch {
            return "another kind"
        }
    }

    @Test func eachKindIsCaughtByItsOwnPatternAndByNoEarlierOne() throws {
        try ErrorMatching.expectEachKindCaughtByItsOwnPattern(
            Self.everyKind, caught: Self.caught, table: "NavState/Store/Errors/NavStateError+StoreCodes.swift")
    }

    @Test func aSwitchOverCodesKeepsADefaultForKindsToCome() {
        func handled(_ error: NavStateError) -> Bool {
            switch error.code {
            case .diskFull: true
            default: false
            }
        }
        #expect(Self.everyKind.filter(handled).map(\.code) == [.diskFull])
    }

    @Test func anotherErrorIsNotCaughtAsOne() {
        struct Other: Error {}
        do {
            throw Other()
        } catch NavStateError.diskFull {
            Issue.record("another type's error was caught as \(NavStateError.diskFull)")
        } catch {
            #expect(error is Other)
        }
    }

    @Test func aRealFailureIsCaughtByItsKindWithItsFileAndScene() async throws {
        let directory = try TemporaryDirectory()
        let missing = directory.path("missing.sqlite")
        do {
            _ = try NavStore(readingAt: missing, configuration: StoreFixtures.quiet())
            Issue.record("a missing file was opened for reading")
        } catch let error where error.code == .fileNotFound {
            // The kind and its details: `where` on the code.
            #expect(error.path == missing)
            #expect(error.scene == nil)
        } catch {
            Issue.record("caught \(error) as another kind")
        }

        let store = try NavStore(path: directory.path("db.sqlite"), configuration: StoreFixtures.quiet())
        let state = SceneState(stack: [StoreFixtures.entry("1")])
        try await store.save(state, scene: "main")
        try await store.save(SceneState(stack: [StoreFixtures.entry("2")]), scene: "main")
        do {
            try await store.save(state, scene: "main", expectedHead: 1)
            Issue.record("a save over a newer head succeeded")
        } catch let error where error.code == .conflict {
            #expect(error.scene == "main")
            #expect(error.revision == 2)
            #expect(error.path == nil)
        } catch {
            Issue.record("caught \(error) as another kind")
        }
    }

    @Test func theDetailsAreProperties() {
        let damaged = NavStateError.damagedScene(path: "/a.sqlite", scene: "main", revision: 4, damage: Damage.sceneIDOutOfRange(0))
        #expect(damaged.path == "/a.sqlite")
        #expect(damaged.scene == "main")
        #expect(damaged.revision == 4)
        #expect(damaged.damage == .sceneIDOutOfRange(0))
        let invalid = NavStateError.invalidState(NavStateError.emptyTabBar(StackAddress.root))
        #expect(invalid.sceneStateError == NavStateError.emptyTabBar(StackAddress.root))
        #expect(invalid.path == nil && invalid.revision == nil && invalid.damage == nil)
        let sqlite = NavStateError.sqlite(path: "/a.sqlite", code: Int32(1), extendedCode: Int32(257), message: "m", sql: nil as String?)
        #expect(sqlite.sqliteExtendedCode == 257)
        #expect(NavStateError.busy(path: "/a.sqlite").sqliteExtendedCode == nil)
    }
}
