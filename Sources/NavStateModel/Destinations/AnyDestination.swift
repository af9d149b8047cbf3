import Foundation

/// One destination with its type erased: Hashable, so a path of them can
/// drive `NavigationStack(path:)`, and Sendable, so a scene's state can go
/// to the store's thread.
///
/// What crosses to another thread is the encoded entry, never the app's
/// value: a route needs only `Codable & Hashable`, as `NavigationPath` asks,
/// and is not `Sendable` when it is a `public` type of another module. The
/// app's value (``base``) is encoded where the app made the destination,
/// and the store reads only the entry's bytes; a destination a restore
/// decoded holds a value made on the restore's thread, handed over whole
/// with the state and touched by nothing else.
///
/// It knows the stable name its type is registered under and keeps its
/// encoded payload, so saving never encodes the same destination twice. A
/// destination decoded from storage keeps the exact tag and payload text it
/// was read with.
///
/// ```swift
/// let destination = try AnyDestination(OrderRoute.detail(id: 7), in: registry)
/// if case .detail(let id)? = destination.as(OrderRoute.self) { … }
/// ```
public struct AnyDestination: Hashable, Sendable, CustomStringConvertible {
    /// Immutable and shared between copies, so a path copy is cheap.
    ///
    /// The fields a save reads for every element are usable from inlinable
    /// code, so the store's per-element loops compile to direct loads across
    /// the module boundary (measured: a 1,000-deep save went from 73 µs to
    /// 160 µs when they were calls).
    ///
    /// `@unchecked Sendable`: every field but `base` is `Sendable` and
    /// immutable; `base`, the app's value, is read only through ``base``,
    /// ``as(_:)``, `==` and `hash(into:)`, which the app's code calls (the
    /// store's threads read the entry), and is never changed.
    @usableFromInline
    final class Storage: @unchecked Sendable {
        let base: any Hashable
        let registration: DestinationRegistration
        let version: Int
        let entry: NavEntry
        /// The entry under its stable name, kept so that saving a deep path
        /// builds nothing per element.
        @usableFromInline let stableEntry: NavEntry
        /// UTF-8 bytes of the stable tag and of the payload.
        @usableFromInline let stableByteCounts: (tag: Int, payload: Int)
        @usableFromInline let persistence: DestinationPersistence

        init(base: any Hashable, registration: DestinationRegistration, version: Int, entry: NavEntry) {
            self.base = base
            self.registration = registration
            self.version = version
            self.entry = entry
            self.stableEntry = entry.tag == registration.name && entry.version == (version == 1 ? nil : version)
                ? entry
                : NavEntry(tag: registration.name, version: version == 1 ? nil : version, payload: entry.payload)
            self.stableByteCounts = (stableEntry.tag.utf8.count, stableEntry.payload.utf8.count)
            self.persistence = registration.persistence
        }
    }

    @usableFromInline let storage: Storage

    /// Erases a value whose type is registered in `registry`, encoding its
    /// payload once (JSON with sorted keys, so the same value always gives
    /// the same bytes).
    ///
    /// - Throws: `NavStateError.unregisteredType` when the type is not
    ///   registered, `NavStateError.encodingFailed` when
    ///   `JSONEncoder` rejects the value.
    public init<T: NavDestination>(_ value: T, in registry: DestinationRegistry) throws(NavStateError) {
        guard let registration = registry.registration(for: T.self) else {
            throw .unregisteredType(String(reflecting: T.self))
        }
        let payload = try Self.encodePayload(value, typeDescription: registration.typeDescription)
        let version = registration.version
        storage = Storage(
            base: value, registration: registration, version: version,
            entry: NavEntry(tag: registration.name, version: version == 1 ? nil : version, payload: payload))
    }

    /// A saved entry kept exactly as it was read, decoded by no type: what a
    /// scene part not shown yet this launch saved, written back unchanged
    /// by every save until the part appears and decodes it. Its ``base`` is
    /// the entry itself.
    package init(keeping entry: NavEntry) {
        let version = entry.version ?? 1
        let registration = DestinationRegistration(
            describing: entry.tag, version: version, aliases: [], automaticNames: [], qualifiedName: nil,
            mangledName: nil, persistence: .persisted)
        storage = Storage(base: entry, registration: registration, version: version, entry: entry)
    }

    /// A destination decoded from a stored entry.
    init(decoded base: any Hashable, registration: DestinationRegistration, version: Int, entry: NavEntry) {
        storage = Storage(base: base, registration: registration, version: version, entry: entry)
    }

    /// The destination value itself: the app's own, for the app's code.
    public var base: any Hashable { storage.base }

    /// The stable name the destination's type is registered under.
    public var name: String { storage.registration.name }

    /// The payload version the destination is encoded at.
    public var version: Int { storage.version }

    /// The destination's JSON text, exactly as it was read or first encoded.
    public var payload: String { storage.entry.payload }

    /// The entry as it was read, or as it will be written in the stored style:
    /// the original tag for a decoded destination, the stable name for a new one.
    public var entry: NavEntry { storage.entry }

    /// What the registry knew of the type when the destination was made.
    var registration: DestinationRegistration { storage.registration }

    /// The entry under the stable name, as a store writes it.
    @inlinable package var stableEntry: NavEntry { storage.stableEntry }

    /// Whether the destination is written as exactly `entry`; compares in
    /// place, copying nothing.
    @inlinable package func isStored(as entry: NavEntry) -> Bool {
        storage.stableEntry == entry
    }

    @inlinable package var storedByteCounts: (tag: Int, payload: Int) { storage.stableByteCounts }

    /// The destination's immutable storage: two destinations with the same
    /// storage (`===`) hold the same entry, so a store that kept this one
    /// knows it unchanged without comparing its strings.
    @inlinable package var storageObject: AnyObject? { storage }

    /// Whether the destination's type may be written to a store: `false`
    /// for a type registered with `persisted: false`.
    @inlinable public var isPersisted: Bool { storage.persistence == .persisted }

    /// The value, if it is a `T`.
    public func `as`<T>(_ type: T.Type) -> T? {
        storage.base as? T
    }

    /// The entry with its tag written in the given style.
    ///
    /// - Throws: `NavStateError.tagUnavailable` when the type
    ///   has no tag in that style (a private type's mangled name, say).
    public func entry(style: TagStyle) throws(NavStateError) -> NavEntry {
        switch style {
        case .asRead:
            return storage.entry
        case .stable:
            return storage.stableEntry
        case .qualified, .mangled:
            let tag = try storage.registration.tag(for: style, version: storage.version)
            return NavEntry(tag: tag, version: nil, payload: payload)
        }
    }

    public static func == (lhs: AnyDestination, rhs: AnyDestination) -> Bool {
        if lhs.storage === rhs.storage { return true }
        return Self.isEqual(lhs.storage.base, rhs.storage.base)
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(storage.registration.typeID)
        hasher.combine(storage.base)
    }

    public var description: String {
        "\(name)(\(payload))"
    }

    private static func isEqual<A: Hashable>(_ lhs: A, _ rhs: any Hashable) -> Bool {
        guard let rhs = rhs as? A else { return false }
        return lhs == rhs
    }

    static func encodePayload<T: Encodable>(_ value: T, typeDescription: String) throws(NavStateError) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        do {
            let data = try encoder.encode(value)
            return String(decoding: data, as: UTF8.self)
        } catch {
            throw .encodingFailed(type: typeDescription, description: String(describing: error))
        }
    }
}
