import Foundation

/// Everything the registry knows about one destination type.
///
/// Decoding goes through the captured closure, so the registry never has to
/// look a type up by name at run time (`_typeByName` is never called).
package struct DestinationRegistration: Sendable {
    /// The stable name the app chose.
    package let name: String
    /// The current payload version.
    package let version: Int
    /// Old names the app listed (after a rename, say).
    package let aliases: [String]
    /// `String(reflecting: T.self)` or, for built-ins, SwiftUI's spelling.
    /// `nil` only for a described type whose manifest did not say.
    package let qualifiedName: String?
    /// Other automatic names: platform spellings of the qualified name.
    let otherQualifiedNames: [String]
    /// The mangled name used by NavigationBackport and FlowStacks, if any.
    package let mangledName: String?
    /// Other platforms' mangled names (UUID mangles differently on Linux).
    let otherMangledNames: [String]
    package let persistence: DestinationPersistence
    package let isBuiltIn: Bool
    /// The Swift type's identity; `nil` for a type known only by its
    /// description (a manifest), which can resolve tags but not decode.
    let typeID: ObjectIdentifier?
    /// A readable type name for error messages.
    let typeDescription: String
    /// Decodes payload text: the fast decoder when it is sure, else
    /// JSONDecoder. `nil` for a type known only by its description.
    let decodePayload: (@Sendable (String) throws -> any Hashable & Sendable)?
    /// Upgrade steps keyed by the version they upgrade from.
    var upgrades: [Int: PayloadUpgrade] = [:]
    /// The app's check that a restored destination is still valid.
    var validator: (@Sendable (any Hashable & Sendable) async -> ValidationVerdict)?

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

    package func tag(for style: TagStyle, version entryVersion: Int) throws(DestinationError) -> String {
        switch style {
        case .asRead, .stable:
            return entryVersion == 1 ? name : "\(name)@\(entryVersion)"
        case .qualified:
            guard let qualifiedName else {
                throw .tagUnavailable(type: typeDescription, style: .qualified)
            }
            return qualifiedName
        case .mangled:
            guard let mangledName else {
                throw .tagUnavailable(type: typeDescription, style: .mangled)
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
        self.name = name
        self.version = version
        self.aliases = aliases
        self.qualifiedName = qualifiedName ?? String(reflecting: type)
        self.otherQualifiedNames = otherQualifiedNames
        self.mangledName = mangledName ?? _mangledTypeName(type)
        self.otherMangledNames = otherMangledNames
        self.persistence = persistence
        self.isBuiltIn = isBuiltIn
        self.typeID = ObjectIdentifier(type)
        self.typeDescription = String(reflecting: type)
        self.decodePayload = { payload in
            do {
                return try FastPayloadDecoder.decode(T.self, from: payload)
            } catch {
                // Not one `FastPayloadDecoder` decodes as JSONDecoder would.
            }
            return try JSONDecoder().decode(T.self, from: Data(payload.utf8))
        }
        self.upgrades = upgrades
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
        self.name = name
        self.version = version
        self.aliases = aliases
        self.qualifiedName = qualifiedName
        self.otherQualifiedNames = automaticNames.filter { $0 != qualifiedName && $0 != mangledName }
        self.mangledName = mangledName
        self.otherMangledNames = []
        self.persistence = persistence
        self.isBuiltIn = false
        self.typeID = nil
        self.typeDescription = name
        self.decodePayload = nil
        self.upgrades = [:]
    }
}
