/// A registry refused something: building it (a name that cannot be a
/// tag, a name two types claim, a type registered twice, a bad version or
/// upgrade step), or turning a value into a destination or an entry (its
/// type is not registered, it does not encode, its tag cannot be written in
/// the style asked for).
///
/// These are programming errors an app meets the first time it runs the
/// code in question, not conditions of the user's data: what a restore
/// cannot read is a ``DropReason`` in its report instead.
///
/// Match a kind by its ``code``, in a `catch` or a `switch`:
/// `catch RegistryError.unregisteredType { … }`. Kinds are added in later releases without
/// breaking an app's code: a `switch` over ``code`` keeps a `default`.
public struct RegistryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What failed, with its details; ``code`` names its kind.
    package let kind: Kind

    package init(kind: Kind) { self.kind = kind }

    public var description: String { kind.description }
}

extension RegistryError {
    /// The failures a registry reports, package-wide so that kinds can be added without breaking an app's `switch`.
    package enum Kind: Sendable, Hashable, CustomStringConvertible {
        case nameClaimedTwice(name: String, existingType: String, newType: String)
        case typeRegisteredTwice(type: String, existingName: String, newName: String)
        case invalidName(String)
        case invalidVersion(type: String, version: Int)
        case invalidUpgrade(type: String, from: Int, version: Int)
        case unregisteredType(String)
        case encodingFailed(type: String, description: String)
        case tagUnavailable(type: String, style: TagStyle)
        case unknownTag(String)

        public var description: String {
            switch self {
            case let .nameClaimedTwice(name, existingType, newType):
                "the name '\(name)' is claimed by both \(existingType) and \(newType); give one of them another stable name or drop the alias"
            case let .typeRegisteredTwice(type, existingName, newName):
                "\(type) is registered twice, as '\(existingName)' and as '\(newName)'; register each type once and list old names as aliases"
            case let .invalidName(name):
                "'\(name)' cannot be a destination name: \(DestinationRegistry.problem(withName: name) ?? "it is refused")"
            case let .invalidVersion(type, version):
                "\(type) cannot have payload version \(version); versions start at 1"
            case let .invalidUpgrade(type, from, version):
                "\(type) has an upgrade step from version \(from), but its steps must start at 1 and end below its version \(version)"
            case let .unregisteredType(type):
                "\(type) is not registered; call registry.register(\(type).self, as: \"some.name\") before using it"
            case let .encodingFailed(type, description):
                "a value of \(type) could not be encoded as JSON: \(description)"
            case let .tagUnavailable(type, style):
                "\(type) has no \(style) tag; write it with stable tags instead"
            case let .unknownTag(tag):
                "no registered type answers to the tag '\(tag)'"
            }
        }
    }
}
