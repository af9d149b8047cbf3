import Foundation
import NavState
import PropertyBased
import Testing

@Suite("SwiftUI sanitiser")
struct SanitizerTests {
    @Test func fixtureWithAnUnknownTypeLosesOnlyThatPair() async throws {
        let original = try Fixtures.data("backport-emoji.json")
        let result = try await PathSanitizer(registry: DestinationRegistry()).sanitize(original)
        #expect(String(decoding: result.json, as: UTF8.self) == #"["Swift.Int","99"]"#)
        #expect(result.dropped.map(\.entry.tag) == ["NavigationBackportApp.EmojiVisualisation"])
        #expect(result.dropped.map(\.reason) == [.unknownType])
        #expect(result.dropped.map(\.location) == [.stack(0, position: 1)])
    }

    @Test(arguments: ["backport-emoji.json", "forum-int-string.json"])
    func fixtureThatFullyDecodesComesBackByteIdentical(file: String) async throws {
        let original = try Fixtures.data(file)
        let result = try await PathSanitizer(registry: try Samples.registry()).sanitize(original)
        #expect(result.json == original)
        #expect(result.dropped.isEmpty)
    }

    @Test func survivingPairsKeepTheirExactBytesAndOrder() async throws {
        let input = #"[ "Swift.String" , "\"caf\u00e9 \/\"", "gone","{}","Swift.Int","\"x\"", "Swift.Int","1" ]"#
        let result = try await PathSanitizer(registry: DestinationRegistry()).sanitize(Array(input.utf8))
        #expect(String(decoding: result.json, as: UTF8.self) == #"["Swift.String","\"caf\u00e9 \/\"","Swift.Int","1"]"#)
        #expect(result.dropped.map(\.location) == [.stack(0, position: 1), .stack(0, position: 2)])
        let decoded = try NavPath.decode(representation: result.json, registry: DestinationRegistry())
        #expect(decoded.failures.isEmpty)
    }

    @Test func malformedDocumentIsATypedError() async {
        await #expect(throws: NavModelError.oddItemCount(1)) {
            _ = try await PathSanitizer(registry: DestinationRegistry()).sanitize(Array(#"["a"]"#.utf8))
        }
    }
}

@Suite("Step plans")
struct StepPlanTests {
    private func naive<E: NavElement>(_ from: SceneState<E>, _ to: SceneState<E>) -> Int {
        var count = from.presentations.isEmpty ? 0 : 1
        count += from.root.isEmpty ? 0 : 1
        count += to.root.count + to.presentations.reduce(0) { $0 + 1 + $1.stack.count }
        count += Set(from.values.keys).union(to.values.keys).filter { from.values[$0] != to.values[$0] }.count
        count += from.checkpoints == to.checkpoints ? 0 : 1
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
        }
    }

    @Test func pushingOneEntryIsOneStep() {
        let a = SceneState(root: [StoreFixtures.entry("1")])
        var b = a
        b.root.append(StoreFixtures.entry("2"))
        #expect(a.steps(to: b) == [.push(StoreFixtures.entry("2"))])
        #expect(b.steps(to: a) == [.pop(count: 1)])
    }

    @Test func changingTheRootUnderASheetDismissesItFirst() {
        let one = StoreFixtures.entry("1")
        let a = SceneState(root: [one], presentations: [Presentation(method: .sheet, destination: one)])
        let b = SceneState(root: [one, one])
        #expect(a.steps(to: b) == [.dismiss(count: 1), .push(one)])
    }

    @Test func impossibleStepsAreRefused() {
        let one = StoreFixtures.entry("1")
        #expect(throws: NavModelError.self) { _ = try SceneState<NavEntry>().applying([.pop(count: 1)]) }
        #expect(throws: NavModelError.self) { _ = try SceneState<NavEntry>().applying([.dismiss(count: 1)]) }
        #expect(throws: NavModelError.self) { _ = try SceneState<NavEntry>().applying([.present(.sheet, one), .push(one)]) }
    }
}
