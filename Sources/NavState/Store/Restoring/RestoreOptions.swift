public import Foundation
public import NavStateModel
import NavStateSQLite

/// How a scene is restored.
public struct RestoreOptions: Sendable, Hashable {
    /// What a failing entry costs. Default ``/NavStateModel/RestorePolicy/dropUndecodable``.
    public var policy: RestorePolicy
    /// State saved longer ago than this is not restored. `nil`: no limit.
    public var maximumAge: TimeInterval?
    /// After this many restores of one revision that the app never
    /// confirmed, that revision is skipped for the one before it. Default 2.
    public var crashLoopLimit: Int
    /// How many revisions before the head the crash-loop guard may fall back
    /// to before it restores an empty state. Default 2: with the default
    /// limit an app crashing at launch crashes at most
    /// `crashLoopLimit × (1 + fallbackRevisions)` = 6 times in a row.
    public var fallbackRevisions: Int
    /// The tabs and columns this version of the app shows, as an empty tree
    /// (`.tabs(NavTabs(ids: ["home", "orders", "cart"]))`), or `nil` to
    /// restore the scene's tree as it was saved.
    ///
    /// The saved tree is fitted to it: tabs in this order, a saved tab the
    /// app removed dropped, a new one empty, a saved selection of a tab that
    /// is gone replaced by this tree's selection (its first tab unless it
    /// names another), a container whose kind changed (one stack that became
    /// a tab bar) restored into the stack on screen now. Each change is in
    /// ``RestoreReport/treeChanges``, each entry with nowhere to go in
    /// ``RestoreReport/dropped``. With nothing to restore, the state is
    /// this tree, empty.
    public var tree: NavContainer<AnyDestination>?

    /// Options with the given policy, maximum age and crash-loop settings.
    public init(
        policy: RestorePolicy = .dropUndecodable, maximumAge: TimeInterval? = nil,
        crashLoopLimit: Int = 2, fallbackRevisions: Int = 2, tree: NavContainer<AnyDestination>? = nil
    ) {
        self.policy = policy
        self.maximumAge = maximumAge
        self.crashLoopLimit = crashLoopLimit
        self.fallbackRevisions = fallbackRevisions
        self.tree = tree
    }
}
