import Foundation
import Testing

/// What an app adds to adopt NavStateUI, counted: the lines that end in
/// `// NavState` in each of Examples/Sources/Adoption's files, imports and
/// type lists included. Each case has a budget (issue 41), and README.md
/// gives the counts as they are.
@Suite("Adoption cost")
struct AdoptionCostTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Each case's file and the most lines it may add.
    static let budgets: [(file: String, most: Int)] = [
        ("OneStack.swift", 5),
        ("TabBar.swift", 8),
        ("SplitView.swift", 8),
        ("Routers.swift", 12),
    ]

    /// The lines of `file` that NavState adds: those ending in `// NavState`;
    /// with `changed`, also those ending in `// NavState, changed`.
    static func added(in file: String, changed: Bool = false) throws -> Int {
        let text = try String(contentsOf: root.appendingPathComponent("Examples/Sources/Adoption/\(file)"), encoding: .utf8)
        return text.split(separator: "\n").filter { line in
            line.hasSuffix("// NavState") || changed && line.hasSuffix("// NavState, changed")
        }.count
    }

    @Test(arguments: budgets.map(\.file))
    func eachCaseStaysWithinItsBudget(file: String) throws {
        let most = try #require(Self.budgets.first { $0.file == file }).most
        let count = try Self.added(in: file)
        #expect(count >= 1, "the count sees the marked lines")
        #expect(count <= most, "\(file) adds \(count) lines, more than \(most)")
    }

    /// A deep link at a cold launch costs at most three lines more than
    /// the one stack it lands on, lines changed counted: of OneStack's
    /// lines, the import stays and the modifier changes.
    @Test func aDeepLinkCostsThreeLinesMoreAtMost() throws {
        let more = try Self.added(in: "DeepLink.swift", changed: true) - (Self.added(in: "OneStack.swift") - 1)
        #expect(more <= 3, "a deep link adds or changes \(more) lines")
    }

    @Test func theReadmeGivesTheCounts() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        for (file, _) in Self.budgets {
            let count = try Self.added(in: file)
            #expect(readme.contains("| \(count) | `\(file)` |"), "README.md should say \(file) adds \(count) lines")
        }
        let more = try Self.added(in: "DeepLink.swift") - (Self.added(in: "OneStack.swift") - 1)
        #expect(readme.contains("| \(more) more, 1 changed | `DeepLink.swift` |"))
        let types = try PublicSurfaceTests.swiftUIFacingTypes().count
        #expect(readme.contains("a SwiftUI app sees \(types) public types"), "README.md should say \(types) types")
    }
}
