import Foundation
import Logging
package import NavState
package import NavStateModel

/// The one save loop under every face (`SceneNavigator`, `SceneSession`):
/// nothing is saved until the launch restore has finished and been
/// confirmed, so a state that crashes the app at launch is never saved over
/// the revision the crash-loop guard counts; then every change is saved,
/// one save at a time, the changes made meanwhile coalesced into the next,
/// and a failed save is kept for the next change or flush.
@MainActor
package final class SceneSaver {
    /// Where saving stands.
    package enum Phase {
        case awaitingRestore
        case awaitingConfirmation(RestoreReport)
        case saving
    }

    package let store: NavStore
    package let scene: String
    package private(set) var phase = Phase.awaitingRestore
    /// A change waits to be saved.
    package private(set) var isDirty = false
    /// The last save's error, `nil` once a save succeeds again.
    package private(set) var lastError: NavStateError?
    /// The state to save, read when a save starts; `nil` once its owner is
    /// gone (a window closed while a save was under way), which ends the
    /// saving.
    package var snapshot: @MainActor () -> SceneState<AnyDestination>? = { nil }
    /// Runs before each save takes its snapshot: the owner brings its
    /// state up to date (a session applies the reads it left for later).
    package var prepare: @MainActor () async -> Void = {}
    /// Told of each save's outcome, after the saver recorded it.
    package var onSave: @MainActor (Result<SaveResult, NavStateError>) -> Void = { _ in }

    private var saveTask: Task<Void, Never>?

    package init(store: NavStore, scene: String) {
        self.store = store
        self.scene = scene
    }

    /// The restore the crash-loop guard waits to hear about, if any.
    package var awaitingConfirmation: RestoreReport? {
        if case .awaitingConfirmation(let report) = phase { return report }
        return nil
    }

    /// Whether the launch restore is still to come (or to come again, once
    /// ``stop()`` ran).
    package var isAwaitingRestore: Bool {
        if case .awaitingRestore = phase { return true }
        return false
    }

    /// Whether changes are being saved: the restore finished and was
    /// confirmed, or had nothing to confirm.
    package var isSaving: Bool {
        if case .saving = phase { return true }
        return false
    }

    // MARK: The restore

    /// The launch restore finished: with a restored revision, saving waits
    /// for ``confirm()``; without one (nothing saved, or the restore
    /// failed), it starts now. Changes made before count as unsaved only
    /// when `keepsChanges`.
    package func restoreFinished(confirming report: RestoreReport?, keepsChanges: Bool) {
        if !keepsChanges { isDirty = false }
        if let report, report.revision != nil {
            phase = .awaitingConfirmation(report)
        } else {
            phase = .saving
            if isDirty { startSaving() }
        }
    }

    /// Tells the crash-loop guard that the restored screens are up, and
    /// starts saving what changed since the restore. Does nothing unless a
    /// confirmation is awaited.
    package func confirm() async throws(NavStateError) {
        guard case .awaitingConfirmation(let report) = phase else { return }
        phase = .saving
        defer { if isDirty { startSaving() } }
        try await store.confirmRestore(report)
    }

    /// Stops saving until the next restore, and waits for a save under way:
    /// the scene's saved state is about to be deleted.
    package func stop() async {
        phase = .awaitingRestore
        isDirty = false
        if let running = saveTask { await running.value }
    }

    // MARK: Changes

    /// The state changed: saved now if saving has started, else once it
    /// does.
    package func changed() {
        isDirty = true
        if isSaving { startSaving() }
    }

    /// Waits until the state as it is now is saved (nothing, before saving
    /// has started).
    ///
    /// - Throws: The save's error when it failed; the change is kept and
    ///   saved again on the next change or flush.
    package func flush() async throws(NavStateError) {
        guard isSaving else { return }
        if let running = saveTask { await running.value }
        if isDirty {
            startSaving()
            if let running = saveTask { await running.value }
        }
        if isDirty, let error = lastError { throw error }
    }

    private func startSaving() {
        guard saveTask == nil else { return }
        saveTask = Task { @MainActor [weak self] in
            guard let self else { return }
            await self.saveWhileDirty()
            self.saveTask = nil
        }
    }

    private func saveWhileDirty() async {
        while isDirty, isSaving {
            isDirty = false
            await prepare()
            guard let state = snapshot() else { return }
            do {
                let result = try await store.save(state, scene: scene)
                lastError = nil
                onSave(.success(result))
            } catch {
                // The UI keeps its state; the next change or flush tries again.
                isDirty = true
                lastError = error
                store.logger.in(.navigator).error("navigation save failed", metadata: ["scene": "\(scene)", "error": "\(error)"])
                onSave(.failure(error))
                return
            }
        }
    }
}
