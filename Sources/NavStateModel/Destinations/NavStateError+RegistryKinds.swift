extension NavStateError.Code {
    /// The code of ``NavStateError/nameClaimedTwice(name:existingType:newType:)``.
    public static let nameClaimedTwice = Self("nameClaimedTwice")
    /// The code of ``NavStateError/typeRegisteredTwice(type:existingName:newName:)``.
    public static let typeRegisteredTwice = Self("typeRegisteredTwice")
    /// The code of ``NavStateError/invalidName(_:)``.
    public static let invalidName = Self("invalidName")
    /// The code of ``NavStateError/invalidVersion(type:version:)``.
    public static let invalidVersion = Self("invalidVersion")
    /// The code of ``NavStateError/invalidUpgrade(type:from:version:)``.
    public static let invalidUpgrade = Self("invalidUpgrade")
    /// The code of ``NavStateError/unregisteredType(_:)``.
    public static let unregisteredType = Self("unregisteredType")
    /// The code of ``NavStateError/encodingFailed(type:description:)``.
    public static let encodingFailed = Self("encodingFailed")
    /// The code of ``NavStateError/tagUnavailable(type:style:)``.
    public static let tagUnavailable = Self("tagUnavailable")
    /// The code of ``NavStateError/unknownTag(_:)``.
    public static let unknownTag = Self("unknownTag")
}

extension NavStateError {
    /// Registering: two different types claim the same stable name, alias,
    /// SwiftUI-qualified name or mangled name.
    public static func nameClaimedTwice(name: String, existingType: String, newType: String) -> NavStateError {
        NavStateError(kind: RegistryFailure.nameClaimedTwice(name: name, existingType: existingType, newType: newType))
    }

    /// The code of ``nameClaimedTwice(name:existingType:newType:)``, for a `catch` pattern.
    public static let nameClaimedTwice = Code.nameClaimedTwice

    /// Registering: one type was registered twice with different names,
    /// versions or aliases.
    public static func typeRegisteredTwice(type: String, existingName: String, newName: String) -> NavStateError {
        NavStateError(kind: RegistryFailure.typeRegisteredTwice(type: type, existingName: existingName, newName: newName))
    }

    /// The code of ``typeRegisteredTwice(type:existingName:newName:)``, for a `catch` pattern.
    public static let typeRegisteredTwice = Code.typeRegisteredTwice

    /// Registering: a stable name or alias that cannot be used as a tag: it
    /// is empty, longer than ``DestinationRegistry/maximumNameBytes``, or
    /// holds `@` (which separates a tag from its version in stored tags) or
    /// a control character. The description says which.
    public static func invalidName(_ value: String) -> NavStateError {
        NavStateError(kind: RegistryFailure.invalidName(value))
    }

    /// The code of ``invalidName(_:)``, for a `catch` pattern.
    public static let invalidName = Code.invalidName

    /// Registering: a payload version below 1.
    public static func invalidVersion(type: String, version: Int) -> NavStateError {
        NavStateError(kind: RegistryFailure.invalidVersion(type: type, version: version))
    }

    /// The code of ``invalidVersion(type:version:)``, for a `catch` pattern.
    public static let invalidVersion = Code.invalidVersion

    /// Registering: an upgrade step keyed by a version it cannot upgrade from.
    public static func invalidUpgrade(type: String, from: Int, version: Int) -> NavStateError {
        NavStateError(kind: RegistryFailure.invalidUpgrade(type: type, from: from, version: version))
    }

    /// The code of ``invalidUpgrade(type:from:version:)``, for a `catch` pattern.
    public static let invalidUpgrade = Code.invalidUpgrade

    /// A type that is not registered: a value pushed, presented or erased
    /// into a destination, or a validator added for it.
    public static func unregisteredType(_ value: String) -> NavStateError {
        NavStateError(kind: RegistryFailure.unregisteredType(value))
    }

    /// The code of ``unregisteredType(_:)``, for a `catch` pattern.
    public static let unregisteredType = Code.unregisteredType

    /// Erasing a value: `JSONEncoder` could not encode it.
    public static func encodingFailed(type: String, description: String) -> NavStateError {
        NavStateError(kind: RegistryFailure.encodingFailed(type: type, description: description))
    }

    /// The code of ``encodingFailed(type:description:)``, for a `catch` pattern.
    public static let encodingFailed = Code.encodingFailed

    /// Writing an entry: the tag style asked for a name this type does not
    /// have (private and local types may have no mangled name).
    public static func tagUnavailable(type: String, style: TagStyle) -> NavStateError {
        NavStateError(kind: RegistryFailure.tagUnavailable(type: type, style: style))
    }

    /// The code of ``tagUnavailable(type:style:)``, for a `catch` pattern.
    public static let tagUnavailable = Code.tagUnavailable

    /// Rewriting tags: no registered type answers to this tag.
    public static func unknownTag(_ value: String) -> NavStateError {
        NavStateError(kind: RegistryFailure.unknownTag(value))
    }

    /// The code of ``unknownTag(_:)``, for a `catch` pattern.
    public static let unknownTag = Code.unknownTag
}
