/// An error building a ``DestinationRegistry``: a name that cannot be a tag,
/// a name two types claim, a type registered twice, a bad version.
///
/// These are programming errors an app meets the first time it runs, not
/// conditions of the user's data.
public enum RegistrationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Two different types claim the same stable name, alias, SwiftUI-qualified
    /// name or mangled name.
    case nameClaimedTwice(name: String, existingType: String, newType: String)
    /// One type was registered twice with different names, versions or aliases.
    case typeRegisteredTwice(type: String, existingName: String, newName: String)
    /// A stable name or alias that cannot be used as a tag.
    case invalidName(String, problem: NameProblem)
    /// A payload version below 1.
    case invalidVersion(type: String, version: Int)
    /// An upgrade step keyed by a version it cannot upgrade from.
    case invalidUpgrade(type: String, from: Int, version: Int)
    /// A validator for a type that is not registered.
    case unregisteredType(String)

    /// Why a name cannot be a tag.
    public enum NameProblem: Sendable, Hashable, CustomStringConvertible {
        /// The name is empty.
        case empty
        /// Longer than ``DestinationRegistry/maximumNameBytes``.
        case tooLong(bytes: Int)
        /// `@` separates a tag from its version in stored tags.
        case containsVersionSeparator
        /// The name holds a control character.
        case containsControlCharacter

        public var description: String {
            switch self {
            case .empty: "it is empty"
            case .tooLong(let bytes): "it is \(bytes) bytes long; names hold at most \(DestinationRegistry.maximumNameBytes)"
            case .containsVersionSeparator: "'@' separates a tag from its version in stored tags"
            case .containsControlCharacter: "it contains a control character"
            }
        }
    }

    public var description: String {
        switch self {
        case let .nameClaimedTwice(name, existingType, newType):
            "the name '\(name)' is claimed by both \(existingType) and \(newType); give one of them another stable name or drop the alias"
        case let .typeRegisteredTwice(type, existingName, newName):
            "\(type) is registered twice, as '\(existingName)' and as '\(newName)'; register each type once and list old names as aliases"
        case let .invalidName(name, problem):
            "'\(name)' cannot be a destination name: \(problem)"
        case let .invalidVersion(type, version):
            "\(type) cannot have payload version \(version); versions start at 1"
        case let .invalidUpgrade(type, from, version):
            "\(type) has an upgrade step from version \(from), but its steps must start at 1 and end below its version \(version)"
        case let .unregisteredType(type):
            "\(type) is not registered; register it before adding a validator for it"
        }
    }
}
