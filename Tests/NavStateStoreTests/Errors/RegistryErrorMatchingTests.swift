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
        .nameClaimedTwice(name: "x", existingType: "x", newType: "x"),
        .typeRegisteredTwice(type: "x", existingName: "x", newName: "x"),
        .invalidName("x"),
        .invalidVersion(type: "x", version: 1),
        .invalidUpgrade(type: "x", from: 1, version: 1),
        .unregisteredType("x"),
        .encodingFailed(type: "x", description: "x"),
        .tagUnavailable(type: "x", style: .asRead),
        .unknownTag("x"),
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

    /// The kind each error is, told without its code: a kind added to
    /// the package and not to ``everyKind`` stops this file compiling.
    static func kindName(_ kind: RegistryFailure?) -> String {
        switch kind {
        case nil: "another part's"
        case .nameClaimedTwice: "nameClaimedTwice"
        case .typeRegisteredTwice: "typeRegisteredTwice"
        case .invalidName: "invalidName"
        case .invalidVersion: "invalidVersion"
        case .invalidUpgrade: "invalidUpgrade"
        case .unregisteredType: "unregisteredType"
        case .encodingFailed: "encodingFailed"
        case .tagUnavailable: "tagUnavailable"
        case .unknownTag: "unknownTag"
        }
    }

    @Test func eachKindIsCaughtByItsOwnPatternAndByNoEarlierOne() {
        ErrorMatching.expectEachKindCaughtByItsOwnPattern(
            Self.everyKind, caught: Self.caught, kind: { Self.kindName($0.registryKind) }, code: \.code.name)
    }
}
