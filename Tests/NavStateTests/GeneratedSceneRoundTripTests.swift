import Foundation
import NavState
import NavStateTooling
import PropertyBased
import Testing

/// Generated scene trees: nested managed and plain presentations, checkpoints
/// and scene values, evolved through a series of edits.
enum SceneGenerators {
    static let entry = zip(Gen.int(in: 0...4), Generators.anyText, Gen.int(in: 0...2))
        .map { kind, text, version -> NavEntry in
            let tags = ["Int", "shop", "orders.detail", "Swift.String", "🎈"]
            return NavEntry(tag: tags[kind], version: version == 0 ? nil : version + 1, payload: text)
        }

    /// One edit: what kind, and the material for it.
    static let edit = zip(Gen.int(in: 0...9), entry, Gen.int(in: 0...1_000))

    static func apply(_ edit: (Int, NavEntry, Int), to state: inout SceneState<NavEntry>) {
        let (kind, entry, pick) = edit
        let stack = pick % state.stackCount
        switch kind {
        case 0, 1, 2:
            state.setStack(stack, to: state.stack(stack) + [entry])
        case 3:
            if !state.stack(stack).isEmpty { state.setStack(stack, to: Array(state.stack(stack).dropLast())) }
        case 4:
            let methods = PresentationMethod.allCases
            state.presentations.append(Presentation(method: methods[pick % methods.count], destination: entry))
        case 5:
            if !state.presentations.isEmpty { state.presentations.removeLast() }
        case 6:
            state.values["value\(pick % 3)"] = entry
        case 7:
            let count = state.stack(stack).count
            state.checkpoints.append(Checkpoint(
                name: "cp\(pick % 4)", stack: stack, entriesKept: pick % (count + 1),
                valueType: pick.isMultiple(of: 2) ? nil : entry.tag))
        case 8:
            var elements = state.stack(stack)
            if !elements.isEmpty { elements[pick % elements.count] = entry }
            state.setStack(stack, to: elements)
        default:
            state.values["value\(pick % 3)"] = nil
        }
        // Unmanaged presentations carry no stack; checkpoints follow what exists.
        for index in state.presentations.indices where !state.presentations[index].method.isManaged {
            state.presentations[index].stack = []
        }
        let sizes = (0..<state.stackCount).map { state.stack($0).count }
        state.checkpoints.removeAll { $0.stack >= sizes.count || $0.entriesKept > sizes[$0.stack] }
    }
}

@Suite("Generated scene round trips")
struct GeneratedSceneRoundTripTests {
    private static func check(_ store: NavStore, _ edits: [(Int, NavEntry, Int)]) throws {
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
    }

    @Test func generatedTreesRoundTripInMemoryForEveryRevision() async {
        await propertyCheck(count: 60, input: SceneGenerators.edit.array(of: 1...30)) { edits in
            try Self.check(try NavStore.inMemory(configuration: StoreFixtures.keepingEveryRevision()), edits)
        }
    }

    @Test func generatedTreesRoundTripThroughAFileForEveryRevision() async {
        await propertyCheck(count: 25, input: SceneGenerators.edit.array(of: 1...30)) { edits in
            let directory = try TemporaryDirectory()
            try Self.check(try NavStore(path: directory.path("db.sqlite"), configuration: StoreFixtures.keepingEveryRevision()), edits)
        }
    }
}
