import Foundation
import Testing

/// Waits advanced by hand, for code that takes its `sleep` as a function
/// (`SceneLifecycle`, `NavigationPathSaver`): each `sleep` parks until the
/// test lets it go, so a test says exactly when a wait has passed.
final class HandClock: Sendable {
    private let sleepers = Locked<[(duration: Duration, resume: CheckedContinuation<Void, Never>)]>([])

    var sleep: @Sendable (Duration) async -> Void {
        { duration in
            await withCheckedContinuation { continuation in
                self.sleepers.withLock { $0.append((duration, continuation)) }
            }
        }
    }

    /// The durations asked for by the waits now parked.
    var waiting: [Duration] { sleepers.withLock { $0.map(\.duration) } }

    /// Lets every parked wait go.
    func advance() {
        let parked = sleepers.withLock { sleepers in
            defer { sleepers = [] }
            return sleepers
        }
        for sleeper in parked { sleeper.resume.resume() }
    }
}

/// Waits, up to five seconds, for `condition` to hold (work started in a
/// task of its own, or on a store's queue); records an issue when it never
/// does.
@MainActor
func eventually(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: @MainActor () throws -> Bool
) async rethrows {
    let deadline = ContinuousClock.now + .seconds(5)
    while ContinuousClock.now < deadline {
        if try condition() { return }
        await Task.yield()
        try? await Task.sleep(for: .milliseconds(1))
    }
    Issue.record("never happened: \(what)", sourceLocation: sourceLocation)
}
