import NavStateReports
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
    /// path = NavPath(restored.state.contentStack, registry: registry)
    /// // … once the first screen is on display:
    /// try await store.confirmRestore(restored.report)
    /// ```
    public func restore(
        scene: String, registry: DestinationRegistry, options: RestoreOptions = RestoreOptions()
    ) async throws(NavStateError) -> (state: SceneState<AnyDestination>, report: RestoreReport) {
        var (entries, report) = try await restoreEntries(scene: scene, options: options, logs: false)
        guard let saved = entries else {
            log(report)
            return (Self.emptyTree(options), report)
        }
        var (state, dropped) = await registry.restore(saved, policy: options.policy)
        report.dropped += dropped
        do {
            try state.validate()
        } catch {
            // Cannot happen for a state the restorer built; if it ever does,
            // the app gets nothing rather than a state that breaks its rules.
            report.damage.append(.brokenInvariant(error))
            report.dropped = SceneDrops.everything(
                in: saved, from: 0, includingValues: true, because: .damaged(.brokenInvariant(error)))
            state = Self.emptyTree(options)
        }
        log(report)
        return (state, report)
    }

    /// The launch restore of ``restore(scene:registry:options:)`` up to the
    /// decoding: the revision chosen past the crash-loop guard (the attempt
    /// counted), its age checked, fitted to `options.tree`, and its entries
    /// as saved, for a face that decodes each part of the scene when the
    /// part appears (`restoresNavigation` in a view shown later). The
    /// report lists what was left out so far (damage, misfits, an expired
    /// or all-or-nothing scene); the caller adds what its decoding drops.
    @_spi(Tooling) public func restoreEntries(
        scene: String, options: RestoreOptions = RestoreOptions()
    ) async throws(NavStateError) -> (state: SceneState<NavEntry>, report: RestoreReport) {
        let (state, report) = try await restoreEntries(scene: scene, options: options, logs: true)
        return (state ?? SceneState(content: options.tree?.emptied() ?? .empty), report)
    }

    /// The entries restored, `nil` when the restore gives nothing.
    private func restoreEntries(
        scene: String, options: RestoreOptions, logs: Bool
    ) async throws(NavStateError) -> (state: SceneState<NavEntry>?, report: RestoreReport) {
        guard options.crashLoopLimit >= 1, options.fallbackRevisions >= 0 else {
            throw .invalidRestoreOptions(crashLoopLimit: options.crashLoopLimit, fallbackRevisions: options.fallbackRevisions)
        }
        if let tree = options.tree {
            do {
                try SceneState(content: tree).validate()
            } catch {
                throw .invalidRestoreTree(error)
            }
        }
        var report = RestoreReport.nothingSaved(scene: scene)
        let limits = configuration.limits
        // Revisions past one of this store's limits: passed over, and not
        // counted as failed launches, so a build with higher limits (or a
        // store opened with them) still restores them.
        var pastLimits: Set<Int> = []
        while true {
            // One hop and one write transaction: choose, count the attempt,
            // read the revision. The attempt is committed before anything
            // is handed out, so a launch that dies at once is counted.
            let passing = pastLimits
            let choice = try await perform { store throws(NavStateError) in
                try store.chooseAndRead(
                    scene: scene, limit: options.crashLoopLimit, window: 1 + options.fallbackRevisions, limits: limits,
                    passing: passing)
            }
            report.headRevision = choice.head
            for skipped in choice.skipped where !report.skipped.contains(where: { $0.revision == skipped.revision }) {
                report.skipped.append(skipped)
            }
            switch choice.read {
            case .none:
                if choice.head != nil { report.outcome = .allRevisionsSkipped }
                if logs { log(report) }
                return (nil, report)
            case .damaged(let revision, let damage, let unconfirmed) where damage.isPastALimit:
                // Not a failed launch: the revision is whole, only larger
                // than this store reads. The attempt was rolled back with
                // the read; the guard looks further back this launch.
                pastLimits.insert(revision)
                report.skipped.append(.init(revision: revision, unconfirmedRestores: unconfirmed, damage: damage))
            case .damaged(let revision, let damage, _):
                // Nothing of it can be trusted: it uses up its launches at
                // once, in a transaction of its own (the one that read it
                // rolled back), and the guard looks further back.
                try await perform { store throws(NavStateError) in
                    try store.countAsFailedLaunch(scene: scene, revision: revision, limit: options.crashLoopLimit)
                }
                report.skipped.append(.init(revision: revision, unconfirmedRestores: options.crashLoopLimit, damage: damage))
            case .loaded(let loaded):
                let (state, checked) = entries(of: loaded.revision, damage: loaded.damage, options: options, report: report)
                if logs { log(checked) }
                return (state, checked)
            }
        }
    }

    /// A loaded revision's entries as a restore hands them on: checked for
    /// age, fitted to the app's tree, and the damage found while reading
    /// listed as dropped.
    private func entries(
        of stored: StoredRevision, damage: [LeftOut], options: RestoreOptions, report: RestoreReport
    ) -> (state: SceneState<NavEntry>?, report: RestoreReport) {
        var report = report
        report.revision = stored.revision
        report.savedAt = stored.savedAt
        if let maximumAge = options.maximumAge, configuration.clock().timeIntervalSince(stored.savedAt) > maximumAge {
            report.outcome = .expired
            report.dropped = SceneDrops.everything(
                in: stored.state, from: 0, includingValues: true, because: .expired(savedAt: stored.savedAt))
            return (nil, report)
        }
        report.outcome = .restored
        report.damage = damage.compactMap(\.damage)
        let damaged = damage.compactMap { part -> DroppedEntry? in
            guard let location = part.location, let entry = part.entry else { return nil }
            return DroppedEntry(location: location, entry: entry, reason: part.reason)
        }
        var saved = stored.state
        var misfits: [DroppedEntry] = []
        if let tree = options.tree {
            (saved, misfits, report.treeChanges) = saved.fitted(to: tree)
        }
        report.dropped = damaged + misfits
        if options.policy == .allOrNothing && !damage.isEmpty {
            report.dropped += SceneDrops.everything(in: saved, from: 0, includingValues: true, because: .allOrNothing)
            return (nil, report)
        }
        return (saved, report)
    }

    /// The state a restore gives when it restores nothing: the app's tree
    /// (``RestoreOptions/tree``) with every stack empty, or one empty stack.
    private static func emptyTree(_ options: RestoreOptions) -> SceneState<AnyDestination> {
        SceneState(content: options.tree?.emptied() ?? .empty)
    }

    /// Tells the crash-loop guard that the app came up with a restored
    /// state, so that revision is not counted against it any more.
    @_spi(Tooling) public func confirmRestore(_ report: RestoreReport) throws(NavStateError) {
        guard let revision = report.revision else { return }
        try confirmRestore(scene: report.scene, revision: revision)
    }

    /// Confirms a restore of `revision` of `scene`; see `confirmRestore(_:)`.
    @_spi(Tooling) public func confirmRestore(scene: String, revision: Int) throws(NavStateError) {
        try withConnection("confirm restore") { (store: inout State) throws(SQLiteError) in
            try RestoreAttempts.confirm(store.connection, scene: scene, revision: revision)
        }
        logger.debug("confirmed restore", metadata: ["scene": "\(scene)", "revision": "\(revision)"])
    }

    /// Unconfirmed restores recorded for a scene's revisions, newest first
    /// (NavStateTooling's `unconfirmedRestores(scene:)`).
    @_spi(Tooling) public func unconfirmedRestores(scene: String) throws(NavStateError) -> [(revision: Int, count: Int)] {
        try withConnection("list restore attempts") { (store: inout State) throws(SQLiteError) in
            try RestoreAttempts.unconfirmed(store.connection, scene: scene)
        }
    }

    /// A loaded revision and its damage, as one Sendable value to cross
    /// the store's queue.
    private struct LoadedRevision: Sendable {
        var revision: StoredRevision
        var damage: [LeftOut]
    }

    private struct RevisionChoice: Sendable {
        enum Read: Sendable {
            /// No revision to try: the scene has none, or every one the
            /// guard may use was skipped.
            case none
            /// The chosen revision's rows cannot be trusted at all, or hold
            /// more than the store's limits; `unconfirmed` is the count of
            /// its restores before this one.
            case damaged(revision: Int, damage: Damage, unconfirmed: Int)
            case loaded(LoadedRevision)
        }

        var head: Int?
        var skipped: [RestoreReport.SkippedRevision] = []
        var read = Read.none
    }

    /// A choice whose revision turned out damaged: the transaction that
    /// counted the attempt rolls back, and the choice travels as its refusal.
    private struct DamagedChoice: Error {
        var choice: RevisionChoice
    }

    /// In one write transaction: among the head and the revisions the guard
    /// may fall back to (`window` newest kept ones), the newest whose
    /// unconfirmed restores are under the limit, counted as one more
    /// unconfirmed restore, and read.
    private func chooseAndRead(
        scene: String, limit: Int, window: Int, limits: Limits, passing: Set<Int>
    ) throws(NavStateError) -> RevisionChoice {
        try withConnection("restore", refusable: { (store: inout State) throws(SQLiteError) in
            let connection = store.connection
            let outcome = try connection.refusableTransaction(immediate: true) {
                () throws(SQLiteError) -> Result<RevisionChoice, DamagedChoice> in
                // One statement reads everything a launch needs, newest
                // first: the scene, its head row, the revisions the guard
                // may use with their unconfirmed restores, then the rows the
                // chosen one builds on. A launch prepares every statement it
                // runs, and preparing costs more than the reading.
                let rows = try RestoreAttempts.launchRows(connection, scene: scene)
                // Read once, then let go of the statement before anything
                // writes.
                let scan = LaunchScan(rows, limit: limit, window: window, passing: passing)
                rows.reset()
                var choice = scan.choice
                if let failure = scan.failure {
                    // SQLite found the chosen revision's pages damaged: it
                    // is, for the app. Anything else is the store's failure.
                    guard failure.isCorrupt, let target = scan.chosen else { throw failure }
                    choice.read = .damaged(revision: target.number, damage: .unreadablePages, unconfirmed: target.unconfirmed)
                    return .failure(DamagedChoice(choice: choice))
                }
                guard let target = scan.chosen, let top = scan.top else { return .success(choice) }
                try RestoreAttempts.countAttempt(connection, sceneID: top.sceneID, revision: target.number)
                let built = scan.readChosen(sceneID: top.sceneID)
                switch try self.finishRead(scene: scene, number: target.number, chain: built, top: top, limits: limits, in: &store) {
                case .success(let loaded):
                    choice.read = .loaded(LoadedRevision(revision: loaded.0, damage: loaded.1))
                    return .success(choice)
                case .failure(let damage):
                    choice.read = .damaged(revision: target.number, damage: damage, unconfirmed: target.unconfirmed)
                    return .failure(DamagedChoice(choice: choice))
                }
            }
            switch outcome {
            case .success(let choice): return .success(choice)
            case .failure(let damaged): return .success(damaged.choice)
            }
        })
    }

    /// One pass over a launch's rows, newest first: the head, the revisions
    /// the guard skips, the one it chooses, and the chain of rows that one
    /// builds on.
    private struct LaunchScan {
        var choice = RevisionChoice()
        var top: SceneHead?
        /// The chosen revision, and its restores not confirmed so far.
        var chosen: (number: Int, base: Int, savedAt: Date, unconfirmed: Int)?
        /// The chosen revision's chain, newest first: number, base, change
        /// (nil: not a blob).
        var chain: [(number: Int, base: Int, change: [UInt8]?)] = []
        /// What stopped the pass early, if SQLite did.
        var failure: SQLiteError?

        /// - Parameter passing: Revisions not to choose (past a limit), which
        ///   the restore reports itself.
        init(_ rows: SQLiteStatement, limit: Int, window: Int, passing: Set<Int>) {
            var seen = 0
            do throws(SQLiteError) {
                while try rows.step() {
                    let number = rows.int(at: 2)
                    let rowBase = rows.int(at: 3)
                    if let target = chosen {
                        // Past the base, or a gap the reader will name.
                        guard number >= target.base else { break }
                    } else {
                        if top == nil {
                            let chainBytes = rows.int(at: 4)
                            top = SceneHead(
                                sceneID: rows.int(at: 0),
                                keptRevisions: rows.optionalInt(at: 1).flatMap { StoredRange.keptRevisions.contains($0) ? $0 : nil },
                                number: number, base: rowBase,
                                chainBytes: StoredRange.bytes.contains(chainBytes) ? chainBytes : nil)
                            choice.head = number
                        }
                        // Only kept revisions: older rows are what a kept one builds on.
                        seen += 1
                        if seen > window { break }
                        if let kept = top?.keptRevisions, seen > kept { break }
                        // A count out of range (negative, tampered) is not
                        // known to be under the limit: it has used up its
                        // launches, so the guard still steps back.
                        let stored = rows.int(at: 5)
                        let unconfirmed = StoredRange.count.contains(stored) ? stored : limit
                        if unconfirmed >= limit {
                            choice.skipped.append(.init(revision: number, unconfirmedRestores: unconfirmed, damage: nil))
                            continue
                        }
                        if passing.contains(number) { continue }
                        chosen = (number, rowBase, StoredRange.date(rows.double(at: 6)), unconfirmed)
                    }
                    chain.append((number, rowBase, rows.isBlob(at: 7) ? rows.withBlob(at: 7) { Array($0) } : nil))
                    // At its base, or a base that cannot be (the reader names it).
                    if let target = chosen, number <= target.base || target.base < 1 { break }
                }
            } catch {
                failure = error
            }
        }

        /// The chosen revision built from its chain, oldest row first.
        func readChosen(sceneID: Int) -> Result<RevisionRead, Damage> {
            guard let target = chosen else { return .failure(.noRevision) }
            switch ChainReader.start(sceneID: sceneID, number: target.number, base: target.base) {
            case .failure(let problem):
                return .failure(problem)
            case .success(var reader):
                var problem: Damage?
                for row in chain.reversed() where problem == nil && reader.wantsMore {
                    problem = if let change = row.change {
                        change.withUnsafeBytes { reader.add(number: row.number, base: row.base, change: $0) }
                    } else {
                        reader.add(number: row.number, base: row.base, change: nil)
                    }
                }
                return problem.map { .failure($0) } ?? reader.finish(savedAt: target.savedAt)
            }
        }
    }

    /// Marks a revision that could not be read as having used up its
    /// launches, so no later restore tries it again.
    private func countAsFailedLaunch(scene: String, revision: Int, limit: Int) throws(NavStateError) {
        try withConnection("restore") { (store: inout State) throws(SQLiteError) in
            try RestoreAttempts.countAsFailed(store.connection, scene: scene, revision: revision, limit: limit)
        }
    }

    /// A restore that hands back the head whole, or finds nothing saved, is
    /// routine (`debug`); one that skipped revisions, left entries out or
    /// met damage is what the app's developer must see (`notice`).
    private func log(_ report: RestoreReport) {
        let routine = report.isComplete || report.outcome == .noSavedState || report.outcome == .expired
        logger.log(level: routine ? .debug : .notice, "restored scene", metadata: [
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

extension Damage {
    /// Whether the damage is a revision larger than this store's limits
    /// (``NavStore/Limits``): whole, and readable with higher ones, so not
    /// a failed launch.
    var isPastALimit: Bool {
        switch self {
        case .pastEntryLimit, .pastStackLimit, .pastNestingLimit, .pastPayloadLimit: true
        default: false
        }
    }
}
