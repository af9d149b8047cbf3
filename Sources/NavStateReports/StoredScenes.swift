public import Foundation
public import NavStateModel

// What a store reports of its file to tools: listings, stored revisions,
// damage, prune results. Plain values, built by the store (NavState) and
// shown by NavStateTooling, which exports this module; `import NavState`
// does not bring them, so an app's view of the library stays small
// (NavState/Exports.swift), and the model knows nothing of a store.

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

    package init(scene: String, revision: Int, savedAt: Date, state: SceneState<NavEntry>) {
        self.scene = scene
        self.revision = revision
        self.savedAt = savedAt
        self.state = state
    }
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
    public var headIsMissing: Bool

    package init(scene: String, revision: Int, entryCount: Int, presentations: Int, updatedAt: Date, bytes: Int, headIsMissing: Bool = false) {
        self.scene = scene
        self.revision = revision
        self.entryCount = entryCount
        self.presentations = presentations
        self.updatedAt = updatedAt
        self.bytes = bytes
        self.headIsMissing = headIsMissing
    }
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

    package init(scenes: [PrunedScene], scenesRemoved: Int, revisionsRemoved: Int, isDryRun: Bool) {
        self.scenes = scenes
        self.scenesRemoved = scenesRemoved
        self.revisionsRemoved = revisionsRemoved
        self.isDryRun = isDryRun
    }
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

/// A scene whose head revision cannot be loaded, and why.
public struct SceneDamage: Sendable, Hashable {
    /// The scene's name.
    public var scene: String
    /// The head revision the scene names.
    public var revision: Int
    /// Why the head revision cannot be loaded: the first damage found.
    public var damage: Damage

    package init(scene: String, revision: Int, damage: Damage) {
        self.scene = scene
        self.revision = revision
        self.damage = damage
    }
}

/// A revision as `history(scene:)` lists it.
public struct RevisionSummary: Sendable, Hashable, Codable {
    /// The revision's number.
    public var revision: Int
    /// When it was saved, by the store's clock.
    public var savedAt: Date
    /// Entries in the revision, presentation destinations included.
    public var entryCount: Int
    /// Presentations in the revision.
    public var presentations: Int
    /// Tag and payload bytes of the revision.
    public var bytes: Int

    package init(revision: Int, savedAt: Date, entryCount: Int, presentations: Int, bytes: Int) {
        self.revision = revision
        self.savedAt = savedAt
        self.entryCount = entryCount
        self.presentations = presentations
        self.bytes = bytes
    }
}
