// Bindings of stacks, tabs and split views to the navigator, and the NavStateLink button.
// SwiftUI only: compiles to nothing where there is none (Linux). The
// decisions are the navigator's, tested on Linux; each Apple API used is
// listed in NavStateNavigator.docc/WindowsTheLaunchAndTheBackground.md ("The Apple APIs the glue uses").
#if canImport(SwiftUI)
import Foundation
public import NavState
import NavStateScenes
public import SwiftUI

/// Bindings for the containers of a tree: a `TabView`'s selection, each
/// tab's `NavigationStack` path, a `NavigationSplitView`'s selections and
/// column visibility. Each reads and writes the navigator, which saves.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
extension SceneNavigator {
    /// The selected tab of the tab bar at `tabBar`, for
    /// `TabView(selection:)` with `.tag("home")` on each tab.
    ///
    /// ```swift
    /// TabView(selection: navigator.tabSelection()) {
    ///     NavigationStack(path: navigator.navigationPath(at: .tab("home"))) { HomeView() }
    ///         .tag("home")
    /// }
    /// ```
    public func tabSelection(of tabBar: StackAddress = .root) -> Binding<String> {
        Binding(
            get: { self.selectedTab(of: tabBar) ?? "" },
            set: { self.selectIfPossible(tab: $0, in: tabBar) })
    }

    /// The stack at `stack` as a SwiftUI `NavigationPath` of the app's own
    /// values, for `NavigationStack(path:)`: `NavigationLink(value:)` and
    /// each feature's `navigationDestination(for: Route.self)` work as in
    /// any SwiftUI app, and every push, pop and swipe is saved. A value
    /// whose type is not registered, or is not `Codable`, is refused and
    /// logged (``/NavStateNavigator/SceneNavigator/applyNavigationPath(count:keepsEntries:codableJSON:at:)``).
    ///
    /// ```swift
    /// NavigationStack(path: navigator.navigationPath()) {
    ///     OrderList()   // NavigationLink(value: OrderRoute.detail(id: 7)) { … }
    ///         .navigationDestination(for: OrderRoute.self) { OrderScreen(route: $0) }
    /// }
    /// ```
    public func navigationPath(at stack: StackAddress = .root) -> Binding<NavigationPath> {
        Binding(
            get: { NavigationPath(values: self.state.stack(stack) ?? []) },
            set: { path in
                let shown = NavigationPath(values: self.state.stack(stack) ?? [])
                self.applyNavigationPath(
                    count: path.count, keepsEntries: path.sharesPrefix(with: shown),
                    codableJSON: { path.codable.flatMap { try? JSONEncoder().encode($0) } }, at: stack)
            })
    }

    /// A split view's selection in one column, for `List(selection:)`.
    public func selection(_ column: NavSplitColumn, of split: StackAddress = .root) -> Binding<AnyDestination?> {
        Binding(
            get: {
                guard case .split(let view)? = self.state.container(at: split) else { return nil }
                return column == .sidebar ? view.sidebar : view.content
            },
            set: { self.setSelection($0, column: column, of: split) })
    }

    /// A split view's column visibility, for
    /// `NavigationSplitView(columnVisibility:)` (`NavigationSplitViewVisibility`, iOS 16).
    public func columnVisibility(of split: StackAddress = .root) -> Binding<NavigationSplitViewVisibility> {
        Binding(
            get: {
                guard case .split(let view)? = self.state.container(at: split) else { return .automatic }
                switch view.visibility {
                case .automatic: return .automatic
                case .all: return .all
                case .doubleColumn: return .doubleColumn
                case .detailOnly: return .detailOnly
                }
            },
            set: { visibility in
                let saved: NavSplitVisibility = switch visibility {
                case .all: .all
                case .doubleColumn: .doubleColumn
                case .detailOnly: .detailOnly
                default: .automatic
                }
                self.setColumnVisibility(saved, of: split)
            })
    }
}

@available(iOS 16, macOS 13, tvOS 16, watchOS 9, visionOS 1, *)
extension NavigationPath {
    /// A path of the destinations' own values (each appended as the
    /// `Codable` value it is, so the path's `codable` exists), for
    /// `navigationDestination(for: Route.self)` to show.
    public init(values destinations: some Sequence<AnyDestination>) {
        self.init(destinations: destinations)
    }
}

/// A button that pushes a registered value: a link that cannot throw in a
/// `body`. A value whose type is not registered is logged and ignored.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
public struct NavStateLink<Label: View>: View {
    private let push: @MainActor () -> Void
    private let label: Label

    /// A link that pushes `value` on `navigator`'s top-most stack.
    public init<T: NavDestination>(value: T, navigator: SceneNavigator, @ViewBuilder label: () -> Label) {
        self.push = { navigator.pushIfPossible(value) }
        self.label = label()
    }

    public var body: some View {
        Button {
            push()
        } label: {
            label
        }
    }
}
#endif
