/// Where an entry sits in a scene state.
public enum EntryLocation: Sendable, Hashable, CustomStringConvertible {
    /// Position `position` (0 = bottom) of stack `stack` (0 = root).
    case stack(Int, position: Int)
    /// The destination of presentation `k` (1-based).
    case presentation(Int)
    /// The named scene value.
    case value(String)

    public var description: String {
        switch self {
        case let .stack(stack, position): "stack \(stack) position \(position)"
        case let .presentation(index): "presentation \(index)"
        case let .value(name): "value '\(name)'"
        }
    }
}

extension SceneState {
    /// Every element with its location, in scene order: from stack `level`
    /// up, each presentation's destination before its stack, then (when
    /// asked) the scene values by name.
    @usableFromInline
    package func locatedElements(from level: Int, includingValues: Bool) -> [(location: EntryLocation, element: Element)] {
        var result: [(location: EntryLocation, element: Element)] = []
        for index in level..<stackCount {
            if index > 0 { result.append((.presentation(index), presentations[index - 1].destination)) }
            for (position, element) in stack(index).enumerated() {
                result.append((.stack(index, position: position), element))
            }
        }
        if includingValues {
            for (name, element) in values.sorted(by: { $0.key < $1.key }) { result.append((.value(name), element)) }
        }
        return result
    }
}
