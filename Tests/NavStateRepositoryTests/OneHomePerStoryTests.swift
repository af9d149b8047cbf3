import Foundation
import Testing

/// What `restoresNavigation` does for a window is told once, in NavStateUI's
/// article "Adopting NavStateUI" (issue 58): the README, docs/, the
/// NavState catalog and NavStateUI's own catalog and doc comments point
/// there and do not tell it again. Each rule is found by words only its
/// telling uses; a second telling of one fails here.
@Suite("One home per story")
struct OneHomePerStoryTests {
    static let home = "Sources/NavStateUI/NavStateUI.docc/AdoptingNavStateUI.md"

    /// Words of the face's rules, one rule each: the confirmation's wait,
    /// a discarded window's scene forgotten, one store per process, the
    /// previews, Handoff's limit, a blank window avoided, saves coalesced,
    /// links in the order they came.
    static let rules = [
        "a second after", "30 days", "one store per process", "XCODE_RUNNING_FOR_PREVIEWS", "4,096 bytes",
        "blank window", "coalesce", "in the order links came",
    ]

    /// The documents an app developer reads about the face, by path.
    static func documents() throws -> [String: String] {
        let root = RepositoryFiles.root
        var paths = ["README.md"]
        paths += try FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent("docs").path)
            .filter { $0.hasSuffix(".md") }.map { "docs/\($0)" }
        for folder in ["Sources/NavStateUI", "Sources/NavState/NavState.docc"] {
            guard let files = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path) else { continue }
            while let file = files.nextObject() as? String {
                guard file.hasSuffix(".md") || file.hasSuffix(".swift") else { continue }
                paths.append("\(folder)/\(file)")
            }
        }
        var texts: [String: String] = [:]
        for path in paths { texts[path] = try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8) }
        return texts
    }

    @Test func eachRuleOfTheFaceIsToldInOnePlace() throws {
        let documents = try Self.documents()
        #expect(documents.keys.contains(Self.home) && documents.count > 10, "\(documents.keys.sorted())")
        for rule in Self.rules {
            let telling = documents.filter { $0.value.range(of: rule, options: .caseInsensitive) != nil }.keys.sorted()
            #expect(telling == [Self.home], "'\(rule)' is told in \(telling)")
        }
    }
}
