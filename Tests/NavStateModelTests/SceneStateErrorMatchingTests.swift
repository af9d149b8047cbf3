import NavStateModel
@testable import NavStateTestSupport
import Testing

/// How an app matches a `SceneStateError`: by kind, in a `catch` (or a `switch`
/// over its `code` with a `default`), with a last `catch` for the kinds
/// it does not handle, so that code written today still compiles when a
/// later release adds a kind.
@Suite("Matching scene-state errors")
struct SceneStateErrorMatchingTests {
    /// One error of every kind.
    static let everyKind: [SceneStateError] = [
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
    static func caught(_ error: SceneStateError) -> String {
        do {
            throw error
        } catch SceneStateError.stackInPlainPresentation {
            return "stackInPlainPresentation"
        } catch SceneStateError.checkpointStackMissing {
            return "checkpointStackMissing"
        } catch SceneStateError.checkpointBeyondStack {
            return "checkpointBeyondStack"
        } catch SceneStateError.noSuchStack {
            return "noSuchStack"
        } catch SceneStateError.emptyTabBar {
            return "emptyTabBar"
        } catch SceneStateError.invalidTabID {
            return "invalidTabID"
        } catch SceneStateError.duplicateTabID {
            return "duplicateTabID"
        } catch SceneStateError.selectedTabMissing {
            return "selectedTabMissing"
        } catch SceneStateError.contentSelectionWithoutColumn {
            return "contentSelectionWithoutColumn"
        } catch SceneStateError.cannotDismiss {
            return "cannotDismiss"
        } catch SceneStateError.cannotPop {
            return "cannotPop"
        } catch SceneStateError.cannotPushOnto {
            return "cannotPushOnto"
        } catch SceneStateError.checkpointNotFound {
            return "checkpointNotFound"
        } catch SceneStateError.checkpointValueMismatch {
            return "checkpointValueMismatch"
        } catch {
            return "another kind"
        }
    }

    /// The kind each error is, told without its code: a kind added to
    /// the package and not to ``everyKind`` stops this file compiling.
    static func kindName(_ kind: SceneStateError.Kind) -> String {
        switch kind {
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
            Self.everyKind, caught: Self.caught, kind: { Self.kindName($0.kind) }, code: \.code.name)
    }
}
