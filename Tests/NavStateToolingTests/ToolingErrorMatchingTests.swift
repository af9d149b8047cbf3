import NavStateTooling
import NavStateModel
@testable import NavStateTestSupport
import Testing

/// How an app matches a `ToolingError`: by kind, in a `catch` (or a `switch`
/// over its `code` with a `default`), with a last `catch` for the kinds
/// it does not handle, so that code written today still compiles when a
/// later release adds a kind.
@Suite("Matching tooling errors")
struct ToolingErrorMatchingTests {
    /// One error of every kind.
    static let everyKind: [ToolingError] = [
        .wireFormat(.oddItemCount(3)),
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
        .invalidState(.emptyTabBar(.root)),
        .invalidRegistry(.unknownTag("x")),
        .invalidPayload(location: .value("x"), tag: "x"),
    ]

    /// What an app writes: a `catch` for each kind it handles and a last
    /// one for the rest, where a kind added in a later release lands.
    static func caught(_ error: ToolingError) -> String {
        do {
            throw error
        } catch ToolingError.wireFormat {
            return "wireFormat"
        } catch ToolingError.unreadable {
            return "unreadable"
        } catch ToolingError.unrecognisedDocument {
            return "unrecognisedDocument"
        } catch ToolingError.unknownSceneFormat {
            return "unknownSceneFormat"
        } catch ToolingError.splitColumnCount {
            return "splitColumnCount"
        } catch ToolingError.unknownSplitVisibility {
            return "unknownSplitVisibility"
        } catch ToolingError.unpairedStrings {
            return "unpairedStrings"
        } catch ToolingError.notOnePair {
            return "notOnePair"
        } catch ToolingError.flowStacksItemCount {
            return "flowStacksItemCount"
        } catch ToolingError.flowStacksStyleExpected {
            return "flowStacksStyleExpected"
        } catch ToolingError.flowStacksStringsExpected {
            return "flowStacksStringsExpected"
        } catch ToolingError.flowStacksPushOntoPlainPresentation {
            return "flowStacksPushOntoPlainPresentation"
        } catch ToolingError.invalidState {
            return "invalidState"
        } catch ToolingError.invalidRegistry {
            return "invalidRegistry"
        } catch ToolingError.invalidPayload {
            return "invalidPayload"
        } catch {
            return "another kind"
        }
    }

    /// The kind each error is, told without its code: a kind added to
    /// the package and not to ``everyKind`` stops this file compiling.
    static func kindName(_ kind: ToolingError.Kind) -> String {
        switch kind {
        case .wireFormat: "wireFormat"
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
        case .invalidState: "invalidState"
        case .invalidRegistry: "invalidRegistry"
        case .invalidPayload: "invalidPayload"
        }
    }

    @Test func eachKindIsCaughtByItsOwnPatternAndByNoEarlierOne() {
        ErrorMatching.expectEachKindCaughtByItsOwnPattern(
            Self.everyKind, caught: Self.caught, kind: { Self.kindName($0.kind) }, code: \.code.name)
    }
}
