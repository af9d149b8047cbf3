// The app's own string types (an enum of tabs, of checkpoints) wherever a
// tab id or a checkpoint's name is taken: each forwards to the `String`
// form with the raw value, so `.tab(ShopTab.orders)` and `.tab("orders")`
// name the same tab.

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

extension SceneState {
    /// The checkpoint that counts for `name`, of the app's type; see
    /// `checkpoint(named:)`.
    public func checkpoint<Name: RawRepresentable>(named name: Name) -> Checkpoint? where Name.RawValue == String {
        checkpoint(named: name.rawValue)
    }

    /// Whether returning to `name`, of the app's type, is possible now.
    public func canReturn<Name: RawRepresentable>(to name: Name) -> Bool where Name.RawValue == String {
        canReturn(to: name.rawValue)
    }

    /// The state after returning to checkpoint `name`, of the app's type;
    /// see `returning(to:value:)`.
    ///
    /// - Throws: ``NavStateError`` when there is no such checkpoint or
    ///   its stack cannot be cut back to it.
    public func returning<Name: RawRepresentable>(to name: Name, value: Element? = nil) throws(NavStateError) -> SceneState
    where Name.RawValue == String {
        try returning(to: name.rawValue, value: value)
    }
}

extension Checkpoint {
    /// A checkpoint named by the app's type.
    public init<Name: RawRepresentable>(name: Name, stack: StackAddress, entriesKept: Int, valueType: String? = nil)
    where Name.RawValue == String {
        self.init(name: name.rawValue, stack: stack, entriesKept: entriesKept, valueType: valueType)
    }
}
