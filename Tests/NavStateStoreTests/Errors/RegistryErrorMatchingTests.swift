import NavState
import NavStateModel
@testable import NavStateTestSupport
import Testing

/// How an app matches a `NavStateError`: by kind, in a `catch` (or a `switch`
/// over its `code` with a `default`), with a last `catch` for the kinds
/// it does not handle, so that code written today still compiles when a
/// later release adds a kind. Here, beside the store's, not in the model's
/// tests: an app matches with the operators NavState declares.
@Suite("Matching registry errors")
struct RegistryErrorMatchingTests {
    /// One error of every kind.
    static let everyKind: [NavStateError] = [
        NavStateError.nameClaimedTwice(name: "x", existingType: "x", newType: "x"),
        NavStateError.typeRegisteredTwice(type: "x", existingName: "x", newName: "x"),
        NavStateError.invalidName("x"),
        NavStateError.invalidVersion(type: "x", version: 1),
        NavStateError.invalidUpgrade(type: "x", from: 1, version: 1),
        NavStateError.unregisteredType("x"),
        NavStateError.encodingFailed(type: "x", description: "x"),
        NavStateError.tagUnavailable(type: "x", style: TagStyle.asRead),
        NavStateError.unknownTag("x"),
    ]

    /// What an app writes: a `catch` for each kind it handles and a last
    /// one for the rest, where a kind added in a later release lands.
    static func caught(_ error: NavStateError) -> String {
        do {
            throw error
        } catch NavStateError.nameClaimedTwice {
            return "nameClaimedTwice"
        } catch NavStateError.typeRegisteredTwice {
            return "typeRegisteredTwice"
        } catch NavStateError.invalidName {
            return "invalidName"
        } catch NavStateError.invalidVersion {
            return "invalidVersion"
        } catch NavStateError.invalidUpgrade {
            return "invalidUpgrade"
        } catch NavStateError.unregisteredType {
            return "unregisteredType"
        } catch NavStateError.encodingFailed {
            return "encodingFailed"
        } catch NavStateError.tagUnavailable {
            return "tagUnavailable"
        } catch NavStateError.unknownTag {
            return "unknownTag"
        } catch {
            return "another kind"
        }
    }

    @Test func eachKindIsCaughtByItsOwnPatternAndByNoEarlierOne() throws {
        try ErrorMatching.expectEachKindCaughtByItsOwnPattern(
            Self.everyKind, caught: Self.caught, table: "NavStateModel/Destinations/NavStateError+RegistryCodes.swift")
    }
}
