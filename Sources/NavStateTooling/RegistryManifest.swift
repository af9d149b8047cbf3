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
/// With `tree`, the manifest also names the app's tabs and columns, in scene
/// JSON's container form (`{"tabs":{"items":[{"id":"home","content":{"stack":[]}}],"selected":"home"}}`).
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
        /// Whether its entries may be saved (`"persistence": "neverPersisted"`
        /// in the JSON when not).
        public var isPersisted: Bool

        /// A description of one registered type.
        public init(
            name: String, version: Int = 1, aliases: [String] = [], swiftNames: [String] = [],
            qualifiedName: String? = nil, mangledName: String? = nil,
            isPersisted: Bool = true
        ) {
            self.name = name
            self.version = version
            self.aliases = aliases
            self.swiftNames = swiftNames
            self.qualifiedName = qualifiedName
            self.mangledName = mangledName
            self.isPersisted = isPersisted
        }

        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try container.decode(String.self, forKey: .name)
            version = try container.decodeIfPresent(Int.self, forKey: .version) ?? 1
            aliases = try container.decodeIfPresent([String].self, forKey: .aliases) ?? []
            swiftNames = try container.decodeIfPresent([String].self, forKey: .swiftNames) ?? []
            qualifiedName = try container.decodeIfPresent(String.self, forKey: .qualifiedName)
            mangledName = try container.decodeIfPresent(String.self, forKey: .mangledName)
            isPersisted = try container.decodeIfPresent(DestinationPersistence.self, forKey: .persistence) != .neverPersisted
        }

        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(name, forKey: .name)
            try container.encode(version, forKey: .version)
            try container.encode(aliases, forKey: .aliases)
            try container.encode(swiftNames, forKey: .swiftNames)
            try container.encodeIfPresent(qualifiedName, forKey: .qualifiedName)
            try container.encodeIfPresent(mangledName, forKey: .mangledName)
            try container.encode(isPersisted ? DestinationPersistence.persisted : .neverPersisted, forKey: .persistence)
        }

        private enum CodingKeys: String, CodingKey {
            case name, version, aliases, swiftNames, qualifiedName, mangledName, persistence
        }
    }

    /// The app's types, built-ins not included.
    public var types: [TypeDescription]
    /// The tabs and columns the app shows, as its restores' `RestoreOptions.tree`
    /// (every stack empty), or `nil` when it does not say: `navstate check`
    /// then fits each saved tree to it, as the app's restore will.
    public var tree: NavContainer<NavEntry>?

    /// A manifest of the given types; the built-in types are always known and are not listed.
    public init(types: [TypeDescription], tree: NavContainer<NavEntry>? = nil) {
        self.types = types
        self.tree = tree
    }

    /// The manifest declaring `tree`, the app's `RestoreOptions.tree`: its
    /// tabs and columns, every stack and selection left out.
    public func declaring(tree: NavContainer<AnyDestination>) -> RegistryManifest {
        var manifest = self
        manifest.tree = tree.emptied()
        return manifest
    }

    private enum CodingKeys: String, CodingKey { case types, tree }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        types = try container.decode([TypeDescription].self, forKey: .types)
        do {
            tree = try TreeJSON.readIfPresent(container, .tree, at: .root)
        } catch let error as SceneJSONError {
            throw DecodingError.dataCorruptedError(forKey: .tree, in: container, debugDescription: NavStateError(error).description)
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(types, forKey: .types)
        try container.encodeIfPresent(tree.map(TreeJSON.init), forKey: .tree)
    }

    /// Reads a manifest document and checks it describes a registry: every
    /// name valid, no tag claimed by two types, versions from 1.
    public init(json data: some Collection<UInt8>) throws(NavStateError) {
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
        if let tree = manifest.tree {
            do {
                try SceneState(content: tree).validate()
            } catch {
                throw .invalidSceneState(error)
            }
        }
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
