import Foundation
import NavStateModel
import PropertyBased
@testable import NavStateTestSupport
import Testing

@Suite("Step plans")
struct StepPlanTests {
    private static func naive<E: NavElement>(_ from: SceneState<E>, _ to: SceneState<E>) -> Int {
        var count = from.presentations.isEmpty ? 0 : 1
        count += from.contentStack.isEmpty ? 0 : 1
        count += to.contentStack.count + to.presentations.reduce(0) { $0 + 1 + $1.stack.count }
        count += Set(from.values.keys).union(to.values.keys).filter { from.values[$0] != to.values[$0] }.count
        // Popping everything drops every checkpoint on the way, so this plan
        // sets the target's last whenever there are any.
        count += from.checkpoints.isEmpty && to.checkpoints.isEmpty ? 0 : 1
        return count
    }

    /// The longest a plan between trees may be: dismiss everything; at the
    /// scene's level one step per stack that is not on screen, a tab
    /// switch, a pop and a push per target entry on screen, a step per
    /// selection (or one step for the whole tree when its shape changed);
    /// then present the rest; values and checkpoints as for one stack.
    private static func treeBound<E: NavElement>(_ from: SceneState<E>, _ to: SceneState<E>) -> Int {
        var count = from.presentations.isEmpty ? 0 : 1
        count += to.content.stackCount + 1 + 1 + to.contentStack.count + 2 * to.content.stackCount
        count += to.presentations.reduce(0) { $0 + 1 + max(1, $1.stack.count) }
        count += Set(from.values.keys).union(to.values.keys).filter { from.values[$0] != to.values[$0] }.count
        count += from.checkpoints.isEmpty && to.checkpoints.isEmpty ? 0 : 1
        return count
    }

    /// Plans between generated states: each reaches its target through
    /// valid states (an app shows, and saves, each), is no longer than
    /// `bound`, and a state's plan to itself is empty.
    private func checkPlans(
        _ edit: Generator<(Int, NavEntry, Int), some SendableSequenceType>, count: Int, edits: ClosedRange<Int>,
        bound: @escaping @Sendable (SceneState<NavEntry>, SceneState<NavEntry>) -> Int
    ) async {
        let states = edit.array(of: edits)
        await propertyCheck(count: count, input: states, states, Gen.int(in: edits)) { first, second, shared async throws in
            var a = SceneState<NavEntry>()
            for edit in first { SceneGenerators.apply(edit, to: &a) }
            // Half the time the target grows from the current state, so plans share prefixes.
            var b = shared.isMultiple(of: 2) ? a : SceneState<NavEntry>()
            for edit in second.prefix(shared) { SceneGenerators.apply(edit, to: &b) }
            let plan = a.steps(to: b)
            #expect(try a.applying(plan) == b)
            #expect(plan.count <= bound(a, b))
            #expect(a.steps(to: a).isEmpty)
            var state = a
            for step in plan {
                state = try state.applying([step])
                #expect(throws: Never.self) { try state.validate() }
            }
        }
    }

    @Test func aPlanBetweenTreesReachesTheTargetThroughValidStates() async {
        await checkPlans(SceneGenerators.edit, count: 300, edits: 0...30) { Self.treeBound($0, $1) }
    }

    @Test func aPushInAnotherTabIsATabSwitchAndAPush() throws {
        let one = SceneFixtures.entry("1")
        let a = SceneState<NavEntry>(content: .tabs(NavTabs(ids: ["home", "orders"], selected: "home")))
        var b = a
        try b.select(.tab("orders"))
        try b.setStack(.tab("orders"), to: [one])
        #expect(a.steps(to: b) == [.select(.tab("orders")), .push(one)])
        // Changing a tab that stays off screen sets it at once, without a switch.
        var c = a
        try c.setStack(.tab("orders"), to: [one, one])
        #expect(a.steps(to: c) == [.setContainer(.tab("orders"), .stack([one, one]))])
        // Tabs that change set the whole tree in one step.
        let d = SceneState<NavEntry>(content: .tabs(NavTabs(ids: ["home", "cart"])))
        #expect(a.steps(to: d) == [.setContainer(.root, d.content)])
    }

    /// A tab bar inside another tab (off screen) that selects another tab:
    /// set whole, since a tab switch there would change what is on screen.
    /// (Found by the property test above, one suite run in nine.)
    @Test func aTabBarOffScreenThatSelectsAnotherTabIsSetWhole() throws {
        let inner = NavTabs<NavEntry>(ids: ["x", "y"], selected: "x")
        var changed = inner
        changed.selected = "y"
        let a = SceneState<NavEntry>(content: .tabs(NavTabs([NavTab("home"), NavTab("orders", .tabs(inner))], selected: "home")))
        let b = SceneState<NavEntry>(content: .tabs(NavTabs([NavTab("home"), NavTab("orders", .tabs(changed))], selected: "home")))
        #expect(a.steps(to: b) == [.setContainer(.tab("orders"), .tabs(changed))])
        #expect(try a.applying(a.steps(to: b)) == b)
        // On the way to the stack on screen, a tab switch does it.
        let c = SceneState<NavEntry>(content: .tabs(NavTabs([NavTab("home"), NavTab("orders", .tabs(changed))], selected: "orders")))
        var d = c
        try d.select(.tab("orders").appending(.tab("x")))
        #expect(d.steps(to: c) == [.select(.tab("orders").appending(.tab("y")))])
    }

    @Test func appliedPlanReachesTheTargetAndIsNeverLongerThanPopAllPushAll() async {
        await checkPlans(SceneGenerators.chainEdit, count: 200, edits: 0...20) { Self.naive($0, $1) }
    }

    @Test func pushingOneEntryIsOneStep() {
        let a = SceneState(stack: [SceneFixtures.entry("1")])
        var b = a
        b.contentStack.append(SceneFixtures.entry("2"))
        #expect(a.steps(to: b) == [.push(SceneFixtures.entry("2"))])
        #expect(b.steps(to: a) == [.pop(count: 1)])
    }

    @Test func changingTheRootUnderASheetDismissesItFirst() {
        let one = SceneFixtures.entry("1")
        let a = SceneState(stack: [one], presentations: [Presentation(method: .sheet, destination: one)])
        let b = SceneState(stack: [one, one])
        #expect(a.steps(to: b) == [.dismiss(count: 1), .push(one)])
    }

    @Test func impossibleStepsAreRefused() {
        let one = SceneFixtures.entry("1")
        #expect(throws: NavStateError.cannotPop(count: 1, entries: 0)) {
            _ = try SceneState<NavEntry>().applying([.pop(count: 1)])
        }
        #expect(throws: NavStateError.cannotDismiss(count: 1, presented: 0)) {
            _ = try SceneState<NavEntry>().applying([.dismiss(count: 1)])
        }
        #expect(throws: NavStateError.cannotPushOnto(PresentationMethod.sheet)) {
            _ = try SceneState<NavEntry>().applying([.present(.sheet, one), .push(one)])
        }
    }
}
