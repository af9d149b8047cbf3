public import NavState
public import NavStateModel

// The app's own string types (an enum of tabs, of checkpoints, of named
// values) wherever the navigator takes a tab id or a name: each forwards to
// the `String` form with the raw value.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
extension SceneNavigator {
    /// A navigator for scene `scene`, named by the app's type (an enum of
    /// the app's fixed scenes), empty until ``restore(options:)``.
    public convenience init<Scene: RawRepresentable>(scene: Scene, store: NavStore, registry: DestinationRegistry)
    where Scene.RawValue == String {
        self.init(scene: scene.rawValue, store: store, registry: registry)
    }

    // MARK: Tabs

    /// The selected tab of the tab bar at `tabBar`, as the app's type;
    /// `nil` when there is no tab bar there or its selected id is none of
    /// the type's.
    public func selectedTab<ID: RawRepresentable>(of tabBar: StackAddress = .root, as type: ID.Type) -> ID?
    where ID.RawValue == String {
        guard let id = selectedTab(of: tabBar) else { return nil }
        return ID(rawValue: id)
    }

    /// Selects tab `tab`, named by the app's type.
    ///
    /// - Throws: the scene-state rule's ``/NavStateModel/NavStateError`` when there is no such
    ///   tab bar or tab.
    public func select<ID: RawRepresentable>(tab: ID, in tabBar: StackAddress = .root) throws(NavStateError)
    where ID.RawValue == String {
        try select(tab: tab.rawValue, in: tabBar)
    }

    /// Selects tab `tab`, named by the app's type, or logs why it cannot.
    ///
    /// - Returns: Whether the tab is selected now.
    @discardableResult
    public func selectIfPossible<ID: RawRepresentable>(tab: ID, in tabBar: StackAddress = .root) -> Bool
    where ID.RawValue == String {
        selectIfPossible(tab: tab.rawValue, in: tabBar)
    }

    // MARK: Checkpoints

    /// Marks the stack on screen as checkpoint `name`, of the app's type.
    public func setCheckpoint<Name: RawRepresentable>(_ name: Name) where Name.RawValue == String {
        setCheckpoint(name.rawValue)
    }

    /// Marks the stack on screen as checkpoint `name`, of the app's type;
    /// returning delivers a `T`.
    ///
    /// - Throws: `NavStateError.unregisteredType` when `T` is not
    ///   registered.
    public func setCheckpoint<Name: RawRepresentable, T: NavDestination>(_ name: Name, returning type: T.Type) throws(NavStateError)
    where Name.RawValue == String {
        try setCheckpoint(name.rawValue, returning: type)
    }

    /// Whether returning to checkpoint `name`, of the app's type, is
    /// possible now.
    public func canReturnToCheckpoint<Name: RawRepresentable>(_ name: Name) -> Bool where Name.RawValue == String {
        canReturnToCheckpoint(name.rawValue)
    }

    /// Returns to checkpoint `name`, of the app's type.
    ///
    /// - Throws: the scene-state rule's ``/NavStateModel/NavStateError`` when there is no such
    ///   checkpoint, or it returns a value.
    public func returnToCheckpoint<Name: RawRepresentable>(_ name: Name) throws(NavStateError) where Name.RawValue == String {
        try returnToCheckpoint(name.rawValue)
    }

    /// Returns to checkpoint `name`, of the app's type, and delivers `value`.
    ///
    /// - Throws: the scene-state rule's ``/NavStateModel/NavStateError`` when there is no such
    ///   checkpoint or `value` is not of the type it returns;
    ///   `NavStateError.unregisteredType` when `T` is not registered.
    public func returnToCheckpoint<Name: RawRepresentable, T: NavDestination>(_ name: Name, value: T) throws(NavStateError)
    where Name.RawValue == String {
        try returnToCheckpoint(name.rawValue, value: value)
    }

    /// Registers what a return to checkpoint `name`, of the app's type,
    /// delivers its value to.
    public func onReturn<Name: RawRepresentable, T: NavDestination>(
        to name: Name, of type: T.Type, perform: @escaping @MainActor (T) -> Void
    ) where Name.RawValue == String {
        onReturn(to: name.rawValue, of: type, perform: perform)
    }

    // MARK: Scene values

    /// The scene value `name`, of the app's type, as a `T`, if set and of
    /// that type.
    public func value<Name: RawRepresentable, T>(for name: Name, as type: T.Type) -> T? where Name.RawValue == String {
        value(for: name.rawValue, as: type)
    }

    /// Sets the scene value `name`, of the app's type, or removes it with
    /// `nil`.
    ///
    /// - Throws: `NavStateError.unregisteredType` when `T` is not
    ///   registered.
    public func setValue<Name: RawRepresentable, T: NavDestination>(_ value: T?, for name: Name) throws(NavStateError)
    where Name.RawValue == String {
        try setValue(value, for: name.rawValue)
    }
}
