/// One screen a user would lose at the next launch: which value, saved
/// state or registration, where, and why. Its ``description`` is one line a
/// test failure shows as it is.
public struct RestorationFailure: Sendable, Hashable, CustomStringConvertible {
    /// What was checked: `round trip`, a fixture's file name, or `registry`.
    public var source: String
    /// Where: the value as the app wrote it, or the entry's place in the
    /// saved state (`stack root position 2`).
    public var location: String
    /// The tag the entry is saved under (`shop.route`), or the type.
    public var tag: String
    /// The coding path at which the payload stopped decoding, when that is
    /// the reason.
    public var codingPath: String?
    /// Why the screen would not come back.
    public var reason: String
    /// The saved payload, for an entry of a saved state (a fixture's, so
    /// the developer's, never a user's).
    public var payload: String?

    public init(
        source: String, location: String, tag: String, codingPath: String? = nil, reason: String, payload: String? = nil
    ) {
        self.source = source
        self.location = location
        self.tag = tag
        self.codingPath = codingPath
        self.reason = reason
        self.payload = payload
    }

    public var description: String {
        let path = codingPath.flatMap { $0.isEmpty ? nil : " at coding path '\($0)'" } ?? ""
        let saved = payload.map { " (saved as \($0))" } ?? ""
        return "\(source): \(location) '\(tag)'\(path): \(reason)\(saved)"
    }
}

/// A screen the app removed on purpose: a saved entry that matches is
/// dropped at the next launch, and a check of past releases expects it.
public enum IntendedRemoval: Sendable, Hashable {
    /// Every entry saved under this tag (a stable name or an alias).
    case type(String)
    /// The entries of one case of an enum registered under `tag`, as
    /// Swift's synthesized `Codable` writes it (`{"debug":{}}`).
    case enumCase(String, of: String)
}
