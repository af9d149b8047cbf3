/// A value an app navigates to: usually an enum case with associated values.
///
/// Anything `Codable` and `Hashable` qualifies, what `NavigationPath` asks:
/// a `public` route of a feature module needs no `Sendable`. Register the
/// type in a ``DestinationRegistry`` under a stable name to persist it.
///
/// ```swift
/// enum OrderRoute: NavDestination {
///     case list
///     case detail(id: Int)
/// }
/// ```
public typealias NavDestination = Codable & Hashable

/// Whether entries of a destination type may be written to a store: how a
/// registry and a manifest keep `register(_:as:…persisted:…)`.
@usableFromInline
package enum DestinationPersistence: String, Sendable, Hashable, Codable {
    /// Entries are saved and restored (the default).
    case persisted
    /// Entries are never written: a payment or password screen. Saving leaves
    /// such an entry, and what sits above it in its stack, out of the file.
    case neverPersisted
}
