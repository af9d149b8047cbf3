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
        NavStateError.unreadable(codingPath: "x", description: "x"),
        NavStateError.unrecognisedDocument(),
        NavStateError.unknownSceneFormat(found: "x", known: "x"),
        NavStateError.splitColumnCount(at: "x", columns: 1),
        NavStateError.unknownSplitVisibility(at: "x", found: "x"),
        NavStateError.unpairedStrings(part: "x", count: 1),
        NavStateError.notOnePair(part: "x", count: 1),
        NavStateError.flowStacksItemCount(1),
        NavStateError.flowStacksStyleExpected(item: 1),
        NavStateError.flowStacksStringsExpected(route: 1),
        NavStateError.flowStacksPushOntoPlainPresentation(route: 1),
        NavStateError.invalidSceneState(NavStateError.emptyTabBar(StackAddress.root)),
        NavStateError.invalidRegistry(NavStateError.unknownTag("x")),
        NavStateError.invalidPayload(location: EntryLocation.value("x"), tag: "x"),
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

    @Test func eachKindIsCaughtByItsOwnPatternAndByNoEarlierOne() throws {
        try ErrorMatching.expectEachKindCaughtByItsOwnPattern(
            Self.everyKind, caught: Self.caught, table: "NavStateTooling/NavStateError+ToolingCodes.swift")
    }
}
