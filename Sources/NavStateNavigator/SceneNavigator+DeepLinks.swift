import Foundation
import Logging
import NavState
public import NavStateModel

// Links: a target state reached in steps, links that take turns and wait for the launch restore.
@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)
extension SceneNavigator {
    // MARK: Deep links

    /// Moves to a target state (a deep link, a notification) through the
    /// shortest step plan, one change per step, awaiting `betweenSteps`
    /// after each so the UI can show it (a stack cannot change many levels
    /// in one update).
    ///
    /// - Throws: the scene-state rule's ``/NavStateModel/NavStateError`` for a target that breaks a
    ///   scene-state rule; the steps applied before it stay.
    public func navigate(
        to target: SceneState<AnyDestination>, betweenSteps: @MainActor () async -> Void = {}
    ) async throws(NavStateError) {
        await takeLinkTurn()
        defer { endLinkTurn() }
        try await steps(to: target, betweenSteps: betweenSteps)
    }

    func steps(
        to target: SceneState<AnyDestination>, betweenSteps: @MainActor () async -> Void
    ) async throws(NavStateError) {
        try target.validate()
        let steps = state.steps(to: target)
        for step in steps {
            let next = try state.applying([step])
            change { $0 = next }
            await betweenSteps()
        }
        emit(.navigated(steps: steps.count))
    }

    /// Goes to the stack at `stack` and pushes `values` onto it, as
    /// Navigator's `send(RootTabs.home, HomeDestinations.page2)` does: what
    /// is presented above it is dismissed, the tabs that show it are
    /// selected, then each value is pushed, one change per step, awaiting
    /// `betweenSteps` after each.
    ///
    /// ```swift
    /// try await navigator.send(to: .tab("orders"), OrderRoute.detail(id: 7))
    /// ```
    ///
    /// - Throws: `NavStateError.unregisteredType` when a value's type is
    ///   not registered (nothing changed then);
    ///   the scene-state rule's ``/NavStateModel/NavStateError`` when the scene has no stack at
    ///   `stack`, or it is in a plain sheet or cover.
    public func send(
        to stack: StackAddress, _ values: any NavDestination...,
        betweenSteps: @MainActor () async -> Void = {}
    ) async throws(NavStateError) {
        await takeLinkTurn()
        defer { endLinkTurn() }
        var target = state
        target.presentations.removeSubrange(min(max(0, stack.presentation), target.presentations.count)...)
        target.dropCheckpointsPointingNowhere()
        guard let entries = target.stack(stack) else { throw .noSuchStack(stack) }
        if stack.presentation > 0, !target.presentations[stack.presentation - 1].method.isManaged {
            throw .cannotPushOnto(target.presentations[stack.presentation - 1].method)
        }
        var pushed: [AnyDestination] = []
        for value in values { pushed.append(try erase(value)) }
        try target.select(stack)
        try target.setStack(stack, to: entries + pushed)
        try await steps(to: target, betweenSteps: betweenSteps)
    }

    /// Returns when this link may run: once the launch restore has
    /// finished (a link that comes before waits, and is then applied as
    /// ``launchLinks`` says) and every link that came before it has
    /// reached its target, first come first.
    func takeLinkTurn() async {
        if !hasRestored { linkCameBeforeRestore = true }
        await links.turn()
    }

    /// Hands the turn to the next waiting link.
    func endLinkTurn() {
        links.endTurn()
    }

    /// A push made before the restore finished, in its turn; one that
    /// cannot be made now is logged.
    func pushWaiting(_ destination: AnyDestination, onto stack: StackAddress?) {
        do {
            try push(destination, onto: stack)
        } catch {
            store.logger.in(.navigator).error("push made before the restore refused", metadata: ["scene": "\(scene)", "error": "\(error)"])
        }
    }

    /// The restore has finished: what waited runs, in the order it came.
    func releaseWaitingLinks() {
        links.isOpen = true
    }
}
