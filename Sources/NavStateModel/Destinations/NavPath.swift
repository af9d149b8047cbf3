public import Foundation

/// An inspectable, type-erased navigation stack: SwiftUI's `NavigationPath`
/// that you can iterate, test and save.
///
/// It has `NavigationPath`'s operations (`append`, `removeLast(_:)`, `count`,
/// `isEmpty`) and is a random-access, mutable, range-replaceable collection
/// of Hashable ``AnyDestination`` elements, so SwiftUI binds it directly:
///
/// ```swift
/// @State var path = NavPath(registry: registry)
/// NavigationStack(path: $path) { … }
///     .navigationDestination(for: AnyDestination.self) { destination in … }
/// try path.append(OrderRoute.detail(id: 7))
/// ```
///
/// The registry travels with the path so `append` can name and encode a value
/// when it is pushed; it takes no part in equality.
public struct NavPath: Sendable {
    /// The destinations, bottom of the stack first.
    public var elements: [AnyDestination]
    /// The registry that names the values appended to this path.
    public var registry: DestinationRegistry

    /// An empty path whose values are named by `registry`.
    public init(registry: DestinationRegistry) {
        self.elements = []
        self.registry = registry
    }

    /// A path holding `elements`, bottom first.
    public init(_ elements: some Sequence<AnyDestination>, registry: DestinationRegistry) {
        self.elements = Array(elements)
        self.registry = registry
    }

    /// Pushes a value whose type is registered in ``registry``.
    ///
    /// - Throws: `NavStateError.unregisteredType` when it is not.
    public mutating func append<T: NavDestination>(_ value: T) throws(NavStateError) {
        elements.append(try AnyDestination(value, in: registry))
    }

    /// The entries of this path in push order, tags in the given style.
    public func entries(style: TagStyle = .asRead) throws(NavStateError) -> [NavEntry] {
        var entries: [NavEntry] = []
        entries.reserveCapacity(elements.count)
        for element in elements {
            entries.append(try element.entry(style: style))
        }
        return entries
    }

    /// The path in SwiftUI's `CodableRepresentation` format.
    ///
    /// - Parameter style: How to write type tags; ``TagStyle/qualified`` gives
    ///   JSON that SwiftUI's `NavigationPath(_:)` decodes.
    public func representation(style: TagStyle = .asRead) throws(NavStateError) -> Data {
        PathRepresentation.encode(try entries(style: style))
    }
}

extension NavPath {
    /// Decodes SwiftUI's `CodableRepresentation` JSON, keeping every element
    /// that decodes: the one way to read a path.
    ///
    /// ```swift
    /// let decoded = try NavPath.decode(representation: data, registry: registry)
    /// path = decoded.path   // decoded.failures says what was left out
    /// ```
    ///
    /// - Returns: `path`, the elements that decoded, in push order, and
    ///   `failures`, the ones that did not, with why, located by their
    ///   position in push order in the original (`.stack(.root, position:)`).
    /// - Throws: ``NavStateError`` only when the document itself is not a
    ///   representation; one bad element never costs the others.
    public static func decode(
        representation data: some Collection<UInt8>,
        registry: DestinationRegistry
    ) throws(NavStateError) -> (path: NavPath, failures: [DroppedEntry]) {
        var path = NavPath(registry: registry)
        var failures: [DroppedEntry] = []
        for (position, entry) in try PathRepresentation.entries(from: data).enumerated() {
            switch registry.decode(entry) {
            case .success(let destination): path.elements.append(destination)
            case .failure(let reason):
                failures.append(DroppedEntry(location: .stack(.root, position: position), entry: entry, reason: reason))
            }
        }
        return (path, failures)
    }
}

extension NavPath: RandomAccessCollection, MutableCollection, RangeReplaceableCollection {
    /// An empty path that knows only the built-in scalar types.
    public init() {
        self.init(registry: DestinationRegistry())
    }

    /// The position of the bottom of the stack.
    public var startIndex: Int { elements.startIndex }
    /// The position one past the top of the stack.
    public var endIndex: Int { elements.endIndex }

    /// The destination at `position`, 0 being the bottom of the stack.
    public subscript(position: Int) -> AnyDestination {
        get { elements[position] }
        set { elements[position] = newValue }
    }

    /// Replaces the destinations in `subrange`, as `NavigationPath` edits do.
    public mutating func replaceSubrange<C: Collection<AnyDestination>>(_ subrange: Range<Int>, with newElements: C) {
        elements.replaceSubrange(subrange, with: newElements)
    }
}

extension NavPath: Hashable {
    public static func == (lhs: NavPath, rhs: NavPath) -> Bool {
        lhs.elements == rhs.elements
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(elements)
    }
}

extension NavPath: CustomStringConvertible {
    public var description: String {
        "NavPath(\(elements.map(\.description).joined(separator: ", ")))"
    }
}
