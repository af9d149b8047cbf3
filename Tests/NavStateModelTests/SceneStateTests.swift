import Foundation
import NavStateModel
@testable import NavStateTestSupport
import Testing

@Suite("Scene state and checkpoints")
struct SceneStateTests {
    private func e(_ payload: String) -> NavEntry { SceneFixtures.entry(payload) }

    private func tree() -> SceneState<NavEntry> { SceneFixtures.tree() }

    @Test func returningDismissesPresentationsAboveAndPopsToTheIndex() throws {
        let state = try tree().returning(to: "detail", value: e("42"))
        #expect(state.contentStack == [e("1"), e("2")])
        #expect(state.presentations.isEmpty)
        #expect(state.checkpoints.map(\.name) == ["home", "detail"])
        try state.validate()
    }

    @Test func returningInsideAManagedPresentationKeepsWhatIsBelow() throws {
        let state = try tree().returning(to: "sheet")
        #expect(state.contentStack == tree().contentStack)
        #expect(state.presentations.count == 1)
        #expect(state.presentations[0].stack == [e("5")])
        #expect(state.checkpoints.map(\.name) == ["home", "detail", "sheet"])
    }

    @Test func returningHomeEmptiesEverything() throws {
        let state = try tree().returning(to: "home")
        #expect(state.contentStack.isEmpty)
        #expect(state.presentations.isEmpty)
        #expect(state.checkpoints == [Checkpoint(name: "home", stack: .root, entriesKept: 0)])
    }

    @Test func canReturnIsAnsweredWithoutChangingAnything() {
        let state = tree()
        #expect(state.canReturn(to: "sheet"))
        #expect(!state.canReturn(to: "nowhere"))
        #expect(state == tree())
    }

    @Test func topMostCheckpointWinsWhenANameIsSetTwice() throws {
        var state = tree()
        state.checkpoints.append(Checkpoint(name: "home", stack: .presentation(1), entriesKept: 0))
        let returned = try state.returning(to: "home")
        #expect(returned.contentStack == tree().contentStack)
        #expect(returned.presentations.count == 1)
        #expect(returned.presentations[0].stack.isEmpty)
    }

    @Test func aValueOfTheWrongTypeIsRefusedWithAReason() {
        #expect(throws: NavStateError.checkpointValueMismatch(checkpoint: "detail", expected: "Int", got: "String")) {
            _ = try tree().returning(to: "detail", value: NavEntry(tag: "String", payload: "\"x\""))
        }
        #expect(throws: NavStateError.checkpointValueMismatch(checkpoint: "home", expected: nil as String?, got: "Int")) {
            _ = try tree().returning(to: "home", value: e("1"))
        }
        #expect(throws: NavStateError.checkpointNotFound("nowhere")) {
            _ = try tree().returning(to: "nowhere")
        }
    }

    @Test func typedDestinationsCheckTheirStableName() throws {
        let registry = try Samples.registry()
        let state = SceneState<AnyDestination>(
            stack: [try AnyDestination(ShopRoute.home, in: registry)],
            checkpoints: [Checkpoint(name: "pick", stack: .root, entriesKept: 1, valueType: "shop")])
        #expect(try state.returning(to: "pick", value: AnyDestination(ShopRoute.home, in: registry)).contentStack.count == 1)
        #expect(throws: NavStateError.checkpointValueMismatch(checkpoint: "pick", expected: "shop", got: "Int")) {
            _ = try state.returning(to: "pick", value: AnyDestination(5, in: registry))
        }
    }

    @Test func invariantsAreChecked() {
        #expect(throws: NavStateError.stackInPlainPresentation(presentation: 1, method: PresentationMethod.cover, entries: 1)) {
            try SceneState(presentations: [Presentation(method: .cover, destination: e("1"), stack: [e("2")])]).validate()
        }
        #expect(throws: NavStateError.checkpointStackMissing(checkpoint: "x", stack: StackAddress.presentation(1))) {
            try SceneState<NavEntry>(checkpoints: [Checkpoint(name: "x", stack: .presentation(1), entriesKept: 0)]).validate()
        }
        #expect(throws: NavStateError.checkpointStackMissing(checkpoint: "x", stack: StackAddress.presentation(-1))) {
            try SceneState<NavEntry>(checkpoints: [Checkpoint(name: "x", stack: .presentation(-1), entriesKept: 0)]).validate()
        }
        #expect(throws: NavStateError.checkpointBeyondStack(checkpoint: "x", stack: StackAddress.root, keeps: 2, entries: 1)) {
            try SceneState(stack: [e("1")], checkpoints: [Checkpoint(name: "x", stack: .root, entriesKept: 2)]).validate()
        }
    }
}
