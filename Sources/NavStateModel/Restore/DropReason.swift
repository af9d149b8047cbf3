public import Foundation

/// Why an entry could not become a destination: the one failure vocabulary
/// of decoding, restoring and sanitising.
public enum DropReason: Error, Sendable, Hashable, CustomStringConvertible {
    /// No registered type answers to the entry's tag.
    case unknownType
    /// The payload does not decode; `codingPath` locates the failing field.
    case payloadDoesNotDecode(codingPath: String, description: String)
    /// A newer app saved it at a payload version this one does not know.
    case newerVersion(saved: Int, known: Int)
    /// The app's upgrade step from this version threw, or gave JSON that
    /// does not encode; `description` is what its error said.
    case upgradeFailed(from: Int, description: String)
    /// No upgrade step from this version to the next is registered.
    case upgradeStepMissing(from: Int)
    /// The type is known from a registry manifest only: there is no Swift
    /// type to decode it with (a tool's dry run).
    case noSwiftType
    /// The app's validator rejected the destination.
    case rejectedByValidator(String)
    /// The type is marked never persisted.
    case neverPersisted
    /// Its payload, `bytes` long, is past the store's limit (`limit`): it
    /// was left out of a save (a route that carries a whole model).
    case tooLargeToSave(bytes: Int, limit: Int)
    /// The revision is older than the configured maximum age.
    case expired(savedAt: Date)
    /// It decoded, but sits above a dropped entry (truncate policy), in a
    /// presentation whose destination was dropped, or above such a
    /// presentation.
    case aboveDroppedEntry(EntryLocation)
    /// It decoded, but another entry did not and the policy is all-or-nothing.
    case allOrNothing
    /// The tab or column it was saved in (the address) is not in this
    /// version of the app (``TreeChange``).
    case notInThisVersion(StackAddress)
    /// The stored revision holds it where a valid scene state cannot (a
    /// stack under a plain sheet, past a limit, a second destination): a
    /// tampered or damaged file.
    case damaged(Damage)

    /// A short stable name for scripts: `unknown-type`, `newer-version`, …
    public var code: String {
        switch self {
        case .unknownType: "unknown-type"
        case .payloadDoesNotDecode: "payload-does-not-decode"
        case .newerVersion: "newer-version"
        case .upgradeFailed: "upgrade-failed"
        case .upgradeStepMissing: "upgrade-step-missing"
        case .noSwiftType: "no-swift-type"
        case .rejectedByValidator: "rejected-by-validator"
        case .neverPersisted: "never-persisted"
        case .tooLargeToSave: "too-large-to-save"
        case .expired: "expired"
        case .aboveDroppedEntry: "above-dropped-entry"
        case .allOrNothing: "all-or-nothing"
        case .notInThisVersion: "not-in-this-version"
        case .damaged: "damaged"
        }
    }

    public var description: String {
        switch self {
        case .unknownType:
            return "unknown type"
        case let .payloadDoesNotDecode(codingPath, description):
            return codingPath.isEmpty
                ? "payload does not decode: \(description)"
                : "payload does not decode at \(codingPath): \(description)"
        case let .newerVersion(saved, known):
            return "payload version \(saved) is newer than the version this app knows (\(known))"
        case let .upgradeFailed(from, description):
            return "upgrade from version \(from) failed: \(description)"
        case let .upgradeStepMissing(from):
            return "no upgrade step from version \(from) to \(from + 1)"
        case .noSwiftType:
            return "the type is known from a manifest only, with no Swift type to decode it"
        case let .rejectedByValidator(reason):
            return "rejected by validator: \(reason)"
        case .neverPersisted:
            return "type is never persisted"
        case let .tooLargeToSave(bytes, limit):
            return "its payload is \(bytes) bytes, past the store's limit of \(limit): save an id, not the whole model"
        case let .expired(savedAt):
            return "expired (saved \(savedAt))"
        case let .aboveDroppedEntry(location):
            return "sits above the dropped entry at \(location)"
        case .allOrNothing:
            return "another entry failed and the policy is all-or-nothing"
        case let .notInThisVersion(address):
            return "this version of the app has no \(address) to restore it in"
        case let .damaged(damage):
            return "damaged in the file: \(damage)"
        }
    }
}

/// An entry that was left out, where it was, and why.
public struct DroppedEntry: Sendable, Hashable, CustomStringConvertible {
    /// Where the entry was.
    public var location: EntryLocation
    /// The entry as it was read.
    public var entry: NavEntry
    /// Why it was left out.
    public var reason: DropReason

    /// An entry left out at `location` for `reason`.
    public init(location: EntryLocation, entry: NavEntry, reason: DropReason) {
        self.location = location
        self.entry = entry
        self.reason = reason
    }

    public var description: String {
        "\(location) '\(entry.wireTag)': \(reason)"
    }
}
