import NavStateModel
@testable import NavStateUIKit
import PropertyBased
import Testing

/// The reconciliation every UIKit coordinator carries out, on generated
/// stacks: pushes, pops, swipes, jumps and replacements.
@Suite("Stack change")
struct StackChangeTests {
    /// Carries out a change on the view controllers shown, as the
    /// coordinator does: keep, drop, make.
    static func apply(_ change: StackChange, shown: [Int], new: [Int]) -> [Int] {
        Array(shown.prefix(change.kept)) + change.created.map { new[$0] }
    }

    static let stack = Gen.int(in: 0...3).array(of: 0...8)

    @Test func everyChangeEndsWithTheViewControllersEqualToTheState() async {
        await propertyCheck(count: 500, input: zip(Self.stack, Self.stack)) { shown, new in
            let change = StackChange.between(shown, new)
            #expect(Self.apply(change, shown: shown, new: new) == new)
            #expect(change.kept + change.removed == shown.count)
            // Nothing that could stay is made again.
            #expect(change.kept == shown.count || change.kept == new.count || shown[change.kept] != new[change.kept])
        }
    }

    /// A sequence of the user's and the app's operations, each carried out
    /// on the view controllers, never drifts from the state.
    @Test func aSessionOfPushesPopsSwipesAndJumpsNeverDrifts() async {
        let operation = zip(Gen.int(in: 0...4), Gen.int(in: 0...3), Self.stack)
        await propertyCheck(count: 300, input: operation.array(of: 1...30)) { operations in
            var state: [Int] = []
            var shown: [Int] = []
            for (kind, value, jump) in operations {
                switch kind {
                case 0: state.append(value)                                    // push
                case 1: if !state.isEmpty { state.removeLast() }               // pop from the app
                case 2, 3:                                                      // the user's back button or swipe
                    let left = max(0, shown.count - 1 - value % 2)
                    shown = Array(shown.prefix(left))
                    state = Array(state.prefix(left))
                default: state = jump                                           // a restore or a deep link
                }
                let change = StackChange.between(shown, state)
                shown = Self.apply(change, shown: shown, new: state)
                #expect(shown == state)
            }
        }
    }

    @Test(arguments: [
        ([1, 2], [1, 2, 3], StackChange(kept: 2, removed: 0, created: 2..<3, animated: true)),
        ([1, 2, 3], [1, 2], StackChange(kept: 2, removed: 1, created: 2..<2, animated: true)),
        ([], [1, 2, 3], StackChange(kept: 0, removed: 0, created: 0..<3, animated: false)),
        ([1, 2, 3], [1], StackChange(kept: 1, removed: 2, created: 1..<1, animated: false)),
        ([1, 2], [1, 4], StackChange(kept: 1, removed: 1, created: 1..<2, animated: false)),
        ([1, 2], [1, 2], StackChange(kept: 2, removed: 0, created: 2..<2, animated: false)),
    ])
    func onePushOrOnePopAnimatesAndNothingElseDoes(shown: [Int], new: [Int], change: StackChange) {
        #expect(StackChange.between(shown, new) == change)
    }
}

/// The presentation coordinator's levels: which stay, which are dismissed
/// from the first that changed, which are presented after, in order.
@Suite("Presentation change")
struct PresentationChangeTests {
    /// A level as the coordinator tells them apart.
    struct Level: Equatable {
        var method: Int
        var destination: Int
    }

    static let levels = zip(Gen.int(in: 0...3), Gen.int(in: 0...2)).map { Level(method: $0, destination: $1) }.array(of: 0...4)

    /// Every sequence of presents, dismissals, swipes away and restores
    /// ends with the presented levels equal to the state; a dismissal takes
    /// every level above the first that changed, and nothing below it.
    @Test func everySequenceEndsWithThePresentedLevelsEqualToTheState() async {
        let step = zip(Gen.int(in: 0...3), Self.levels)
        await propertyCheck(count: 300, input: step.array(of: 1...20)) { steps in
            var state: [Level] = []
            var presented: [Level] = []
            for (kind, next) in steps {
                switch kind {
                case 0: if let level = next.first { state.append(level) }       // present
                case 1: if !state.isEmpty { state.removeLast() }                // dismiss
                case 2:                                                         // the user swipes a sheet away
                    if !presented.isEmpty {
                        let index = next.count % presented.count
                        presented.removeLast(presented.count - index)
                        state = Array(state.prefix(index))
                    }
                default: state = next                                           // a restore or a deep link
                }
                let change = StackChange.between(presented, state)
                #expect(presented.prefix(change.kept).elementsEqual(state.prefix(change.kept)))
                presented = Array(presented.prefix(change.kept)) + change.created.map { state[$0] }
                #expect(presented == state)
            }
        }
    }
}
