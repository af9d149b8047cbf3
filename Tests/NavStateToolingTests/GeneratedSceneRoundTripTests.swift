import Foundation
@_spi(Tooling) import NavState
import NavStateTooling
import PropertyBased
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

@Suite("Generated scene round trips")
struct GeneratedSceneRoundTripTests {
    @discardableResult
    private static func check(_ store: NavStore, _ edits: [(Int, NavEntry, Int)]) throws -> [Int: SceneState<NavEntry>] {
        var state = SceneState<NavEntry>()
        var saved: [Int: SceneState<NavEntry>] = [:]
        var head = 0
        for edit in edits {
            SceneGenerators.apply(edit, to: &state)
            try state.validate()
            let result = try store.save(state, scene: "generated")
            // A state equal to the head's is not a new revision.
            #expect(result.isNewRevision == (saved[head] != state))
            #expect(result.revision == (result.isNewRevision ? head + 1 : head))
            head = result.revision
            saved[head] = state
        }
        for (revision, expected) in saved {
            #expect(try store.load(scene: "generated", revision: revision)?.state == expected)
        }
        #expect(try SceneState<NavEntry>(json: state.jsonData()) == state)
        return saved
    }

    @Test func generatedTreesRoundTripInMemoryForEveryRevision() async {
        await propertyCheck(count: 60, input: SceneGenerators.edit.array(of: 1...30)) { edits in
            try Self.check(try NavStore.inMemory(configuration: StoreFixtures.keepingEveryRevision()), edits)
        }
    }

    @Test func generatedTreesRoundTripThroughAFileForEveryRevision() async {
        await propertyCheck(count: 25, input: SceneGenerators.edit.array(of: 1...30)) { edits in
            let directory = try TemporaryDirectory()
            let saved = try Self.check(
                try NavStore(path: directory.path("db.sqlite"), configuration: StoreFixtures.keepingEveryRevision()), edits)
            // Reopened, as at the next launch: nothing cached, every tree from the file.
            let reopened = try NavStore(path: directory.path("db.sqlite"), configuration: StoreFixtures.keepingEveryRevision())
            for (revision, expected) in saved {
                #expect(try reopened.load(scene: "generated", revision: revision)?.state == expected)
            }
        }
    }
}
