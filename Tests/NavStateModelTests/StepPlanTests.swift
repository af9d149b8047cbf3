import Foundation
import NavStateModel
import PropertyBased
@testable import NavStateTestSupport
import Testing

@Suite("Step plans")
struct StepPlanTests {
    private func naive<E: NavElement>(_ from: SceneState<E>, _ to: SceneState<E>) -> Int {
        var count = from.presentations.isEmpty ? 0 : 1
        count += from.root.isEmpty ? 0 : 1
        count += to.root.count + to.presentations.reduce(0) { $0 + 1 + $1.stack.count }
        count += Set(from.values.keys).union(to.values.keys).filter { from.values[$0] != to.values[$0] }.count
        // Popping everything drops every checkpoint on the way, so this plan
        // sets the target's last whenever there are any.
        count += from.checkpoints.isEmpty && to.checkpoints.isEmpty ? 0 : 1
        return count
    }

    @Test func appliedPlanReachesTheTargetAndIsNeverLongerThanPopAllPushAll() async {
        let states = SceneGenerators.edit.array(of: 0...20)
        await propertyCheck(count: 200, input: states, states, Gen.int(in: 0...20)) { first, second, shared async throws in
            var a = SceneState<NavEntry>()
            for edit in first { SceneGenerators.apply(edit, to: &a) }
            // Half the time the target grows from the current state, so plans share prefixes.
            var b = shared.isMultiple(of: 2) ? a : SceneState<NavEntry>()
            for edit in second.prefix(shared) { SceneGenerators.apply(edit, to: &b) }
            let plan = a.steps(to: b)
            #expect(try a.applying(plan) == b)
            #expect(plan.count <= naive(a, b))
            #expect(a.steps(to: a).isEmpty)
            // Every state on the way is valid: an app shows (and saves) each.
            var state = a
            for step in plan {
                state = try state.applying([step])
                #expect(throws: Never.self) { try state.validate() }
            }
        }
    }

    @Test func pushingOneEntryIsOneStep() {
        let a = SceneState(root: [SceneFixtures.entry("1")])
        var b = a
        b.root.append(SceneFixtures.entry("2"))
        #expect(a.steps(to: b) == [.push(SceneFixtures.entry("2"))])
        #expect(b.steps(to: a) == [.pop(count: 1)])
    }

    @Test func changingTheRootUnderASheetDismissesItFirst() {
        let one = SceneFixtures.entry("1")
        let a = SceneState(root: [one], presentations: [Presentation(method: .sheet, destination: one)])
        let b = SceneState(root: [one, one])
        #expect(a.steps(to: b) == [.dismiss(count: 1), .push(one)])
    }

    @Test func impossibleStepsAreRefused() {
        let one = SceneFixtures.entry("1")
        #expect(throws: SceneStateError.cannotPop(count: 1, entries: 0)) {
            _ = try SceneState<NavEntry>().applying([.pop(count: 1)])
        }
        #expect(throws: SceneStateError.cannotDismiss(count: 1, presented: 0)) {
            _ = try SceneState<NavEntry>().applying([.dismiss(count: 1)])
        }
        #expect(throws: SceneStateError.cannotPushOnto(.sheet)) {
            _ = try SceneState<NavEntry>().applying([.present(.sheet, one), .push(one)])
        }
    }
}
