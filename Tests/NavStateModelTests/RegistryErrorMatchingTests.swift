import NavStateModel
@testable import NavStateTestSupport
import Testing

/// How an app matches a `RegistryError`: by kind, in a `catch` (or a `switch`
/// over its `code` with a `default`), with a last `catch` for the kinds
/// it does not handle, so that code written today still compiles when a
/// later release adds a kind.
@Suite("Matching registry errors")
struct RegistryErrorMatchingTests {
    /// One error of every kind.
    static let everyKind: [RegistryError] = [
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
    static func caught(_ error: RegistryError) -> String {
        do {
            throw error
        } catch RegistryError.nameClaimedTwice {
            return "nameClaimedTwice"
        } catch RegistryError.typeRegisteredTwice {
            return "typeRegisteredTwice"
        } catch RegistryError.invalidName {
            return "invalidName"
        } catch RegistryError.invalidVersion {
            return "invalidVersion"
        } catch RegistryError.invalidUpgrade {
            return "invalidUpgrade"
        } catch RegistryError.unregisteredType {
            return "unregisteredType"
        } catch RegistryError.encodingFailed {
            return "encodingFailed"
        } catch RegistryError.tagUnavailable {
            return "tagUnavailable"
        } catch RegistryError.unknownTag {
            return "unknownTag"
        } catch {
            return "another kind"
        }
    }

    /// The kind each error is, told without its code: a kind added to
    /// the package and not to ``everyKind`` stops this file compiling.
    static func kindName(_ kind: RegistryError.Kind) -> String {
        switch kind {
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
            Self.everyKind, caught: Self.caught, kind: { Self.kindName($0.kind) }, code: \.code.name)
    }
}
