/// Where an entry sits in a scene state.
public enum EntryLocation: Sendable, Hashable, CustomStringConvertible {
    /// Position `position` (0 = bottom) of the stack at `stack`.
    case stack(StackAddress, position: Int)
    /// The destination of presentation `k` (1-based).
    case presentation(Int)
    /// The selection of a split view's column; `split` is the split view's address.
    case selection(StackAddress, NavSplitColumn)
    /// The named scene value.
    case value(String)

    public var description: String {
        switch self {
        case let .stack(stack, position): "stack \(stack) position \(position)"
        case let .presentation(index): "presentation \(index)"
        case let .selection(split, column): "\(column.rawValue) selection of \(split)"
        case let .value(name): "value '\(name)'"
        }
    }
}

extension SceneState {
    /// Every element with its location, in scene order: from presentation
    /// level `level` up, each presentation's destination before its
    /// content; in a content, its stacks in order, then its split-view
    /// selections; then (when asked) the scene values by name.
    @usableFromInline
    package func locatedElements(from level: Int, includingValues: Bool) -> [(location: EntryLocation, element: Element)] {
        var result: [(location: EntryLocation, element: Element)] = []
        for current in stride(from: max(0, level), through: presentations.count, by: 1) {
            if current > 0 { result.append((.presentation(current), presentations[current - 1].destination)) }
            guard let container = container(level: current) else { continue }
            container.forEachStack(prefix: []) { path, entries in
                let address = StackAddress(presentation: current, path: path)
                for (position, element) in entries.enumerated() {
                    result.append((.stack(address, position: position), element))
                }
            }
            container.forEachSelection(prefix: []) { path, column, element in
                result.append((.selection(StackAddress(presentation: current, path: path), column), element))
            }
        }
        if includingValues {
            for (name, element) in values.sorted(by: { $0.key < $1.key }) { result.append((.value(name), element)) }
        }
        return result
    }
}
