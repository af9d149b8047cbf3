import NavStateModel
@testable import NavStateTestSupport
import Testing

/// How an app matches a `WireFormatError`: by kind, in a `catch` (or a `switch`
/// over its `code` with a `default`), with a last `catch` for the kinds
/// it does not handle, so that code written today still compiles when a
/// later release adds a kind.
@Suite("Matching wire-format errors")
struct WireFormatErrorMatchingTests {
    /// One error of every kind.
    static let everyKind: [WireFormatError] = [
        .invalidUTF8(byteOffset: 1),
        .invalidJSON(byteOffset: 1, problem: "x"),
        .truncated(byteOffset: 1),
        .notAnArray(found: "x"),
        .nonStringItem(index: 1, found: "x"),
        .oddItemCount(1),
    ]

    /// What an app writes: a `catch` for each kind it handles and a last
    /// one for the rest, where a kind added in a later release lands.
    static func caught(_ error: WireFormatError) -> String {
        do {
            throw error
        } catch WireFormatError.invalidUTF8 {
            return "invalidUTF8"
        } catch WireFormatError.invalidJSON {
            return "invalidJSON"
        } catch WireFormatError.truncated {
            return "truncated"
        } catch WireFormatError.notAnArray {
            return "notAnArray"
        } catch WireFormatError.nonStringItem {
            return "nonStringItem"
        } catch WireFormatError.oddItemCount {
            return "oddItemCount"
        } catch {
            return "another kind"
        }
    }

    /// The kind each error is, told without its code: a kind added to
    /// the package and not to ``everyKind`` stops this file compiling.
    static func kindName(_ kind: WireFormatError.Kind) -> String {
        switch kind {
        case .invalidUTF8: "invalidUTF8"
        case .invalidJSON: "invalidJSON"
        case .truncated: "truncated"
        case .notAnArray: "notAnArray"
        case .nonStringItem: "nonStringItem"
        case .oddItemCount: "oddItemCount"
        }
    }

    @Test func eachKindIsCaughtByItsOwnPatternAndByNoEarlierOne() {
        ErrorMatching.expectEachKindCaughtByItsOwnPattern(
            Self.everyKind, caught: Self.caught, kind: { Self.kindName($0.kind) }, code: \.code.name)
    }
}
