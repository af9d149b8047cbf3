import Foundation
import Testing

/// Keeps docs/platforms.md true: no source uses an API known to be newer
/// than the platform floors the package declares (iOS 16, macOS 13, tvOS 16,
/// watchOS 9, visionOS 1), and no migration uses SQLite newer than the 3.39
/// those releases ship. The only exception is a line behind an
/// `#available` / `@available` check that says so in a comment
/// ("newer than the floors: behind #available"): in the library, only
/// Observation for `SceneNavigator`.
@Suite("Platform floors")
struct PlatformFloorTests {
    /// A name newer than the floors: the pattern that finds it, and the
    /// releases that introduced it (checked in Apple's documentation, see
    /// docs/platforms.md).
    struct DeniedAPI: Sendable, CustomStringConvertible {
        let pattern: String
        let introduced: String
        var description: String { "\(pattern) (\(introduced))" }
    }

    static let deniedSwift: [DeniedAPI] = [
        DeniedAPI(pattern: #"String\(validating:"#, introduced: "iOS 18, macOS 15"),
        DeniedAPI(pattern: #"\bMutex\b"#, introduced: "iOS 18, macOS 15 (Synchronization)"),
        DeniedAPI(pattern: #"\bimport Synchronization\b"#, introduced: "iOS 18, macOS 15"),
        DeniedAPI(pattern: #"\bAtomic<"#, introduced: "iOS 18, macOS 15 (Synchronization)"),
        DeniedAPI(pattern: #"\b(InlineArray|RawSpan|MutableSpan|UTF8Span)\b|\bSpan<"#, introduced: "iOS 26, macOS 26"),
        DeniedAPI(pattern: #"Duration\(attoseconds:|\bInt128\b|\bUInt128\b"#, introduced: "iOS 18, macOS 15"),
        DeniedAPI(pattern: #"\.makeStream\("#, introduced: "iOS 17, macOS 14 (AsyncStream.makeStream)"),
        DeniedAPI(pattern: #"withDiscardingTaskGroup|withThrowingDiscardingTaskGroup"#, introduced: "iOS 17, macOS 14"),
        DeniedAPI(pattern: #"withTaskExecutorPreference|\bTaskExecutor\b|Task\.immediate"#, introduced: "iOS 18, macOS 15 or later"),
        DeniedAPI(pattern: #"@Observable\b|\bimport Observation\b|@Bindable\b"#, introduced: "iOS 17, macOS 14 (Observation)"),
        DeniedAPI(pattern: #"completeWhenUserInactive"#, introduced: "iOS 17 (FileProtectionType)"),
        DeniedAPI(pattern: #"\.navigationDestination\(item:|ContentUnavailableView|\.scrollPosition\("#, introduced: "iOS 17, macOS 14 (SwiftUI)"),
        DeniedAPI(pattern: #"URL\.currentDirectory\(\)|\.formatted\(\.iso8601\.dateSeparator"#, introduced: "checked individually; not needed"),
    ]

    /// SQL that the SQLite of iOS 16 / macOS 13 (3.39) does not have.
    static let deniedSQL: [DeniedAPI] = [
        DeniedAPI(pattern: #"(?i)\bjsonb\w*\("#, introduced: "SQLite 3.45"),
        DeniedAPI(pattern: #"(?i)\b(timediff|octet_length|concat_ws|concat|string_agg|unistr|if)\("#, introduced: "SQLite 3.43-3.48"),
        DeniedAPI(pattern: #"(?i)\bORDER BY\b[^;]*\bNULLS (FIRST|LAST)\b"#, introduced: "SQLite 3.30 is enough; kept out for clarity"),
    ]

    /// Every denied name in `text`, skipping comment lines.
    static func violations(in text: String, of denied: [DeniedAPI], comment: String) throws -> [String] {
        var found: [String] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix(comment) || trimmed.contains("newer than the floors: behind #available") { continue }
            for api in denied {
                let expression = try NSRegularExpression(pattern: api.pattern)
                let range = NSRange(trimmed.startIndex..., in: trimmed)
                if expression.firstMatch(in: trimmed, range: range) != nil {
                    found.append("\(api): \(trimmed)")
                }
            }
        }
        return found
    }

    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    private static func files(under folders: [String], extension wanted: String) -> [URL] {
        var files: [URL] = []
        for folder in folders {
            let enumerator = FileManager.default.enumerator(at: root.appendingPathComponent(folder), includingPropertiesForKeys: nil)
            while let url = enumerator?.nextObject() as? URL {
                if url.pathExtension == wanted && !url.path.contains("/.build") { files.append(url) }
            }
        }
        return files
    }

    @Test func theScanFindsWhatItLooksFor() throws {
        #expect(try Self.violations(in: "let m = Mutex(0)", of: Self.deniedSwift, comment: "//").count == 1)
        #expect(try Self.violations(in: "// Mutex is iOS 18", of: Self.deniedSwift, comment: "//").isEmpty)
        #expect(try Self.violations(in: "let s = String(validating: b, as: UTF8.self)", of: Self.deniedSwift, comment: "//").count == 1)
        #expect(try Self.violations(in: "SELECT jsonb('{}')", of: Self.deniedSQL, comment: "--").count == 1)
        #expect(try Self.violations(in: "let d: Duration = .seconds(5)", of: Self.deniedSwift, comment: "//").isEmpty)
    }

    @Test func noSwiftSourceUsesAnAPINewerThanTheFloors() throws {
        let files = Self.files(under: ["Sources", "Tests", "Benchmarks/Sources"], extension: "swift")
            // These two name the APIs they look for.
            .filter { !["PlatformFloorTests.swift", "ObservationFreeTests.swift"].contains($0.lastPathComponent) }
        #expect(files.count > 50)
        var found: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            found += try Self.violations(in: text, of: Self.deniedSwift, comment: "//").map { "\(file.lastPathComponent): \($0)" }
        }
        #expect(found.isEmpty, "newer than the platform floors (docs/platforms.md):\n\(found.joined(separator: "\n"))")
    }

    /// The library's only exemptions are Observation for the navigator,
    /// whose type is marked available from the releases that have it.
    @Test func theLibrarysExemptionsAreBehindAvailability() throws {
        for file in Self.files(under: ["Sources"], extension: "swift") {
            let text = try String(contentsOf: file, encoding: .utf8)
            guard text.contains("newer than the floors: behind #available") else { continue }
            #expect(text.contains("@available(iOS 17, macOS 14, tvOS 17, watchOS 10, visionOS 1, *)"), "\(file.lastPathComponent)")
        }
    }

    /// An iOS 16 app links the `NavState` product: no class in it may name
    /// an iOS 17 protocol (Objective-C class enumeration at launch, which
    /// analytics and crash SDKs do, trips over one), so Observation stays in
    /// `NavStateNavigator` and above.
    @Test func theCoreProductImportsNoObservation() throws {
        let core = Self.files(under: ["Sources/NavState", "Sources/NavStateModel", "Sources/NavStateSQLite"], extension: "swift")
        #expect(core.count > 30)
        var found: [String] = []
        for file in core {
            let text = try String(contentsOf: file, encoding: .utf8)
            if text.contains("import Observation") || text.contains("@Observable") { found.append(file.lastPathComponent) }
        }
        #expect(found.isEmpty, "Observation in the core product: \(found)")
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains(#".library(name: "NavState", targets: ["NavState"])"#))
        #expect(manifest.contains(#".library(name: "NavStateNavigator", targets: ["NavStateNavigator"])"#))
    }

    @Test func noMigrationUsesSQLiteNewerThanTheFloors() throws {
        let files = Self.files(under: ["Migrations"], extension: "sql")
        #expect(!files.isEmpty)
        var found: [String] = []
        for file in files {
            let text = try String(contentsOf: file, encoding: .utf8)
            found += try Self.violations(in: text, of: Self.deniedSQL, comment: "--").map { "\(file.lastPathComponent): \($0)" }
        }
        #expect(found.isEmpty, "\(found)")
    }

    @Test func thePackageDeclaresTheFloors() throws {
        let manifest = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        #expect(manifest.contains("platforms: [.iOS(.v16), .macOS(.v13), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)]"))
    }
}
