import Foundation
@_spi(Tooling) import NavState
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

    /// A newcomer reads only the repository: no document points into the
    /// workspace it was developed in, except the tool docs/platforms.md
    /// describes.
    @Test func noDocumentLinksOutsideTheRepository() throws {
        let documents = try DocumentationCodeTests.documents() + ["CONTRIBUTING.md"]
        #expect(documents.count > 15, "README.md, docs/ and the catalogs: \(documents)")
        for document in documents {
            let text = try Self.text(document)
            #expect(!text.contains("../shared/seeds") && !text.contains("../shared/fixtures"), "\(document)")
        }
    }

    /// README.md is a front page (issue 45): what NavState is, adopting it,
    /// the two commands, installing, the command in brief, and where the
    /// rest is told: the DocC catalogs, docs/ for what is not the API.
    @Test func theReadmeIsAFrontPage() throws {
        let readme = try Self.text("README.md")
        #expect(readme.filter { $0 == "\n" }.count <= 120)
        for heading in ["## Adopt it", "## Quick start", "## Installation", "## Documentation"] {
            #expect(readme.contains("\n\(heading)\n"), "README.md has no \(heading)")
        }
    }

    /// No file a reader opens is over 400 lines (issue 45): the Swift of
    /// the package, its examples, snippets and benchmarks' harness, and the
    /// documents (the CHANGELOG, a log, aside).
    @Test func noFileIsOver400Lines() throws {
        var long: [String] = []
        var seen = 0
        for folder in ["Sources", "Tests", "Snippets", "Benchmarks/Budgets", "Fuzz", "Examples/Sources", "Examples/Tests", "docs"] {
            let base = Self.root.appendingPathComponent(folder)
            guard let files = FileManager.default.enumerator(at: base, includingPropertiesForKeys: nil) else { continue }
            while let url = files.nextObject() as? URL {
                guard ["swift", "md"].contains(url.pathExtension), !url.path.contains("/.build/") else { continue }
                seen += 1
                let lines = try String(contentsOf: url, encoding: .utf8).filter { $0 == "\n" }.count
                if lines > 400 { long.append("\(url.path.dropFirst(Self.root.path.count + 1)): \(lines)") }
            }
        }
        #expect(seen > 300, "the scan sees the package's files")
        #expect(long.isEmpty, "over 400 lines: \(long)")
    }

    /// The dependency floors are the ones docs/platforms.md explains: each
    /// the oldest release whose manifest Xcode 16 reads.
    @Test func theDependencyFloorsAreTheDocumentedOnes() throws {
        let manifest = try Self.text("Package.swift")
        #expect(manifest.hasPrefix("// swift-tools-version: 6.0\n"))
        #expect(manifest.contains(#".package(url: "https://github.com/apple/swift-log", from: "1.6.0")"#))
        #expect(manifest.contains(#".package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")"#))
        let platforms = try Self.text("docs/platforms.md")
        #expect(platforms.contains("swift-log 1.6.0") && platforms.contains("swift-argument-parser 1.5.0"))
    }

    /// The README's install line is one SwiftPM resolves today: the `main`
    /// branch while the CHANGELOG's top release is unreleased (no tag to
    /// resolve), naming that release as the first tag; `from:` that release
    /// once it is out.
    @Test func theInstallLineResolves() throws {
        let changelog = try Self.text("CHANGELOG.md")
        let top = try #require(changelog.firstMatch(of: #/\n## (\d+\.\d+\.\d+)( — unreleased)?\n/#))
        let version = String(top.1)
        let readme = try Self.text("README.md")
        if top.2 != nil {
            #expect(readme.contains(#".package(url: "https://github.com/<owner>/NavState", branch: "main")"#))
            #expect(readme.contains("the first tag will\nbe `\(version)`") || readme.contains("the first tag will be `\(version)`"))
            #expect(!readme.contains(#"from: "\#(version)"),"#), "no tag \(version) exists to resolve")
        } else {
            #expect(readme.contains(#".package(url: "https://github.com/<owner>/NavState", from: "\#(version)")"#))
        }
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
        #expect(spi.contains("documentation_targets: [NavState, NavStateModel, NavStateReports, NavStateNavigator, NavStateUI, NavStateUIKit, NavStateTooling, NavStateTesting]"))
        for platform in ["ios", "macos-spm", "tvos", "watchos", "visionos", "linux"] {
            #expect(spi.contains("platform: \(platform)"), "\(platform)")
        }
    }

    @Test func continuousIntegrationRunsTheSuiteOnLinuxAndBuildsForApplePlatforms() throws {
        let workflow = try Self.text(".github/workflows/ci.yml")
        #expect(workflow.contains("bash .ci/run"))
        #expect(workflow.contains("swift test"))
        #expect(workflow.contains("xcodebuild build"))
        // Every library product the manifest ships is built for every Apple
        // platform .spi.yml promises.
        let manifest = try Self.text("Package.swift")
        let products = try NSRegularExpression(pattern: #"\.library\(name: "(\w+)""#)
            .matches(in: manifest, range: NSRange(manifest.startIndex..., in: manifest))
            .compactMap { Range($0.range(at: 1), in: manifest).map { String(manifest[$0]) } }
        #expect(products.count == 6)
        let loop = try #require(workflow.components(separatedBy: "\n").first { $0.contains("for scheme in") })
        for product in products {
            #expect(loop.contains(" \(product) ") || loop.contains(" \(product);"), "\(product) is not built by the workflow")
        }
        for platform in ["iOS Simulator", "macOS", "tvOS Simulator", "watchOS Simulator", "visionOS Simulator"] {
            #expect(workflow.contains("destination: generic/platform=\(platform)\n"), "\(platform)")
        }
        // The oldest Xcode the package supports resolves it.
        #expect(workflow.contains("Xcode_16.0.app"))
        let ci = try Self.text(".ci/run")
        #expect(ci.contains("generate-documentation"))
        #expect(ci.contains("--warnings-as-errors"))
        // Both sanitizers are built at once, then each suite runs after the
        // builds, alone (docs/reliability.md, "Sanitizers").
        let builds = try #require(ci.range(of: "bash scripts/sanitizers.sh --build-only address thread"))
        for sanitizer in ["address", "thread"] {
            let run = try #require(ci.range(of: "bash scripts/sanitizers.sh --skip-build \(sanitizer)\n"), "\(sanitizer)")
            #expect(builds.upperBound < run.lowerBound, "\(sanitizer)")
        }
    }

    /// The snippets `swift build` compiles and `SnippetTests` runs are what
    /// the catalogs show (`@Snippet`, which DocC reads from the file), and
    /// the README, when it shows one, shows it as it compiles.
    @Test(arguments: ["QuickStart", "Navigator", "TabBar"])
    func theCatalogsShowTheCompiledSnippet(name: String) throws {
        let catalogs = ["NavState/NavState.docc/NavState.md", "NavState/NavState.docc/GettingStarted.md",
                        "NavStateNavigator/NavStateNavigator.docc/NavStateNavigator.md",
                        "NavStateNavigator/NavStateNavigator.docc/ATabBarApp.md"]
        let shown = try catalogs.map { try Self.text("Sources/" + $0) }.joined()
        #expect(shown.contains("@Snippet(path: \"NavState/Snippets/\(name)\")"), "no catalog shows Snippets/\(name).swift")
        let readme = try Self.text("README.md")
        guard readme.contains("<!-- compiled: Snippets/\(name).swift -->") else { return }
        let snippet = try Self.text("Snippets/\(name).swift")
        let start = try #require(snippet.range(of: "// snippet.show\n"))
        let end = try #require(snippet.range(of: "    // snippet.end"))
        let region = snippet[start.upperBound..<end.lowerBound]
            .split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.hasPrefix("    ") ? String($0.dropFirst(4)) : String($0) }
            .joined(separator: "\n")
        #expect(readme.contains(region))
    }
}
