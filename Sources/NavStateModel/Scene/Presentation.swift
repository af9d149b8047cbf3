/// How a destination is shown above the stack it was presented from.
///
/// Pushing is not a method here: pushed destinations are the entries of a
/// stack. These are the ways a destination leaves its stack.
public enum PresentationMethod: String, Sendable, Hashable, Codable, CaseIterable {
    /// A sheet showing one destination, with no navigation stack of its own.
    case sheet
    /// A full-screen cover showing one destination, with no stack of its own.
    case cover
    /// A sheet with its own navigation stack (Navigator's `managedSheet`).
    case managedSheet
    /// A full-screen cover with its own navigation stack.
    case managedCover

    /// Whether a presentation of this kind carries its own stack.
    public var isManaged: Bool {
        self == .managedSheet || self == .managedCover
    }
}

/// One destination presented above a stack, with its own stack when managed.
public struct Presentation<Element: NavElement>: Sendable, Hashable {
    /// How the destination is shown.
    public var method: PresentationMethod
    /// The destination shown at the root of the presentation.
    public var destination: Element
    /// Destinations pushed inside a managed presentation, bottom first;
    /// always empty for ``PresentationMethod/sheet`` and ``PresentationMethod/cover``.
    public var stack: [Element]

    /// A presentation of `destination`, with `stack` pushed on it when the method is managed.
    public init(method: PresentationMethod, destination: Element, stack: [Element] = []) {
        self.method = method
        self.destination = destination
        self.stack = stack
    }
}

/// A named return point: a stack and how many of its entries stay when the
/// app returns to it (see `seeds/navigator-checkpoints.md`).
public struct Checkpoint: Sendable, Hashable, Codable {
    /// The checkpoint's name, as the app declared it.
    public var name: String
    /// The stack it sits in: 0 for the root stack, k for the stack of the
    /// k-th presentation (1-based).
    public var stack: Int
    /// How many entries of that stack remain after returning: 0 returns to
    /// the stack's root view, 1 keeps its first pushed screen.
    public var entriesKept: Int
    /// The type tag (``NavElement/typeTag``) of the value returning
    /// delivers, or `nil` for none.
    public var valueType: String?

    /// A checkpoint keeping `entriesKept` entries of stack `stack` on return.
    public init(name: String, stack: Int, entriesKept: Int, valueType: String? = nil) {
        self.name = name
        self.stack = stack
        self.entriesKept = entriesKept
        self.valueType = valueType
    }

    // `index` on the wire: the stored layout and scene JSON keep the key
    // they have always had, so existing files and exports still read.
    private enum CodingKeys: String, CodingKey {
        case name, stack, entriesKept = "index", valueType
    }
}
