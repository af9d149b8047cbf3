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
/// Kinds of ``NavStateError``, package-wide so that kinds can be added without breaking an app's `switch`.
package enum RegistryFailure: NavStateFailure {
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

    /// The code of this kind.
    package var code: NavStateError.Code {
        switch self {
        case .nameClaimedTwice: .nameClaimedTwice
        case .typeRegisteredTwice: .typeRegisteredTwice
        case .invalidName: .invalidName
        case .invalidVersion: .invalidVersion
        case .invalidUpgrade: .invalidUpgrade
        case .unregisteredType: .unregisteredType
        case .encodingFailed: .encodingFailed
        case .tagUnavailable: .tagUnavailable
        case .unknownTag: .unknownTag
        }
    }
}

extension NavStateError {
    /// The registry's failure, when a registry threw this error.
    package var registryKind: RegistryFailure? { failure(as: RegistryFailure.self) }
}
