/// What a stored revision holds that a valid scene state cannot: a tampered
/// or damaged file, told as a value a caller can switch on.
///
/// The one cause behind ``DropReason/damaged(_:)``, a revision a restore
/// skipped for damage, a scene a load refuses, and what `navstate check`
/// reports. Entries that sit above a damaged one are not damage themselves:
/// they are dropped with ``DropReason/aboveDroppedEntry(_:)``.
public enum Damage: Error, Sendable, Hashable, CustomStringConvertible {
    // The rows a revision is built from.

    /// The scene's name is in the file but none of its revisions is.
    case noRevision
    /// Revision `revision`, which the one read builds on (or is), is not in
    /// the file.
    case missingRevision(Int)
    /// The revision names a base outside 1…its own number.
    case invalidBase(Int)
    /// The row of revision `revision` (the one read, or one it builds on)
    /// cannot be used; `problem` says why ("its checksum does not match: …").
    case unreadableRow(revision: Int, problem: String)
    /// The revision's layout (presentations, checkpoints, values) does not
    /// decode.
    case unreadableLayout
    /// SQLite reports the pages holding the revision's rows malformed.
    case unreadablePages
    /// The scene is at the largest revision number a file holds, so no save
    /// can follow it.
    case revisionNumberExhausted(Int)
    /// The scene's id is outside the range a file's ids fall in: its rows
    /// cannot be told from another scene's, so no save can follow them.
    case sceneIDOutOfRange(Int)

    // The state those rows build.

    /// A stack holds more entries than the limit.
    case pastEntryLimit(stack: StackAddress, limit: Int)
    /// The layout holds more stacks than the limit.
    case pastStackLimit(limit: Int)
    /// The layout's tab bars and split views nest deeper than the limit.
    case pastNestingLimit(limit: Int)
    /// An entry's payload is over the byte limit.
    case pastPayloadLimit(limit: Int)
    /// Presentation `presentation` (from 1) has no destination entry.
    case missingDestination(presentation: Int)
    /// Presentation `presentation` has more than one destination entry.
    case extraDestination(presentation: Int)
    /// A plain sheet or cover, which has no stack, holds entries.
    case stackInPlainPresentation(presentation: Int, method: PresentationMethod)
    /// Entries in a slot that no stack or presentation of the layout owns.
    case slotOutsideLayout(Int)
    /// A checkpoint points past what the revision holds.
    case checkpointPastState(checkpoint: String, stack: StackAddress, entriesKept: Int)
    /// The state rebuilt from the revision broke a scene-state rule.
    case brokenInvariant(NavStateError)

    // What a scene's rows say of themselves (`navstate check`; none of
    // these stops a restore).

    /// The scene's `kept_revisions` is out of range: every row is taken as
    /// history until the next save sets it.
    case keptRevisionsOutOfRange(Int)
    /// Revision rows numbered out of range, which are not history.
    case revisionsOutOfRange(count: Int)
    /// The head row's byte count is out of range.
    case headByteCountOutOfRange(Int)
    /// The head row's entry count is not its state's.
    case headEntryCountMismatch(recorded: Int, actual: Int)
    /// The head row's presentation count is not its state's.
    case headPresentationCountMismatch(recorded: Int, actual: Int)

    /// A short stable name for scripts: `missing-revision`, `unreadable-row`, …
    public var code: String {
        switch self {
        case .noRevision: "no-revision"
        case .missingRevision: "missing-revision"
        case .invalidBase: "invalid-base"
        case .unreadableRow: "unreadable-row"
        case .unreadableLayout: "unreadable-layout"
        case .unreadablePages: "unreadable-pages"
        case .revisionNumberExhausted: "revision-number-exhausted"
        case .sceneIDOutOfRange: "scene-id-out-of-range"
        case .pastEntryLimit: "past-entry-limit"
        case .pastPayloadLimit: "past-payload-limit"
        case .pastStackLimit: "past-stack-limit"
        case .pastNestingLimit: "past-nesting-limit"
        case .missingDestination: "missing-destination"
        case .extraDestination: "extra-destination"
        case .stackInPlainPresentation: "stack-in-plain-presentation"
        case .slotOutsideLayout: "slot-outside-layout"
        case .checkpointPastState: "checkpoint-past-state"
        case .brokenInvariant: "broken-invariant"
        case .keptRevisionsOutOfRange: "kept-revisions-out-of-range"
        case .revisionsOutOfRange: "revisions-out-of-range"
        case .headByteCountOutOfRange: "head-byte-count-out-of-range"
        case .headEntryCountMismatch: "head-entry-count-mismatch"
        case .headPresentationCountMismatch: "head-presentation-count-mismatch"
        }
    }

    public var description: String {
        switch self {
        case .noRevision:
            "the scene has no revision in the file"
        case let .missingRevision(number):
            "revision \(number), which it builds on, is not in the file"
        case let .invalidBase(base):
            "it names revision \(base) as its base"
        case let .unreadableRow(revision, problem):
            "the row of revision \(revision): \(problem)"
        case .unreadableLayout:
            "its layout does not decode"
        case .unreadablePages:
            "SQLite reports the pages holding its rows malformed"
        case let .revisionNumberExhausted(number):
            "the scene is at revision \(number), the largest a file holds"
        case let .sceneIDOutOfRange(id):
            "the scene's id is \(id), out of range"
        case let .pastEntryLimit(stack, limit):
            "stack \(stack) holds more than the limit of \(limit) entries"
        case let .pastStackLimit(limit):
            "its layout holds more than the limit of \(limit) stacks"
        case let .pastNestingLimit(limit):
            "its tab bars and split views nest deeper than the limit of \(limit)"
        case let .pastPayloadLimit(limit):
            "its payload is over the limit of \(limit) bytes"
        case let .missingDestination(presentation):
            "presentation \(presentation) has no destination entry"
        case let .extraDestination(presentation):
            "presentation \(presentation) has more than one destination entry"
        case let .stackInPlainPresentation(presentation, method):
            "presentation \(presentation) is a \(method.rawValue), which has no stack"
        case let .slotOutsideLayout(slot):
            "slot \(slot) belongs to no stack or presentation of the layout"
        case let .checkpointPastState(checkpoint, stack, kept):
            "checkpoint '\(checkpoint)' (stack \(stack), keeping \(kept)) points past what the revision holds"
        case let .brokenInvariant(error):
            "the rebuilt state broke an invariant: \(error)"
        case let .keptRevisionsOutOfRange(kept):
            "kept_revisions is \(kept), out of range: every row is taken as history until the next save sets it"
        case let .revisionsOutOfRange(count):
            "\(count) revision rows are numbered out of range: they are not history"
        case let .headByteCountOutOfRange(bytes):
            "its head row gives \(bytes) bytes"
        case let .headEntryCountMismatch(recorded, actual):
            "its head row counts \(recorded) entries; its state holds \(actual)"
        case let .headPresentationCountMismatch(recorded, actual):
            "its head row counts \(recorded) presentations; its state holds \(actual)"
        }
    }
}

/// Why one revision row cannot be used.
package enum RowFault: Error, Sendable, Hashable, CustomStringConvertible {
    /// Its change column is not a blob.
    case notABlob
    /// Its checksum does not match: the row was changed, or moved from
    /// another scene or revision.
    case checksumMismatch
    /// Its bytes are not a change this build reads; `offset` is where
    /// reading stopped.
    case undecodable(offset: Int)
    /// It is a revision's base but holds a change, not a whole state.
    case notWhole
    /// It keeps more entries of a slot than the slot holds.
    case keepsMoreThanHeld(slot: Int, kept: Int, held: Int)

    package var description: String {
        switch self {
        case .notABlob: "its change is not a blob"
        case .checksumMismatch: "its checksum does not match: the row was changed, or moved from another scene or revision"
        case let .undecodable(offset): "its change does not decode (at byte \(offset))"
        case .notWhole: "it does not hold a whole state"
        case let .keepsMoreThanHeld(slot, kept, held): "it keeps \(kept) entries of slot \(slot), which holds \(held)"
        }
    }
}
