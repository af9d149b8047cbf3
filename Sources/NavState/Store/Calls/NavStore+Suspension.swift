import Logging
import NavStateSQLite

extension NavStore {
    /// Stops every read and write of the file until ``resume()``: for an app
    /// that is about to be suspended.
    ///
    /// iOS terminates a suspended app that holds a file lock in an App Group
    /// container (exception code 0xdead10cc). SQLite holds locks only inside
    /// a transaction, and every NavStore transaction lives inside one call,
    /// so once this returns no transaction is open, and none starts: every
    /// call fails with `NavStateError.suspended` instead, without
    /// touching the file. The calls queued before it (the last save of a
    /// scene going to the background) finish first.
    ///
    /// ```swift
    /// try await navigator.flush()   // inside a background task
    /// await store.suspend()
    /// // … back in the foreground:
    /// store.resume()
    /// ```
    ///
    /// The SwiftUI faces do this on scene-phase changes; an app without it calls
    /// it when it enters the background (NavState.docc/TheStore.md, "Suspension").
    public func suspend() async {
        // Nothing in it throws: the lock is held by whatever call is
        // running, so taking it waits for that call, and its transaction,
        // to end.
        _ = try? await perform { store throws(NavStateError) in store.state.withLock { $0.isSuspended = true } }
        logger.debug("suspended store", metadata: ["path": "\(path)"])
    }

    /// Suspends the store at once, from any thread, without waiting for
    /// the call that is running: for when an app's background time runs
    /// out. A call waiting for another connection's lock (an extension
    /// writing the same file) stops waiting and fails with
    /// `NavStateError.suspended`, taking no lock; a statement
    /// already running finishes (they take microseconds), and every later
    /// call fails the same way until ``resume()``. A navigator keeps its
    /// state and saves it after the resume.
    ///
    /// `sqlite3_interrupt` does not end a wait in SQLite's busy handler, so
    /// the store's own handler looks at the suspension between tries.
    public func suspendImmediately() {
        busyWait.stop(true)
        logger.debug("suspended store at once", metadata: ["path": "\(path)"])
    }

    /// Lets calls read and write the file again after ``suspend()`` or
    /// ``suspendImmediately()``.
    public func resume() {
        busyWait.stop(false)
        state.withLock { $0.isSuspended = false }
        logger.debug("resumed store", metadata: ["path": "\(path)"])
    }

    /// Whether the store is between ``suspend()`` (or
    /// ``suspendImmediately()``) and ``resume()``.
    public var isSuspended: Bool {
        busyWait.isStopped || state.withLock { $0.isSuspended }
    }
}
