public import Foundation
public import NavStateModel
import NavStateSQLite

/// What one save did.
public struct SaveResult: Sendable, Hashable {
    /// The revision the save created, or the head's when the state was
    /// already the head's.
    public var revision: Int
    /// False when the state equalled the head's, so nothing was written.
    public var isNewRevision: Bool
    /// Entries left out because their type is never persisted
    /// (``/NavStateModel/DropReason/neverPersisted``), or because they sat
    /// above such an entry (``/NavStateModel/DropReason/aboveDroppedEntry(_:)``).
    public var omitted: [DroppedEntry]
    /// Entry rows inserted: the entries that changed since the head.
    public var entriesInserted: Int
    /// Entry rows closed: entries the new revision no longer holds.
    public var entriesClosed: Int
    /// Every row the save inserted, updated or deleted, all tables included.
    public var rowsWritten: Int
}

/// One saved revision of a scene.
public struct StoredRevision: Sendable, Hashable {
    /// The scene's name.
    public var scene: String
    /// The revision's number: 1 for the scene's first save, one more for each save after.
    public var revision: Int
    /// When the revision was saved, by the store's clock.
    public var savedAt: Date
    /// The state exactly as it was saved.
    public var state: SceneState<NavEntry>
}

/// A scene as `scenes()` lists it.
public struct SceneSummary: Sendable, Hashable, Codable {
    /// The scene's name.
    public var scene: String
    /// The head revision.
    public var revision: Int
    /// Entries in the head state, presentation destinations included
    /// (``/NavStateModel/SceneState/entryCount``).
    public var entryCount: Int
    /// Presentations in the head state.
    public var presentations: Int
    /// When the scene was last saved.
    public var updatedAt: Date
    /// Tag and payload bytes of the head state.
    public var bytes: Int
    /// True when the file holds the scene's name but none of its revisions
    /// (damage; revision, entry count, presentations and bytes are then 0,
    /// and ``updatedAt`` is when the scene was created).
    public var headIsMissing: Bool = false
}

/// What a prune removed, or would remove.
public struct PruneResult: Sendable, Hashable, Codable {
    /// Each scene the prune touched: deleted whole, or some of its older
    /// revisions removed. Sorted by name.
    public var scenes: [PrunedScene]
    /// Scenes deleted for not being saved recently.
    public var scenesRemoved: Int
    /// Revisions removed, those of deleted scenes included.
    public var revisionsRemoved: Int
    /// True when nothing was changed: the figures say what a prune would do.
    public var isDryRun: Bool
}

/// One scene a prune touched.
public struct PrunedScene: Sendable, Hashable, Codable {
    /// The scene's name.
    public var scene: String
    /// Revisions removed (all of them when the scene was deleted).
    public var revisionsRemoved: Int
    /// True when the whole scene was deleted for not being saved recently.
    public var deleted: Bool

    /// A scene a prune touched.
    public init(scene: String, revisionsRemoved: Int, deleted: Bool) {
        self.scene = scene
        self.revisionsRemoved = revisionsRemoved
        self.deleted = deleted
    }
}
