import Foundation
import Logging
import NavState
public import NavStateModel

// Named return points, and named scene values.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
extension SceneNavigator {
    // MARK: Checkpoints

    /// Marks the stack on screen as it is now, to return to by name; the
    /// return delivers no value.
    public func setCheckpoint(_ name: String) {
        addCheckpoint(name, valueType: nil)
    }

    /// Marks the stack on screen as it is now; returning delivers a `T` to
    /// the handler registered with ``onReturn(to:of:perform:)-(String,_,_)``.
    ///
    /// - Throws: `NavStateError.unregisteredType` when `T` is not
    ///   registered.
    public func setCheckpoint<T: NavDestination>(_ name: String, returning type: T.Type) throws(NavStateError) {
        guard let typeName = registry.name(of: type) else {
            throw .unregisteredType(String(reflecting: type))
        }
        addCheckpoint(name, valueType: typeName)
    }

    func addCheckpoint(_ name: String, valueType: String?) {
        // Over a plain sheet, its own empty stack: returning dismisses what
        // is above the sheet.
        let top = state.stackOnScreen ?? StackAddress(presentation: state.presentations.count)
        let kept = state.stack(top)?.count ?? 0
        change { $0.checkpoints.append(Checkpoint(name: name, stack: top, entriesKept: kept, valueType: valueType)) }
        emit(.checkpointSet(name, stack: top))
    }

    /// Whether returning to `name` is possible now.
    public func canReturnToCheckpoint(_ name: String) -> Bool {
        state.canReturn(to: name)
    }

    /// Returns to a checkpoint: the presentations above its stack dismissed,
    /// its stack popped back to where it was set.
    ///
    /// - Throws: the scene-state rule's ``/NavStateModel/NavStateError`` when there is no such
    ///   checkpoint, or it returns a value.
    public func returnToCheckpoint(_ name: String) throws(NavStateError) {
        try returnTo(name, value: nil)
    }

    /// Returns to a checkpoint and delivers `value` to its handler.
    ///
    /// - Throws: the scene-state rule's ``/NavStateModel/NavStateError`` when there is no such
    ///   checkpoint or `value` is not of the type it returns (Navigator
    ///   silently drops such a value; NavState says so);
    ///   `NavStateError.unregisteredType` when `T` is not registered.
    public func returnToCheckpoint<T: NavDestination>(_ name: String, value: T) throws(NavStateError) {
        try returnTo(name, value: try erase(value))
    }

    func returnTo(_ name: String, value: AnyDestination?) throws(NavStateError) {
        let returned: SceneState<AnyDestination>
        returned = try state.returning(to: name, value: value)
        change { $0 = returned }
        emit(.returnedToCheckpoint(name, value: value))
        returnHandlers[name]?(value)
    }

    /// Registers what a return to `name` delivers its value to; a view
    /// registers it when it appears.
    public func onReturn<T: NavDestination>(to name: String, of type: T.Type, perform: @escaping @MainActor (T) -> Void) {
        returnHandlers[name] = { value in
            if let typed = value?.as(T.self) { perform(typed) }
        }
    }

    // MARK: Scene values

    /// A named scene value (the selected tab), if set.
    public func value(for name: String) -> AnyDestination? {
        state.values[name]
    }

    /// A named scene value as a `T`, if set and of that type.
    public func value<T>(for name: String, as type: T.Type) -> T? {
        state.values[name]?.as(type)
    }

    /// Sets a named scene value, or removes it with `nil`.
    ///
    /// - Throws: `NavStateError.unregisteredType` when `T` is not
    ///   registered.
    public func setValue<T: NavDestination>(_ value: T?, for name: String) throws(NavStateError) {
        var destination: AnyDestination?
        if let value { destination = try erase(value) }
        guard state.values[name] != destination else { return }
        change { $0.values[name] = destination }
        emit(.valueChanged(name: name))
    }
}
