import Foundation

/// Everything the registry knows about one destination type.
///
/// Decoding goes through the captured closure, so the registry never has to
/// look a type up by name at run time (`_typeByName` is never called).
struct DestinationRegistration: Sendable {
    /// The stable name the app chose.
    let name: String
    /// The current payload version.
    let version: Int
    /// Old names the app listed (after a rename, say).
    let aliases: [String]
    /// `String(reflecting: T.self)` or, for built-ins, SwiftUI's spelling.
    let qualifiedName: String
    /// Other automatic names: platform spellings of the qualified name.
    let otherQualifiedNames: [String]
    /// The mangled name used by NavigationBackport and FlowStacks, if any.
    let mangledName: String?
    /// Other platforms' mangled names (UUID mangles differently on Linux).
    let otherMangledNames: [String]
    let persistence: DestinationPersistence
    let isBuiltIn: Bool
    let typeID: ObjectIdentifier
    /// A readable type name for error messages.
    let typeDescription: String
    /// Decodes payload text: the fast decoder when it is sure, else JSONDecoder.
    let decodePayload: @Sendable (String) throws -> any Hashable & Sendable
    /// Upgrade steps keyed by the version they upgrade from.
    var upgrades: [Int: PayloadUpgrade] = [:]
    /// The app's check that a restored destination is still valid.
    var validator: (@Sendable (any Hashable & Sendable) async -> ValidationVerdict)?

    /// The names that resolve to this type automatically (not chosen by the app).
    var automaticNames: [String] {
        [qualifiedName] + otherQualifiedNames + (mangledName.map { [$0] } ?? []) + otherMangledNames
    }

    /// True when two registrations describe the same thing, so merging
    /// registries that both hold it is not a clash.
    func isSameRegistration(as other: DestinationRegistration) -> Bool {
        typeID == other.typeID && name == other.name && version == other.version
            && aliases == other.aliases && persistence == other.persistence
    }

    func tag(for style: TagStyle, version entryVersion: Int) throws(NavModelError) -> String {
        switch style {
        case .stored, .stable:
            return entryVersion == 1 ? name : "\(name)@\(entryVersion)"
        case .qualified:
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
            if let value = FastPayloadDecoder.decode(T.self, from: payload) { return value }
            return try JSONDecoder().decode(T.self, from: Data(payload.utf8))
        }
        self.upgrades = upgrades
    }
}
