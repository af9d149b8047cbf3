public import Foundation
public import NavStateModel

/// A registry described as data: which stable names, versions and tags an app
/// version knows, without its code.
///
/// The `navstate check` command reads one to tell, before an update ships,
/// which saved entries the new app would drop.
///
/// ```json
/// {"types":[{"aliases":["order"],"name":"orders","swiftNames":["MyApp.OrderRoute","5MyApp10OrderRouteO"],"version":2}]}
/// ```
///
/// `aliases` are the old names the app chose; `swiftNames` are the type's
/// SwiftUI-qualified and mangled names, which the registry adds by itself,
/// with `qualifiedName` and `mangledName` saying which is which for
/// translating tags. The built-in scalar types are always known and are not
/// listed.
public struct RegistryManifest: Codable, Sendable, Hashable {
    /// One registered type.
    public struct TypeDescription: Codable, Sendable, Hashable {
        /// The stable name the type is registered under.
        public var name: String
        /// Its payload version.
        public var version: Int
        /// Old names it still answers to.
        public var aliases: [String]
        /// The qualified and mangled names the registry added by itself.
        public var swiftNames: [String]
        /// The tag SwiftUI writes for the type (`MyApp.Route`).
        public var qualifiedName: String?
        /// The tag NavigationBackport and FlowStacks write (`5MyApp5RouteO`).
        public var mangledName: String?
        /// Whether its entries may be saved.
        public var persistence: DestinationPersistence

        /// A description of one registered type.
        public init(
            name: String, version: Int = 1, aliases: [String] = [], swiftNames: [String] = [],
            qualifiedName: String? = nil, mangledName: String? = nil,
            persistence: DestinationPersistence = .persisted
        ) {
            self.name = name
            self.version = version
            self.aliases = aliases
            self.swiftNames = swiftNames
            self.qualifiedName = qualifiedName
            self.mangledName = mangledName
            self.persistence = persistence
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
            aliases = try container.decodeIfPresent([String].self, forKey: .aliases) ?? []
            swiftNames = try container.decodeIfPresent([String].self, forKey: .swiftNames) ?? []
            qualifiedName = try container.decodeIfPresent(String.self, forKey: .qualifiedName)
            mangledName = try container.decodeIfPresent(String.self, forKey: .mangledName)
            persistence = try container.decodeIfPresent(DestinationPersistence.self, forKey: .persistence) ?? .persisted
        }
    }

    /// The app's types, built-ins not included.
    public var types: [TypeDescription]

    /// A manifest of the given types; the built-in types are always known and are not listed.
    public init(types: [TypeDescription]) {
        self.types = types
    }

    /// Reads a manifest document and checks it describes a registry: every
    /// name valid, no tag claimed by two types, versions from 1.
    public init(json data: some Collection<UInt8>) throws(ManifestError) {
        let manifest: RegistryManifest
        do {
            manifest = try JSONDecoder().decode(RegistryManifest.self, from: Data(data))
        } catch let error as DecodingError {
            let (codingPath, description) = error.located
            throw .unreadable(codingPath: codingPath, description: description)
        } catch {
            throw .unreadable(codingPath: "", description: String(describing: error))
        }
        _ = try DestinationRegistry(manifest: manifest)
        self = manifest
    }

    /// The manifest as pretty-printed JSON with sorted keys, stable across runs.
    ///
    /// - Throws: `EncodingError`, as `JSONEncoder` does: never for a
    ///   manifest of strings and integers, and never dropped if it did.
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }
}
