/// What the restore engine keeps when some entries cannot be restored.
public enum RestorePolicy: String, Sendable, Hashable, CaseIterable, Codable {
    /// Drop only the entries that fail; keep everything else (the default).
    case dropUndecodable = "drop-undecodable"
    /// Cut each stack at its first failing entry.
    case truncateAtFirstFailure = "truncate-at-first-failure"
    /// Keep nothing if anything fails.
    case allOrNothing = "all-or-nothing"
}
