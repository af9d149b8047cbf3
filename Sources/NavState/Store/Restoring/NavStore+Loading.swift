public import NavStateReports
import Foundation
import Logging
import NavStateModel
import NavStateSQLite

extension NavStore {
    /// Loads a scene's head revision, or the given one from its history.
    ///
    /// - Returns: The revision exactly as it was saved, or `nil` when the
    ///   scene or that revision does not exist (pruned, or never saved).
    /// - Throws: `NavStateError.damagedScene`
    ///   when the rows of the revision do not form a valid scene state (a
    ///   tampered or damaged file), naming what is wrong. ``restore(scene:registry:options:)``
    ///   instead leaves out what does not fit, or falls back to an earlier
    ///   revision.
    @_spi(Tooling) public func load(scene: String, revision: Int? = nil) throws(NavStateError) -> StoredRevision? {
        guard let (stored, damage) = try loadChecked(scene: scene, revision: revision, limits: nil) else { return nil }
        if let first = damage.lazy.compactMap(\.damage).first {
            let error = NavStateError.damagedScene(path: path, scene: scene, revision: stored.revision, damage: first)
            logger.error("load failed", metadata: ["path": "\(path)", "error": "\(error)"])
            throw error
        }
        return stored
    }

    /// Loads a revision, keeping only what forms a valid scene state and
    /// saying what was left out and why.
    ///
    /// - Parameter limits: Also leave out what passes these limits (the
    ///   restore path: a tampered file must not hand the app a huge state).
    /// - Throws: `NavStateError.damagedScene`
    ///   only when nothing of the revision can be trusted (its chain of rows
    ///   is broken, or its layout does not decode), and
    ///   `NavStateError.corrupt` when SQLite finds the file
    ///   damaged.
    func loadChecked(
        scene: String, revision: Int?, limits: Limits?
    ) throws(NavStateError) -> (StoredRevision, [LeftOut])? {
        if let revision, revision < 1 {
            throw .invalidRevision(revision)
        }
        let loaded = try withConnection("load", refusable: { (store: inout State) throws(SQLiteError) in
            try store.connection.refusableTransaction(immediate: false) {
                () throws(SQLiteError) -> Result<(StoredRevision, [LeftOut])?, NavStateError> in
                try read(scene: scene, revision: revision, limits: limits, in: &store)
            }
        })
        logger.debug("loaded scene", metadata: [
            "scene": "\(scene)", "revision": "\(loaded?.0.revision ?? 0)", "damage": "\(loaded?.1.count ?? 0)",
        ])
        return loaded
    }

    /// What `loadChecked` reads, inside a transaction the caller holds,
    /// caching the head for the next save when it is whole.
    func read(
        scene: String, revision: Int?, limits: Limits?, in store: inout State
    ) throws(SQLiteError) -> Result<(StoredRevision, [LeftOut])?, NavStateError> {
        let connection = store.connection
        guard let (sceneID, kept) = try RevisionTable.sceneRow(connection, name: scene) else { return .success(nil) }
        guard StoredRange.sceneID.contains(sceneID) else {
            return .failure(NavStateError.damagedScene(path: path, scene: scene, revision: 0, damage: Damage.sceneIDOutOfRange(sceneID)))
        }
        guard let head = try RevisionTable.headRow(connection, sceneID: sceneID) else {
            if revision == nil {
                return .failure(NavStateError.damagedScene(path: path, scene: scene, revision: 0, damage: Damage.noRevision))
            }
            return .success(nil)
        }
        let top = SceneHead(sceneID: sceneID, keptRevisions: kept, number: head.number, base: head.base, chainBytes: head.chainBytes)
        let number = revision ?? top.number
        // Older than the kept revisions: rows the chain of a kept
        // revision still builds on, not history to hand out.
        if number > top.number { return .success(nil) }
        if let kept, number <= top.number - kept { return .success(nil) }
        switch try RevisionTable.readRevision(connection, sceneID: sceneID, number: number) {
        case nil: return .success(nil)
        case let chain?:
            switch try finishRead(scene: scene, number: number, chain: chain, top: top, limits: limits, in: &store) {
            case .success(let loaded): return .success(loaded)
            case .failure(let damage): return .failure(NavStateError.damagedScene(path: path, scene: scene, revision: number, damage: damage))
            }
        }
    }

    /// A revision's state from the chain its rows built: the layout decoded,
    /// what does not fit left out, and the head cached when it is whole;
    /// the damage that leaves nothing of it to trust, otherwise.
    func finishRead(
        scene: String, number: Int, chain: Result<RevisionRead, Damage>, top: SceneHead,
        limits: Limits?, in store: inout State
    ) throws(SQLiteError) -> Result<(StoredRevision, [LeftOut]), Damage> {
        let read: RevisionRead
        switch chain {
        case .failure(let damage): return .failure(damage)
        case .success(let value): read = value
        }
        guard let layout = StoredLayout.decode(read.layout) else { return .failure(.unreadableLayout) }
        // What a layout may hold is checked whatever the caller's limits:
        // a tampered tree is damage to every reader.
        if let past = layout.pastLimits(limits ?? configuration.limits) { return .failure(past) }
        guard let (rebuilt, damage) = Slots.state(from: read.slots, layout: layout, limits: limits)
        else { return .failure(.unreadableLayout) }
        var state = rebuilt
        // Each screen's own state, handed only to the entry it was saved
        // with: the head's screens, which an older revision's entries get
        // only where they are the same entries.
        let screens = try ScreenTable.read(store.connection, sceneID: top.sceneID)
        if !screens.isEmpty { state.screens = ScreenTable.screens(from: screens, in: state, limits: limits) }
        if number == top.number && damage.isEmpty && top.chainBytes != nil {
            store.cache.remember(scene, row: top, slots: read.slots, layout: read.layout, screens: screens)
        }
        return .success((StoredRevision(scene: scene, revision: number, savedAt: read.savedAt, state: state), damage))
    }

}

/// Builds a revision's state from its chain of rows, oldest first: the full
/// row it names as its base, then every delta up to it, each checked
/// against its place (sealed rows), its encoding and what it changes.
struct ChainReader {
    let sceneID: Int
    /// The revision being read, and the full row it builds on.
    let number: Int
    let base: Int
    private var slots: SlotMap<[NavEntry]> = SlotMap()
    private var layout: String?
    /// The next row of the chain; `nil` once `number` was read.
    private var expected: Int?

    private init(sceneID: Int, number: Int, base: Int) {
        (self.sceneID, self.number, self.base, expected) = (sceneID, number, base, base)
    }

    /// A reader for `number`, whose row names `base`; a base outside
    /// 1…number is a problem at once.
    static func start(sceneID: Int, number: Int, base: Int) -> Result<ChainReader, Damage> {
        guard base >= 1, base <= number else { return .failure(.invalidBase(base)) }
        return .success(ChainReader(sceneID: sceneID, number: number, base: base))
    }

    /// Whether rows are still to come.
    var wantsMore: Bool { expected != nil }

    /// Takes the next row: its number, the base it names, and its change
    /// (`nil` when the column is not a blob). Returns the problem that ends
    /// the read, if any.
    mutating func add(number found: Int, base rowBase: Int, change: UnsafeRawBufferPointer?) -> Damage? {
        guard let next = expected else { return nil }
        guard found == next else { return .missingRevision(next) }
        /// A fault of this row, the one read or one it builds on.
        func problem(_ fault: RowFault) -> Damage { .unreadableRow(revision: found, problem: fault.description) }
        guard let change else { return problem(.notABlob) }
        // Sealed rows are checked against their place: scene, number and base.
        let key = RevisionSeal.Key(sceneID: sceneID, number: found, base: rowBase)
        let decoded: RevisionChange
        switch RevisionSeal.open(change, key).flatMap({ opened in opened.withUnsafeBytes { RevisionChange.decode($0) } }) {
        case .success(let value): decoded = value
        case .failure(let failure): return problem(failure)
        }
        if found == base && !decoded.isFull { return problem(.notWhole) }
        do throws(RevisionChange.Problem) {
            try decoded.apply(to: &slots)
        } catch {
            return problem(error)
        }
        if let changed = decoded.layout { layout = changed }
        // Compared before adding: `number` comes from the file.
        expected = found == number ? nil : found + 1
        return nil
    }

    /// The revision the rows built, or what is missing.
    func finish(savedAt: Date) -> Result<RevisionRead, Damage> {
        if let missing = expected { return .failure(.missingRevision(missing)) }
        // A whole state always carries its layout (the decoder checks).
        guard let layout else { return .failure(.unreadableRow(revision: base, problem: RowFault.notWhole.description)) }
        return .success(RevisionRead(savedAt: savedAt, slots: slots, layout: layout))
    }
}

/// A revision as its chain of rows builds it, before anything about it is
/// trusted beyond its encoding.
struct RevisionRead {
    var savedAt: Date
    var slots: SlotMap<[NavEntry]>
    var layout: String
}

/// What rebuilding a revision left out: something its rows hold that does
/// not fit a valid scene state (its ``Damage``), or an entry that sits
/// above such a thing.
struct LeftOut: Sendable {
    /// Where it was, and the entry; `nil` for a checkpoint.
    var location: EntryLocation?
    var entry: NavEntry?
    /// ``DropReason/damaged(_:)``, or ``DropReason/aboveDroppedEntry(_:)``
    /// for an entry that is whole but sits above damage.
    var reason: DropReason

    /// The damage itself; `nil` for an entry above it.
    var damage: Damage? {
        if case .damaged(let damage) = reason { damage } else { nil }
    }
}
