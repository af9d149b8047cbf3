import Foundation

/// Everything the registry knows about one destination type.
///
/// Decoding goes through the captured closure, so the registry never has to
/// look a type up by name at run time (`_typeByName` is never called).
package struct DestinationRegistration: Sendable {
    /// Every field, in one immutable object that copies share. A
    /// registration is copied into every destination a restore decodes, so
    /// a copy is one retain; with the fields inline it would be about
    /// twenty (each an atomic operation, on a shared object when several
    /// cores decode at once).
    private final class Fields: Sendable {
        let name: String
        let version: Int
        let aliases: [String]
        let qualifiedName: String?
        let otherQualifiedNames: [String]
        let mangledName: String?
        let otherMangledNames: [String]
        let persistence: DestinationPersistence
        let isBuiltIn: Bool
        let typeID: ObjectIdentifier?
        let typeDescription: String
        let decodePayload: (@Sendable (String) throws -> any Hashable)?
        let upgrades: [Int: PayloadUpgrade]
        let validator: (@Sendable (any Hashable) async -> ValidationVerdict)?

        init(
            name: String, version: Int, aliases: [String], qualifiedName: String?, otherQualifiedNames: [String],
            mangledName: String?, otherMangledNames: [String], persistence: DestinationPersistence, isBuiltIn: Bool,
            typeID: ObjectIdentifier?, typeDescription: String,
            decodePayload: (@Sendable (String) throws -> any Hashable)?,
            upgrades: [Int: PayloadUpgrade], validator: (@Sendable (any Hashable) async -> ValidationVerdict)?
        ) {
            self.name = name
            self.version = version
            self.aliases = aliases
            self.qualifiedName = qualifiedName
            self.otherQualifiedNames = otherQualifiedNames
            self.mangledName = mangledName
            self.otherMangledNames = otherMangledNames
            self.persistence = persistence
            self.isBuiltIn = isBuiltIn
            self.typeID = typeID
            self.typeDescription = typeDescription
            self.decodePayload = decodePayload
            self.upgrades = upgrades
            self.validator = validator
        }

        func replacing(
            upgrades: [Int: PayloadUpgrade]? = nil,
            validator: (@Sendable (any Hashable) async -> ValidationVerdict)?? = nil
        ) -> Fields {
            Fields(
                name: name, version: version, aliases: aliases, qualifiedName: qualifiedName,
                otherQualifiedNames: otherQualifiedNames, mangledName: mangledName, otherMangledNames: otherMangledNames,
                persistence: persistence, isBuiltIn: isBuiltIn, typeID: typeID, typeDescription: typeDescription,
                decodePayload: decodePayload, upgrades: upgrades ?? self.upgrades, validator: validator ?? self.validator)
        }
    }

    private var fields: Fields

    /// The stable name the app chose.
    package var name: String { fields.name }
    /// The current payload version.
    package var version: Int { fields.version }
    /// Old names the app listed (after a rename, say).
    package var aliases: [String] { fields.aliases }
    /// `String(reflecting: T.self)` or, for built-ins, SwiftUI's spelling.
    /// `nil` only for a described type whose manifest did not say.
    package var qualifiedName: String? { fields.qualifiedName }
    /// Other automatic names: platform spellings of the qualified name.
    var otherQualifiedNames: [String] { fields.otherQualifiedNames }
    /// The mangled name used by NavigationBackport and FlowStacks, if any.
    package var mangledName: String? { fields.mangledName }
    /// Other platforms' mangled names (UUID mangles differently on Linux).
    var otherMangledNames: [String] { fields.otherMangledNames }
    package var persistence: DestinationPersistence { fields.persistence }
    package var isBuiltIn: Bool { fields.isBuiltIn }
    /// The Swift type's identity; `nil` for a type known only by its
    /// description (a manifest), which can resolve tags but not decode.
    var typeID: ObjectIdentifier? { fields.typeID }
    /// A readable type name for error messages.
    package var typeDescription: String { fields.typeDescription }
    /// Decodes payload text: the fast decoder when it is sure, else
    /// JSONDecoder. `nil` for a type known only by its description.
    var decodePayload: (@Sendable (String) throws -> any Hashable)? { fields.decodePayload }
    /// Upgrade steps keyed by the version they upgrade from.
    package var upgrades: [Int: PayloadUpgrade] {
        get { fields.upgrades }
        set { fields = fields.replacing(upgrades: newValue) }
    }
    /// The app's check that a restored destination is still valid.
    var validator: (@Sendable (any Hashable) async -> ValidationVerdict)? {
        get { fields.validator }
        set { fields = fields.replacing(validator: .some(newValue)) }
    }

    /// The names that resolve to this type automatically (not chosen by the app).
    package var automaticNames: [String] {
        (qualifiedName.map { [$0] } ?? []) + otherQualifiedNames + (mangledName.map { [$0] } ?? []) + otherMangledNames
    }

    /// True when two registrations describe the same thing, so merging
    /// registries that both hold it is not a clash.
    func isSameRegistration(as other: DestinationRegistration) -> Bool {
        typeID == other.typeID && typeDescription == other.typeDescription && name == other.name && version == other.version
            && aliases == other.aliases && persistence == other.persistence
    }

    package func tag(for style: TagStyle, version entryVersion: Int) throws(NavStateError) -> String {
        switch style {
        case .asRead, .stable:
            return entryVersion == 1 ? name : "\(name)@\(entryVersion)"
        case .qualified:
            guard let qualifiedName else {
                throw .tagUnavailable(type: typeDescription, style: TagStyle.qualified)
            }
            return qualifiedName
        case .mangled:
            guard let mangledName else {
                throw .tagUnavailable(type: typeDescription, style: TagStyle.mangled)
            }
            return mangledName
        }
    }
}

extension DestinationRegistration {
    init<T: NavDestination>(
        _ type: T.Type,
        name: String,
        version: Int,
        aliases: [String],
        persistence: DestinationPersistence,
        upgrades: [Int: PayloadUpgrade] = [:],
        qualifiedName: String? = nil,
        otherQualifiedNames: [String] = [],
        mangledName: String? = nil,
        otherMangledNames: [String] = [],
        isBuiltIn: Bool = false
    ) {
        fields = Fields(
            name: name, version: version, aliases: aliases, qualifiedName: qualifiedName ?? String(reflecting: type),
            otherQualifiedNames: otherQualifiedNames, mangledName: mangledName ?? _mangledTypeName(type),
            otherMangledNames: otherMangledNames, persistence: persistence, isBuiltIn: isBuiltIn,
            typeID: ObjectIdentifier(type), typeDescription: String(reflecting: type),
            decodePayload: { [decoding = TypedDecoding<T>() as any PayloadDecoding] in try decoding.decode($0) },
            upgrades: upgrades, validator: nil)
    }
}

/// Decodes a payload as one type, held as an existential so the closures
/// that run a restore on its own threads capture no metatype of the app's
/// (a route is not `Sendable`, and neither is its metatype).
package protocol PayloadDecoding: Sendable {
    func decode(_ payload: String) throws -> any Hashable
}

package struct TypedDecoding<T: NavDestination>: PayloadDecoding {
    package init() {}

    package func decode(_ payload: String) throws -> any Hashable {
        do {
            return try FastPayloadDecoder.decode(T.self, from: payload)
        } catch {
            // Not one `FastPayloadDecoder` decodes as JSONDecoder would.
        }
        return try JSONDecoder().decode(T.self, from: Data(payload.utf8))
    }
}

extension DestinationRegistration {
    /// A type known only by its description: what a manifest says of an app
    /// version's registry. It resolves tags exactly as the type would, by
    /// the same claim rules, but cannot decode payloads.
    package init(
        describing name: String, version: Int, aliases: [String], automaticNames: [String],
        qualifiedName: String?, mangledName: String?, persistence: DestinationPersistence
    ) {
        fields = Fields(
            name: name, version: version, aliases: aliases, qualifiedName: qualifiedName,
            otherQualifiedNames: automaticNames.filter { $0 != qualifiedName && $0 != mangledName },
            mangledName: mangledName, otherMangledNames: [], persistence: persistence, isBuiltIn: false,
            typeID: nil, typeDescription: name, decodePayload: nil, upgrades: [:], validator: nil)
    }
}
