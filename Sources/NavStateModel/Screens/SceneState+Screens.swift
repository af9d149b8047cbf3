extension SceneState {
    /// The element at `location`, or `nil` when the scene has none there.
    @inlinable
    public func element(at location: EntryLocation) -> Element? {
        switch location {
        case let .stack(address, position):
            guard let stack = stack(address), position >= 0, position < stack.count else { return nil }
            return stack[position]
        case let .presentation(level):
            guard level >= 1, level <= presentations.count else { return nil }
            return presentations[level - 1].destination
        case let .selection(split, column):
            guard case .split(let view)? = container(at: split) else { return nil }
            return column == .sidebar ? view.sidebar : view.content
        case .value(let name):
            return values[name]
        }
    }

    /// The screens a save writes: those with a value whose location holds
    /// an entry (a screen goes with its entry).
    package var screensWithEntries: [EntryLocation: ScreenState] {
        guard !screens.isEmpty else { return [:] }
        return screens.filter { !$0.value.isEmpty && element(at: $0.key) != nil }
    }

    /// The screens of `old` whose entries are still where they were in this
    /// state, with this state's screens over them: what a face keeps when
    /// the navigation changes under screens it has not heard from. A
    /// position past the common prefix of its stack in the two states is a
    /// different entry, even an equal value pushed again, and starts with
    /// no state.
    public func keepingScreens(of old: SceneState) -> [EntryLocation: ScreenState] {
        screensStillHeld(from: old).merging(screens) { _, new in new }
    }

    /// The screens of `old` whose entries this state still holds where
    /// they were: what a change of the navigation leaves of them.
    package func screensStillHeld(from old: SceneState) -> [EntryLocation: ScreenState] {
        var kept: [EntryLocation: ScreenState] = [:]
        for (location, screen) in old.screens where !screen.isEmpty && old.isSameEntry(at: location, in: self) {
            kept[location] = screen
        }
        return kept
    }

    /// Whether `location` holds the same entry here and in `other`, with
    /// everything under it in its stack the same too.
    private func isSameEntry(at location: EntryLocation, in other: SceneState) -> Bool {
        switch location {
        case let .stack(address, position):
            guard let mine = stack(address), let theirs = other.stack(address),
                  mine.count > position, theirs.count > position else { return false }
            return mine[...position] == theirs[...position]
        case .presentation(let level):
            guard level >= 1, level <= presentations.count, level <= other.presentations.count else { return false }
            return presentations[..<level].elementsEqual(other.presentations[..<level]) {
                $0.destination == $1.destination && $0.method == $1.method
            }
        case .selection, .value:
            return element(at: location).map { $0 == other.element(at: location) } ?? false
        }
    }
}

extension EntryLocation {
    /// The location as the store's file writes it: `root#3` (position 3 of
    /// the root stack), `tab:orders#0`, `@1` (presentation 1's
    /// destination), `detail|sidebar` (a split view's sidebar selection).
    public var storedText: String {
        switch self {
        case let .stack(address, position):
            // The root stack's, by far the most common, without the address's text.
            if address.path.isEmpty && address.presentation == 0 {
                position >= 0 && position < Self.rootTexts.count ? Self.rootTexts[position] : "root#" + String(position)
            } else {
                "\(address)#\(position)"
            }
        case let .presentation(level): "@\(level)"
        case let .selection(split, column): "\(split)|\(column.rawValue)"
        case let .value(name): "=\(name)"
        }
    }

    /// The root stack's first positions' texts, made once.
    private static let rootTexts = (0..<64).map { "root#\($0)" }

    /// Reads ``storedText`` back; `nil` for text that is not a location.
    public init?(storedText text: String) {
        // The root stack's, by far the most common, read without a parse
        // of its address.
        var utf8 = text
        let root = utf8.withUTF8 { bytes -> Int?? in
            // "root#" then 1 to 9 digits: the position; nil: not this form.
            guard bytes.count > 5, bytes.count <= 14, bytes[0] == 0x72, bytes[1] == 0x6F, bytes[2] == 0x6F,
                  bytes[3] == 0x74, bytes[4] == 0x23 else { return nil }
            var position = 0
            for byte in bytes[5...] {
                guard byte >= 48, byte <= 57 else { return .some(nil) }
                position = position * 10 + Int(byte - 48)
            }
            return position
        }
        switch root {
        case .some(.some(let position)):
            self = .stack(.root, position: position)
            return
        case .some(.none):
            return nil
        case .none:
            break
        }
        if text.hasPrefix("@") {
            guard let level = Int(text.dropFirst()), level >= 1 else { return nil }
            self = .presentation(level)
        } else if text.hasPrefix("=") {
            self = .value(String(text.dropFirst()))
        } else if let hash = text.lastIndex(of: "#"), text[text.index(after: hash)...].utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) {
            // A stack's text ends in its position, a selection's in its
            // column: a tab identifier may hold '#' or '|' itself.
            let digits = text[text.index(after: hash)...]
            guard !digits.isEmpty, digits.utf8.count <= 9, let position = Int(digits),
                  let address = StackAddress(String(text[..<hash])) else { return nil }
            self = .stack(address, position: position)
        } else if let bar = text.lastIndex(of: "|") {
            guard let column = NavSplitColumn(rawValue: String(text[text.index(after: bar)...])),
                  let split = StackAddress(String(text[..<bar])) else { return nil }
            self = .selection(split, column)
        } else {
            return nil
        }
    }
}
