import Logging
import NavState
package import NavStateModel

// Each screen's own state for the faces that bind the app's state (a
// draft, a list's top row): kept by the part and position of its entry,
// saved with the navigation, dropped when the entry goes. Which entry a
// view's screen is, is decided here from the value the view shows and the
// order views appear in, so every rule is tested on Linux.

/// What a view that shows one entry's screen keeps while it lives: the
/// session holds it weakly, and an entry whose view is gone can be taken
/// by the next view that shows its value.
package final class ScreenHolder {
    package init() {}
}

/// A view's hold on the screen of one entry: valid until that entry is
/// popped, replaced or dropped, even when an equal value comes back at
/// the same place.
package struct ScreenClaim: Sendable, Hashable {
    /// The part's index in the session.
    package var part: Int
    /// The entry's position in its stack; 0 for a selection or a
    /// presented item.
    package var position: Int
    /// Which entry it was when claimed.
    var token: Int
}

/// One part's screens.
struct PartScreens {
    /// Each position's own state.
    var states: [Int: ScreenState] = [:]
    /// Each claimed position's entry, and the view holding it.
    var holds: [Int: Hold] = [:]

    struct Hold {
        var token: Int
        weak var holder: ScreenHolder?
    }

    var isEmpty: Bool { states.isEmpty && holds.isEmpty }

    /// One past the highest position with a state or a hold.
    var extent: Int { max(states.keys.max() ?? -1, holds.keys.max() ?? -1) + 1 }

    /// Keeps the first `kept` positions' screens: those above are other
    /// entries now, or none.
    mutating func keep(first kept: Int) {
        guard extent > kept else { return }
        states = states.filter { $0.key < kept }
        holds = holds.filter { $0.key < kept }
    }
}

extension SceneSession {
    // MARK: Which screen a view shows

    /// The screen a view that appeared shows: the first of `candidates`
    /// (the entries equal to the view's value, the deepest first) that no
    /// live view holds. A view appears on top, so of two equal values the
    /// higher is the one appearing, and the one under it appears when the
    /// user comes back to it.
    ///
    /// - Returns: `nil` when the restore is not in place, or every
    ///   candidate is another view's: the view keeps its values while it
    ///   lives, unsaved.
    package func claimScreen(_ holder: ScreenHolder, among candidates: [(part: Int, position: Int)]) -> ScreenClaim? {
        guard hasRestored else { return nil }
        for (part, position) in candidates where part >= 0 && part < current.count && position >= 0 {
            var screens = partScreens[part] ?? PartScreens()
            let hold = screens.holds[position]
            if let hold, let other = hold.holder, other !== holder { continue }
            let token = hold?.token ?? takeScreenToken()
            screens.holds[position] = PartScreens.Hold(token: token, holder: holder)
            partScreens[part] = screens
            return ScreenClaim(part: part, position: position, token: token)
        }
        return nil
    }

    /// The entries a view can show, in the order ``claimScreen(_:among:)``
    /// tries them: `matches` gives, for each part around the view in the
    /// order they nest, the positions of the entries equal to the view's
    /// value; the deepest part comes first, and in a stack the highest
    /// position.
    package static func screenCandidates(_ matches: [(part: Int, positions: [Int])]) -> [(part: Int, position: Int)] {
        matches.reversed().flatMap { match in match.positions.sorted(by: >).map { (part: match.part, position: $0) } }
    }

    /// The own state of the claimed screen; `nil` once its entry is gone.
    package func screen(for claim: ScreenClaim) -> ScreenState? {
        guard let screens = partScreens[claim.part], screens.holds[claim.position]?.token == claim.token else { return nil }
        return screens.states[claim.position] ?? ScreenState()
    }

    /// The value under `key` of the claimed screen; `nil` when there is
    /// none, its entry is gone, or the saved value no longer decodes as
    /// `T` (an update changed the type): then it is logged and that value
    /// alone starts afresh.
    package func screenValue<T: Decodable>(_ type: T.Type, forKey key: String, for claim: ScreenClaim) -> T? {
        do {
            return try screen(for: claim)?.value(type, forKey: key)
        } catch {
            logger?.notice("screen value starts afresh", metadata: ["scene": "\(scene ?? "")", "error": "\(error)"])
            return nil
        }
    }

    /// Sets the value under `key` of the claimed screen (`nil` removes
    /// it), saved like a push: coalesced with the other changes. An
    /// unchanged value saves nothing.
    ///
    /// - Returns: Whether the screen took it: `false` once its entry is
    ///   gone (a popped view's last write).
    /// - Throws: `NavStateError.encodingFailed` when `JSONEncoder` rejects
    ///   the value.
    @discardableResult
    package func setScreenValue<T: Encodable>(_ value: T?, forKey key: String, for claim: ScreenClaim) throws(NavStateError) -> Bool {
        guard var screen = screen(for: claim) else { return false }
        let before = screen
        try screen.setValue(value, forKey: key)
        guard screen != before else { return true }
        partScreens[claim.part]?.states[claim.position] = screen.isEmpty ? nil : screen
        saver?.changed()
        return true
    }

    /// A screen value `JSONEncoder` refused: the view keeps it, unsaved,
    /// and the log says why.
    package func screenValueNotSaved(forKey key: String, _ error: any Error) {
        logger?.error("screen value not saved", metadata: ["scene": "\(scene ?? "")", "key": "\(key)", "error": "\(error)"])
    }

    private func takeScreenToken() -> Int {
        nextScreenToken &+= 1
        return nextScreenToken
    }

    // MARK: Entries that change

    /// Part `index` keeps its first `kept` entries; the screens above go.
    func entriesChanged(_ index: Int, keeping kept: Int) {
        guard var screens = partScreens[index] else { return }
        screens.keep(first: kept)
        partScreens[index] = screens.isEmpty ? nil : screens
    }

    /// How many entries at the bottom `old` and `new` share, counted only
    /// as far as part `index` has screens: the rest costs nothing.
    func keptEntries<T: Equatable>(of index: Int, from old: [T], to new: [T]) -> Int {
        let extent = partScreens[index]?.extent ?? 0
        var kept = 0
        while kept < extent, kept < old.count, kept < new.count, old[kept] == new[kept] { kept += 1 }
        return kept
    }

    /// Part `index` goes from `old` to `new`: its screens above the
    /// entries kept go.
    func valueChanged(_ index: Int, from old: SceneLayout.Value, to new: SceneLayout.Value) {
        guard partScreens[index] != nil else { return }
        switch (old, new) {
        case (.stack(let before), .stack(let after)): entriesChanged(index, keeping: keptEntries(of: index, from: before, to: after))
        default: entriesChanged(index, keeping: old == new ? 1 : 0)
        }
    }

    /// Part `index` shows restored entries, with their screens by position.
    func adoptScreens(_ states: [Int: ScreenState]?, for index: Int) {
        var screens = PartScreens()
        screens.states = states ?? [:]
        partScreens[index] = screens.isEmpty ? nil : screens
    }

    // MARK: Saving

    /// `state` with its screens: the parts' where their entries are, and
    /// the saved ones of the parts not shown yet.
    func withScreens(_ state: SceneState<AnyDestination>) -> SceneState<AnyDestination> {
        guard !partScreens.isEmpty || !unshown.screens.isEmpty else { return state }
        var state = state
        var screens = unshown.screens
        let isRootStack = if case .stack = state.content { true } else { false }
        for (index, part) in partScreens where !part.states.isEmpty && index < current.count {
            let name = layout.parts[index].name
            switch current[index] {
            case .stack(let entries):
                let address: StackAddress = isRootStack ? .root : .tab(name)
                for (position, screen) in part.states where position < entries.count {
                    screens[.stack(address, position: position)] = screen
                }
            case .one(let entry):
                if entry != nil, let screen = part.states[0] { screens[.value(name)] = screen }
            }
        }
        state.screens = screens.filter { state.element(at: $0.key) != nil }
        return state
    }
}

/// One `@ScreenStorage` value of a view, and the screen it is kept in:
/// what the value is as the view's screen becomes known, and where a
/// value the view sets goes.
@MainActor
package final class ScreenValue<Value: Codable> {
    package let key: String
    package private(set) var value: Value
    /// Whether the view set the value before its screen was known.
    private var setBeforeScreen = false
    private weak var session: SceneSession?
    private var claim: ScreenClaim?

    package init(key: String, initial: Value) {
        self.key = key
        self.value = initial
    }

    /// The value, once the view's screen is `claim` in `session`: the
    /// first time, the screen's saved value, or, when it has none and the
    /// view set one before, that one saved into it.
    package func value(in session: SceneSession?, claim: ScreenClaim?) -> Value {
        guard claim != self.claim || session !== self.session else { return value }
        self.session = session
        self.claim = claim
        guard let session, let claim else { return value }
        if let saved = session.screenValue(Value.self, forKey: key, for: claim) {
            value = saved
        } else if setBeforeScreen {
            write(value, into: session, claim)
        }
        return value
    }

    /// The view sets the value: kept for the view, and saved into its
    /// screen while that screen's entry is there.
    package func set(_ newValue: Value) {
        value = newValue
        guard let session, let claim else {
            setBeforeScreen = true
            return
        }
        write(newValue, into: session, claim)
    }

    private func write(_ value: Value, into session: SceneSession, _ claim: ScreenClaim) {
        do {
            try session.setScreenValue(value, forKey: key, for: claim)
        } catch {
            // JSONEncoder refused it: the view keeps it, unsaved.
            session.screenValueNotSaved(forKey: key, error)
        }
    }
}
