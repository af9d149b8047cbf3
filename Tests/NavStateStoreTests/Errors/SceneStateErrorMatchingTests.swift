import NavState
import NavStateModel
@testable import NavStateTestSupport
import Testing

/// How an app matches a `NavStateError`: by kind, in a `catch` (or a `switch`
/// over its `code` with a `default`), with a last `catch` for the kinds
/// it does not handle, so that code written today still compiles when a
/// later release adds a kind. Here, beside the store's, not in the model's
/// tests: an app matches with the operators NavState declares.
@Suite("Matching scene-state errors")
struct SceneStateErrorMatchingTests {
    /// One error of every kind.
    static let everyKind: [NavStateError] = [
        .stackInPlainPresentation(presentation: 1, method: .sheet, entries: 1),
        .checkpointStackMissing(checkpoint: "x", stack: .root),
        .checkpointBeyondStack(checkpoint: "x", stack: .root, keeps: 1, entries: 1),
        .noSuchStack(.root),
        .emptyTabBar(.root),
        .invalidTabID("x", tabBar: .root),
        .duplicateTabID("x", tabBar: .root),
        .selectedTabMissing("x", tabBar: .root),
        .contentSelectionWithoutColumn(.root),
        .cannotDismiss(count: 1, presented: 1),
        .cannotPop(count: 1, entries: 1),
        .cannotPushOnto(.sheet),
        .checkpointNotFound("x"),
        .checkpointValueMismatch(checkpoint: "x", expected: nil, got: "x"),
    ]

    /// What an app writes: a `catch` for each kind it handles and a last
    /// one for the rest, where a kind added in a later release lands.
    static func caught(_ error: NavStateError) -> String {
        do {
            throw error
        } catch NavStateError.stackInPlainPresentation {
            return "stackInPlainPresentation"
        } catch NavStateError.checkpointStackMissing {
            return "checkpointStackMissing"
        } catch NavStateError.checkpointBeyondStack {
            return "checkpointBeyondStack"
        } catch NavStateError.noSuchStack {
            return "noSuchStack"
        } catch NavStateError.emptyTabBar {
            return "emptyTabBar"
        } catch NavStateError.invalidTabID {
            return "invalidTabID"
        } catch NavStateError.duplicateTabID {
            return "duplicateTabID"
        } catch NavStateError.selectedTabMissing {
            return "selectedTabMissing"
        } catch NavStateError.contentSelectionWithoutColumn {
            return "contentSelectionWithoutColumn"
        } catch NavStateError.cannotDismiss {
            return "cannotDismiss"
        } catch NavStateError.cannotPop {
            return "cannotPop"
        } catch NavStateError.cannotPushOnto {
            return "cannotPushOnto"
        } catch NavStateError.checkpointNotFound {
            return "checkpointNotFound"
        } catch NavStateError.checkpointValueMismatch {
            return "checkpointValueMismatch"
        } catch {
            return "another kind"
        }
    }

    /// The kind each error is, told without its code: a kind added to
    /// the package and not to ``everyKind`` stops this file compiling.
    static func kindName(_ kind: SceneStateFailure?) -> String {
        switch kind {
        case nil: "another part's"
        case .stackInPlainPresentation: "stackInPlainPresentation"
        case .checkpointStackMissing: "checkpointStackMissing"
        case .checkpointBeyondStack: "checkpointBeyondStack"
        case .noSuchStack: "noSuchStack"
        case .emptyTabBar: "emptyTabBar"
        case .invalidTabID: "invalidTabID"
        case .duplicateTabID: "duplicateTabID"
        case .selectedTabMissing: "selectedTabMissing"
        case .contentSelectionWithoutColumn: "contentSelectionWithoutColumn"
        case .cannotDismiss: "cannotDismiss"
        case .cannotPop: "cannotPop"
        case .cannotPushOnto: "cannotPushOnto"
        case .checkpointNotFound: "checkpointNotFound"
        case .checkpointValueMismatch: "checkpointValueMismatch"
        }
    }

    @Test func eachKindIsCaughtByItsOwnPatternAndByNoEarlierOne() {
        ErrorMatching.expectEachKindCaughtByItsOwnPattern(
            Self.everyKind, caught: Self.caught, kind: { Self.kindName($0.sceneStateKind) }, code: \.code.name)
    }
}
