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
        NavStateError.stackInPlainPresentation(presentation: 1, method: PresentationMethod.sheet, entries: 1),
        NavStateError.checkpointStackMissing(checkpoint: "x", stack: StackAddress.root),
        NavStateError.checkpointBeyondStack(checkpoint: "x", stack: StackAddress.root, keeps: 1, entries: 1),
        NavStateError.noSuchStack(StackAddress.root),
        NavStateError.emptyTabBar(StackAddress.root),
        NavStateError.invalidTabID("x", tabBar: StackAddress.root),
        NavStateError.duplicateTabID("x", tabBar: StackAddress.root),
        NavStateError.selectedTabMissing("x", tabBar: StackAddress.root),
        NavStateError.contentSelectionWithoutColumn(StackAddress.root),
        NavStateError.cannotDismiss(count: 1, presented: 1),
        NavStateError.cannotPop(count: 1, entries: 1),
        NavStateError.cannotPushOnto(PresentationMethod.sheet),
        NavStateError.checkpointNotFound("x"),
        NavStateError.checkpointValueMismatch(checkpoint: "x", expected: nil as String?, got: "x"),
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

    @Test func eachKindIsCaughtByItsOwnPatternAndByNoEarlierOne() throws {
        try ErrorMatching.expectEachKindCaughtByItsOwnPattern(
            Self.everyKind, caught: Self.caught, table: "NavStateModel/Scene/NavStateError+SceneStateCodes.swift")
    }
}
