public import Foundation
public import NavStateModel
import NavStateSQLite

/// What a restore did: which revision it used and why, and every entry it
/// left out with the reason.
public struct RestoreReport: Sendable, Hashable {
    /// Why the state is what it is.
    public enum Outcome: String, Sendable, Hashable {
        /// A revision was restored (perhaps with some entries dropped).
        case restored
        /// The scene has never been saved (or was deleted).
        case noSavedState
        /// The head and the revisions the guard may fall back to were all
        /// skipped (restored too often without a confirmation, or damaged),
        /// so the state is empty.
        case allRevisionsSkipped
        /// The revision was older than the maximum age, so the state is empty.
        case expired
    }

    /// A revision the crash-loop guard passed over.
    public struct SkippedRevision: Sendable, Hashable {
        /// The revision passed over.
        public var revision: Int
        /// Restores of it the app never confirmed.
        public var unconfirmedRestores: Int
        /// Why it could not be read, when it was skipped for damage rather
        /// than for unconfirmed restores. A damaged revision counts as a
        /// failed launch at once, so later restores skip it without trying.
        public var damage: Damage?
    }

    /// The scene restored.
    public var scene: String
    /// Why the state is what it is.
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
    /// What did not fit a valid scene state in the stored revision (a
    /// tampered or damaged file), each left out: entries are also in
    /// ``dropped`` with ``/NavStateModel/DropReason/damaged(_:)``; checkpoints only here.
    public var damage: [Damage] = []
    /// How the saved tree was fitted to ``RestoreOptions/tree``: tabs
    /// removed or added, a selection that fell back, a stack moved.
    public var treeChanges: [TreeChange] = []

    /// The report of a restore that found nothing saved for `scene`.
    package static func nothingSaved(scene: String) -> RestoreReport {
        RestoreReport(scene: scene, outcome: .noSavedState, revision: nil, headRevision: nil, savedAt: nil, skipped: [], dropped: [])
    }

    /// True when the head revision came back whole, in the tree it was
    /// saved in.
    public var isComplete: Bool {
        outcome == .restored && skipped.isEmpty && dropped.isEmpty && damage.isEmpty && treeChanges.isEmpty
    }
}
