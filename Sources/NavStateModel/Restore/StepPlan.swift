/// One operation of a step plan, applied to the top-most stack of a scene.
public enum NavigationStep<Element: NavElement>: Sendable, Hashable {
    /// Dismiss the top `count` presentations (a stack of sheets goes at once).
    case dismiss(count: Int)
    /// Pop `count` entries off the top-most stack.
    case pop(count: Int)
    /// Push an entry onto the top-most stack.
    case push(Element)
    /// Present a destination above the top-most stack.
    case present(PresentationMethod, Element)
    /// Set or clear a named scene value.
    case setValue(name: String, Element?)
    /// Replace the checkpoints.
    case setCheckpoints([Checkpoint])
}

extension SceneState {
    /// The shortest list of operations that turns this state into `target`:
    /// the stacks and presentations both share stay, everything above the
    /// first difference is dismissed or popped, the rest of the target is
    /// pushed and presented.
    ///
    /// NavigationBackport and FlowStacks compute such plans because a stack
    /// cannot change many levels in one update; apply the steps one by one.
    ///
    /// ```swift
    /// for step in current.steps(to: restored) { apply(step) }
    /// ```
    public func steps(to target: SceneState) -> [NavigationStep<Element>] {
        var steps: [NavigationStep<Element>] = []
        // The first level whose stack differs, or above which the
        // presentations differ.
        var level = 0
        while level < stackCount, level < target.stackCount, stack(level) == target.stack(level),
              level < presentations.count, level < target.presentations.count,
              presentations[level].method == target.presentations[level].method,
              presentations[level].destination == target.presentations[level].destination {
            level += 1
        }
        if level < stackCount && level < target.stackCount {
            if presentations.count > level {
                steps.append(.dismiss(count: presentations.count - level))
            }
            let current = stack(level)
            let wanted = target.stack(level)
            let shared = zip(current, wanted).prefix { $0 == $1 }.count
            if current.count > shared { steps.append(.pop(count: current.count - shared)) }
            steps += wanted[shared...].map { .push($0) }
            for index in level..<target.presentations.count {
                let presentation = target.presentations[index]
                steps.append(.present(presentation.method, presentation.destination))
                steps += presentation.stack.map { .push($0) }
            }
        }
        for name in Set(values.keys).union(target.values.keys).sorted() where values[name] != target.values[name] {
            steps.append(.setValue(name: name, target.values[name]))
        }
        // A dismiss or pop drops the checkpoints it leaves pointing past
        // their stacks, so every state on the way is valid; the target's
        // checkpoints are set last if that is not where they ended up.
        let reached = (try? applying(steps))?.checkpoints ?? checkpoints
        if reached != target.checkpoints {
            steps.append(.setCheckpoints(target.checkpoints))
        }
        return steps
    }

    /// This state after the steps, in order.
    ///
    /// A dismiss drops the checkpoints of the stacks it removes, and a pop
    /// those that keep more entries than remain, so a valid state stays
    /// valid after every step (an app can show, and save, each one).
    ///
    /// - Throws: ``SceneStateError`` for a step that cannot apply (popping
    ///   more than a stack holds, pushing onto a plain sheet).
    public func applying(_ steps: [NavigationStep<Element>]) throws(SceneStateError) -> SceneState {
        var state = self
        for step in steps {
            let top = state.stackCount - 1
            switch step {
            case .dismiss(let count):
                guard count >= 0, count <= state.presentations.count else {
                    throw .cannotDismiss(count: count, presented: state.presentations.count)
                }
                state.presentations.removeLast(count)
                let stacks = state.stackCount
                state.checkpoints.removeAll { $0.stack >= stacks }
            case .pop(let count):
                let stack = state.stack(top)
                guard count >= 0, count <= stack.count else {
                    throw .cannotPop(count: count, entries: stack.count)
                }
                let remaining = stack.count - count
                state.setStack(top, to: Array(stack.dropLast(count)))
                state.checkpoints.removeAll { $0.stack == top && $0.entriesKept > remaining }
            case .push(let element):
                if top > 0 && !state.presentations[top - 1].method.isManaged {
                    throw .cannotPushOnto(state.presentations[top - 1].method)
                }
                state.setStack(top, to: state.stack(top) + [element])
            case .present(let method, let element):
                state.presentations.append(Presentation(method: method, destination: element))
            case .setValue(let name, let element):
                state.values[name] = element
            case .setCheckpoints(let checkpoints):
                state.checkpoints = checkpoints
            }
        }
        return state
    }
}
