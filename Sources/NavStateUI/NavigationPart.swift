// The parts of the app's own state a scene saves: paths, selections,
// presented items. SwiftUI only: compiles to nothing where there is none
// (Linux). What a part's value becomes in the file, and back, is
// NavStateScenes' (SceneLayout, PartReading), tested on Linux.
#if canImport(SwiftUI)
import Foundation
public import NavStateModel
import NavStateScenes
public import SwiftUI

/// One piece of the navigation state an app already holds in its own
/// `@State` (or in a router object), saved and restored with the others of
/// its window as one scene.
///
/// Write a part where its state lives, and list a view's parts in the
/// order the screen nests them: a stack after the selection it shows
/// under (the article "Adopting NavStateUI" says why, in "A path never
/// under another selection").
///
/// ```swift
/// NavigationSplitView { Sidebar(selection: $selection) } detail: {
///     NavigationStack(path: $path) { DetailColumn(selection: $selection) }
/// }
/// .restoresNavigation(.selection($selection), .stack($path))
/// ```
///
/// A part is named after its kind and place in its view's list (`path`,
/// `path-2`, `selection`); pass `name:` to keep a part's saved state when
/// the list is reordered, and to tell apart parts of one kind written on
/// several views of a window (each tab's stack).
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
@MainActor
public struct NavigationPart {
    let kind: SceneLayout.Part.Kind
    let name: String?
    /// The app's value now, to see which part changed.
    let raw: @MainActor () -> any Equatable
    /// The part's state now; `nil` when a value cannot be saved.
    let read: @MainActor (DestinationRegistry) -> SceneLayout.Value?
    /// The part's next state after the app's value changed from `old`.
    let next: @MainActor (_ old: any Equatable, _ current: SceneLayout.Value, DestinationRegistry) -> SceneLayout.Value?
    /// Shows a restored state.
    let write: @MainActor (SceneLayout.Value) -> Void
    /// Whether a restored value is of the binding's type, and one the app
    /// offers at this launch.
    let accepts: @MainActor (AnyDestination) -> Bool
    /// The binding's own type, named for the window as `types:` names them;
    /// `nil` for a `NavigationPath`, whose types the app lists.
    let type: (any NavDestination.Type)?
    /// A `NavigationPath`, read through the session's path reading.
    let path: Binding<NavigationPath>?
    /// For a typed array: hands the session the change from `old` to the
    /// value now, read off the main actor (`SceneSession.partChanged(_:from:to:)`),
    /// so a push costs the main actor the same at any depth.
    var later: (@MainActor (_ old: any Equatable, _ index: Int, SceneSession) -> Void)? = nil
    /// The positions of the entries equal to a view's value
    /// (`screenState(for:)`), given the part's state now.
    var positions: @MainActor (_ value: AnyHashable, _ current: SceneLayout.Value) -> [Int] = { _, _ in [] }

    /// A `NavigationStack(path:)` bound to a `NavigationPath`: every push,
    /// pop and swipe is saved, reading only the values pushed.
    public static func stack(_ path: Binding<NavigationPath>, name: String? = nil) -> NavigationPart {
        NavigationPart(
            kind: .stack, name: name,
            raw: { path.wrappedValue },
            read: { registry in
                let now = path.wrappedValue
                return .stack(ofPathCount: now.count, codableJSON: { now.codableJSON }, in: registry)
            },
            next: { _, _, _ in nil },
            write: { value in
                guard case .stack(let entries) = value else { return }
                path.wrappedValue = NavigationPath(destinations: entries)
            },
            accepts: { _ in true }, type: nil,
            path: path,
            positions: { value, current in
                // The path shows no values: the session's entries are read,
                // which a change of the path updates at once.
                guard case .stack(let entries) = current else { return [] }
                return entries.indices.filter { AnyHashable(entries[$0].base) == value }
            })
    }

    /// A `NavigationStack(path:)` bound to an array of the app's routes:
    /// any `Codable & Hashable` type, as `NavigationPath` asks.
    public static func stack<Route: NavDestination>(_ path: Binding<[Route]>, name: String? = nil) -> NavigationPart {
        NavigationPart(
            kind: .stack, name: name,
            raw: { path.wrappedValue },
            read: { registry in .stack(of: path.wrappedValue, in: registry) },
            next: { old, current, registry in
                current.next(from: old as? [Route] ?? [], to: path.wrappedValue, in: registry)
            },
            write: { value in
                if let routes = value.routes(as: Route.self) { path.wrappedValue = routes }
            },
            accepts: { $0.base is Route }, type: Route.self,
            path: nil,
            later: { old, index, session in
                session.partChanged(index, from: old as? [Route] ?? [], to: path.wrappedValue)
            },
            positions: { value, _ in
                let routes = path.wrappedValue
                return routes.indices.filter { AnyHashable(routes[$0]) == value }
            })
    }

    /// A selection: a `TabView`'s, a sidebar `List`'s, a
    /// `NavigationSplitView` column's. Any `Codable & Hashable` value.
    ///
    /// - Parameters:
    ///   - value: The app's selection.
    ///   - name: The part's name in the saved scene; its kind and place
    ///     when `nil`.
    ///   - accepts: Whether the app offers a restored value at this launch
    ///     (a tab that exists only signed in); one it refuses is reported
    ///     as dropped, and is a selection that did not come back.
    @_disfavoredOverload
    public static func selection<Value: NavDestination>(
        _ value: Binding<Value>, name: String? = nil, accepts: (@MainActor (Value) -> Bool)? = nil
    ) -> NavigationPart {
        one(.selection, name: name, accepts: accepts, get: { value.wrappedValue }, set: { if let shown = $0 { value.wrappedValue = shown } })
    }

    /// An optional selection: nothing selected is saved as nothing.
    public static func selection<Value: NavDestination>(
        _ value: Binding<Value?>, name: String? = nil, accepts: (@MainActor (Value) -> Bool)? = nil
    ) -> NavigationPart {
        one(.selection, name: name, accepts: accepts, get: { value.wrappedValue }, set: { value.wrappedValue = $0 })
    }

    /// The item a `sheet(item:)` or `fullScreenCover(item:)` is presented
    /// for: restored with the stacks it was presented over, and the launch
    /// is confirmed only once it had time to appear.
    ///
    /// - Parameters:
    ///   - item: The app's presented item.
    ///   - name: The part's name in the saved scene; its kind and place
    ///     when `nil`.
    ///   - accepts: Whether the app offers a restored item at this launch;
    ///     one it refuses is reported as dropped.
    public static func presented<Item: NavDestination>(
        _ item: Binding<Item?>, name: String? = nil, accepts: (@MainActor (Item) -> Bool)? = nil
    ) -> NavigationPart {
        one(.presented, name: name, accepts: accepts, get: { item.wrappedValue }, set: { item.wrappedValue = $0 })
    }

    /// A part of one value of the app's, or none: `set` gets the restored
    /// one, `nil` when none was saved.
    private static func one<Value: NavDestination>(
        _ kind: SceneLayout.Part.Kind, name: String?, accepts offered: (@MainActor (Value) -> Bool)?,
        get: @escaping @MainActor () -> Value?, set: @escaping @MainActor (Value?) -> Void
    ) -> NavigationPart {
        NavigationPart(
            kind: kind, name: name,
            raw: { get() },
            read: { registry in .one(get(), in: registry) },
            next: { _, _, registry in .one(get(), in: registry) },
            write: { restored in
                if case .some(let shown) = restored.value(as: Value.self) { set(shown) }
            },
            accepts: { restored in
                guard let value = restored.base as? Value else { return false }
                return offered?(value) ?? true
            },
            type: Value.self,
            path: nil,
            positions: { value, _ in
                guard let shown = get(), AnyHashable(shown) == value else { return [] }
                return [0]
            })
    }
}

// Part names of the app's own string type (an enum of its parts), each
// forwarding to the `String` form with the raw value.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
extension NavigationPart {
    /// A `NavigationStack(path:)` bound to a `NavigationPath`, named by the
    /// app's type.
    public static func stack<Name: RawRepresentable>(_ path: Binding<NavigationPath>, name: Name) -> NavigationPart
    where Name.RawValue == String {
        stack(path, name: name.rawValue)
    }

    /// A `NavigationStack(path:)` bound to an array of the app's routes,
    /// named by the app's type.
    public static func stack<Route: NavDestination, Name: RawRepresentable>(_ path: Binding<[Route]>, name: Name) -> NavigationPart
    where Name.RawValue == String {
        stack(path, name: name.rawValue)
    }

    /// A selection, named by the app's type.
    @_disfavoredOverload
    public static func selection<Value: NavDestination, Name: RawRepresentable>(
        _ value: Binding<Value>, name: Name, accepts: (@MainActor (Value) -> Bool)? = nil
    ) -> NavigationPart where Name.RawValue == String {
        selection(value, name: name.rawValue, accepts: accepts)
    }

    /// An optional selection, named by the app's type.
    public static func selection<Value: NavDestination, Name: RawRepresentable>(
        _ value: Binding<Value?>, name: Name, accepts: (@MainActor (Value) -> Bool)? = nil
    ) -> NavigationPart where Name.RawValue == String {
        selection(value, name: name.rawValue, accepts: accepts)
    }

    /// A presented item, named by the app's type.
    public static func presented<Item: NavDestination, Name: RawRepresentable>(
        _ item: Binding<Item?>, name: Name, accepts: (@MainActor (Item) -> Bool)? = nil
    ) -> NavigationPart where Name.RawValue == String {
        presented(item, name: name.rawValue, accepts: accepts)
    }
}

/// The parts' values now, compared to see when one changed.
@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
struct PartValues: Equatable {
    let values: [any Equatable]

    static func == (lhs: PartValues, rhs: PartValues) -> Bool {
        lhs.values.count == rhs.values.count && zip(lhs.values, rhs.values).allSatisfy { same($0, $1) }
    }

    static func same(_ lhs: any Equatable, _ rhs: any Equatable) -> Bool {
        func equal<T: Equatable>(_ lhs: T, _ rhs: any Equatable) -> Bool { lhs == rhs as? T }
        return equal(lhs, rhs)
    }
}
#endif
