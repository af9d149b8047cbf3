import Foundation

/// The decisions around `ProcessInfo.performExpiringActivity(withReason:using:)`,
/// which the SwiftUI glue runs a scene's last save and the store's suspension
/// in when the scene goes to the background. Apple: the system calls the
/// block with `expired` false when it grants the process time, and again,
/// on another thread, with `expired` true when the time is up; when it
/// cannot grant any, it calls the block once, with `expired` true.
/// The glue forwards each call here and does what it is told; the
/// decisions are tested on Linux in every order the calls can come.
///
/// `@unchecked Sendable`: the calls come on the system's threads, and the
/// one value inside is only touched under the lock.
package final class ExpiringWork: @unchecked Sendable {
    /// What to do with one call of the block.
    package enum Step: Sendable, Hashable {
        /// Run the work (the last save, then the suspension) and return
        /// from the block when it has ended. Also when the first call says
        /// the time is already up: the process is still running the block,
        /// and without the save and the suspension the scene's last state
        /// is lost and the store is left unsuspended.
        case runWork
        /// The time ran out while the work runs: suspend the store at once
        /// (`NavStore.suspendImmediately()`), which ends any wait for
        /// another process's lock, so the work ends at once and no lock is
        /// held when the process is suspended.
        case stopWork
        /// Nothing is left to do: the work ended, or was already told to stop.
        case nothing
    }

    private enum Stage { case notStarted, running, stopped, ended }

    private let lock = NSLock()
    private var stage = Stage.notStarted

    package init() {}

    /// What to do with a call of the block that says `expired`.
    package func callback(expired: Bool) -> Step {
        lock.lock()
        defer { lock.unlock() }
        switch stage {
        case .notStarted:
            stage = .running
            return .runWork
        case .running where expired:
            stage = .stopped
            return .stopWork
        case .running, .stopped, .ended:
            return .nothing
        }
    }

    /// The work has ended: a later call has nothing to stop.
    package func workEnded() {
        lock.lock()
        defer { lock.unlock() }
        stage = .ended
    }
}

/// The work a scene that went to the background needs done before the app
/// is suspended, as a scene's lifecycle decides it. The SwiftUI glue runs
/// ``run`` inside a background-task assertion and calls ``expire`` when the
/// system says the time is up; a UIKit scene delegate does the same with
/// `UIApplication.beginBackgroundTask(withName:expirationHandler:)`.
public struct BackgroundJob: Sendable {
    /// Confirms the launch if its screens were shown, saves, and suspends
    /// the store when the app may be suspended.
    public let run: @MainActor @Sendable () async -> Void
    /// Suspends the store at once, which ends a wait for another process's
    /// lock; may be called from any thread.
    public let expire: @Sendable () -> Void

    /// A job of `run`, whose work `expire` cuts short.
    public init(run: @escaping @MainActor @Sendable () async -> Void, expire: @escaping @Sendable () -> Void) {
        self.run = run
        self.expire = expire
    }
}

/// A window's (scene's) phase, as SwiftUI's `ScenePhase` or UIKit's scene
/// delegate reports it.
public enum WindowPhase: Sendable, Hashable {
    /// In the foreground and receiving events.
    case active
    /// In the foreground, not receiving events (an alert, the app switcher).
    case inactive
    /// Not visible: the app may be suspended soon.
    case background
}
