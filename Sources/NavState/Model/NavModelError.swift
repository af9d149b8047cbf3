/// An error from the model layer: registering destinations, erasing values,
/// and reading or writing the wire format.
///
/// Every case says what is wrong and, in ``description``, what to do about it.
public enum NavModelError: Error, Sendable, Hashable, CustomStringConvertible {
    /// Two different types claim the same stable name, alias, SwiftUI-qualified
    /// name or mangled name.
    case nameClaimedTwice(name: String, existingType: String, newType: String)
    /// One type was registered twice with different names, versions or aliases.
    case typeRegisteredTwice(type: String, existingName: String, newName: String)
    /// A stable name or alias that cannot be used as a tag.
    case invalidName(String, reason: String)
    /// A payload version below 1.
    case invalidVersion(type: String, version: Int)
    /// An upgrade step keyed by a version it cannot upgrade from.
    case invalidUpgrade(type: String, from: Int, version: Int)
    /// A value whose type is not in the registry.
    case unregisteredType(String)
    /// A value that `JSONEncoder` could not encode.
    case encodingFailed(type: String, description: String)
    /// A tag style asked for a name this type does not have (private and local
    /// types may have no mangled name).
    case tagUnavailable(type: String, style: TagStyle)
    /// A tag that no registered type answers to, met while translating tags.
    case unknownTag(String)

    /// The representation is not valid UTF-8.
    case invalidUTF8(byteOffset: Int)
    /// The representation is not valid JSON.
    case invalidJSON(byteOffset: Int, reason: String)
    /// The representation ended before its closing bracket.
    case truncated(byteOffset: Int)
    /// The top-level JSON value is not an array.
    case notAnArray(found: String)
    /// An item of the array is not a string.
    case nonStringItem(index: Int, found: String)
    /// The array holds an odd number of strings, so it is not a list of
    /// `[tag, payload]` pairs.
    case oddItemCount(Int)
    /// A manifest document that does not describe a registry.
    case invalidManifest(String)
    /// A scene state that breaks one of its invariants.
    case invalidSceneState(String)
    /// A scene JSON document that is not NavState's scene format.
    case invalidSceneJSON(String)
    /// An entry whose payload is not valid JSON.
    case invalidPayload(location: String, tag: String)
    /// No checkpoint of that name can be returned to.
    case checkpointNotFound(String)
    /// A value of the wrong type returned to a checkpoint.
    case checkpointValueMismatch(checkpoint: String, expected: String?, got: String)

    public var description: String {
        switch self {
        case let .nameClaimedTwice(name, existingType, newType):
            return "the name '\(name)' is claimed by both \(existingType) and \(newType); give one of them another stable name or drop the alias"
        case let .typeRegisteredTwice(type, existingName, newName):
            return "\(type) is registered twice, as '\(existingName)' and as '\(newName)'; register each type once and list old names as aliases"
        case let .invalidName(name, reason):
            return "'\(name)' cannot be a destination name: \(reason)"
        case let .invalidVersion(type, version):
            return "\(type) cannot have payload version \(version); versions start at 1"
        case let .invalidUpgrade(type, from, version):
            return "\(type) has an upgrade step from version \(from), but its steps must start at 1 and end below its version \(version)"
        case let .unregisteredType(type):
            return "\(type) is not registered; call registry.register(\(type).self, as: \"some.name\") before using it"
        case let .encodingFailed(type, description):
            return "a value of \(type) could not be encoded as JSON: \(description)"
        case let .tagUnavailable(type, style):
            return "\(type) has no \(style) tag; write it with stable tags instead"
        case let .unknownTag(tag):
            return "no registered type answers to the tag '\(tag)'; register it or add it as an alias"
        case let .invalidUTF8(offset):
            return "the representation is not valid UTF-8 (byte \(offset))"
        case let .invalidJSON(offset, reason):
            return "the representation is not valid JSON at byte \(offset): \(reason)"
        case let .truncated(offset):
            return "the representation ends early at byte \(offset); the file looks truncated"
        case let .notAnArray(found):
            return "the representation must be a JSON array of strings, but it is \(found)"
        case let .nonStringItem(index, found):
            return "item \(index) of the representation is \(found); every item must be a string"
        case let .oddItemCount(count):
            return "the representation has \(count) strings; it must hold [tag, payload] pairs, so an even number"
        case let .invalidManifest(reason):
            return "the registry manifest is not valid: \(reason)"
        case let .invalidSceneState(reason):
            return "the scene state is not valid: \(reason)"
        case let .invalidSceneJSON(reason):
            return "the scene JSON is not valid: \(reason)"
        case let .invalidPayload(location, tag):
            return "the payload of the \(tag) entry at \(location) is not valid JSON"
        case let .checkpointNotFound(name):
            return "there is no checkpoint '\(name)' to return to in this scene"
        case let .checkpointValueMismatch(checkpoint, expected, got):
            guard let expected else {
                return "checkpoint '\(checkpoint)' returns no value, but a \(got) was given; return without a value"
            }
            return "checkpoint '\(checkpoint)' returns a \(expected), but a \(got) was given; a handler for \(expected) would never see it"
        }
    }
}
