/// An error turning a value into a destination or an entry: its type is not
/// registered, it does not encode, or its tag cannot be written in the style
/// asked for.
public enum DestinationError: Error, Sendable, Hashable, CustomStringConvertible {
    /// A value whose type is not in the registry.
    case unregisteredType(String)
    /// A value that `JSONEncoder` could not encode.
    case encodingFailed(type: String, description: String)
    /// A tag style asked for a name this type does not have (private and local
    /// types may have no mangled name).
    case tagUnavailable(type: String, style: TagStyle)
    /// A tag that no registered type answers to, met while rewriting tags.
    case unknownTag(String)

    public var description: String {
        switch self {
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
