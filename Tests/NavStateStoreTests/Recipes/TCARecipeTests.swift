import NavStateReports
import Foundation
@_spi(Tooling) import NavState
@testable import NavStoreTestSupport
import Testing

/// The TCA recipe (NavStateNavigator.docc/ComingFromOtherLibraries.md), its ordering run against a real store.
///
/// TCA cannot be built here, so `forEach` is modelled as its source has it
/// (swift-composable-architecture 1.25.5, `StackReducer.swift`,
/// `_StackReducer.reduce(into:action:)`): on `.push` the element is
/// appended, then the parent reduces; on `.popFrom(id:)` the parent
/// reduces, then the stack pops from that element; on `.element` the child
/// reduces, then the parent. A reducer composed after `forEach` runs once
/// all of that is done.
@Suite("TCA recipe")
struct TCARecipeTests {
    enum Route: String, Codable, Hashable, Sendable { case list, detail, edit }

    enum StackAction {
        case push(Route)
        case popFrom(index: Int)
        /// A child action; `nil` when it leaves the child's state as it was.
        case element(index: Int, becomes: Route?)
    }

    /// The app's state: the path and what the recipe saved last (`nil`
    /// until the restore finished).
    struct State {
        var path: [Route] = []
        var saved: [Route]? = []
    }

    /// `forEach`'s order, around the parent reducer `base`.
    static func forEach(_ state: inout State, _ action: StackAction, base: (inout State) throws -> Void) rethrows {
        switch action {
        case .push(let route):
            state.path.append(route)
            try base(&state)
        case .popFrom(let index):
            try base(&state)
            state.path.removeSubrange(index...)
        case let .element(index, becomes):
            if let becomes { state.path[index] = becomes }
            try base(&state)
        }
    }

    final class Saves {
        let store: NavStore
        let registry: DestinationRegistry
        var count = 0

        init() throws {
            store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
            var registry = DestinationRegistry()
            try registry.register(Route.self, as: "route")
            self.registry = registry
        }

        func save(_ path: [Route]) throws {
            count += 1
            try store.save(SceneState(stack: try path.map { try AnyDestination($0, in: registry) }), scene: "main")
        }

        /// The routes of the saved head.
        func head() throws -> [String] {
            try #require(try store.load(scene: "main")).state.contentStack.map(\.payload)
        }
    }

    static let swipes: [StackAction] = [.push(.list), .push(.detail), .element(index: 1, becomes: nil), .popFrom(index: 1)]

    /// The recipe as it was: the save in the parent reducer, on every stack
    /// action. A swipe back saves the path before the pop, and a child
    /// action that changes nothing saves again.
    @Test func aSaveInTheParentWritesThePathBeforeThePop() throws {
        let saves = try Saves()
        var state = State()
        for action in Self.swipes {
            try Self.forEach(&state, action) { state in try saves.save(state.path) }
        }
        #expect(state.path == [.list])
        #expect(try saves.head() == [#""list""#, #""detail""#], "the swipe back saved the path before the pop")
        #expect(saves.count == 4)
    }

    /// The recipe now: the save after `forEach`, only when the path changed.
    /// The saved head is the stack on screen after each action, and the
    /// child action that changes nothing writes nothing.
    @Test func aSaveAfterForEachWritesThePathOnScreenAndOnlyChanges() throws {
        let saves = try Saves()
        var state = State()
        var heads: [[String]] = []
        for action in Self.swipes + [.element(index: 0, becomes: .edit)] {
            Self.forEach(&state, action) { _ in }
            if let saved = state.saved, state.path != saved {
                state.saved = state.path
                try saves.save(state.path)
            }
            heads.append(try saves.head())
        }
        #expect(heads == [
            [#""list""#], [#""list""#, #""detail""#], [#""list""#, #""detail""#], [#""list""#], [#""edit""#],
        ])
        #expect(saves.count == 4, "the child action that changed nothing saved nothing")
    }

    /// Before the restore finished nothing is saved, so a launch that
    /// crashes never writes over the revision the crash-loop guard counts.
    @Test func nothingIsSavedBeforeTheRestoreFinished() throws {
        let saves = try Saves()
        var state = State(saved: nil)
        Self.forEach(&state, .push(.list)) { _ in }
        if let saved = state.saved, state.path != saved { try saves.save(state.path) }
        #expect(saves.count == 0)
        #expect(try saves.store.load(scene: "main") == nil)
    }
}
