import BenchSupport
import Foundation
import NavState
import NavStateNavigator

/// What a stack bound to SwiftUI's `NavigationPath` costs per push beside
/// `navigator.push(value)`: the navigator's side of a `NavigationLink(value:)`
/// (`applyNavigationPath`, which reads SwiftUI's JSON and decodes the value
/// appended), and an estimate of the SwiftUI side's encoding of the path
/// (`JSONEncoder` on each value and on the string array, as
/// `NavigationPath.CodableRepresentation` is written), which Linux cannot
/// run for real. Saves are not included: the navigator saves off the main
/// actor, the same way for both.
@available(macOS 14, iOS 17, tvOS 17, watchOS 10, visionOS 1, *)
enum NavigationPathPushes {
    @MainActor
    static func run(depths: [Int], iterations: Int) async throws -> [(depth: Int, results: [String: Stats])] {
        var all: [(Int, [String: Stats])] = []
        for depth in depths {
            let registry = BenchData.registry
            let store = try NavStore.inMemory(configuration: Workloads.quiet())
            let navigator = SceneNavigator(scene: "main", store: store, registry: registry)
            try await navigator.restore()
            for route in BenchData.path(depth: depth) { try navigator.push(route) }
            let pushed = BenchData.route(depth)
            let pathJSON = try swiftUIJSON(BenchData.path(depth: depth) + [pushed])
            // Each contender: untimed preparation, then the timed step, on
            // the main actor; interleaved round by round.
            let contenders: [(name: String, prepare: @MainActor () throws -> Void, step: @MainActor () throws -> Void)] = [
                ("navigator.push(value)", { navigator.pop() }, { try navigator.push(pushed) }),
                ("applyNavigationPath, link push", { navigator.pop() }, {
                    navigator.applyNavigationPath(count: depth + 1, keepsEntries: true, codableJSON: { pathJSON }, at: .root)
                }),
                ("applyNavigationPath, back (pop)", { try navigator.push(pushed) }, {
                    navigator.applyNavigationPath(count: depth, keepsEntries: true, codableJSON: { nil }, at: .root)
                }),
                ("path JSON as SwiftUI encodes it (estimate)", {}, {
                    _ = try swiftUIJSON(BenchData.path(depth: depth) + [pushed])
                }),
            ]
            // Start from depth + 1, so the first preparation's pop leaves `depth`.
            try navigator.push(pushed)
            var samples: [String: [Double]] = [:]
            for round in 0..<6 {
                for contender in contenders {
                    for _ in 0..<(iterations / 5) {
                        try contender.prepare()
                        let start = Harness.now()
                        try contender.step()
                        // Round 0 warms up.
                        if round > 0 { samples[contender.name, default: []].append(Double(Harness.now() - start)) }
                    }
                }
            }
            all.append((depth, samples.mapValues(Stats.init)))
        }
        return all
    }

    /// `JSONEncoder().encode(path.codable)`'s shape: `[type, value JSON, …]`,
    /// last-pushed first.
    static func swiftUIJSON(_ values: [ShopRoute]) throws -> Data {
        let encoder = JSONEncoder()
        var strings: [String] = []
        strings.reserveCapacity(values.count * 2)
        for value in values.reversed() {
            strings.append(String(reflecting: ShopRoute.self))
            strings.append(String(decoding: try encoder.encode(value), as: UTF8.self))
        }
        return try encoder.encode(strings)
    }
}
