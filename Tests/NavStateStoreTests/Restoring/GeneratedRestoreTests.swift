import Foundation
import NavState
import PropertyBased
@testable import NavStateTestSupport
@testable import NavStoreTestSupport
import Testing

@Suite("Generated restores")
struct GeneratedRestoreTests {
    /// Generated typed trees, saved with some entries broken at random.
    private static let broken = zip(SceneGenerators.edit.array(of: 1...25), Gen.int(in: 0...1_000).array(of: 0...6))

    /// The scene's entries in a fixed order, with their locations.
    private static func locations(_ state: SceneState<NavEntry>) -> [(EntryLocation, NavEntry)] {
        state.locatedElements(from: 0, includingValues: true).map { ($0.location, $0.element) }
    }

    private static func typedState(_ edits: [(Int, NavEntry, Int)]) -> SceneState<NavEntry> {
        var state = SceneState<NavEntry>()
        for edit in edits {
            // Only payloads that decode as Int, so every unbroken entry restores.
            let (kind, _, pick) = edit
            SceneGenerators.apply((kind, NavEntry(tag: "Int", payload: String(pick)), pick), to: &state)
        }
        return state
    }

    private static func breaking(_ state: SceneState<NavEntry>, at picks: [Int]) throws -> (SceneState<NavEntry>, Set<EntryLocation>) {
        var state = state
        let all = locations(state)
        guard !all.isEmpty else { return (state, []) }
        var brokenLocations: Set<EntryLocation> = []
        for pick in picks {
            let (location, _) = all[pick % all.count]
            let bad = NavEntry(tag: pick.isMultiple(of: 2) ? "removed.screen" : "Int", payload: "\"not an int\"")
            switch location {
            case .stack(let address, let position):
                var stack = try #require(state.stack(address))
                stack[position] = bad
                try state.setStack(address, to: stack)
            case .selection(let split, let column):
                guard case .split(var view)? = state.container(at: split) else {
                    Issue.record("no split view at \(split)")
                    continue
                }
                if column == .sidebar { view.sidebar = bad } else { view.content = bad }
                try state.replaceContainer(at: split, with: .split(view))
            case .presentation(let index):
                state.presentations[index - 1].destination = bad
            case .value(let name):
                state.values[name] = bad
            }
            brokenLocations.insert(location)
        }
        return (state, brokenLocations)
    }

    @Test func restoreOfSaveIsTheSavedStateWhenEverythingDecodes() async throws {
        let registry = DestinationRegistry()
        await propertyCheck(count: Sanitizers.rounds(60, underSanitizer: 15), input: SceneGenerators.edit.array(of: 1...25)) { edits in
            let state = Self.typedState(edits)
            let store = try NavStore.inMemory(configuration: StoreFixtures.quiet())
            try await store.save(state, scene: "main")
            let restored = try await store.restore(scene: "main", registry: registry)
            #expect(restored.report.dropped.isEmpty)
            #expect(try restored.state.entries(style: .asRead) == state)
        }
    }

    @Test(arguments: RestorePolicy.allCases)
    func reportNamesExactlyTheBrokenEntriesAndThePolicyHolds(policy: RestorePolicy) async throws {
        let registry = DestinationRegistry()
        await propertyCheck(count: Sanitizers.rounds(80, underSanitizer: 20), input: Self.broken) { edits, picks in
            let (state, brokenLocations) = try Self.breaking(Self.typedState(edits), at: picks)
            let (restored, dropped) = await registry.restore(state, policy: policy)
            try restored.validate()
            let failed = dropped.filter {
                if case .aboveDroppedEntry = $0.reason { return false }
                return $0.reason != .allOrNothing
            }
            // A broken entry is reported as failing unless something below it
            // already took it out.
            #expect(Set(failed.map(\.location)).isSubset(of: brokenLocations))
            for location in brokenLocations {
                #expect(dropped.contains { $0.location == location }, "broken \(location) not reported")
            }
            let keptCount = restored.entryCount + restored.values.count
            #expect(keptCount + dropped.count == Self.locations(state).count)
            switch policy {
            case .allOrNothing:
                // Nothing restored, but the tabs and columns stay.
                #expect(brokenLocations.isEmpty
                    ? restored.entryCount + restored.values.count == Self.locations(state).count
                    : restored.entryCount == 0 && restored.values.isEmpty && restored.checkpoints.isEmpty
                        && restored.content.hasShape(of: state.content))
            case .truncateAtFirstFailure:
                // Each stack keeps what was below its first failure, on its own.
                let entries = try restored.entries(style: .asRead)
                #expect(restored.stackAddresses.count == state.stackAddresses.count || restored.presentations.count < state.presentations.count)
                for address in restored.stackAddresses {
                    let kept = try #require(entries.stack(address))
                    let original = try #require(state.stack(address))
                    #expect(Array(original.prefix(kept.count)) == kept)
                }
            case .dropUndecodable:
                #expect(failed.count == dropped.filter { $0.reason.code != "above-dropped-entry" }.count)
            }
        }
    }
}
