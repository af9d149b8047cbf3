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

    /// Options with the given policy, maximum age and crash-loop settings.
    public init(
        policy: RestorePolicy = .dropUndecodable, maximumAge: TimeInterval? = nil,
        crashLoopLimit: Int = 2, fallbackRevisions: Int = 2
    ) {
        self.policy = policy
        self.maximumAge = maximumAge
        self.crashLoopLimit = crashLoopLimit
        self.fallbackRevisions = fallbackRevisions
    }
}
