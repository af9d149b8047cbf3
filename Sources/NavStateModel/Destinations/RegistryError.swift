/// A registry refused something: building it (a name that cannot be a
/// tag, a name two types claim, a type registered twice, a bad version or
/// upgrade step), or turning a value into a destination or an entry (its
/// type is not registered, it does not encode, its tag cannot be written in
/// the style asked for).
///
/// These are programming errors an app meets the first time it runs the
/// code in question, not conditions of the user's data: what a restore
/// cannot read is a ``DropReason`` in its report instead.
public enum RegistryError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Registering: two different types claim the same stable name, alias,
    /// SwiftUI-qualified name or mangled name.
    case nameClaimedTwice(name: String, existingType: String, newType: String)
    /// Registering: one type was registered twice with different names,
    /// versions or aliases.
    case typeRegisteredTwice(type: String, existingName: String, newName: String)
    /// Registering: a stable name or alias that cannot be used as a tag: it
    /// is empty, longer than ``DestinationRegistry/maximumNameBytes``, or
    /// holds `@` (which separates a tag from its version in stored tags) or
    /// a control character. The description says which.
    case invalidName(String)
    /// Registering: a payload version below 1.
    case invalidVersion(type: String, version: Int)
    /// Registering: an upgrade step keyed by a version it cannot upgrade from.
    case invalidUpgrade(type: String, from: Int, version: Int)
    /// A type that is not registered: a value pushed, presented or erased
    /// into a destination, or a validator added for it.
    case unregisteredType(String)
    /// Erasing a value: `JSONEncoder` could not encode it.
    case encodingFailed(type: String, description: String)
    /// Writing an entry: the tag style asked for a name this type does not
    /// have (private and local types may have no mangled name).
    case tagUnavailable(type: String, style: TagStyle)
    /// Rewriting tags: no registered type answers to this tag.
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
