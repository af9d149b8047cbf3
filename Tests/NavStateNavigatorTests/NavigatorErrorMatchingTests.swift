import Foundation
import NavState
import NavStateModel
import NavStateNavigator
@testable import NavStateTestSupport
import Testing

/// How an app matches a `NavStateError`: by kind, in a `catch` (or a `switch`
/// over its `code` with a `default`), with a last `catch` for the kinds
/// it does not handle, so that code written today still compiles when a
/// later release adds a kind.
@Suite("Matching navigator errors")
struct NavigatorErrorMatchingTests {
    /// One error of every kind.
    static let everyKind: [NavStateError] = [
        NavStateError.handoffTooLarge(bytes: 1, limit: 1),
        NavStateError.notAHandoff(),
        NavStateError.unreadableHandoff("x"),
        NavStateError.unencodableHandoff("x"),
        NavStateError.noEntry(EntryLocation.stack(.root, position: 3)),
    ]

    /// What an app writes: a `catch` for each kind it handles and a last
    /// one for the rest, where a kind added in a later release lands.
    static func caught(_ error: NavStateError) -> String {
        do {
            throw error
        } catch NavStateError.handoffTooLarge {
            return "handoffTooLarge"
        } catch NavStateError.notAHandoff {
            return "notAHandoff"
        } catch NavStateError.unreadableHandoff {
            return "unreadableHandoff"
        } catch NavStateError.unencodableHandoff {
            return "unencodableHandoff"
        } catch NavStateError.noEntry {
            return "noEntry"
        } catch {
            return "another kind"
        }
    }

    @Test func eachKindIsCaughtByItsOwnPatternAndByNoEarlierOne() throws {
        try ErrorMatching.expectEachKindCaughtByItsOwnPattern(
            Self.everyKind, caught: Self.caught, table: "NavStateNavigator/NavStateError+NavigatorCodes.swift")
    }

    @Test func aRealFailureIsCaughtByItsKind() throws {
        let link = try #require(URL(string: "https://example.com/orders/1"))
        do {
            _ = try SceneHandoff.payload(inLink: link)
            Issue.record("a link without a handoff gave a payload")
        } catch NavStateError.notAHandoff {
            // The kind alone: a pattern, no binding.
        } catch {
            Issue.record("caught \(error) as another kind")
        }
    }
}
