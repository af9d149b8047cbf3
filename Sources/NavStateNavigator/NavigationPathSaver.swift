public import Foundation
import Logging
public import NavState
public import NavStateModel

/// One SwiftUI `NavigationPath` saved and restored, for apps whose floor is
/// iOS 16 / macOS 13, where ``SceneNavigator`` (which needs Observation) is
/// not there: a `NavigationStack(path: $path)` with `NavigationLink(value:)`
/// and `navigationDestination(for:)`, as most apps are written.
///
/// `NavStateUI`'s `savesNavigationPath(_:with:)` forwards the view's events
/// here; every decision is made here and tested on Linux:
///
/// - ``restore()`` restores the scene once, through the registry and the
///   crash-loop guard, and gives the stack for `NavigationPath(values:)`.
/// - ``contentAppeared()``: the launch is confirmed ``settle`` later (a
///   crash in the restored screen's first frames counts as a failed
///   launch); until then changes are kept, not saved.
/// - ``pathChanged(count:keepsEntries:codableJSON:)``: a pop keeps the
///   first entries, a push decodes only the values appended, through the
///   same reading as ``SceneNavigator/applyNavigationPath(count:keepsEntries:codableJSON:at:)``;
///   what cannot be saved (a type not registered, a value not `Codable`) is
///   logged and the last savable stack stays saved.
/// - ``phaseChanged(to:)``: the background job confirms a launch whose
///   screen appeared, saves and, where apps are suspended, suspends the
///   store; the foreground resumes it and saves what waited.
///
/// ```swift
/// @State private var path = NavigationPath()
/// @State private var saver = NavigationPathSaver(registry: .foodTruck)
///
/// NavigationStack(path: $path) { … }
///     .savesNavigationPath($path, with: saver)
/// ```
@MainActor
public final class NavigationPathSaver {
    /// The scene's name in the store.
    public let scene: String
    /// The registry that names and decodes the path's values.
    public let registry: DestinationRegistry
    /// The options of the launch restore.
    public let options: RestoreOptions
    /// How long the restored screen must stay up before the launch counts
    /// as working.
    public let settle: Duration
    /// Whether the store is suspended in the background: true where apps
    /// are suspended, false on macOS.
    public let suspendsStore: Bool

    /// The stack as saved or to be saved, bottom first.
    public private(set) var destinations: [AnyDestination] = []
    /// What the launch restore did; `nil` until ``restore()`` ran.
    public private(set) var restoreReport: RestoreReport?
    /// The store, once ``restore()`` opened it.
    public private(set) var store: NavStore?
    /// The last save's or open's error, `nil` once a save succeeds again.
    public private(set) var lastError: NavStoreError?

    /// Kept as a function returning a `Result`: a stored typed-throwing
    /// function type needs the iOS 18 runtime.
    private let openStore: @Sendable () async -> Result<NavStore, NavStoreError>
    private let sleep: @Sendable (Duration) async -> Void
    private let logger: NavLog
    private var restoreStarted = false
    private var restoreFinished = false
    /// The restore the crash-loop guard waits to hear about.
    private var awaitingConfirmation: RestoreReport?
    private var contentIsUp = false
    private var settleTask: Task<Void, Never>?
    private var isDirty = false
    private var saveTask: Task<Void, Never>?

    /// A saver for `scene` in the store at `path` (the app's default store
    /// when `nil`), opened once per process with ``/NavState/NavStore/shared(path:configuration:recovering:)``.
    public convenience init(
        scene: String = "main", registry: DestinationRegistry, path: String? = nil,
        configuration: NavStore.Configuration = NavStore.Configuration(), options: RestoreOptions = RestoreOptions(),
        settle: Duration = .seconds(1), suspendsStore: Bool = NavigationPathSaver.appsAreSuspended
    ) {
        self.init(
            scene: scene, registry: registry, options: options, settle: settle, suspendsStore: suspendsStore,
            configuration: configuration,
            openStore: { () async throws(NavStoreError) -> NavStore in
                let location: String
                if let path { location = path } else { location = try NavStore.defaultURL().path }
                return try await NavStore.shared(path: location, configuration: configuration)
            },
            sleep: { try? await Task.sleep(for: $0) })
    }

    /// A saver whose store `openStore` gives, and whose waits `sleep` makes:
    /// for tests, and for apps that open their store themselves.
    public init(
        scene: String, registry: DestinationRegistry, options: RestoreOptions = RestoreOptions(),
        settle: Duration = .seconds(1), suspendsStore: Bool = NavigationPathSaver.appsAreSuspended,
        configuration: NavStore.Configuration = NavStore.Configuration(),
        openStore: @escaping @Sendable () async throws(NavStoreError) -> NavStore,
        sleep: @escaping @Sendable (Duration) async -> Void
    ) {
        self.scene = scene
        self.registry = registry
        self.options = options
        self.settle = settle
        self.suspendsStore = suspendsStore
        self.logger = configuration.log.in(.navigator)
        self.openStore = { () async -> Result<NavStore, NavStoreError> in
            do throws(NavStoreError) {
                return .success(try await openStore())
            } catch {
                return .failure(error)
            }
        }
        self.sleep = sleep
    }

    /// False on macOS, which does not suspend apps; true elsewhere.
    public nonisolated static var appsAreSuspended: Bool {
        #if os(macOS)
        false
        #else
        true
        #endif
    }

    /// Whether the launch was confirmed, or had nothing to confirm.
    public var isSettled: Bool { restoreFinished && awaitingConfirmation == nil }

    // MARK: Events

    /// Opens the store and restores the scene, once; returns the stack to
    /// show (empty when nothing was saved or the store cannot be opened,
    /// which ``lastError`` and the log then say).
    public func restore() async -> [AnyDestination] {
        guard !restoreStarted else { return destinations }
        restoreStarted = true
        defer {
            restoreFinished = true
            advance()
        }
        do throws(NavStoreError) {
            let store: NavStore
            switch await openStore() {
            case .success(let opened): store = opened
            case .failure(let error): throw error
            }
            self.store = store
            let restored = try await store.restore(scene: scene, registry: registry, options: options)
            restoreReport = restored.report
            // The view shows nothing until this returns, so no change can
            // have come meanwhile: the restored stack is the stack.
            destinations = restored.state.contentStack
            if restored.report.revision != nil { awaitingConfirmation = restored.report }
        } catch {
            lastError = error
            logger.error("navigation path restore failed", metadata: ["scene": "\(scene)", "error": "\(error)"])
        }
        return destinations
    }

    /// The restored stack appeared: the launch is confirmed ``settle``
    /// later.
    public func contentAppeared() {
        contentIsUp = true
        advance()
    }

    /// SwiftUI changed the path.
    ///
    /// - Parameters:
    ///   - count: The new path's `count`.
    ///   - keepsEntries: Whether the shorter of the new path and the one
    ///     built from ``destinations`` starts the longer.
    ///   - codableJSON: The new path's `codable` encoded with `JSONEncoder`,
    ///     or `nil` when it has none; called only when values must be read.
    /// - Returns: Whether the change will be saved.
    @discardableResult
    public func pathChanged(count: Int, keepsEntries: Bool, codableJSON: () -> Data?) -> Bool {
        let change = NavigationPathChange.reading(
            count: count, keepsEntries: keepsEntries, over: destinations.count, codableJSON: codableJSON,
            registry: registry)
        let next: [AnyDestination]
        switch change {
        case .failure(let refusal):
            logger.error("navigation path change not saved", metadata: ["scene": "\(scene)", "problem": "\(refusal.problem)"])
            return false
        case .success(.keep(let kept)): next = Array(destinations.prefix(kept))
        case .success(.append(let pushed)): next = destinations + pushed
        case .success(.replace(let all)): next = all
        }
        guard next != destinations else { return true }
        destinations = next
        isDirty = true
        startSaving()
        return true
    }

    /// The window's phase changed.
    ///
    /// - Returns: For `.background`, the work to run before the app is
    ///   suspended; `nil` otherwise.
    @discardableResult
    public func phaseChanged(to phase: WindowPhase) -> BackgroundJob? {
        guard phase == .background else {
            if let store, store.isSuspended { store.resume() }
            Task { await self.flush() }
            return nil
        }
        let confirmsNow = restoreFinished && contentIsUp && awaitingConfirmation != nil
        if confirmsNow {
            settleTask?.cancel()
            settleTask = nil
        }
        let store = store
        let suspends = suspendsStore
        return BackgroundJob(
            run: { [weak self] in
                guard let self else { return }
                if confirmsNow { await self.confirm() }
                await self.flush()
                if suspends, let store { await store.suspend() }
            },
            expire: { store?.suspendImmediately() })
    }

    /// Waits until the stack as it is now is saved (nothing is saved before
    /// the launch is confirmed).
    public func flush() async {
        if let running = saveTask { await running.value }
        if isDirty {
            startSaving()
            if let running = saveTask { await running.value }
        }
    }

    // MARK: Rules

    private func advance() {
        guard restoreFinished, contentIsUp, awaitingConfirmation != nil, settleTask == nil else { return }
        let sleep = sleep
        let settle = settle
        settleTask = Task { @MainActor [weak self] in
            await sleep(settle)
            guard let self, !Task.isCancelled else { return }
            await self.confirm()
        }
    }

    private func confirm() async {
        guard let report = awaitingConfirmation, let store else { return }
        awaitingConfirmation = nil
        do {
            try await store.confirmRestore(report)
        } catch {
            lastError = error
            logger.error("navigation path confirm failed", metadata: ["scene": "\(scene)", "error": "\(error)"])
        }
        if isDirty { startSaving() }
    }

    private func startSaving() {
        guard saveTask == nil, isSettled, store != nil else { return }
        saveTask = Task { @MainActor [weak self] in
            guard let self else { return }
            await self.saveWhileDirty()
            self.saveTask = nil
        }
    }

    private func saveWhileDirty() async {
        guard let store else { return }
        while isDirty {
            isDirty = false
            let state = SceneState(stack: destinations)
            do {
                try await store.save(state, scene: scene)
                lastError = nil
            } catch {
                // Kept; the next change, flush or foreground tries again.
                isDirty = true
                lastError = error
                logger.error("navigation path save failed", metadata: ["scene": "\(scene)", "error": "\(error)"])
                return
            }
        }
    }
}
