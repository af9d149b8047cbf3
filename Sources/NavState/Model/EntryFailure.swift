/// Why one saved entry could not become a destination.
///
/// Decoding never gives up on a whole path because one entry is bad: each
/// entry yields either its destination or one of these.
public struct EntryFailure: Error, Sendable, Hashable, CustomStringConvertible {
    /// The entry's position in push order (0 is the bottom of the stack).
    public var position: Int
    /// The entry as it was read.
    public var entry: NavEntry
    /// What went wrong.
    public var reason: Reason

    public init(position: Int, entry: NavEntry, reason: Reason) {
        self.position = position
        self.entry = entry
        self.reason = reason
    }

    /// What went wrong with an entry.
    public enum Reason: Error, Sendable, Hashable, CustomStringConvertible {
        /// No registered type answers to the entry's tag.
        case unknownType
        /// The payload is not JSON that the registered type decodes.
        /// `codingPath` locates the failing field (`items[2].id`), empty when
        /// the payload as a whole is wrong.
        case payloadDoesNotDecode(codingPath: String, description: String)
        /// The entry was saved by a newer app whose payload version this
        /// registry does not know; reading it could misread it.
        case newerVersion(saved: Int, known: Int)
        /// The entry was saved at an older version and an upgrade step failed
        /// or is missing.
        case upgradeFailed(from: Int, description: String)

        public var description: String {
            switch self {
            case .unknownType:
                return "unknown type"
            case let .payloadDoesNotDecode(codingPath, description):
                let location = codingPath.isEmpty ? "" : " at \(codingPath)"
                return "payload does not decode\(location): \(description)"
            case let .newerVersion(saved, known):
                return "payload version \(saved) is newer than the version this app knows (\(known))"
            case let .upgradeFailed(from, description):
                return "upgrade from version \(from) failed: \(description)"
            }
        }
    }

    public var description: String {
        "entry \(position) '\(entry.wireTag)': \(reason)"
    }
}
