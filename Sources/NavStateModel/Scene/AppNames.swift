// The app's own string types (an enum of tabs, of checkpoints) wherever a
// tab id is taken: each forwards to the `String` form with the raw value,
// so `.tab(ShopTab.orders)` and `.tab("orders")` name the same tab.

extension StackAddress {
    /// The tab `id` of the scene's own tab bar, named by the app's type:
    /// `.tab(ShopTab.orders)` is `.tab("orders")`.
    public static func tab<ID: RawRepresentable>(_ id: ID) -> StackAddress where ID.RawValue == String {
        .tab(id.rawValue)
    }
}

extension StackAddress.Step {
    /// The tab `id`, named by the app's type: `.tab(ShopTab.orders)` is
    /// `.tab("orders")`.
    public static func tab<ID: RawRepresentable>(_ id: ID) -> StackAddress.Step where ID.RawValue == String {
        .tab(id.rawValue)
    }
}

extension NavTabs {
    /// Tabs with the identifiers of the app's type, each an empty stack,
    /// the first selected: `NavTabs(ids: ShopTab.allCases)`.
    public init<ID: RawRepresentable>(ids: [ID], selected: ID? = nil) where ID.RawValue == String {
        self.init(ids: ids.map(\.rawValue), selected: selected?.rawValue)
    }
}

extension NavTab {
    /// The tab `id` of the app's type, showing `content`.
    public init<ID: RawRepresentable>(_ id: ID, _ content: NavContainer<Element> = .empty) where ID.RawValue == String {
        self.init(id.rawValue, content)
    }
}
