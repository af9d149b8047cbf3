import NavState
import NavStateModel
@testable import NavStateTestSupport
import Testing

/// How an app matches a `NavStateError`: by kind, in a `catch` (or a `switch`
/// over its `code` with a `default`), with a last `catch` for the kinds
/// it does not handle, so that code written today still compiles when a
/// later release adds a kind. Here, beside the store's, not in the model's
/// tests: an app matches with the operators NavState declares.
@Suite("Matching wire-format errors")
struct WireFormatErrorMatchingTests {
    /// One error of every kind.
    static let everyKind: [NavStateError] = [
        NavStateError.invalidUTF8(byteOffset: 1),
        NavStateError.invalidJSON(byteOffset: 1, problem: "x"),
        NavStateError.truncated(byteOffset: 1),
        NavStateError.notAnArray(found: "x"),
        NavStateError.nonStringItem(index: 1, found: "x"),
        NavStateError.oddItemCount(1),
    ]

    /// What an app writes: a `catch` for each kind it handles and a last
    /// one for the rest, where a kind added in a later release lands.
    static func caught(_ error: NavStateError) -> String {
        do {
            throw error
        } catch NavStateError.invalidUTF8 {
            return "invalidUTF8"
        } catch NavStateError.invalidJSON {
            return "invalidJSON"
        } catch NavStateError.truncated {
            return "truncated"
        } catch NavStateError.notAnArray {
            return "notAnArray"
        } catch NavStateError.nonStringItem {
            return "nonStringItem"
        } catch NavStateError.oddItemCount {
            return "oddItemCount"
        } catch {
            return "another kind"
        }
    }

    @Test func eachKindIsCaughtByItsOwnPatternAndByNoEarlierOne() throws {
        try ErrorMatching.expectEachKindCaughtByItsOwnPattern(
            Self.everyKind, caught: Self.caught, table: "NavStateModel/Wire/NavStateError+WireFormatCodes.swift")
    }
}
