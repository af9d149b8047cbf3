import Foundation
import NavStateTooling
import Testing

/// What a release needs beside the code: a license, a changelog naming the
/// version the command reports, the Swift Package Index's settings, and CI.
@Suite("Release files")
struct ReleaseFilesTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static func text(_ path: String) throws -> String {
        try String(contentsOf: root.appendingPathComponent(path), encoding: .utf8)
    }

    @Test func theLicenseIsMIT() throws {
        let license = try Self.text("LICENSE")
        #expect(license.hasPrefix("MIT License"))
        #expect(license.contains("Permission is hereby granted, free of charge"))
    }

    @Test func theChangelogNamesTheVersionTheCommandReports() throws {
        #expect(try Self.text("CHANGELOG.md").contains("## \(NavStateVersion.current)"))
    }

    @Test func theSwiftPackageIndexBuildsTheDocumentedTargetsOnEveryPlatform() throws {
        let spi = try Self.text(".spi.yml")
        #expect(spi.contains("documentation_targets: [NavState, NavStateModel, NavStateTooling]"))
        for platform in ["ios", "macos-spm", "tvos", "watchos", "visionos", "linux"] {
            #expect(spi.contains("platform: \(platform)"), "\(platform)")
        }
    }

    @Test func continuousIntegrationRunsTheSuiteOnLinuxAndBuildsForApplePlatforms() throws {
        let workflow = try Self.text(".github/workflows/ci.yml")
        #expect(workflow.contains("bash .ci/run"))
        #expect(workflow.contains("swift test"))
        #expect(workflow.contains("xcodebuild build"))
        #expect(workflow.contains("generic/platform=iOS Simulator"))
        let ci = try Self.text(".ci/run")
        #expect(ci.contains("generate-documentation"))
        #expect(ci.contains("--warnings-as-errors"))
    }

    /// The README's code is the snippets', which `swift build` compiles and
    /// `SnippetTests` runs.
    @Test(arguments: ["QuickStart", "Navigator"])
    func theReadmeShowsTheCompiledSnippet(name: String) throws {
        let snippet = try Self.text("Snippets/\(name).swift")
        let start = try #require(snippet.range(of: "// snippet.show\n"))
        let end = try #require(snippet.range(of: "    // snippet.end"))
        let shown = snippet[start.upperBound..<end.lowerBound]
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0) }
            .joined(separator: "\n")
        #expect(try Self.text("README.md").contains(shown))
    }
}
