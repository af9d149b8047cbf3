// The containers a scene's tree is made of besides a stack: a tab bar and
// its tabs, and a split view with its columns (NavContainer.swift holds
// the tree itself).

/// A column of a split view that holds a selection rather than a stack.
public enum NavSplitColumn: String, Sendable, Hashable, CaseIterable {
    /// The first column.
    case sidebar
    /// The middle column of a three-column split view.
    case content
}

/// A tab bar: its tabs in order, each holding a container, and the selected
/// one. Tab identifiers are the app's own stable names (`"home"`,
/// `"orders"`), which addresses use: `tab:orders`.
public struct NavTabs<Element: NavElement>: Sendable, Hashable {
    /// The tabs, in the order the tab bar shows them.
    public var tabs: [NavTab<Element>]
    /// The identifier of the selected tab.
    public var selected: String

    /// Tabs with `selected` shown; the first tab's when `nil`.
    public init(_ tabs: [NavTab<Element>], selected: String? = nil) {
        self.tabs = tabs
        self.selected = selected ?? tabs.first?.id ?? ""
    }

    /// Tabs with these identifiers, each an empty stack, the first selected.
    public init(ids: [String], selected: String? = nil) {
        self.init(ids.map { NavTab($0) }, selected: selected)
    }

    /// The selected tab, or `nil` when no tab has the selected identifier.
    @inlinable
    public var selectedTab: NavTab<Element>? {
        tabs.first { $0.id == selected }
    }

    /// The identifiers of the tabs, in order.
    public var ids: [String] { tabs.map(\.id) }
}

/// One tab: its identifier and what it shows.
public struct NavTab<Element: NavElement>: Sendable, Hashable {
    /// The tab's stable identifier, unique in its tab bar; it may not be
    /// empty or hold `/`.
    public var id: String
    /// What the tab shows: usually a stack.
    public var content: NavContainer<Element>

    /// The tab `id`, showing `content` (an empty stack by default).
    public init(_ id: String, _ content: NavContainer<Element> = .empty) {
        self.id = id
        self.content = content
    }
}

/// Which columns a split view shows, as `NavigationSplitViewVisibility`.
public enum NavSplitVisibility: String, Sendable, Hashable, CaseIterable {
    /// The system decides.
    case automatic
    /// Every column.
    case all
    /// The detail column and the one before it.
    case doubleColumn
    /// The detail column alone.
    case detailOnly
}

/// A split view (`NavigationSplitView`): the sidebar's selection, the
/// content column's selection when there is one, which columns show, and
/// the detail column's container.
public struct NavSplit<Element: NavElement>: Sendable, Hashable {
    /// What the sidebar has selected, if anything.
    public var sidebar: Element?
    /// What the content column has selected, if anything; always `nil`
    /// without a content column.
    public var content: Element?
    /// Whether the split view has three columns.
    public var hasContentColumn: Bool
    /// Which columns show.
    public var visibility: NavSplitVisibility
    /// What the detail column shows: usually a stack.
    public var detail: NavContainer<Element>

    /// A split view with the given selections and detail.
    public init(
        sidebar: Element? = nil, content: Element? = nil, hasContentColumn: Bool = false,
        visibility: NavSplitVisibility = .automatic, detail: NavContainer<Element> = .empty
    ) {
        self.sidebar = sidebar
        self.content = content
        self.hasContentColumn = hasContentColumn
        self.visibility = visibility
        self.detail = detail
    }
}
