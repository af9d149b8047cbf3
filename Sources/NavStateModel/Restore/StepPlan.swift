/// One operation of a step plan: one UI update.
package enum NavigationStep<Element: NavElement>: Sendable, Hashable {
    /// Dismiss the top `count` presentations (a stack of sheets goes at once).
    case dismiss(count: Int)
    /// Pop `count` entries off the stack on screen in the top-most level.
    case pop(count: Int)
    /// Push an entry onto the stack on screen in the top-most level.
    case push(Element)
    /// Present a destination above the stack on screen.
    case present(PresentationMethod, Element)
    /// Select, in every tab bar on the way, the tabs that put the container
    /// at the address on screen: a tab switch.
    case select(StackAddress)
    /// Replace the container at the address: a stack that is not on screen
    /// (another tab's) set at once, or a tree whose tabs or columns changed.
    case setContainer(StackAddress, NavContainer<Element>)
    /// Set or clear a split view's selection in one column.
    case setSelection(StackAddress, NavSplitColumn, Element?)
    /// Set or clear a named scene value.
    case setValue(name: String, Element?)
    /// Replace the checkpoints.
    case setCheckpoints([Checkpoint])
}

extension SceneState {
    /// The shortest list of operations that turns this state into `target`:
    /// the levels both share stay; a stack that is not on screen and
    /// differs is set at once; the stack on screen is popped to what both
    /// share and pushed one entry at a time (so the user sees each screen);
    /// a tab switch is one step; everything above the first level that
    /// differs on screen is dismissed, and the rest of the target presented.
    ///
    /// NavigationBackport and FlowStacks compute such plans because a stack
    /// cannot change many levels in one update; apply the steps one by one.
    ///
    /// ```swift
    /// for step in current.steps(to: restored) { apply(step) }
    /// ```
    package func steps(to target: SceneState) -> [NavigationStep<Element>] {
        var steps: [NavigationStep<Element>] = []
        // The presentations both keep: each shown from the same screen, with
        // the same method and destination.
        var kept = 0
        while kept < presentations.count, kept < target.presentations.count,
              presentations[kept].method == target.presentations[kept].method,
              presentations[kept].destination == target.presentations[kept].destination,
              stackOnScreen(level: kept) == target.stackOnScreen(level: kept),
              stackOnScreen(level: kept).map({ stack($0) == target.stack($0) }) ?? true {
            kept += 1
        }
        // The levels below the top one kept: only what is not on screen may differ.
        for level in 0..<kept {
            Self.plan(level: level, from: self, to: target, into: &steps, onScreenTop: false)
        }
        if presentations.count > kept { steps.append(.dismiss(count: presentations.count - kept)) }
        Self.plan(level: kept, from: self, to: target, into: &steps, onScreenTop: true)
        for index in kept..<target.presentations.count {
            let presentation = target.presentations[index]
            steps.append(.present(presentation.method, presentation.destination))
            if case .stack(let entries) = presentation.content {
                steps += entries.map { .push($0) }
            } else {
                steps.append(.setContainer(.presentation(index + 1), presentation.content))
            }
        }
        for name in Set(values.keys).union(target.values.keys).sorted() where values[name] != target.values[name] {
            steps.append(.setValue(name: name, target.values[name]))
        }
        // A dismiss, pop or replaced container drops the checkpoints it
        // leaves pointing nowhere, so every state on the way is valid; the
        // target's checkpoints are set last if that is not where they ended up.
        let reached = (try? applying(steps))?.checkpoints ?? checkpoints
        if reached != target.checkpoints {
            steps.append(.setCheckpoints(target.checkpoints))
        }
        return steps
    }

    /// The steps that turn level `level`'s container into the target's.
    /// On the top level, the target's stack on screen is changed last, by
    /// pops and pushes; below it, that stack is the same in both.
    private static func plan(
        level: Int, from current: SceneState, to target: SceneState,
        into steps: inout [NavigationStep<Element>], onScreenTop: Bool
    ) {
        guard let from = current.container(level: level), let to = target.container(level: level) else { return }
        let levelAddress = StackAddress(presentation: level)
        guard from.hasShape(of: to) else {
            steps.append(.setContainer(levelAddress, to))
            return
        }
        let targetOnScreen = target.stackOnScreen(level: level)
        to.forEachStack(prefix: []) { path, wanted in
            let address = StackAddress(presentation: level, path: path)
            guard address != targetOnScreen || !onScreenTop, from.stack(at: path) != wanted else { return }
            steps.append(.setContainer(address, .stack(wanted)))
        }
        to.forEachSplit(prefix: []) { path, split in
            guard case .split(let before)? = from.container(at: path) else { return }
            let address = StackAddress(presentation: level, path: path)
            if before.sidebar != split.sidebar { steps.append(.setSelection(address, .sidebar, split.sidebar)) }
            if before.content != split.content { steps.append(.setSelection(address, .content, split.content)) }
        }
        // A tab bar off the way to the stack on screen (another tab's) that
        // selects another tab is set whole, at once: a tab switch there
        // would change what is on screen.
        let onScreenPath = targetOnScreen?.path ?? []
        to.forEachTabBar(prefix: []) { path, tabs in
            guard !onScreenPath.starts(with: path), case .tabs(let before)? = from.container(at: path),
                  before.selected != tabs.selected else { return }
            steps.append(.setContainer(StackAddress(presentation: level, path: path), .tabs(tabs)))
        }
        if let targetOnScreen, current.stackOnScreen(level: level) != targetOnScreen {
            steps.append(.select(targetOnScreen))
        }
        guard onScreenTop, let targetOnScreen,
              let before = from.stack(at: targetOnScreen.path), let wanted = to.stack(at: targetOnScreen.path)
        else { return }
        let shared = zip(before, wanted).prefix { $0 == $1 }.count
        if before.count > shared { steps.append(.pop(count: before.count - shared)) }
        steps += wanted[shared...].map { .push($0) }
    }

    /// This state after the steps, in order.
    ///
    /// A dismiss drops the checkpoints of the stacks it removes, a pop
    /// those that keep more entries than remain, and a replaced container
    /// those that point nowhere now, so a valid state stays valid after
    /// every step (an app can show, and save, each one).
    ///
    /// - Throws: ``NavStateError`` for a step that cannot apply (popping
    ///   more than a stack holds, pushing onto a plain sheet, an address
    ///   the scene does not have).
    package func applying(_ steps: [NavigationStep<Element>]) throws(NavStateError) -> SceneState {
        var state = self
        for step in steps {
            switch step {
            case .dismiss(let count):
                guard count >= 0, count <= state.presentations.count else {
                    throw .cannotDismiss(count: count, presented: state.presentations.count)
                }
                state.presentations.removeLast(count)
                state.dropCheckpointsPointingNowhere()
            case .pop(let count):
                guard let top = state.stackOnScreen, let stack = state.stack(top) else {
                    throw .cannotPop(count: count, entries: 0)
                }
                guard count >= 0, count <= stack.count else {
                    throw .cannotPop(count: count, entries: stack.count)
                }
                try state.setStack(top, to: Array(stack.dropLast(count)))
                state.dropCheckpointsPointingNowhere()
            case .push(let element):
                guard let top = state.stackOnScreen, let stack = state.stack(top) else {
                    throw .cannotPushOnto(state.presentations.last?.method ?? .sheet)
                }
                try state.setStack(top, to: stack + [element])
            case .present(let method, let element):
                state.presentations.append(Presentation(method: method, destination: element))
            case .select(let address):
                try state.select(address)
            case .setContainer(let address, let container):
                try state.replaceContainer(at: address, with: container)
                state.dropCheckpointsPointingNowhere()
            case .setSelection(let address, let column, let element):
                guard case .split(var split)? = state.container(at: address) else { throw .noSuchStack(address) }
                switch column {
                case .sidebar: split.sidebar = element
                case .content: split.content = element
                }
                try state.replaceContainer(at: address, with: .split(split))
            case .setValue(let name, let element):
                state.values[name] = element
            case .setCheckpoints(let checkpoints):
                state.checkpoints = checkpoints
            }
        }
        return state
    }

    /// Removes the checkpoints whose stack is gone or holds fewer entries
    /// than they keep.
    @inlinable
    package mutating func dropCheckpointsPointingNowhere() {
        guard !checkpoints.isEmpty else { return }
        let state = self
        checkpoints.removeAll { checkpoint in
            guard let stack = state.stack(checkpoint.stack) else { return true }
            return checkpoint.entriesKept < 0 || checkpoint.entriesKept > stack.count
        }
    }
}

extension NavContainer {
    /// Whether `other` has this container's structure: the same kinds,
    /// the same tabs in the same order, the same columns and visibility.
    /// Two containers of one shape differ only in what a push, a pop, a
    /// tab switch or a selection changes.
    package func hasShape<Other>(of other: NavContainer<Other>) -> Bool {
        switch (self, other) {
        case (.stack, .stack):
            return true
        case let (.tabs(mine), .tabs(theirs)):
            return mine.tabs.count == theirs.tabs.count
                && zip(mine.tabs, theirs.tabs).allSatisfy { $0.id == $1.id && $0.content.hasShape(of: $1.content) }
        case let (.split(mine), .split(theirs)):
            return mine.hasContentColumn == theirs.hasContentColumn && mine.visibility == theirs.visibility
                && mine.detail.hasShape(of: theirs.detail)
        default:
            return false
        }
    }

    /// Calls `body` with every tab bar in tree order, with its path.
    package func forEachTabBar(prefix: [StackAddress.Step], _ body: ([StackAddress.Step], NavTabs<Element>) -> Void) {
        var path = prefix
        walk(&path) { path, container in
            if case .tabs(let tabs) = container { body(path, tabs) }
            return true
        }
    }

    /// Calls `body` with every split view in tree order and its path.
    package func forEachSplit(prefix: [StackAddress.Step], _ body: ([StackAddress.Step], NavSplit<Element>) -> Void) {
        var path = prefix
        walk(&path) { path, container in
            if case .split(let split) = container { body(path, split) }
            return true
        }
    }
}
