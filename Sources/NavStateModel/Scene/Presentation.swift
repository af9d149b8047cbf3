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

/// One destination presented above a stack, with its own container (a
/// stack, tabs, a split view) when managed.
public struct Presentation<Element: NavElement>: Sendable, Hashable {
    /// How the destination is shown.
    public var method: PresentationMethod
    /// The destination shown at the root of the presentation.
    public var destination: Element
    /// What a managed presentation shows: its own stack, or tabs or a split
    /// view; always an empty stack for ``PresentationMethod/sheet`` and
    /// ``PresentationMethod/cover``.
    public var content: NavContainer<Element>

    /// A presentation of `destination`, with `stack` pushed on it when the method is managed.
    public init(method: PresentationMethod, destination: Element, stack: [Element] = []) {
        self.init(method: method, destination: destination, content: .stack(stack))
    }

    /// A presentation of `destination` showing `content`.
    public init(method: PresentationMethod, destination: Element, content: NavContainer<Element>) {
        self.method = method
        self.destination = destination
        self.content = content
    }

    /// Destinations pushed on the presentation's stack on screen, bottom
    /// first: its whole content when that is one stack.
    @inlinable
    public var stack: [Element] {
        get { content.entriesOnScreen }
        set {
            if case .stack = content { content = .stack(newValue) } else { content.replace(at: content.pathOnScreen, with: .stack(newValue)) }
        }
    }
}

/// A named return point: a stack and how many of its entries stay when the
/// app returns to it (Navigator's checkpoints). Returning
/// dismisses what is presented above the stack and selects the tabs that
/// show it.
public struct Checkpoint: Sendable, Hashable, Codable {
    /// The checkpoint's name, as the app declared it.
    public var name: String
    /// The stack it sits in: `.root` (or 0) for the root stack, k for the
    /// stack of the k-th presentation, `.tab("orders")` for a tab's.
    public var stack: StackAddress
    /// How many entries of that stack remain after returning: 0 returns to
    /// the stack's root view, 1 keeps its first pushed screen.
    public var entriesKept: Int
    /// The type tag (``NavElement/typeTag``) of the value returning
    /// delivers, or `nil` for none.
    public var valueType: String?

    /// A checkpoint keeping `entriesKept` entries of stack `stack` on return.
    public init(name: String, stack: StackAddress, entriesKept: Int, valueType: String? = nil) {
        self.name = name
        self.stack = stack
        self.entriesKept = entriesKept
        self.valueType = valueType
    }

    // `index` on the wire: scene JSON keeps the key it has always had, and
    // a level's own stack is still its number, so existing
    // exports still read. A stack in a tree is its address as text.
    private enum CodingKeys: String, CodingKey {
        case name, stack, entriesKept = "index", valueType
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        entriesKept = try container.decode(Int.self, forKey: .entriesKept)
        valueType = try container.decodeIfPresent(String.self, forKey: .valueType)
        if let level = try? container.decode(Int.self, forKey: .stack) {
            stack = StackAddress(presentation: level)
            return
        }
        let text = try container.decode(String.self, forKey: .stack)
        guard let address = StackAddress(StackAddress.StoredForm.text(text)) else {
            throw DecodingError.dataCorruptedError(forKey: .stack, in: container, debugDescription: "not a stack address: \(text)")
        }
        stack = address
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(entriesKept, forKey: .entriesKept)
        try container.encodeIfPresent(valueType, forKey: .valueType)
        switch stack.storedForm {
        case .level(let level): try container.encode(level, forKey: .stack)
        case .text(let text): try container.encode(text, forKey: .stack)
        }
    }
}
