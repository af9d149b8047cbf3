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
        // Issue 57: at most a line per stack or presented item (three
        // tabs, each a stack and a sheet), one for the selection, and the
        // import.
        ("FeatureTabs.swift", 3 * 2 + 1 + 1),
        // Issue 59: the stack, the import, and a line per screen and per
        // value kept.
        ("ScreenState.swift", 6),
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

    /// The real app's shape is adopted where its state lives: no line of
    /// the app's is changed, and none of its state is moved (its
    /// `@State` and `@StateObject` lines are the app's, unmarked), and the
    /// routes' module imports nothing of NavState and declares no
    /// `Sendable`.
    @Test func theRealAppsShapeMovesNoStateAndItsRoutesAreNotSendable() throws {
        let file = Self.root.appendingPathComponent("Examples/Sources/Adoption/FeatureTabs.swift")
        let lines = try String(contentsOf: file, encoding: .utf8).split(separator: "\n")
        #expect(!lines.contains { $0.hasSuffix("// NavState, changed") })
        let state = lines.filter { $0.contains("@State ") || $0.contains("@StateObject ") }
        #expect(state.count == 5, "the App's selection and account, each tab's router")
        #expect(!state.contains { $0.contains("NavState") })
        let routes = try String(
            contentsOf: Self.root.appendingPathComponent("Examples/Sources/AdoptionFeatures/Routes.swift"), encoding: .utf8)
        #expect(!routes.contains("import NavState") && !routes.contains(": Sendable") && !routes.contains(", Sendable"))
        #expect(routes.contains("public enum RouterDestination: Codable, Hashable"))
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Examples/Package.swift"), encoding: .utf8)
        #expect(manifest.contains("name: \"AdoptionFeatures\",\n            swiftSettings: [.swiftLanguageMode(.v6)]"))
    }

    @Test func theReadmeGivesTheCounts() throws {
        let readme = try String(contentsOf: Self.root.appendingPathComponent("README.md"), encoding: .utf8)
        for (file, _) in Self.budgets {
            let count = try Self.added(in: file)
            #expect(readme.contains("| \(count) | `\(file)` |"), "README.md should say \(file) adds \(count) lines")
        }
        let more = try Self.added(in: "DeepLink.swift") - (Self.added(in: "OneStack.swift") - 1)
        #expect(readme.contains("| \(more) more, 1 changed | `DeepLink.swift` |"))
        let types = try PublicSurfaceTests.typesBrought(by: "NavStateUI").count
        #expect(readme.contains("a SwiftUI app sees \(types) public types"), "README.md should say \(types) types")
    }
}
