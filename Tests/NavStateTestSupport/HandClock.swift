import Foundation
import Testing

/// Waits advanced by hand, for code that takes its `sleep` as a function
/// (`SceneLifecycle`, `NavigationPathSaver`): each `sleep` parks until the
/// test lets it go, so a test says exactly when a wait has passed.
///
/// A wait whose task is cancelled ends at once, as `Task.sleep` does: the
/// code under test cancels what it no longer needs (a window closed, an
/// object gone), and a wait parked for ever would keep its task, and what
/// the task holds, until the process ends (LeakSanitizer reports it).
final class HandClock: Sendable {
    private struct Sleeper {
        let id: UUID
        let duration: Duration
        let resume: CheckedContinuation<Void, Never>
    }

    private let sleepers = Locked<[Sleeper]>([])

    var sleep: @Sendable (Duration) async -> Void {
        { duration in
            let id = UUID()
            await withTaskCancellationHandler {
                await withCheckedContinuation { continuation in
                    let parked = self.sleepers.withLock { sleepers -> Bool in
                        // Cancelled before it parked: it does not wait.
                        guard !Task.isCancelled else { return false }
                        sleepers.append(Sleeper(id: id, duration: duration, resume: continuation))
                        return true
                    }
                    if !parked { continuation.resume() }
                }
            } onCancel: {
                self.wake(id)
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

    /// Lets one wait go: its task was cancelled.
    private func wake(_ id: UUID) {
        let woken = sleepers.withLock { sleepers -> Sleeper? in
            guard let index = sleepers.firstIndex(where: { $0.id == id }) else { return nil }
            return sleepers.remove(at: index)
        }
        woken?.resume.resume()
    }
}

/// Waits, up to five seconds, for `condition` to hold (work started in a
/// task of its own, or on a store's queue); records an issue when it never
/// does. The five seconds count only while this wait gets to look: a main
/// actor held by other tests for seconds (the whole suite under a
/// sanitizer, on two cores) is not the awaited work failing to happen, so
/// the wait also looks at least 500 times before it gives up.
@MainActor
func eventually(
    _ what: String, sourceLocation: SourceLocation = #_sourceLocation, _ condition: @MainActor () throws -> Bool
) async rethrows {
    let deadline = ContinuousClock.now + .seconds(5)
    var looks = 0
    while ContinuousClock.now < deadline || looks < 500 {
        if try condition() { return }
        looks += 1
        await Task.yield()
        try? await Task.sleep(for: .milliseconds(1))
    }
    Issue.record("never happened: \(what)", sourceLocation: sourceLocation)
}
