import Logging

extension NavStore {
    /// Stops every read and write of the file until ``resume()``: for an app
    /// that is about to be suspended.
    ///
    /// iOS terminates a suspended app that holds a file lock in an App Group
    /// container (exception code 0xdead10cc). SQLite holds locks only inside
    /// a transaction, and every NavStore transaction lives inside one call,
    /// so once this returns no transaction is open, and none starts: every
    /// call fails with ``NavStoreError/suspended(path:)`` instead, without
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
    /// `NavStateUI` does this on scene-phase changes; an app without it calls
    /// it when it enters the background (docs/store.md, "Suspension").
    public func suspend() async {
        // Nothing in it throws: the lock is held by whatever call is
        // running, so taking it waits for that call, and its transaction,
        // to end.
        _ = try? await perform { store throws(NavStoreError) in store.state.withLock { $0.isSuspended = true } }
        logger.debug("suspended store", metadata: ["path": "\(path)"])
    }

    /// Lets calls read and write the file again after ``suspend()``.
    public func resume() {
        state.withLock { $0.isSuspended = false }
        logger.debug("resumed store", metadata: ["path": "\(path)"])
    }

    /// Whether the store is between ``suspend()`` and ``resume()``.
    public var isSuspended: Bool {
        state.withLock { $0.isSuspended }
    }
}
