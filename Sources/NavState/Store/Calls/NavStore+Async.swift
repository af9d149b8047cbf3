import Dispatch
public import NavStateModel

// The calls an app makes from its UI: each suspends its caller, runs the
// synchronous call of the same name on the store's own serial queue, and
// resumes the caller with the result. The main actor never blocks on SQLite,
// on the disk, or on another process's lock (up to the busy timeout).
// `perform(_:)` is the one runner: the async calls below are it, named, and
// any other call (a tool's listing or prune) gets its async form through it.
extension NavStore {
    /// Runs synchronous store calls on the store's own serial queue and
    /// resumes the caller with their result, as GRDB's
    /// `DatabaseWriter.write(_:)` runs its closure: what any store call the
    /// app makes off the main thread goes through.
    ///
    /// ```swift
    /// let pruned = try await store.perform { try $0.prune(keepRevisions: 5) }
    /// ```
    ///
    /// `work` runs after the async calls made on this store before it, and
    /// before those made after it; each store call in it is its own
    /// transaction.
    @_spi(Tooling) public func perform<T: Sendable>(
        _ work: @escaping @Sendable (NavStore) throws(NavStateError) -> T
    ) async throws(NavStateError) -> T {
        try await Self.run(on: queue) { [self] in Self.outcome { () throws(NavStateError) in try work(self) } }
    }

    /// Runs blocking work on a store's queue and resumes the caller when it
    /// is done: the one place a call crosses to the queue. The work reports
    /// through `Result` rather than a typed-throwing closure, so nothing
    /// here needs runtime metadata for typed throws (macOS 15 / iOS 18;
    /// docs/platforms.md).
    private static func run<T: Sendable>(
        on queue: DispatchQueue, _ work: @escaping @Sendable () -> Result<T, NavStateError>
    ) async throws(NavStateError) -> T {
        let pending = PendingWork(work)
        let result: Result<T, NavStateError> = await withCheckedContinuation { continuation in
            queue.async { continuation.resume(returning: pending.run()) }
        }
        switch result {
        case .success(let value): return value
        case .failure(let error): throw error
        }
    }

    /// Opens the database at `path` on the store's own queue, creating and
    /// migrating it as `NavStore(path:)` (for tools) does, without blocking
    /// the caller: what an app does at launch, so the main thread never
    /// waits on migrations or, up to the busy timeout, on an extension
    /// holding the file.
    ///
    /// ```swift
    /// let store = try await NavStore.open(path: NavStore.defaultURL().path)
    /// ```
    public static func open(path: String, configuration: Configuration = Configuration()) async throws(NavStateError) -> NavStore {
        try await opening(path, configuration, readOnly: false)
    }

    /// Opens an existing database for reading only, on the store's own
    /// queue: nothing is created, migrated or written, beside the file or in
    /// it, and a file in a read-only directory reads fine (NavState.docc/TheStoresFile.md,
    /// "Reading without writing"). Saving through it fails with
    /// `NavStateError.readOnly`.
    public static func open(readingAt path: String, configuration: Configuration = Configuration()) async throws(NavStateError) -> NavStore {
        try await opening(path, configuration, readOnly: true)
    }

    /// Opens the database at `path` as the synchronous `openRecovering(path:configuration:)`
    /// does (an unusable file is moved aside and a fresh store started),
    /// off the calling thread.
    ///
    /// ```swift
    /// let (store, recovery) = try await NavStore.openRecovering(path: NavStore.defaultURL().path)
    /// ```
    public static func openRecovering(
        path: String, configuration: Configuration = Configuration()
    ) async throws(NavStateError) -> (store: NavStore, recovery: StoreRecovery?) {
        let opened = try await onNewQueue { _ in
            outcome { () throws(NavStateError) in
                let (store, recovery) = try openRecovering(path: path, configuration: configuration)
                return RecoveredOpen(store: store, recovery: recovery)
            }
        }
        return (opened.store, opened.recovery)
    }

    private static func opening(_ path: String, _ configuration: Configuration, readOnly: Bool) async throws(NavStateError) -> NavStore {
        try await onNewQueue { queue in
            outcome { () throws(NavStateError) in
                try NavStore(opening: path, configuration: configuration, readOnly: readOnly, queue: queue)
            }
        }
    }

    /// Runs `work` on a new store queue (handed to it, so the store it opens
    /// keeps it) and resumes the caller with its outcome.
    private static func onNewQueue<T: Sendable>(
        _ work: @escaping @Sendable (DispatchQueue) -> Result<T, NavStateError>
    ) async throws(NavStateError) -> T {
        let queue = makeQueue()
        return try await run(on: queue) { work(queue) }
    }

    /// A synchronous store call's outcome as a value, to cross the queue.
    static func outcome<T>(_ body: () throws(NavStateError) -> T) -> Result<T, NavStateError> {
        do {
            return .success(try body())
        } catch {
            return .failure(error)
        }
    }

    /// Saves a typed scene state as a new revision without blocking the
    /// caller; see the synchronous `save(_:scene:expectedHead:)`.
    /// Returns once the save is committed: with ``Durability/normal`` it
    /// survives the app crashing or being killed.
    ///
    /// ```swift
    /// @MainActor func pathChanged() async {
    ///     let result = try await store.save(state, scene: "main")
    /// }
    /// ```
    @discardableResult
    public func save(
        _ state: SceneState<AnyDestination>, scene: String, expectedHead: Int? = nil
    ) async throws(NavStateError) -> SaveResult {
        try await perform { store throws(NavStateError) in try store.save(state, scene: scene, expectedHead: expectedHead) }
    }

    /// Saves a scene state of stored entries without blocking the caller;
    /// see the synchronous `save(_:scene:expectedHead:registry:)`.
    @discardableResult
    public func save(
        _ state: SceneState<NavEntry>, scene: String, expectedHead: Int? = nil, registry: DestinationRegistry? = nil
    ) async throws(NavStateError) -> SaveResult {
        try await perform { store throws(NavStateError) in try store.save(state, scene: scene, expectedHead: expectedHead, registry: registry) }
    }

    /// Confirms a restore without blocking the caller; see the synchronous
    /// `confirmRestore(_:)`.
    public func confirmRestore(_ report: RestoreReport) async throws(NavStateError) {
        try await perform { store throws(NavStateError) in try store.confirmRestore(report) }
    }

    /// Confirms a restore of `revision` of `scene` without blocking the
    /// caller; see the synchronous `confirmRestore(_:)`.
    public func confirmRestore(scene: String, revision: Int) async throws(NavStateError) {
        try await perform { store throws(NavStateError) in try store.confirmRestore(scene: scene, revision: revision) }
    }

    /// Deletes a scene and its history without blocking the caller; see the
    /// synchronous `delete(scene:)`.
    @discardableResult
    public func delete(scene: String) async throws(NavStateError) -> Bool {
        try await perform { store throws(NavStateError) in try store.delete(scene: scene) }
    }
}

/// One call's work, released as soon as it has run: the caller resumes
/// holding the only references it had, so a store the caller drops goes
/// away then (closing its file and removing a temporary copy), not when the
/// queue's block happens to finish.
private final class PendingWork<T: Sendable>: @unchecked Sendable {
    // Touched by the queue's one block only, before the caller resumes.
    private var work: (@Sendable () -> Result<T, NavStateError>)?

    init(_ work: @escaping @Sendable () -> Result<T, NavStateError>) {
        self.work = work
    }

    func run() -> Result<T, NavStateError> {
        // The queue runs each block once; only a bug could run it twice.
        guard let work else { preconditionFailure("a store call ran twice") }
        self.work = nil
        return work()
    }
}

/// What a recovering open hands back, as one Sendable value to cross the queue.
private struct RecoveredOpen: Sendable {
    let store: NavStore
    let recovery: StoreRecovery?
}
