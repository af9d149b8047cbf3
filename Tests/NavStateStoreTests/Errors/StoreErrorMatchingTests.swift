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
        .fileNotFound(path: "x"),
        .notInitialized(path: "x"),
        .notADatabase(path: "x"),
        .foreignDatabase(path: "x"),
        .newerSchema(path: "x", found: 1, known: 1),
        .olderSchema(path: "x", found: 1, known: 1),
        .corrupt(path: "x", message: "x"),
        .schemaMismatch(path: "x", version: 1, cause: "x"),
        .migrationBreaksReferences(path: "x", migration: "x", rows: 1),
        .damagedScene(path: "x", scene: "x", revision: 1, damage: .sceneIDOutOfRange(0)),
        .readOnly(path: "x"),
        .diskFull(path: "x"),
        .cannotOpen(path: "x", reason: "x", cause: nil),
        .notARegularFile(path: "x"),
        .busy(path: "x"),
        .fileMoved(path: "x"),
        .walChanged(path: "x"),
        .fileCutShort(path: "x"),
        .suspended(path: "x"),
        .conflict(scene: "x", expected: 1, actual: 1),
        .limitExceeded(\.payloadBytes, scene: "x", actual: 1, limit: 1),
        .invalidSceneName("x"),
        .invalidState(.emptyTabBar(.root)),
        .invalidRevision(1),
        .invalidRestoreOptions(crashLoopLimit: 1, fallbackRevisions: 1),
        .invalidRestoreTree(.emptyTabBar(.root)),
        .invalidPruneArguments(keepRevisions: 1, maximumAge: nil),
        .invalidFileName("x"),
        .appGroupUnavailable("x"),
        .sceneNotFound("x"),
        .sqlite(path: "x", code: 1, extendedCode: 1, message: "x", sql: nil),
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

    /// The kind each error is, told without its code: a kind added to
    /// the package and not to ``everyKind`` stops this file compiling.
    static func kindName(_ kind: StoreFailure?) -> String {
        switch kind {
        case nil: "another part's"
        case .fileNotFound: "fileNotFound"
        case .notInitialized: "notInitialized"
        case .notADatabase: "notADatabase"
        case .foreignDatabase: "foreignDatabase"
        case .newerSchema: "newerSchema"
        case .olderSchema: "olderSchema"
        case .corrupt: "corrupt"
        case .schemaMismatch: "schemaMismatch"
        case .migrationBreaksReferences: "migrationBreaksReferences"
        case .damagedScene: "damagedScene"
        case .readOnly: "readOnly"
        case .diskFull: "diskFull"
        case .cannotOpen: "cannotOpen"
        case .notARegularFile: "notARegularFile"
        case .busy: "busy"
        case .fileMoved: "fileMoved"
        case .walChanged: "walChanged"
        case .fileCutShort: "fileCutShort"
        case .suspended: "suspended"
        case .conflict: "conflict"
        case .limitExceeded: "limitExceeded"
        case .invalidSceneName: "invalidSceneName"
        case .invalidState: "invalidState"
        case .invalidRevision: "invalidRevision"
        case .invalidRestoreOptions: "invalidRestoreOptions"
        case .invalidRestoreTree: "invalidRestoreTree"
        case .invalidPruneArguments: "invalidPruneArguments"
        case .invalidFileName: "invalidFileName"
        case .appGroupUnavailable: "appGroupUnavailable"
        case .sceneNotFound: "sceneNotFound"
        case .sqlite: "sqlite"
        }
    }

    @Test func eachKindIsCaughtByItsOwnPatternAndByNoEarlierOne() {
        ErrorMatching.expectEachKindCaughtByItsOwnPattern(
            Self.everyKind, caught: Self.caught, kind: { Self.kindName($0.storeKind) }, code: \.code.name)
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
        let damaged = NavStateError.damagedScene(path: "/a.sqlite", scene: "main", revision: 4, damage: .sceneIDOutOfRange(0))
        #expect(damaged.path == "/a.sqlite")
        #expect(damaged.scene == "main")
        #expect(damaged.revision == 4)
        #expect(damaged.damage == .sceneIDOutOfRange(0))
        let invalid = NavStateError.invalidState(.emptyTabBar(.root))
        #expect(invalid.sceneStateError == .emptyTabBar(.root))
        #expect(invalid.path == nil && invalid.revision == nil && invalid.damage == nil)
        let sqlite = NavStateError.sqlite(path: "/a.sqlite", code: 1, extendedCode: 257, message: "m", sql: nil)
        #expect(sqlite.sqliteExtendedCode == 257)
        #expect(NavStateError.busy(path: "/a.sqlite").sqliteExtendedCode == nil)
    }
}
