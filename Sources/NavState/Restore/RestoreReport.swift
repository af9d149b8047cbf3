public import Foundation

/// What a restore did: which revision it used and why, and every entry it
/// left out with the reason.
public struct RestoreReport: Sendable, Hashable {
    /// Why the state is what it is.
    public enum Outcome: String, Sendable, Hashable {
        /// A revision was restored (perhaps with some entries dropped).
        case restored
        /// The scene has never been saved (or was deleted).
        case noSavedState
        /// Every kept revision was skipped by the crash-loop guard, so the
        /// state is empty.
        case allRevisionsSkipped
        /// The revision was older than the maximum age, so the state is empty.
        case expired
    }

    /// A revision the crash-loop guard passed over.
    public struct SkippedRevision: Sendable, Hashable {
        public var revision: Int
        /// Restores of it the app never confirmed.
        public var unconfirmedRestores: Int
    }

    public var scene: String
    public var outcome: Outcome
    /// The revision the state came from; `nil` when none was used.
    public var revision: Int?
    /// The scene's head revision at the time of the restore.
    public var headRevision: Int?
    /// When the used revision was saved.
    public var savedAt: Date?
    /// Newer revisions skipped because restoring them kept failing.
    public var skipped: [SkippedRevision]
    /// Entries left out, with where they were and why.
    public var dropped: [DroppedEntry]

    /// True when the head revision came back whole.
    public var isComplete: Bool {
        outcome == .restored && skipped.isEmpty && dropped.isEmpty
    }
}

/// A restored scene: the typed state to show, and the report.
public struct RestoredScene: Sendable {
    public var state: SceneState<AnyDestination>
    public var report: RestoreReport
}
