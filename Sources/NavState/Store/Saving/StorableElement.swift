public import NavStateModel
import NavStateSQLite

/// An element the store can write: a raw ``/NavStateModel/NavEntry``, or an
/// ``/NavStateModel/AnyDestination`` written under its stable name.
///
/// The save path is generic over this so that a typed state is never copied
/// into entries as a whole: only the positions that changed are turned into
/// entries, which keeps a push onto a deep stack as cheap as onto a short one.
protocol StorableElement: NavElement {
    /// The entry as the store writes it.
    var storedEntry: NavEntry { get }
    /// Whether this element would be written as exactly `entry`.
    func isStored(as entry: NavEntry) -> Bool
    /// UTF-8 bytes of the stored tag and payload, for the limits.
    var storedByteCounts: (tag: Int, payload: Int) { get }
    /// An immutable object shared only by elements stored as the same
    /// entry, or `nil` when the element has none (a plain entry).
    var storageObject: AnyObject? { get }
}

extension NavEntry: StorableElement {
    var storedEntry: NavEntry { self }

    func isStored(as entry: NavEntry) -> Bool {
        self == entry
    }

    var storedByteCounts: (tag: Int, payload: Int) {
        (tag.utf8.count, payload.utf8.count)
    }

    var storageObject: AnyObject? { nil }
}

extension AnyDestination: StorableElement {
    var storedEntry: NavEntry { stableEntry }
}
