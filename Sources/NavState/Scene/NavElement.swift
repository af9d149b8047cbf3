/// What a scene state can hold: a raw ``NavEntry`` (as stored) or a decoded
/// ``AnyDestination`` (as an app uses it).
public protocol NavElement: Hashable, Sendable {
    /// The name of the element's type, compared with a checkpoint's declared
    /// value type: the stable name of a destination, the tag of an entry.
    var typeName: String { get }
}

extension NavEntry: NavElement {
    public var typeName: String { tag }
}

extension AnyDestination: NavElement {
    public var typeName: String { name }
}
