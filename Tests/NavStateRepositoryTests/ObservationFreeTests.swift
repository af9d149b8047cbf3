import Foundation
import Testing

/// An `@available(iOS 17) @Observable` class linked into an app running
/// iOS 16 crashes it at launch as soon as anything in the process calls
/// `objc_copyClassList` (analytics and crash SDKs do). So nothing that
/// `NavStateUI`, the iOS 16 face, depends on may declare one or import
/// Observation: README.md and the NavStateUI catalog promise it.
@Suite("Observation-free face")
struct ObservationFreeTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each target's dependencies named in Package.swift, by target.
    static func targetDependencies() throws -> [String: [String]] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        var found: [String: [String]] = [:]
        let target = #/\.(?:target|executableTarget|testTarget|systemLibrary)\(\s*name:\s*"(\w+)"([^)]*(?:\([^)]*\)[^)]*)*)\)/#
        for match in manifest.matches(of: target) {
            let body = String(match.2)
            let names = body.matches(of: #/"(\w+)"/#).map { String($0.1) }
            found[String(match.1)] = names
        }
        return found
    }

    /// `target` and every target it depends on, through the manifest.
    static func closure(of target: String) throws -> Set<String> {
        let dependencies = try targetDependencies()
        var seen: Set<String> = []
        var next = [target]
        while let current = next.popLast() {
            guard dependencies[current] != nil, seen.insert(current).inserted else { continue }
            next += dependencies[current] ?? []
        }
        return seen
    }

    /// The files of `targets` that declare an `@Observable` type or import
    /// Observation.
    static func observationUse(in targets: Set<String>) throws -> [String] {
        let use = #/(?m)^\s*(?:@Observable\b|(?:@\w+\s+)*(?:public\s+|package\s+|internal\s+)?import\s+(?:\w+\s+)?Observation\b)/#
        var found: [String] = []
        for target in targets.sorted() {
            let folder = root.appendingPathComponent("Sources/\(target)")
            guard let files = FileManager.default.enumerator(at: folder, includingPropertiesForKeys: nil) else { continue }
            while let url = files.nextObject() as? URL {
                guard url.pathExtension == "swift" else { continue }
                if try String(contentsOf: url, encoding: .utf8).contains(use) { found.append("\(target)/\(url.lastPathComponent)") }
            }
        }
        return found
    }

    @Test func nothingTheSwiftUIFaceLinksUsesObservation() throws {
        let linked = try Self.closure(of: "NavStateUI")
        #expect(linked.isSuperset(of: ["NavStateUI", "NavStateScenes", "NavState", "NavStateModel"]), "\(linked.sorted())")
        #expect(!linked.contains("NavStateNavigator"))
        let use = try Self.observationUse(in: linked)
        #expect(use.isEmpty, "NavStateUI links Observation through \(use)")
    }

    /// The scan finds what it looks for: the navigator is `@Observable`.
    @Test func theScanSeesTheNavigatorsObservation() throws {
        let use = try Self.observationUse(in: ["NavStateNavigator"])
        #expect(use.contains("NavStateNavigator/SceneNavigator.swift"), "\(use)")
    }
}
