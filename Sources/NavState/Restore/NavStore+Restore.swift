import Foundation
import Logging

extension NavStore {
    /// Restores a scene for launch: picks a revision past the crash-loop
    /// guard, checks its age, and rebuilds it with the registry and policy.
    ///
    /// The restore counts itself as unconfirmed for that revision before
    /// returning; call ``confirmRestore(_:)`` once the app's UI is up. After
    /// `options.crashLoopLimit` unconfirmed restores of one revision, later
    /// restores skip it for the one before (then the one before that, then an
    /// empty state). UIKit throws the state away after a crash at launch;
    /// NavState steps back one revision instead.
    ///
    /// ```swift
    /// let restored = try await store.restore(scene: "main", registry: registry)
    /// path = NavPath(restored.state.root, registry: registry)
    /// // … once the first screen is on display:
    /// try store.confirmRestore(restored)
    /// ```
    public func restore(
        scene: String, registry: DestinationRegistry, options: RestoreOptions = RestoreOptions()
    ) async throws(NavStoreError) -> RestoredScene {
        guard options.crashLoopLimit >= 1 else {
            throw .invalidArgument("crashLoopLimit must be at least 1, not \(options.crashLoopLimit)")
        }
        let choice = try chooseRevision(scene: scene, limit: options.crashLoopLimit)
        var report = RestoreReport(
            scene: scene, outcome: .noSavedState, revision: nil, headRevision: choice.head,
            savedAt: nil, skipped: choice.skipped, dropped: [])
        guard let revision = choice.revision else {
            if choice.head != nil { report.outcome = .allRevisionsSkipped }
            log(report)
            return RestoredScene(state: SceneState(), report: report)
        }
        guard let stored = try load(scene: scene, revision: revision) else {
            // Deleted between choosing and loading: there is nothing to restore.
            log(report)
            return RestoredScene(state: SceneState(), report: report)
        }
        report.revision = revision
        report.savedAt = stored.savedAt
        if let maximumAge = options.maximumAge, Date().timeIntervalSince(stored.savedAt) > maximumAge {
            report.outcome = .expired
            report.dropped = SceneDrops.everything(
                in: stored.state, from: 0, includingValues: true, because: .expired(savedAt: stored.savedAt))
            log(report)
            return RestoredScene(state: SceneState(), report: report)
        }
        let (state, dropped) = await registry.restore(stored.state, policy: options.policy)
        report.outcome = .restored
        report.dropped = dropped
        log(report)
        return RestoredScene(state: state, report: report)
    }

    /// Tells the crash-loop guard that the app came up with a restored
    /// state, so that revision is not counted against it any more.
    public func confirmRestore(_ restored: RestoredScene) throws(NavStoreError) {
        guard let revision = restored.report.revision else { return }
        try confirmRestore(scene: restored.report.scene, revision: revision)
    }

    /// Confirms a restore of `revision` of `scene`; see ``confirmRestore(_:)``.
    public func confirmRestore(scene: String, revision: Int) throws(NavStoreError) {
        try withConnection("confirm restore") { store in
            try store.connection.cached("""
                DELETE FROM restore_attempt
                WHERE scene_id = (SELECT id FROM scene WHERE name = ?1) AND revision = ?2
                """).bind(.text(scene), .integer(revision)).run()
        }
        logger.debug("confirmed restore", metadata: ["scene": "\(scene)", "revision": "\(revision)"])
    }

    /// Unconfirmed restores recorded for a scene's revisions, newest first.
    public func unconfirmedRestores(scene: String) throws(NavStoreError) -> [(revision: Int, count: Int)] {
        try withConnection("list restore attempts") { store in
            let statement = try store.connection.cached("""
                SELECT a.revision, a.unconfirmed FROM restore_attempt AS a JOIN scene AS s ON s.id = a.scene_id
                WHERE s.name = ?1 ORDER BY a.revision DESC
                """)
            try statement.bind(.text(scene))
            var attempts: [(revision: Int, count: Int)] = []
            while try statement.step() { attempts.append((statement.int(at: 0), statement.int(at: 1))) }
            return attempts
        }
    }

    private struct RevisionChoice {
        var head: Int?
        var revision: Int?
        var skipped: [RestoreReport.SkippedRevision]
    }

    /// In one write transaction: the newest kept revision whose unconfirmed
    /// restores are under the limit, counted as one more unconfirmed restore.
    private func chooseRevision(scene: String, limit: Int) throws(NavStoreError) -> RevisionChoice {
        try withConnection("restore") { store in
            let connection = store.connection
            return try connection.transaction(immediate: true) { () throws -> RevisionChoice in
                let find = try connection.cached("SELECT id, head_revision FROM scene WHERE name = ?1")
                try find.bind(.text(scene))
                guard try find.step() else { return RevisionChoice(head: nil, revision: nil, skipped: []) }
                let sceneID = find.int(at: 0)
                var choice = RevisionChoice(head: find.int(at: 1), revision: nil, skipped: [])
                let candidates = try connection.cached("""
                    SELECT r.number, coalesce(a.unconfirmed, 0) FROM revision AS r
                    LEFT JOIN restore_attempt AS a ON a.scene_id = r.scene_id AND a.revision = r.number
                    WHERE r.scene_id = ?1 ORDER BY r.number DESC
                    """)
                try candidates.bind(.integer(sceneID))
                while try candidates.step() {
                    let revision = candidates.int(at: 0)
                    let unconfirmed = candidates.int(at: 1)
                    if unconfirmed >= limit {
                        choice.skipped.append(.init(revision: revision, unconfirmedRestores: unconfirmed))
                    } else {
                        choice.revision = revision
                        break
                    }
                }
                if let revision = choice.revision {
                    try connection.cached("""
                        INSERT INTO restore_attempt (scene_id, revision, unconfirmed) VALUES (?1, ?2, 1)
                        ON CONFLICT (scene_id, revision) DO UPDATE SET unconfirmed = unconfirmed + 1
                        """).bind(.integer(sceneID), .integer(revision)).run()
                }
                return choice
            }
        }
    }

    private func log(_ report: RestoreReport) {
        logger.info("restored scene", metadata: [
            "scene": "\(report.scene)", "outcome": "\(report.outcome.rawValue)",
            "revision": "\(report.revision.map(String.init) ?? "none")",
            "skipped": "\(report.skipped.map(\.revision))", "dropped": "\(report.dropped.count)",
        ])
        for dropped in report.dropped {
            logger.debug("dropped entry", metadata: [
                "scene": "\(report.scene)", "location": "\(dropped.location)",
                "tag": "\(dropped.entry.tag)", "reason": "\(dropped.reason.code)",
            ])
        }
    }
}
