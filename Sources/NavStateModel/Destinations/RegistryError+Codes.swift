extension RegistryError {
    /// What kind of failure an error is: compare it with `==`, or match it
    /// in a `catch` (`catch RegistryError.nameClaimedTwice { … }`). Kinds are added in later
    /// releases; a `switch` over codes keeps a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The kind's name, as its static member spells it (`nameClaimedTwice`).
        public let name: String

        init(_ name: String) { self.name = name }

        public var description: String { name }

        /// The code of ``RegistryError/nameClaimedTwice(name:existingType:newType:)``.
        public static let nameClaimedTwice = Code("nameClaimedTwice")
        /// The code of ``RegistryError/typeRegisteredTwice(type:existingName:newName:)``.
        public static let typeRegisteredTwice = Code("typeRegisteredTwice")
        /// The code of ``RegistryError/invalidName(_:)``.
        public static let invalidName = Code("invalidName")
        /// The code of ``RegistryError/invalidVersion(type:version:)``.
        public static let invalidVersion = Code("invalidVersion")
        /// The code of ``RegistryError/invalidUpgrade(type:from:version:)``.
        public static let invalidUpgrade = Code("invalidUpgrade")
        /// The code of ``RegistryError/unregisteredType(_:)``.
        public static let unregisteredType = Code("unregisteredType")
        /// The code of ``RegistryError/encodingFailed(type:description:)``.
        public static let encodingFailed = Code("encodingFailed")
        /// The code of ``RegistryError/tagUnavailable(type:style:)``.
        public static let tagUnavailable = Code("tagUnavailable")
        /// The code of ``RegistryError/unknownTag(_:)``.
        public static let unknownTag = Code("unknownTag")

        /// Whether `error` is a `RegistryError` of this code: `catch RegistryError.nameClaimedTwice { … }`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? RegistryError)?.code == code
        }
    }

    /// What kind of failure this is.
    public var code: Code {
        switch kind {
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

    /// Whether `error` is of this code, in a `switch` over an error.
    public static func ~= (code: Code, error: RegistryError) -> Bool {
        error.code == code
    }

    /// Whether `error` is this very error, in a `catch`: `catch RegistryError.nameClaimedTwice(…)`.
    public static func ~= (pattern: RegistryError, error: any Error) -> Bool {
        (error as? RegistryError) == pattern
    }
}

extension RegistryError {
    /// Registering: two different types claim the same stable name, alias,
    /// SwiftUI-qualified name or mangled name.
    public static func nameClaimedTwice(name: String, existingType: String, newType: String) -> RegistryError {
        RegistryError(kind: .nameClaimedTwice(name: name, existingType: existingType, newType: newType))
    }

    /// The code of ``nameClaimedTwice(name:existingType:newType:)``, for a `catch` pattern.
    public static let nameClaimedTwice = Code.nameClaimedTwice

    /// Registering: one type was registered twice with different names,
    /// versions or aliases.
    public static func typeRegisteredTwice(type: String, existingName: String, newName: String) -> RegistryError {
        RegistryError(kind: .typeRegisteredTwice(type: type, existingName: existingName, newName: newName))
    }

    /// The code of ``typeRegisteredTwice(type:existingName:newName:)``, for a `catch` pattern.
    public static let typeRegisteredTwice = Code.typeRegisteredTwice

    /// Registering: a stable name or alias that cannot be used as a tag: it
    /// is empty, longer than ``DestinationRegistry/maximumNameBytes``, or
    /// holds `@` (which separates a tag from its version in stored tags) or
    /// a control character. The description says which.
    public static func invalidName(_ value: String) -> RegistryError {
        RegistryError(kind: .invalidName(value))
    }

    /// The code of ``invalidName(_:)``, for a `catch` pattern.
    public static let invalidName = Code.invalidName

    /// Registering: a payload version below 1.
    public static func invalidVersion(type: String, version: Int) -> RegistryError {
        RegistryError(kind: .invalidVersion(type: type, version: version))
    }

    /// The code of ``invalidVersion(type:version:)``, for a `catch` pattern.
    public static let invalidVersion = Code.invalidVersion

    /// Registering: an upgrade step keyed by a version it cannot upgrade from.
    public static func invalidUpgrade(type: String, from: Int, version: Int) -> RegistryError {
        RegistryError(kind: .invalidUpgrade(type: type, from: from, version: version))
    }

    /// The code of ``invalidUpgrade(type:from:version:)``, for a `catch` pattern.
    public static let invalidUpgrade = Code.invalidUpgrade

    /// A type that is not registered: a value pushed, presented or erased
    /// into a destination, or a validator added for it.
    public static func unregisteredType(_ value: String) -> RegistryError {
        RegistryError(kind: .unregisteredType(value))
    }

    /// The code of ``unregisteredType(_:)``, for a `catch` pattern.
    public static let unregisteredType = Code.unregisteredType

    /// Erasing a value: `JSONEncoder` could not encode it.
    public static func encodingFailed(type: String, description: String) -> RegistryError {
        RegistryError(kind: .encodingFailed(type: type, description: description))
    }

    /// The code of ``encodingFailed(type:description:)``, for a `catch` pattern.
    public static let encodingFailed = Code.encodingFailed

    /// Writing an entry: the tag style asked for a name this type does not
    /// have (private and local types may have no mangled name).
    public static func tagUnavailable(type: String, style: TagStyle) -> RegistryError {
        RegistryError(kind: .tagUnavailable(type: type, style: style))
    }

    /// The code of ``tagUnavailable(type:style:)``, for a `catch` pattern.
    public static let tagUnavailable = Code.tagUnavailable

    /// Rewriting tags: no registered type answers to this tag.
    public static func unknownTag(_ value: String) -> RegistryError {
        RegistryError(kind: .unknownTag(value))
    }

    /// The code of ``unknownTag(_:)``, for a `catch` pattern.
    public static let unknownTag = Code.unknownTag
}
