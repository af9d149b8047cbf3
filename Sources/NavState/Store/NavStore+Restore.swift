import Foundation
import Logging
public import NavStateModel
import NavStateSQLite

extension NavStore {
    /// Restores a scene for launch: picks a revision past the crash-loop
    /// guard, checks its age, and rebuilds it with the registry and policy.
    ///
    /// The restore counts itself as unconfirmed for that revision before
    /// returning; call `confirmRestore(_:)` once the app's UI is up. After
    /// `options.crashLoopLimit` unconfirmed restores of one revision, later
    /// restores skip it for the one before, at most
    /// `options.fallbackRevisions` back, then give an empty state. A revision
    /// that cannot be read at all (damaged) counts as a failed launch at once
    /// and is skipped in the same call. UIKit throws the state away after a
    /// crash at launch; NavState steps back instead.
    ///
    /// The state returned always satisfies ``/NavStateModel/SceneState/validate()``, even
    /// from a tampered file: what does not fit is dropped with
    /// ``/NavStateModel/DropReason/damaged(_:)``.
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
        guard options.fallbackRevisions >= 0 else {
            throw .invalidArgument("fallbackRevisions cannot be negative, not \(options.fallbackRevisions)")
        }
        var report = RestoreReport.nothingSaved(scene: scene)
        while true {
            let choice = try await onStoreQueue { [self] in
                Self.outcome { () throws(NavStoreError) in
                    try chooseRevision(scene: scene, limit: options.crashLoopLimit, window: 1 + options.fallbackRevisions)
                }
            }
            report.headRevision = choice.head
            for skipped in choice.skipped where !report.skipped.contains(where: { $0.revision == skipped.revision }) {
                report.skipped.append(skipped)
            }
            guard let revision = choice.revision else {
                if choice.head != nil { report.outcome = .allRevisionsSkipped }
                log(report)
                return RestoredScene(state: SceneState(), report: report)
            }
            let loaded: LoadedRevision?
            do {
                let limits = configuration.limits
                loaded = try await onStoreQueue { [self] in
                    Self.outcome { () throws(NavStoreError) in
                        try loadChecked(scene: scene, revision: revision, limits: limits).map(LoadedRevision.init)
                    }
                }
            } catch {
                guard case let .corrupt(_, message) = error else { throw error }
                try await onStoreQueue { [self] in
                    Self.outcome { () throws(NavStoreError) in
                        try countAsFailedLaunch(scene: scene, revision: revision, limit: options.crashLoopLimit)
                    }
                }
                report.skipped.append(.init(revision: revision, unconfirmedRestores: options.crashLoopLimit, damage: message))
                continue
            }
            guard let (stored, damage) = loaded.map({ ($0.revision, $0.damage) }) else {
                // Deleted between choosing and loading: there is nothing to restore.
                log(report)
                return RestoredScene(state: SceneState(), report: report)
            }
            return await rebuild(stored, damage: damage, registry: registry, options: options, report: report)
        }
    }

    /// Turns a loaded revision into the typed state the app gets.
    private func rebuild(
        _ stored: StoredRevision, damage: [StoredDamage], registry: DestinationRegistry,
        options: RestoreOptions, report: RestoreReport
    ) async -> RestoredScene {
        var report = report
        report.revision = stored.revision
        report.savedAt = stored.savedAt
        if let maximumAge = options.maximumAge, configuration.clock().timeIntervalSince(stored.savedAt) > maximumAge {
            report.outcome = .expired
            report.dropped = SceneDrops.everything(
                in: stored.state, from: 0, includingValues: true, because: .expired(savedAt: stored.savedAt))
            log(report)
            return RestoredScene(state: SceneState(), report: report)
        }
        report.outcome = .restored
        report.damage = damage.map(\.problem)
        let damaged = damage.compactMap { part -> DroppedEntry? in
            guard let location = part.location, let entry = part.entry else { return nil }
            return DroppedEntry(location: location, entry: entry, reason: .damaged(part.problem))
        }
        var (state, dropped) = await registry.restore(stored.state, policy: options.policy)
        if options.policy == .allOrNothing && !damage.isEmpty {
            state = SceneState()
            dropped = SceneDrops.everything(in: stored.state, from: 0, includingValues: true, because: .allOrNothing)
        }
        report.dropped = damaged + dropped
        do {
            try state.validate()
        } catch {
            // Cannot happen for a state the restorer built; if it ever does,
            // the app gets nothing rather than a state that breaks its rules.
            report.damage.append("the rebuilt state broke an invariant: \(error)")
            report.dropped = damaged + SceneDrops.everything(
                in: stored.state, from: 0, includingValues: true, because: .damaged("\(error)"))
            state = SceneState()
        }
        log(report)
        return RestoredScene(state: state, report: report)
    }

    /// Tells the crash-loop guard that the app came up with a restored
    /// state, so that revision is not counted against it any more.
    public func confirmRestore(_ restored: RestoredScene) throws(NavStoreError) {
        guard let revision = restored.report.revision else { return }
        try confirmRestore(scene: restored.report.scene, revision: revision)
    }

    /// Confirms a restore of `revision` of `scene`; see `confirmRestore(_:)`.
    public func confirmRestore(scene: String, revision: Int) throws(NavStoreError) {
        try withConnection("confirm restore") { (store: inout State) throws(SQLiteError) in
            try store.connection.cached("""
                DELETE FROM restore_attempt
                WHERE scene_id = (SELECT id FROM scene WHERE name = ?1) AND revision = ?2
                """).bind(.text(scene), .integer(revision)).run()
        }
        logger.debug("confirmed restore", metadata: ["scene": "\(scene)", "revision": "\(revision)"])
    }

    /// Unconfirmed restores recorded for a scene's revisions, newest first.
    public func unconfirmedRestores(scene: String) throws(NavStoreError) -> [(revision: Int, count: Int)] {
        try withConnection("list restore attempts") { (store: inout State) throws(SQLiteError) in
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

    /// A loaded revision and its damage, as one Sendable value to cross
    /// the store's queue.
    private struct LoadedRevision: Sendable {
        var revision: StoredRevision
        var damage: [StoredDamage]

        init(_ loaded: (StoredRevision, [StoredDamage])) {
            (revision, damage) = loaded
        }
    }

    private struct RevisionChoice: Sendable {
        var head: Int?
        var revision: Int?
        var skipped: [RestoreReport.SkippedRevision]
    }

    /// In one write transaction: among the head and the revisions the guard
    /// may fall back to (`window` newest kept ones), the newest whose
    /// unconfirmed restores are under the limit, counted as one more
    /// unconfirmed restore.
    private func chooseRevision(scene: String, limit: Int, window: Int) throws(NavStoreError) -> RevisionChoice {
        try withConnection("restore") { (store: inout State) throws(SQLiteError) in
            let connection = store.connection
            return try connection.transaction(immediate: true) { () throws(SQLiteError) -> RevisionChoice in
                let find = try connection.cached("SELECT id, kept_revisions FROM scene WHERE name = ?1")
                try find.bind(.text(scene))
                guard try find.step() else { return RevisionChoice(head: nil, revision: nil, skipped: []) }
                let sceneID = find.int(at: 0)
                let keptRevisions = find.optionalInt(at: 1).flatMap { StoredRange.keptRevisions.contains($0) ? $0 : nil }
                find.reset()
                guard let head = try Self.headRow(connection, sceneID: sceneID)?.number else {
                    return RevisionChoice(head: nil, revision: nil, skipped: [])
                }
                var choice = RevisionChoice(head: head, revision: nil, skipped: [])
                // Only kept revisions: older rows are what a kept one builds on.
                let window = min(window, keptRevisions ?? window)
                let candidates = try connection.cached("""
                    SELECT r.number, coalesce(a.unconfirmed, 0) FROM revision AS r
                    LEFT JOIN restore_attempt AS a ON a.scene_id = r.scene_id AND a.revision = r.number
                    WHERE r.scene_id = ?1 AND r.number BETWEEN 1 AND 4503599627370496 ORDER BY r.number DESC LIMIT ?2
                    """)
                try candidates.bind(.integer(sceneID), .integer(window))
                while try candidates.step() {
                    let revision = candidates.int(at: 0)
                    let unconfirmed = candidates.int(at: 1)
                    if unconfirmed >= limit {
                        choice.skipped.append(.init(revision: revision, unconfirmedRestores: unconfirmed, damage: nil))
                    } else {
                        choice.revision = revision
                        break
                    }
                }
                candidates.reset()
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

    /// Marks a revision that could not be read as having used up its
    /// launches, so no later restore tries it again.
    private func countAsFailedLaunch(scene: String, revision: Int, limit: Int) throws(NavStoreError) {
        try withConnection("restore") { (store: inout State) throws(SQLiteError) in
            try store.connection.cached("""
                UPDATE restore_attempt SET unconfirmed = max(unconfirmed, ?3)
                WHERE scene_id = (SELECT id FROM scene WHERE name = ?1) AND revision = ?2
                """).bind(.text(scene), .integer(revision), .integer(limit)).run()
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
