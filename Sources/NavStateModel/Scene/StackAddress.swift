/// Where a stack (or a container) sits in a scene's tree, in a form a person
/// can read: `root`, `tab:orders`, `tab:orders/detail`, `sheet:1`,
/// `sheet:1/tab:a`.
///
/// An address is a presentation level (0 for the scene's own content, k for
/// the content of the k-th presentation, whatever its method) and the path
/// from that level's container down: a tab by its identifier, or a split
/// view's detail column. Checkpoints, step plans, drop reports, the command
/// line and errors all name stacks this way.
///
/// Addresses are built from ``root``, ``tab(_:)-(String)``, ``detail`` and
/// ``presentation(_:)``, composed with ``appending(_:)``; their one text form
/// is ``description``, which ``init(_:)`` reads back. The text names a
/// presentation level `sheet:k` whatever its method (a cover's too): it is
/// what files and the command line already hold.
///
/// ```swift
/// let orders: StackAddress = .tab("orders")
/// let detail = orders.appending(.detail)           // tab:orders/detail
/// let sheet: StackAddress = .presentation(1)        // sheet:1
/// StackAddress("tab:orders/detail") == detail       // true
/// ```
public struct StackAddress: Sendable, Hashable, CustomStringConvertible, LosslessStringConvertible {
    /// One step from a container to the one inside it.
    public enum Step: Sendable, Hashable {
        /// The tab with this identifier, in a ``NavTabs``.
        case tab(String)
        /// The detail column of a ``NavSplit``.
        case detail
    }

    /// 0 for the scene's content, k for the content of presentation k (1-based).
    public var presentation: Int
    /// The steps from that level's container to the addressed one.
    public var path: [Step]

    /// The address of the container `path` leads to at presentation level `presentation`.
    public init(presentation: Int = 0, path: [Step] = []) {
        self.presentation = presentation
        self.path = path
    }

    /// The scene's own container: its stack, for a scene of one stack.
    public static let root = StackAddress()

    /// The container of presentation `level` (1-based), a sheet or a cover;
    /// `.presentation(0)` is ``root``.
    public static func presentation(_ level: Int) -> StackAddress { StackAddress(presentation: level) }

    /// The tab `id` of the scene's own tab bar.
    public static func tab(_ id: String) -> StackAddress { StackAddress(path: [.tab(id)]) }

    /// The detail column of the scene's own split view.
    public static let detail = StackAddress(path: [.detail])

    /// This address, one step further in.
    public func appending(_ step: Step) -> StackAddress {
        StackAddress(presentation: presentation, path: path + [step])
    }

    /// The address of the container this one sits in: one step out, or
    /// `nil` at a level's own container.
    public var parent: StackAddress? {
        path.isEmpty ? nil : StackAddress(presentation: presentation, path: Array(path.dropLast()))
    }

    public var description: String {
        var parts: [String] = presentation == 0 ? [] : ["sheet:\(presentation)"]
        for step in path {
            switch step {
            case .tab(let id): parts.append("tab:\(id)")
            case .detail: parts.append("detail")
            }
        }
        return parts.isEmpty ? "root" : parts.joined(separator: "/")
    }

    /// Reads an address as ``description`` writes it; `nil` for anything
    /// else (an empty tab identifier, a level below 1, an unknown part).
    ///
    /// Read by Unicode scalars, not characters: a tab identifier that
    /// starts with a combining mark joins the `:` before it into one
    /// character, and must still read back.
    public init?(_ description: String) {
        if description == "root" {
            self = .root
            return
        }
        func text(_ scalars: Substring.UnicodeScalarView) -> String {
            String(String.UnicodeScalarView(scalars))
        }
        var address = StackAddress()
        let parts = description.unicodeScalars.split(separator: "/", omittingEmptySubsequences: false)
        for (index, part) in parts.enumerated() {
            if index == 0, part.starts(with: "sheet:".unicodeScalars) {
                let number = text(part.dropFirst(6))
                guard let level = Int(number), level > 0, String(level) == number else { return nil }
                address.presentation = level
            } else if part.starts(with: "tab:".unicodeScalars), part.count > 4 {
                address.path.append(.tab(text(part.dropFirst(4))))
            } else if part.elementsEqual("detail".unicodeScalars) {
                address.path.append(.detail)
            } else {
                return nil
            }
        }
        self = address
    }
}

extension StackAddress {
    /// How a checkpoint's stack is written, in scene JSON and in the store
    /// alike: a level's own container as its number (the only form schema-5
    /// files and format-1 scene JSON hold), any other as its text form.
    package enum StoredForm: Sendable, Hashable {
        case level(Int)
        case text(String)
    }

    package var storedForm: StoredForm {
        path.isEmpty ? .level(presentation) : .text(description)
    }

    /// The address a stored form names; `nil` for text that is no address.
    /// A level is taken as written: a checkpoint at a level the state does
    /// not have is left out when the state is rebuilt.
    package init?(_ stored: StoredForm) {
        switch stored {
        case .level(let level): self.init(presentation: level)
        case .text(let text): self.init(text)
        }
    }
}
