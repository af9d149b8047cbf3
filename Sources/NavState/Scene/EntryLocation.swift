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
