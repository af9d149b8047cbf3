import Foundation
import Logging
public import NavStateModel
import NavStateSQLite

extension NavStore {
    /// Saves a scene's state as a new revision.
    ///
    /// Entries of never-persisted types are left out, with what sits above
    /// them (see ``SaveResult/omitted``). Only the entries that changed since
    /// the head revision are written. A state equal to the head's creates no
    /// revision: the result carries the head's number. Revisions older than
    /// the last ``Configuration/keptRevisions`` are removed by the save.
    ///
    /// Blocks the calling thread on SQLite (and up to the busy timeout on
    /// another process's write): for tools, tests and background threads.
    /// From the main actor, call the `async` variant of the same name.
    ///
    /// - Parameters:
    ///   - state: The state to save, its entries as stored.
    ///   - scene: The scene's name: one per window or scene session.
    ///   - expectedHead: Save only if the scene's head revision is still this
    ///     one (0: only if the scene does not exist yet); otherwise throw
    ///     `NavStateError.conflict`. `nil` saves
    ///     unconditionally.
    ///   - registry: Tells which tags are never persisted; without one, every
    ///     entry is saved.
    /// - Returns: The new revision and what the save wrote and left out.
    @discardableResult
    @_spi(Tooling) public func save(
        _ state: SceneState<NavEntry>,
        scene: String,
        expectedHead: Int? = nil,
        registry: DestinationRegistry? = nil
    ) throws(NavStateError) -> SaveResult {
        try refusingLogged(scene) { () throws(NavStateError) in try Self.validate(state) }
        let (kept, omitted) = state.omittingNeverPersisted { registry?.persistence(ofTag: $0.tag) == .neverPersisted }
        return try save(
            checked: kept, omitted: omitted.map { DroppedEntry(location: $0.location, entry: $0.element, reason: $0.reason) },
            scene: scene, expectedHead: expectedHead)
    }

    /// Saves a typed scene state as a new revision, tags written as stable
    /// names so the saved state survives renamed types and modules.
    ///
    /// Blocks the calling thread; from the main actor, call the `async`
    /// variant of the same name. See `save(_:scene:expectedHead:registry:)`
    /// for what a save leaves out and when it creates no revision.
    @discardableResult
    @_spi(Tooling) public func save(
        _ state: SceneState<AnyDestination>,
        scene: String,
        expectedHead: Int? = nil
    ) throws(NavStateError) -> SaveResult {
        let flat = Slots.of(state)
        // What the cached head tells: for a tree whose tabs and columns are
        // the head's, its layout, and that its tree's rules were checked;
        // which leading elements of each stack are the head's own.
        let (sameTree, known) = whatTheHeadTells(of: state, slots: flat.slots, scene: scene)
        try refusingLogged(scene) { () throws(NavStateError) in
            try Self.validate(state, treeChecked: sameTree != nil)
        }
        let isNeverPersisted = { (destination: AnyDestination) in !destination.isPersisted }
        if !Self.mayHold(isNeverPersisted, state, flat, besides: known) {
            do {
                return try save(
                    checked: state, flat: flat, omitted: [], known: known, sameTree: sameTree, scene: scene,
                    expectedHead: expectedHead, leavesOutLargeEntries: true)
            } catch where error.isPastThePayloadLimit {
                // An entry too large to save (a route that carries a whole
                // model): found where the limits count bytes, so that the
                // saves that hold none pay nothing for it; left out below.
            }
        }
        return try saveLeavingOut(state, flat: flat, known: known, sameTree: sameTree, scene: scene, expectedHead: expectedHead)
    }

    /// Saves `state` without what cannot reach the file: a never-persisted
    /// screen, and an entry past the payload limit, which is left out of
    /// this save (with what sits above it) and reported, not the whole save.
    private func saveLeavingOut(
        _ state: SceneState<AnyDestination>, flat: Slots.Flat<AnyDestination>, known: KnownPrefixes,
        sameTree: WrittenTree?, scene: String, expectedHead: Int?
    ) throws(NavStateError) -> SaveResult {
        let payloadLimit = self.payloadLimit
        let (kept, omittedDestinations) = state.omitting(knownKept: known.counts) { destination -> DropReason? in
            if !destination.isPersisted { return .neverPersisted }
            let bytes = destination.storedByteCounts.payload
            return bytes > payloadLimit ? .tooLargeToSave(bytes: bytes, limit: payloadLimit) : nil
        }
        var flat = flat
        var sameTree = sameTree
        if !omittedDestinations.isEmpty {
            // Something left out may be a selection: the tree is written anew.
            sameTree = nil
            flat = Slots.of(kept)
        }
        let omitted = omittedDestinations.map { DroppedEntry(location: $0.location, entry: $0.element.entry, reason: $0.reason) }
        return try save(
            checked: kept, flat: flat, omitted: omitted, known: known, sameTree: sameTree, scene: scene, expectedHead: expectedHead)
    }

    /// A save, in the steps its parts name (NavStore+Revision.swift): the
    /// input checked and encoded before the lock (`saveInput`); then the
    /// quick way when the cached head is trusted (`writeOnTrustedHead`: one
    /// `INSERT` that checks nothing else wrote), or else, in one write
    /// transaction, the head found (in `HeadCache`, or by
    /// `RevisionTable.locateHead`), its entries brought into hand
    /// (`loadHeadEntries`), and the new row written (`writeRevision`); the
    /// head kept for the next save once the row committed (`kept`).
    private func save<Element: StorableElement>(
        checked state: SceneState<Element>,
        flat: Slots.Flat<Element>? = nil,
        omitted: [DroppedEntry],
        known: KnownPrefixes = KnownPrefixes(),
        sameTree: WrittenTree? = nil,
        scene: String,
        expectedHead: Int?,
        leavesOutLargeEntries: Bool = false
    ) throws(NavStateError) -> SaveResult {
        let input = try saveInput(
            state, flat: flat ?? Slots.of(state), scene: scene, known: known, sameTree: sameTree,
            leavesOutLargeEntries: leavesOutLargeEntries)
        let result = try withConnection("save", refusable: { (store: inout State) throws(SQLiteError) -> Result<SaveResult, NavStateError> in
            let connection = store.connection
            // Updated where it lies; its arrays are the cache's alone, so
            // they change in place.
            var hand = store.cache.slot(for: scene)
            if let written = try writeOnTrustedHead(input, in: hand, scene: scene, expectedHead: expectedHead, store: &store) {
                store.cache.saveEnded(connection, sawOtherWrites: false, committed: true)
                return .success(kept(written, input, in: hand, omitted: omitted, rowsWritten: 1, &store))
            }
            // The quick way may have forgotten the head it had updated.
            hand = store.cache.slot(for: scene)
            let changesBefore = connection.totalChanges
            let trustedRow = hand.head.row(trustedIn: store.cache.epoch)
            let versionAfterLastSave = store.cache.dataVersionAfterSave
            var sawOtherWrites = false
            let outcome: Result<WrittenRevision, NavStateError>
            do throws(SQLiteError) {
                outcome = try connection.refusableTransaction(immediate: true) {
                    () throws(SQLiteError) -> Result<WrittenRevision, NavStateError> in
                    sawOtherWrites = HeadCache.sawOtherWrites(since: versionAfterLastSave, connection)
                    // The file is as this connection's last save left it, and
                    // the cached head was right then: the scene is as cached.
                    var head: SceneHead
                    if !sawOtherWrites, let cached = trustedRow {
                        head = cached
                    } else {
                        // What this store knew of the scene's screens may be
                        // out of date too: read in the transaction.
                        hand.head.screens = nil
                        let located = try RevisionTable.locateHead(connection, scene: scene)
                        if let located, !StoredRange.sceneID.contains(located.sceneID) {
                            // 0 would read as "no row yet", and no revision can be
                            // told apart by an id out of range.
                            return .failure(NavStateError.damagedScene(
                                path: path, scene: scene, revision: located.number, damage: Damage.sceneIDOutOfRange(located.sceneID)))
                        }
                        head = located ?? SceneHead(sceneID: 0)
                    }
                    let number = head.number
                    guard number < StoredRange.revision.upperBound else {
                        return .failure(NavStateError.damagedScene(path: path, scene: scene, revision: number, damage: Damage.revisionNumberExhausted(number)))
                    }
                    if let expectedHead, expectedHead != number {
                        return .failure(NavStateError.conflict(scene: scene, expected: expectedHead, actual: number))
                    }
                    try loadHeadEntries(&head, into: &hand.head, scene: scene, input: input, connection: connection)
                    return .success(try writeRevision(input, over: head, in: &hand.head, connection: connection))
                }
            } catch {
                // Rolled back: what the save did to the head is not the file's.
                store.cache.forget(scene)
                throw error
            }
            let written: WrittenRevision
            switch outcome {
            case .success(let value): written = value
            case .failure(let refusal):
                store.cache.forget(scene)
                store.cache.saveEnded(connection, sawOtherWrites: sawOtherWrites, committed: false)
                return .failure(refusal)
            }
            store.cache.saveEnded(connection, sawOtherWrites: sawOtherWrites, committed: true)
            return .success(kept(written, input, in: hand, omitted: omitted, rowsWritten: connection.totalChanges - changesBefore, &store))
        })
        logger.debug("saved scene", metadata: [
            "scene": "\(scene)", "revision": "\(result.revision)",
            "inserted": "\(result.entriesInserted)", "closed": "\(result.entriesClosed)",
            "omitted": "\(result.omitted.count)",
        ])
        return result
    }

    /// Keeps the head a committed save left for the next save, and tells
    /// what the save did.
    private func kept<Element>(
        _ written: WrittenRevision, _ input: SaveInput<Element>, in hand: HeadCache.Slot, omitted: [DroppedEntry],
        rowsWritten: Int, _ store: inout State
    ) -> SaveResult {
        (hand.head.row, hand.head.stackBytes, hand.head.layout, hand.head.treeLayout, hand.head.epoch) =
            (written.head, input.stackBytes, input.layout, input.treeLayout, store.cache.epoch)
        store.cache.kept(hand)
        return SaveResult(
            revision: written.head.number, isNewRevision: written.isNew, omitted: omitted,
            entriesInserted: written.inserted, entriesClosed: written.closed, rowsWritten: rowsWritten,
            screenValuesLeftOut: input.screensLeftOut)
    }

    /// Checks the state against the limits (a reader never saves, even
    /// what would write nothing) and encodes its layout.
    private func saveInput<Element: StorableElement>(
        _ state: SceneState<Element>, flat: Slots.Flat<Element>, scene: String, known: KnownPrefixes,
        sameTree: WrittenTree?, leavesOutLargeEntries: Bool
    ) throws(NavStateError) -> SaveInput<Element> {
        // A caller that leaves out an entry past the payload limit is told
        // quietly: it saves the rest, and nothing was refused.
        let (bytes, stackBytes) = try refusingLogged(scene, quietlyIf: leavesOutLargeEntries ? \.isPastThePayloadLimit : nil) {
            () throws(NavStateError) -> (Int, [Int]) in
            if isReadOnly { throw .readOnly(path: path) }
            try configuration.limits.checkSceneName(scene)
            return try configuration.limits.byteCount(
                checking: state, flat: flat, scene: scene, known: known, sameTree: sameTree != nil)
        }
        let screens = state.screens.isEmpty
            ? (rows: [:], leftOut: [])
            : ScreenTable.rows(of: state, limits: configuration.limits)
        let layout: String
        let treeLayout: WrittenTree?
        if let sameTree {
            (layout, treeLayout) = (sameTree.json, sameTree)
        } else if state.isOneStackPerLevel {
            (layout, treeLayout) = (StoredLayout.json(of: state), nil)
        } else {
            let written = StoredLayout.of(state)
            layout = written.json()
            treeLayout = WrittenTree(written, json: layout)
        }
        return SaveInput(
            slots: flat.slots, layout: layout, treeLayout: treeLayout,
            bytes: bytes, stackBytes: stackBytes,
            entryCount: flat.entryCount, presentationCount: state.presentations.count,
            keptRevisions: configuration.keptRevisions.map { min(max(1, $0), StoredRange.keptRevisions.upperBound) },
            now: configuration.clock().timeIntervalSince1970, known: known,
            screens: screens.rows, screensLeftOut: screens.leftOut)
    }

    /// Stacks up to this long are checked element by element on every save
    /// (`knownPrefixes(of:in:)`).
    static let shortStack = 32

    /// Runs a check of a save's input, logging a refusal at error level as
    /// the connection's failures are.
    private func refusingLogged<T>(
        _ scene: String, quietlyIf quiet: KeyPath<NavStateError, Bool>? = nil, _ check: () throws(NavStateError) -> T
    ) throws(NavStateError) -> T {
        do {
            return try check()
        } catch {
            if let quiet, error[keyPath: quiet] { throw error }
            logger.error("save refused", metadata: ["scene": "\(NavStateError.shortened(scene))", "error": "\(error)"])
            throw error
        }
    }

    /// Refuses a state that breaks an invariant, before anything is left out,
    /// so a bad checkpoint is reported rather than quietly dropped.
    private static func validate<Element>(_ state: SceneState<Element>, treeChecked: Bool = false) throws(NavStateError) {
        do {
            if treeChecked {
                try state.validateSkippingTree()
            } else {
                try state.validate()
            }
        } catch {
            throw .invalidState(error)
        }
    }
}

extension NavStateError {
    /// An entry's payload is past ``NavStore/Limits/payloadBytes``.
    var isPastThePayloadLimit: Bool {
        code == .limitExceeded && detail("") == "payloadBytes"
    }
}
