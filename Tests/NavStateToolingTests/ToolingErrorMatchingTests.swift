import NavStateTooling
import NavStateModel
@testable import NavStateTestSupport
import Testing

/// How an app matches a `NavStateError`: by kind, in a `catch` (or a `switch`
/// over its `code` with a `default`), with a last `catch` for the kinds
/// it does not handle, so that code written today still compiles when a
/// later release adds a kind.
@Suite("Matching tooling errors")
struct ToolingErrorMatchingTests {
    /// One error of every kind.
    static let everyKind: [NavStateError] = [
        .unreadable(codingPath: "x", description: "x"),
        .unrecognisedDocument,
        .unknownSceneFormat(found: "x", known: "x"),
        .splitColumnCount(at: "x", columns: 1),
        .unknownSplitVisibility(at: "x", found: "x"),
        .unpairedStrings(part: "x", count: 1),
        .notOnePair(part: "x", count: 1),
        .flowStacksItemCount(1),
        .flowStacksStyleExpected(item: 1),
        .flowStacksStringsExpected(route: 1),
        .flowStacksPushOntoPlainPresentation(route: 1),
        .invalidSceneState(.emptyTabBar(.root)),
        .invalidRegistry(.unknownTag("x")),
        .invalidPayload(location: .value("x"), tag: "x"),
    ]

    /// What an app writes: a `catch` for each kind it handles and a last
    /// one for the rest, where a kind added in a later release lands.
    static func caught(_ error: NavStateError) -> String {
        do {
            throw error
        } catch NavStateError.unreadable {
            return "unreadable"
        } catch NavStateError.unrecognisedDocument {
            return "unrecognisedDocument"
        } catch NavStateError.unknownSceneFormat {
            return "unknownSceneFormat"
        } catch NavStateError.splitColumnCount {
            return "splitColumnCount"
        } catch NavStateError.unknownSplitVisibility {
            return "unknownSplitVisibility"
        } catch NavStateError.unpairedStrings {
            return "unpairedStrings"
        } catch NavStateError.notOnePair {
            return "notOnePair"
        } catch NavStateError.flowStacksItemCount {
            return "flowStacksItemCount"
        } catch NavStateError.flowStacksStyleExpected {
            return "flowStacksStyleExpected"
        } catch NavStateError.flowStacksStringsExpected {
            return "flowStacksStringsExpected"
        } catch NavStateError.flowStacksPushOntoPlainPresentation {
            return "flowStacksPushOntoPlainPresentation"
        } catch NavStateError.invalidSceneState {
            return "invalidSceneState"
        } catch NavStateError.invalidRegistry {
            return "invalidRegistry"
        } catch NavStateError.invalidPayload {
            return "invalidPayload"
        } catch {
            return "another kind"
        }
    }

    /// The kind each error is, told without its code: a kind added to
    /// the package and not to ``everyKind`` stops this file compiling.
    static func kindName(_ kind: ToolingFailure?) -> String {
        switch kind {
        case nil: "another part's"
        case .unreadable: "unreadable"
        case .unrecognisedDocument: "unrecognisedDocument"
        case .unknownSceneFormat: "unknownSceneFormat"
        case .splitColumnCount: "splitColumnCount"
        case .unknownSplitVisibility: "unknownSplitVisibility"
        case .unpairedStrings: "unpairedStrings"
        case .notOnePair: "notOnePair"
        case .flowStacksItemCount: "flowStacksItemCount"
        case .flowStacksStyleExpected: "flowStacksStyleExpected"
        case .flowStacksStringsExpected: "flowStacksStringsExpected"
        case .flowStacksPushOntoPlainPresentation: "flowStacksPushOntoPlainPresentation"
        case .invalidSceneState: "invalidSceneState"
        case .invalidRegistry: "invalidRegistry"
        case .invalidPayload: "invalidPayload"
        }
    }

    @Test func eachKindIsCaughtByItsOwnPatternAndByNoEarlierOne() {
        ErrorMatching.expectEachKindCaughtByItsOwnPattern(
            Self.everyKind, caught: Self.caught, kind: { Self.kindName($0.toolingKind) }, code: \.code.name)
    }
}
