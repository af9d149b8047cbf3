/// Maps destination types to the stable names an app chooses for them, and
/// decodes saved entries back into typed destinations.
///
/// A new registry already knows the built-in scalars (`Int`, `String`, `UUID`,
/// …). Each registered type answers to its stable name, its aliases, its
/// SwiftUI-qualified name (`MyApp.Route`) and its mangled name, so entries
/// written by SwiftUI, NavigationBackport or FlowStacks resolve too.
///
/// ```swift
/// var registry = DestinationRegistry()
/// try registry.register(OrderRoute.self, as: "orders", version: 2, aliases: ["order"])
/// ```
///
/// Registries compose: each feature module builds its own and the app merges
/// them with ``merge(_:)``. A name claimed by two types is an error, never a
/// silent override.
public struct DestinationRegistry: Sendable {
    /// How a tag reached its registration; decides how a tag without a
    /// version is read (see ``resolve(_:)``).
    package enum MatchKind: Sendable {
        /// The stable name or an alias the app chose.
        case chosen
        /// A SwiftUI-qualified or mangled name.
        case automatic
    }

    struct Match: Sendable {
        let index: Int
        let kind: MatchKind
    }

    package private(set) var registrations: [DestinationRegistration] = []
    private var byTag: [String: Match] = [:]
    private var byType: [ObjectIdentifier: Int] = [:]

    /// A registry that knows the built-in scalar types and nothing else.
    public init() {
        for registration in Self.builtInRegistrations {
            // The built-in table is constant and has no clashes; a failure here
            // is caught by the tests of the table itself.
            try? add(registration)
        }
    }

    /// A registry built by a closure, for one-expression setup.
    ///
    /// ```swift
    /// let registry = try DestinationRegistry { r in
    ///     try r.register(HomeRoute.self, as: "home")
    /// }
    /// ```
    public init(_ build: (inout DestinationRegistry) throws(NavStateError) -> Void) throws(NavStateError) {
        self.init()
        try build(&self)
    }

    /// Registers a destination type under a stable name.
    ///
    /// - Parameters:
    ///   - type: The destination type.
    ///   - name: The stable name written to storage. Choose it once and keep
    ///     it; rename the Swift type freely.
    ///   - version: The payload version, 1 unless the type's JSON changed shape.
    ///   - aliases: Old names the type answered to before, still read.
    ///   - persisted: `false` for screens that must never reach the disk (a
    ///     payment or password screen): saving leaves such an entry, and what
    ///     sits above it in its stack, out of the file.
    ///   - upgrades: Steps keyed by the version they upgrade from: `1` turns
    ///     a version-1 payload into version 2, and so on up to `version`.
    /// - Throws: ``NavStateError`` when a name is invalid or already taken, or
    ///   the type is already registered differently.
    public mutating func register<T: NavDestination>(
        _ type: T.Type,
        as name: String,
        version: Int = 1,
        aliases: [String] = [],
        persisted: Bool = true,
        upgrades: [Int: @Sendable (JSONValue) throws -> JSONValue] = [:]
    ) throws(NavStateError) {
        if let step = upgrades.keys.first(where: { $0 < 1 || $0 >= version }) {
            throw .invalidUpgrade(type: String(reflecting: type), from: step, version: version)
        }
        let registration = DestinationRegistration(
            type, name: name, version: version, aliases: aliases,
            persistence: persisted ? .persisted : .neverPersisted, upgrades: upgrades)
        try add(registration)
    }

    /// Adds the app's check that a restored destination still makes sense
    /// ("order 42 still exists"). A rejected destination is dropped with the
    /// reason the validator gives. The check may be asynchronous.
    ///
    /// - Throws: `NavStateError.unregisteredType` when `type` is not
    ///   registered.
    public mutating func addValidator<T: NavDestination>(
        for type: T.Type,
        _ validate: @escaping @Sendable (T) async -> ValidationVerdict
    ) throws(NavStateError) {
        guard let index = byType[ObjectIdentifier(type)] else {
            throw .unregisteredType(String(reflecting: type))
        }
        let check: any DestinationValidating = TypedValidation(validate: validate)
        registrations[index].validator = { value in await check.check(value) }
    }

    /// Adds every type of another registry to this one.
    ///
    /// Types both registries hold with the same registration (the built-ins,
    /// say) are kept once; any other shared name is an error naming both types.
    public mutating func merge(_ other: DestinationRegistry) throws(NavStateError) {
        var merged = self
        for registration in other.registrations {
            try merged.add(registration)
        }
        self = merged
    }

    /// This registry and another one, merged. See ``merge(_:)``.
    public func merging(_ other: DestinationRegistry) throws(NavStateError) -> DestinationRegistry {
        var merged = self
        try merged.merge(other)
        return merged
    }

    /// The stable names of every registered type, built-ins included.
    public var names: [String] {
        registrations.map(\.name)
    }

    /// True when a type is registered.
    public func contains<T>(_ type: T.Type) -> Bool {
        byType[ObjectIdentifier(type)] != nil
    }

    /// The stable name a type is registered under, if any.
    public func name<T>(of type: T.Type) -> String? {
        byType[ObjectIdentifier(type)].map { registrations[$0].name }
    }

    /// Whether entries of the type answering to `tag` may be saved; `nil` when
    /// no registered type answers to it.
    package func persistence(ofTag tag: String) -> DestinationPersistence? {
        byTag[tag].map { registrations[$0.index].persistence }
    }

    // MARK: Internals

    func registration<T>(for type: T.Type) -> DestinationRegistration? {
        byType[ObjectIdentifier(type)].map { registrations[$0] }
    }

    package func match(for tag: String) -> (DestinationRegistration, MatchKind)? {
        byTag[tag].map { (registrations[$0.index], $0.kind) }
    }

    /// Adds a registration, refusing any name another type already claims.
    /// The one place claim rules live: app registries and registries built
    /// from a manifest both come through here.
    package mutating func add(_ registration: DestinationRegistration) throws(NavStateError) {
        if let typeID = registration.typeID, let existingIndex = byType[typeID] {
            let existing = registrations[existingIndex]
            if existing.isSameRegistration(as: registration) { return }
            throw .typeRegisteredTwice(
                type: registration.typeDescription, existingName: existing.name, newName: registration.name)
        }
        guard registration.version >= 1 else {
            throw .invalidVersion(type: registration.typeDescription, version: registration.version)
        }
        for name in [registration.name] + registration.aliases {
            try Self.validate(name: name)
        }

        let index = registrations.count
        var claims: [(String, Match)] = []
        for name in [registration.name] + registration.aliases {
            claims.append((name, Match(index: index, kind: .chosen)))
        }
        for name in registration.automaticNames {
            claims.append((name, Match(index: index, kind: .automatic)))
        }
        var claimed: [String: Match] = [:]
        for (name, match) in claims {
            if let existing = byTag[name] {
                throw .nameClaimedTwice(
                    name: name,
                    existingType: registrations[existing.index].typeDescription,
                    newType: registration.typeDescription)
            }
            // A type's own names may coincide (a stable name equal to its
            // qualified name); the name the app chose wins.
            if claimed[name] == nil { claimed[name] = match }
        }

        registrations.append(registration)
        if let typeID = registration.typeID { byType[typeID] = index }
        byTag.merge(claimed) { current, _ in current }
    }

    /// The longest stable name or alias, in UTF-8 bytes.
    public static let maximumNameBytes = 256

    package static func validate(name: String) throws(NavStateError) {
        if problem(withName: name) != nil { throw .invalidName(name) }
    }

    /// Why `name` cannot be a stable name or alias, or `nil` when it can.
    package static func problem(withName name: String) -> String? {
        if name.isEmpty { return "it is empty" }
        let bytes = name.utf8.count
        if bytes > maximumNameBytes { return "it is \(bytes) bytes long; names hold at most \(maximumNameBytes)" }
        if name.contains("@") { return "'@' separates a tag from its version in stored tags" }
        if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
            return "it contains a control character"
        }
        return nil
    }
}

/// The app's check of one type, held as an existential so the closure a
/// restore calls captures no metatype of the app's.
private protocol DestinationValidating: Sendable {
    func check(_ value: any Hashable) async -> ValidationVerdict
}

private struct TypedValidation<T: NavDestination>: DestinationValidating {
    let validate: @Sendable (T) async -> ValidationVerdict

    func check(_ value: any Hashable) async -> ValidationVerdict {
        guard let typed = value as? T else { return .reject("not a \(String(reflecting: T.self))") }
        return await validate(typed)
    }
}
