import Foundation
import Logging
import NavState
public import NavStateModel

// The stacks of a scene and the containers that hold them: push, pop, tabs, split views.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
extension SceneNavigator {
    // MARK: Stacks

    /// The scene's stack on screen under the presentations, for
    /// `NavigationStack(path:)`: the root stack, or in a tab bar the
    /// selected tab's (``path(at:)`` reads any stack). Setting it (SwiftUI
    /// does when the user swipes back) changes the state and saves it.
    public var path: NavPath {
        get { NavPath(state.contentStack, registry: registry) }
        set { change { $0.contentStack = newValue.elements } }
    }

    /// The presentations shown above the root stack, bottom first.
    public var presentations: [Presentation<AnyDestination>] { state.presentations }

    /// Pushes a value onto the stack on screen (``/NavStateModel/SceneState/stackOnScreen``):
    /// the top presentation's, or the selected tab's, or the detail
    /// column's; or onto the stack at `stack` when given.
    ///
    /// - Throws: `NavStateError.unregisteredType` when its type is not
    ///   registered; the scene-state rule's ``/NavStateModel/NavStateError`` when the top-most
    ///   presentation is a plain sheet or cover, which has no stack, or the
    ///   scene has no stack at `stack`.
    ///
    /// Before the launch restore has finished (a link handled at a cold
    /// launch), the value is kept and pushed once the restore has, on top
    /// of the restored state; it is checked then, and a push that cannot be
    /// made is logged.
    public func push<T: NavDestination>(_ value: T, onto stack: StackAddress? = nil) throws(NavStateError) {
        let destination = try erase(value)
        guard hasRestored else {
            linkCameBeforeRestore = true
            links.append(.now { [weak self] in self?.pushWaiting(destination, onto: stack) })
            return
        }
        try push(destination, onto: stack)
    }

    func push(_ destination: AnyDestination, onto stack: StackAddress?) throws(NavStateError) {
        guard let target = stack ?? state.stackOnScreen else {
            throw .cannotPushOnto(state.presentations.last?.method ?? .sheet)
        }
        guard state.stack(target) != nil else { throw .noSuchStack(target) }
        if target.presentation > 0, !state.presentations[target.presentation - 1].method.isManaged {
            throw .cannotPushOnto(state.presentations[target.presentation - 1].method)
        }
        changeInPlace { state in _ = state.modifyStack(target) { $0.append(destination) } }
        emit(.pushed(destination, stack: target))
    }

    /// Pushes destinations SwiftUI already shows (a `NavigationLink`'s
    /// value) onto the stack at `stack`, which exists.
    func appendPushed(_ destinations: [AnyDestination], onto stack: StackAddress) {
        guard !destinations.isEmpty else { return }
        changeInPlace { state in _ = state.modifyStack(stack) { $0.append(contentsOf: destinations) } }
        for destination in destinations { emit(.pushed(destination, stack: stack)) }
    }

    /// Pushes a value, or logs why it cannot and changes nothing: for views,
    /// where a throwing call has nowhere to go.
    ///
    /// - Returns: Whether the value was pushed.
    @discardableResult
    public func pushIfPossible<T: NavDestination>(_ value: T) -> Bool {
        do {
            try push(value)
            return true
        } catch {
            store.logger.in(.navigator).error("push refused", metadata: ["scene": "\(scene)", "error": "\(error)"])
            return false
        }
    }

    /// Pops `count` destinations off the stack on screen, or off the stack
    /// at `stack` when given (fewer if it holds fewer).
    public func pop(_ count: Int = 1, from stack: StackAddress? = nil) {
        // The count alone: holding the entries would make the pop copy them.
        guard let target = stack ?? state.stackOnScreen, let held = state.stack(target)?.count else { return }
        let removed = min(max(count, 0), held)
        guard removed > 0 else { return }
        changeInPlace { state in
            _ = state.modifyStack(target) { $0.removeLast(removed) }
            state.dropCheckpointsPointingNowhere()
        }
        emit(.popped(count: removed, stack: target))
    }

    /// Pops the stack on screen (or the one at `stack`) to its root view.
    public func popToRoot(of stack: StackAddress? = nil) {
        guard let target = stack ?? state.stackOnScreen, let entries = state.stack(target) else { return }
        pop(entries.count, from: target)
    }

    // MARK: Trees

    /// The selected tab of the tab bar at `tabBar` (the scene's own by
    /// default); `nil` when there is no tab bar there.
    public func selectedTab(of tabBar: StackAddress = .root) -> String? {
        guard case .tabs(let tabs)? = state.container(at: tabBar) else { return nil }
        return tabs.selected
    }

    /// Selects tab `tab` of the tab bar at `tabBar` (the scene's own by
    /// default): what a `TabView` selection binding sets.
    ///
    /// - Throws: the scene-state rule's ``/NavStateModel/NavStateError`` when there is no such
    ///   tab bar or tab.
    public func select(tab: String, in tabBar: StackAddress = .root) throws(NavStateError) {
        guard case .tabs(let tabs)? = state.container(at: tabBar) else { throw .noSuchStack(tabBar) }
        guard tabs.ids.contains(tab) else { throw .selectedTabMissing(tab, tabBar: tabBar) }
        guard tabs.selected != tab else { return }
        changeInPlace { state in
            var tabs = tabs
            tabs.selected = tab
            try? state.replaceContainer(at: tabBar, with: .tabs(tabs))
        }
        emit(.tabSelected(tab, tabBar: tabBar))
    }

    /// Selects a tab, or logs why it cannot and changes nothing: for views,
    /// where a throwing call has nowhere to go.
    ///
    /// - Returns: Whether the tab is selected now.
    @discardableResult
    public func selectIfPossible(tab: String, in tabBar: StackAddress = .root) -> Bool {
        do {
            try select(tab: tab, in: tabBar)
            return true
        } catch {
            store.logger.in(.navigator).error("tab not selected", metadata: ["scene": "\(scene)", "tab": "\(tab)", "error": "\(error)"])
            return false
        }
    }

    /// The stack at `stack` as a path, for the `NavigationStack` of a tab
    /// or a detail column; empty when there is no stack there.
    public func path(at stack: StackAddress) -> NavPath {
        NavPath(state.stack(stack) ?? [], registry: registry)
    }

    /// Replaces the stack at `stack`: what a tab's `NavigationStack(path:)`
    /// binding sets. Nothing changes when there is no stack there.
    public func setPath(_ path: NavPath, at stack: StackAddress) {
        guard state.stack(stack) != nil, state.stack(stack) != path.elements else { return }
        change { state in
            try? state.setStack(stack, to: path.elements)
            state.dropCheckpointsPointingNowhere()
        }
    }

    /// Replaces the container at `address`: the scene's content with a tab
    /// bar (`.root`), a tab's with a split view.
    ///
    /// - Throws: the scene-state rule's ``/NavStateModel/NavStateError`` when nothing is at
    ///   `address`, or the state it leaves is not valid (a tab bar without
    ///   tabs).
    public func setContainer(_ container: NavContainer<AnyDestination>, at address: StackAddress = .root) throws(NavStateError) {
        var next = state
        try next.replaceContainer(at: address, with: container)
        next.dropCheckpointsPointingNowhere()
        try next.validate()
        change { $0 = next }
    }

    /// Sets a split view's selection in one column; nothing when there is
    /// no split view at `split`.
    public func setSelection(_ selection: AnyDestination?, column: NavSplitColumn, of split: StackAddress = .root) {
        guard case .split(var view)? = state.container(at: split) else { return }
        switch column {
        case .sidebar: view.sidebar = selection
        case .content: view.content = view.hasContentColumn ? selection : nil
        }
        guard state.container(at: split) != .split(view) else { return }
        change { try? $0.replaceContainer(at: split, with: .split(view)) }
    }

    /// Sets which columns a split view shows; nothing when there is no
    /// split view at `split`.
    public func setColumnVisibility(_ visibility: NavSplitVisibility, of split: StackAddress = .root) {
        guard case .split(var view)? = state.container(at: split), view.visibility != visibility else { return }
        view.visibility = visibility
        change { try? $0.replaceContainer(at: split, with: .split(view)) }
    }
}
