import Foundation
import Logging
public import NavState
import NavStateModel
import NavStateScenes

// The launch restore, its confirmation, and the save loop.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
extension SceneNavigator {
    // MARK: Restoring and saving

    /// Restores the scene at launch with the app's policy and shows it.
    /// The restore itself saves nothing; changes are saved once ``confirm()``
    /// says the restored screens are up (or at once when there was nothing
    /// to restore).
    ///
    /// - Throws: ``/NavStateModel/NavStateError`` when the store cannot be read; the
    ///   navigator then starts empty and saves as usual.
    @discardableResult
    public func restore(options: RestoreOptions = RestoreOptions()) async throws(NavStateError) -> RestoreReport {
        guard saver.isAwaitingRestore, !restoring else { return restoreReport ?? RestoreReport.nothingSaved(scene: scene) }
        restoring = true
        defer { restoring = false }
        let restored: (state: SceneState<AnyDestination>, report: RestoreReport)
        do {
            restored = try await store.restore(scene: scene, registry: registry, options: options)
        } catch {
            // Nothing to wait for: the views show the empty state.
            hasRestored = true
            saver.restoreFinished(confirming: nil, keepsChanges: true)
            releaseWaitingLinks()
            throw error
        }
        defer { releaseWaitingLinks() }
        if linkCameBeforeRestore, launchLinks == .replaceRestoredState {
            // Nothing restored is shown, so nothing of it can crash: the
            // guard hears it worked, and the links start from the empty state.
            state = SceneState(content: options.tree ?? .empty)
            restoreReport = restored.report
            hasRestored = true
            saver.restoreFinished(confirming: nil, keepsChanges: false)
            emit(.restored(restored.report))
            do {
                try await store.confirmRestore(restored.report)
            } catch {
                store.logger.in(.navigator).error("navigator confirm failed", metadata: ["scene": "\(scene)", "error": "\(error)"])
            }
            return restored.report
        }
        if restored.state.presentations.count > 1 {
            restoreTarget = restored.state
            state = restored.state.showing(presentations: 1)
        } else {
            state = restored.state
        }
        restoreReport = restored.report
        hasRestored = true
        saver.restoreFinished(confirming: restored.report, keepsChanges: false)
        emit(.restored(restored.report))
        return restored.report
    }

    /// Tells the navigator that presentation `level` (1 is the first) is on
    /// screen, so the next pending one of a restore can be presented from
    /// it. The SwiftUI glue calls it from each level's `onAppear`; an app that
    /// presents by hand calls it once each level is up. Any other call does
    /// nothing.
    public func presentationDidAppear(_ level: Int) {
        guard let target = restoreTarget, level >= 1, level == state.presentations.count else { return }
        let shown = level + 1
        // Not a change of the app's: nothing is marked to save.
        state = target.showing(presentations: shown)
        emit(.restoredPresentation(level: shown))
        if shown >= target.presentations.count {
            restoreTarget = nil
            if confirmsWhenShown { startConfirming() }
            lifecycle?.restoredLevelsEnded(byChange: false)
        }
    }

    /// Tells the crash-loop guard that the restored screens are up, and
    /// starts saving (with any change made since the restore).
    ///
    /// While restored presentations are still pending
    /// (``pendingPresentations``), the launch is not proven yet: the
    /// confirmation is made when the last of them appears, and this call
    /// returns at once. ``flush()`` waits for it.
    public func confirm() async throws(NavStateError) {
        guard let report = saver.awaitingConfirmation else { return }
        if restoreTarget != nil {
            confirmsWhenShown = true
            return
        }
        confirmsWhenShown = false
        try await saver.confirm()
        emit(.confirmed(revision: report.revision))
    }

    /// Confirms once the last pending presentation is up; a failure is
    /// logged and reported as an event, and the next launch counts this
    /// one as unconfirmed.
    func startConfirming() {
        guard confirmTask == nil else { return }
        confirmTask = Task { @MainActor [weak self] in
            guard let self else { return }
            do throws(NavStateError) {
                try await self.confirm()
            } catch {
                self.store.logger.in(.navigator).error("navigator confirm failed", metadata: ["scene": "\(self.scene)", "error": "\(error)"])
                self.emit(.saveFailed(error))
            }
            self.confirmTask = nil
        }
    }

    /// Waits until the state as it is now is saved: call it when the scene
    /// goes to the background. Before ``confirm()`` it saves nothing: the
    /// changes wait for the confirmation, so that a launch that crashes
    /// never saves over the revision the crash-loop guard counts.
    ///
    /// - Throws: ``/NavStateModel/NavStateError`` when the save failed (the state is kept,
    ///   and saved again on the next change or flush).
    public func flush() async throws(NavStateError) {
        if let confirming = confirmTask { await confirming.value }
        try await saver.flush()
    }

    /// Deletes the scene's saved state (a window the user closed for good)
    /// and stops saving it.
    public func discardSavedState() async throws(NavStateError) {
        restoreTarget = nil
        await saver.stop()
        try await store.delete(scene: scene)
    }

    /// A save ended: the counters, the events and the log say how.
    func saveEnded(_ outcome: Result<SaveResult, NavStateError>) {
        switch outcome {
        case .success(let result):
            savesCompleted += 1
            lastSavedRevision = result.revision
            lastSaveError = nil
            emit(.saved(revision: result.revision, isNewRevision: result.isNewRevision, rowsWritten: result.rowsWritten))
        case .failure(let error):
            lastSaveError = error
            emit(.saveFailed(error))
        }
    }
}

extension SceneState {
    /// The state with its first `count` presentations, and the checkpoints
    /// of the stacks those leave: what a restore shows while the levels
    /// above are pending. Always valid when `self` is.
    func showing(presentations count: Int) -> SceneState {
        var shown = self
        shown.presentations = Array(presentations.prefix(count))
        shown.dropCheckpointsPointingNowhere()
        return shown
    }
}
