import NavStateReports
public import Foundation
import Logging
@_spi(Tooling) public import NavState
import NavStateModel

/// Which saved scene each window of an app shows, so that a window's
/// navigation is found again after a crash, a relaunch, or a window the
/// user closed.
///
/// SwiftUI's `@SceneStorage` is written at no guaranteed time and is
/// destroyed with its scene (Apple's documentation of `SceneStorage`), so a
/// name kept only there is lost after a crash before it was written, and a
/// state saved under it is never restored again. So:
///
/// - The first window (the only one on iPhone) shows ``mainScene``, a
///   stable name that needs no SceneStorage.
/// - A window that remembers a name (its SceneStorage value) and whose name
///   no other open window shows gets it back.
/// - Any other window adopts the most recently saved scene this type named
///   that no open window shows, and only then starts a new one.
/// - ``forgetAbandoned()`` deletes the scenes this type named that no open
///   window shows and that were last saved longer ago than ``forgetAfter``.
///
/// One object per store, made once with it (``shared(path:configuration:)``);
/// `NavStateUI`'s `restoresNavigation` and `NavStateNavigator`'s
/// `SceneNavigatorHost` use it. Platform-neutral, so tested on Linux.
///
/// ```swift
/// let windows = WindowScenes(store: store)
/// let name = await windows.claim(remembered: sceneStorageValue)
/// // … the window closes:
/// windows.release(name)
/// ```
@MainActor
public final class WindowScenes {
    /// The store the scenes are saved in.
    public let store: NavStore
    /// The first window's scene.
    public let mainScene: String
    /// How long a scene no open window shows is kept after its last save.
    public let forgetAfter: Duration
    /// The scenes open windows show now.
    public private(set) var claimed: Set<String> = []
    /// The start of every scene name this type makes up for a further
    /// window; adoption and forgetting touch only such scenes.
    public static let windowPrefix = "window-"

    private let now: @Sendable () -> Date
    /// Scenes ``forgetAbandoned()`` is deleting: not adopted meanwhile.
    private var forgetting: Set<String> = []

    /// Windows' scenes in `store`: the first window's is `mainScene`, and a
    /// scene no window has shown for `forgetAfter` since its last save is
    /// deleted by ``forgetAbandoned()``.
    public init(
        store: NavStore, mainScene: String = "main", forgetAfter: Duration = .seconds(30 * 24 * 60 * 60),
        now: @escaping @Sendable () -> Date = Date.init
    ) {
        self.store = store
        self.mainScene = mainScene
        self.forgetAfter = forgetAfter
        self.now = now
    }

    /// The window scenes of the store at `path`, made once for the whole
    /// process over ``/NavState/NavStore/shared(path:configuration:recovering:)``:
    /// every window's `.task` calls it, two at a cold launch at the same
    /// moment, and all get the same object and store, so no window replaces
    /// another's. A file that is not a store this build can use is moved
    /// aside and a fresh one started (`recovering`), so a launch never ends
    /// on a file it cannot read. A failed open (a read-only folder, a full
    /// disk) is thrown and not kept: the next call tries again.
    ///
    /// ```swift
    /// windows = try await WindowScenes.shared(path: NavStore.defaultURL().path)
    /// ```
    public static func shared(
        path: String, configuration: NavStore.Configuration = NavStore.Configuration()
    ) async throws(NavStateError) -> WindowScenes {
        let store = try await NavStore.shared(path: path, configuration: configuration, recovering: true)
        if let made = sharedByStore[ObjectIdentifier(store)] { return made }
        let windows = WindowScenes(store: store)
        sharedByStore[ObjectIdentifier(store)] = windows
        return windows
    }

    /// ``shared(path:configuration:)``'s, by store; shared stores live as
    /// long as the process, so their identifiers are never reused.
    private static var sharedByStore: [ObjectIdentifier: WindowScenes] = [:]

    /// The scene a window shows, marked as claimed until ``release(_:)``.
    ///
    /// - Parameter remembered: The name the window kept in `@SceneStorage`,
    ///   or `""` when it kept none (a new window, or one whose storage was
    ///   never written). Store the result there.
    /// - Returns: `remembered` when no open window shows it; else
    ///   ``mainScene`` when no open window shows that; else the most recently
    ///   saved unclaimed scene this type named; else a new name. A store
    ///   that cannot be listed only means nothing is adopted.
    public func claim(remembered: String) async -> String {
        if !remembered.isEmpty, !claimed.contains(remembered) { return take(remembered) }
        if !claimed.contains(mainScene) { return take(mainScene) }
        let saved: [SceneSummary]
        do {
            saved = try await store.perform { store throws(NavStateError) in try store.scenes(plan: nil) }
        } catch {
            store.logger.in(.navigator).error("window scenes could not be listed", metadata: ["error": "\(error)"])
            saved = []
        }
        // Chosen after the wait, so two windows claiming at once never
        // adopt the same scene: the main actor runs one of them to here first.
        let adoptable = saved
            .filter { $0.scene.hasPrefix(Self.windowPrefix) && !claimed.contains($0.scene) && !forgetting.contains($0.scene) }
            .max { ($0.updatedAt, $1.scene) < ($1.updatedAt, $0.scene) }
        if let adopted = adoptable { return take(adopted.scene) }
        return take(Self.windowPrefix + UUID().uuidString)
    }

    /// Marks a window's scene as shown by no window (the window closed or
    /// was discarded); its saved state stays, for a later window to adopt.
    public func release(_ scene: String) {
        claimed.remove(scene)
        inBackground.remove(scene)
        backgroundFlag.set(inBackground.isSuperset(of: claimed))
    }

    // MARK: Suspension

    /// Claimed scenes whose windows are in the background.
    private var inBackground: Set<String> = []

    /// Records that a window went to the background. Call it when the phase
    /// changes, in the order the phases come, not after the window's last
    /// save: a user who comes back before that save finished has already
    /// brought the window to the foreground, and a record made after that
    /// would leave the store suspended in the foreground.
    public func sceneDidEnterBackground(_ scene: String) {
        guard claimed.contains(scene) else { return }
        inBackground.insert(scene)
        backgroundFlag.set(inBackground.isSuperset(of: claimed))
    }

    /// Suspends the store (``/NavState/NavStore/suspend()``) if no claimed
    /// window is in the foreground now: the app is about to be suspended,
    /// and must hold no SQLite lock then. Call it after the last save of a
    /// window that went to the background.
    ///
    /// - Returns: Whether the store is now suspended.
    @discardableResult
    public func suspendIfEveryWindowIsInBackground() async -> Bool {
        guard inBackground.isSuperset(of: claimed) else { return false }
        await store.suspend()
        // A window may have come back while the store was suspending.
        if !inBackground.isSuperset(of: claimed) { store.resume() }
        return store.isSuspended
    }

    /// Records that a window is coming to the foreground (active or
    /// inactive) and resumes the store if it was suspended. Saves refused
    /// meanwhile are retried by the navigator's next change or flush.
    public func sceneWillEnterForeground(_ scene: String) {
        inBackground.remove(scene)
        backgroundFlag.set(inBackground.isSuperset(of: claimed))
        if store.isSuspended { store.resume() }
    }

    /// Deletes the scenes this type named that no open window shows and
    /// whose last save is older than ``forgetAfter``. Call it when every
    /// window that will come back has claimed its scene (the SwiftUI faces call
    /// it when a scene goes to the background).
    ///
    /// - Returns: The scenes deleted.
    @discardableResult
    public func forgetAbandoned() async throws(NavStateError) -> [String] {
        let seconds = Double(forgetAfter.components.seconds)
        let cutoff = now().addingTimeInterval(-seconds)
        let stale = try await store.perform { store throws(NavStateError) in try store.scenes(plan: nil) }
            .filter { $0.scene.hasPrefix(Self.windowPrefix) && $0.updatedAt < cutoff }
            .map(\.scene)
        let doomed = stale.filter { !claimed.contains($0) && !forgetting.contains($0) }
        forgetting.formUnion(doomed)
        defer { forgetting.subtract(doomed) }
        var deleted: [String] = []
        for scene in doomed {
            if try await store.delete(scene: scene) { deleted.append(scene) }
        }
        if !deleted.isEmpty {
            store.logger.in(.navigator).debug("forgot abandoned window scenes", metadata: ["count": "\(deleted.count)"])
        }
        return deleted
    }

    private func take(_ scene: String) -> String {
        claimed.insert(scene)
        backgroundFlag.set(inBackground.isSuperset(of: claimed))
        return scene
    }

    /// Whether no claimed window is in the foreground, readable from any
    /// thread: a background task's expiry comes on the system's.
    package let backgroundFlag = BackgroundFlag()
}

/// Whether every window is in the background, as ``WindowScenes`` last
/// recorded it, for a background task's expiry handler, which runs on a
/// thread of the system's. `@unchecked Sendable`: the one value is only
/// touched under the lock.
package final class BackgroundFlag: @unchecked Sendable {
    private let lock = NSLock()
    private var value = true

    package var everyWindowIsInBackground: Bool {
        lock.lock()
        defer { lock.unlock() }
        return value
    }

    func set(_ newValue: Bool) {
        lock.lock()
        value = newValue
        lock.unlock()
    }
}

extension WindowScenes {
    /// The process's window scenes over the store at `path` (the app's
    /// default store when `nil`), through ``shared(path:configuration:)``;
    /// when that store cannot be opened (a read-only folder, a full disk),
    /// one in memory, made once, so a window is never blank: its
    /// navigation is then not saved, and the log says why.
    package static func sharedOrInMemory(path: String?) async -> Result<WindowScenes, NavStateError> {
        do throws(NavStateError) {
            let location: String
            if let path { location = path } else { location = try NavStore.defaultURL().path }
            return .success(try await shared(path: location))
        } catch {
            if let inMemory { return .success(inMemory) }
            do throws(NavStateError) {
                let windows = WindowScenes(store: try NavStore.inMemory())
                windows.store.logger.in(.navigator).error(
                    "navigation store could not be opened; this launch's navigation is not saved",
                    metadata: ["error": "\(error)"])
                inMemory = windows
                return .success(windows)
            } catch {
                return .failure(error)
            }
        }
    }

    private static var inMemory: WindowScenes?

    /// The window scenes a SwiftUI face uses: in an Xcode preview (Apple
    /// sets `XCODE_RUNNING_FOR_PREVIEWS` to `1` in the preview's process),
    /// a store in memory, made once, so a preview starts from the view's
    /// own state, restores nothing and writes no file, unless
    /// `restoresInPreviews`; else ``sharedOrInMemory(path:)``.
    package static func forFace(
        path: String?, restoresInPreviews: Bool = false,
        environment: [String: String] = ProcessInfo.processInfo.environment
    ) async -> Result<WindowScenes, NavStateError> {
        guard !restoresInPreviews, isPreview(environment) else { return await sharedOrInMemory(path: path) }
        if let previews { return .success(previews) }
        do throws(NavStateError) {
            let windows = WindowScenes(store: try NavStore.inMemory())
            previews = windows
            return .success(windows)
        } catch {
            return .failure(error)
        }
    }

    /// Whether this process renders Xcode previews.
    package static func isPreview(_ environment: [String: String]) -> Bool {
        environment["XCODE_RUNNING_FOR_PREVIEWS"] == "1"
    }

    private static var previews: WindowScenes?
}

extension WindowScenes {
    /// Windows' scenes in `store`, the first window's named by the app's
    /// type (an enum of its fixed scenes); see
    /// `init(store:mainScene:forgetAfter:now:)`.
    public convenience init<Scene: RawRepresentable>(
        store: NavStore, mainScene: Scene, forgetAfter: Duration = .seconds(30 * 24 * 60 * 60),
        now: @escaping @Sendable () -> Date = Date.init
    ) where Scene.RawValue == String {
        self.init(store: store, mainScene: mainScene.rawValue, forgetAfter: forgetAfter, now: now)
    }
}
