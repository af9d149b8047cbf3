import Foundation
import Testing

/// Apple's App Store review asks every SDK that calls a required-reason API
/// to declare why in a privacy manifest (`PrivacyInfo.xcprivacy`) it ships
/// ("Describing use of required reason API", Bundle Resources). An app that
/// links NavState must pass review without writing NavState's declarations:
/// each library target that calls such an API carries a manifest naming the
/// category and an approved reason, and the package copies it as a resource.
@Suite("Privacy manifests")
struct PrivacyManifestTests {
    private static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The targets of the library products, which apps link.
    static let libraryTargets = ["NavStateModel", "NavStateReports", "NavStateSQLite", "NavState", "NavStateTooling", "NavStateNavigator", "NavStateUI"]

    /// Apple's required-reason API categories, with the Swift and C names
    /// that fall in each (Apple's list, for what Swift code can call).
    static let categories: [(category: String, pattern: String)] = [
        ("NSPrivacyAccessedAPICategoryFileTimestamp",
            #"\b(stat|lstat|fstat|fstatat|getattrlist|getattrlistbulk|fgetattrlist|getattrlistat)\s*\(|\.(creationDate|modificationDate|fileModificationDate|contentModificationDate)(Key)?\b|attributesOfItem|NSFileModificationDate|NSFileCreationDate"#),
        ("NSPrivacyAccessedAPICategorySystemBootTime", #"systemUptime|mach_absolute_time"#),
        ("NSPrivacyAccessedAPICategoryDiskSpace",
            #"volumeAvailableCapacity|volumeTotalCapacity|systemFreeSize|\.systemSize\b|\b(statfs|statvfs|fstatfs|fstatvfs)\s*\("#),
        ("NSPrivacyAccessedAPICategoryUserDefaults", #"\bUserDefaults\b|NSUserDefaults"#),
        ("NSPrivacyAccessedAPICategoryActiveKeyboards", #"activeInputModes"#),
    ]

    /// The reasons NavState may give, by category: C617.1, "to access the
    /// timestamps, size, or other metadata of files inside the app
    /// container, app group container, or the app's CloudKit container"
    /// (the store reads only its own file, its `-wal` and `-shm`).
    static let approvedReasons = ["NSPrivacyAccessedAPICategoryFileTimestamp": Set(["C617.1"])]

    /// The categories a target's code calls, comments left out.
    static func categoriesUsed(by target: String) throws -> Set<String> {
        let directory = root.appendingPathComponent("Sources/\(target)")
        guard let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { return [] }
        // Simple word boundaries: by Unicode's rules `UserDefaults.standard` is one word.
        let patterns = try categories.map { ($0.category, try Regex($0.pattern).wordBoundaryKind(.simple)) }
        var used: Set<String> = []
        while let url = files.nextObject() as? URL {
            guard url.pathExtension == "swift" else { continue }
            for line in try String(contentsOf: url, encoding: .utf8).split(separator: "\n") {
                let code = line.split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
                for (category, uses) in patterns where code.contains(uses) { used.insert(category) }
            }
        }
        return used
    }

    /// The manifest's declared categories and their reasons; `nil` when the
    /// target has none.
    static func declared(by target: String) throws -> (tracking: Bool, collected: Int, reasons: [String: Set<String>])? {
        let url = root.appendingPathComponent("Sources/\(target)/PrivacyInfo.xcprivacy")
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let plist = try PropertyListSerialization.propertyList(from: Data(contentsOf: url), format: nil)
        let manifest = try #require(plist as? [String: Any])
        var reasons: [String: Set<String>] = [:]
        for entry in try #require(manifest["NSPrivacyAccessedAPITypes"] as? [[String: Any]]) {
            let category = try #require(entry["NSPrivacyAccessedAPIType"] as? String)
            reasons[category] = Set(try #require(entry["NSPrivacyAccessedAPITypeReasons"] as? [String]))
        }
        return (
            try #require(manifest["NSPrivacyTracking"] as? Bool),
            try #require(manifest["NSPrivacyCollectedDataTypes"] as? [Any]).count,
            reasons)
    }

    @Test(arguments: libraryTargets)
    func everyRequiredReasonAPIATargetCallsIsDeclared(target: String) throws {
        let used = try Self.categoriesUsed(by: target)
        guard let manifest = try Self.declared(by: target) else {
            #expect(used.isEmpty, "\(target) calls \(used.sorted()) and has no PrivacyInfo.xcprivacy")
            return
        }
        #expect(!manifest.tracking, "NavState does not track")
        #expect(manifest.collected == 0, "NavState collects no data")
        #expect(Set(manifest.reasons.keys) == used, "\(target): declared \(manifest.reasons.keys.sorted()), calls \(used.sorted())")
        for (category, reasons) in manifest.reasons {
            #expect(!reasons.isEmpty && reasons.isSubset(of: Self.approvedReasons[category] ?? []), "\(target): \(category) \(reasons.sorted())")
        }
        let manifestFile = try String(contentsOf: Self.root.appendingPathComponent("Package.swift"), encoding: .utf8)
        let targetDeclaration = try #require(manifestFile.firstRange(of: try Regex(#"\.target\(\s*name: ""# + target + #"","#)))
        let rest = manifestFile[targetDeclaration.upperBound...]
        let end = rest.range(of: ".target(")?.lowerBound ?? rest.endIndex
        #expect(rest[..<end].contains(#"resources: [.copy("PrivacyInfo.xcprivacy")]"#), "Package.swift copies \(target)'s manifest")
    }

    /// The scan sees a call where there is one: the store reads its files'
    /// metadata, and a line that only mentions it in a comment is not a call.
    @Test func theScanFindsTheStoresFileChecks() throws {
        #expect(try Self.categoriesUsed(by: "NavState").contains("NSPrivacyAccessedAPICategoryFileTimestamp"))
        #expect(try Self.categoriesUsed(by: "NavStateModel").isEmpty)
        #expect(!"// lstat(path, &info)".split(separator: "//", maxSplits: 1, omittingEmptySubsequences: false)[0]
            .contains(try Regex(Self.categories[0].pattern).wordBoundaryKind(.simple)))
    }

    /// The manifests are resources nothing reads at run time: no code asks
    /// for the bundle, so a launch makes no bundle lookup.
    @Test func nothingReadsTheResourceBundle() throws {
        for target in Self.libraryTargets {
            let directory = Self.root.appendingPathComponent("Sources/\(target)")
            guard let files = FileManager.default.enumerator(at: directory, includingPropertiesForKeys: nil) else { continue }
            while let url = files.nextObject() as? URL {
                guard url.pathExtension == "swift" else { continue }
                #expect(!(try String(contentsOf: url, encoding: .utf8)).contains("Bundle.module"), "\(url.lastPathComponent)")
            }
        }
    }
}
