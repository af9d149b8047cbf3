/// What a scene state can hold: a raw ``NavEntry`` (as stored) or a decoded
/// ``AnyDestination`` (as an app uses it).
public protocol NavElement: Hashable, Sendable {
    /// The tag that names the element's type, which a checkpoint's declared
    /// value type is compared with. A destination's is its stable name (the
    /// tag a store writes); an entry's is its tag as written, so an entry
    /// read from a store answers with the same name its destination would.
    var typeTag: String { get }
}

extension NavEntry: NavElement {
    /// The tag as written.
    public var typeTag: String { tag }
}

extension AnyDestination: NavElement {
    /// The stable name the type is registered under.
    public var typeTag: String { name }
}
