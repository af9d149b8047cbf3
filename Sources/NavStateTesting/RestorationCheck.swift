public import Foundation
public import NavState
import NavStateModel
import NavStateTooling

/// What the next launch of this build will do to the screens users saved,
/// checked in the app's own tests through the registry the app builds.
/// Each check returns the screens that would be lost; an empty list passes.
/// It imports no test framework: `#expect(failures.isEmpty, "\(failures)")`
/// in Swift Testing, `XCTAssertEqual(failures, [])` in XCTest.
///
/// ```swift
/// let check = RestorationCheck(registry: Shop.registry)
/// let failures = await check.roundTrips(of: AppRoute.self)
///     + (try await check.pastReleases(in: fixtures, intendedRemovals: [.enumCase("debug", of: "shop.route")]))
///     + check.lint()
/// ```
public struct RestorationCheck: Sendable {
    /// The registry the app builds, as every check uses it.
    public let registry: DestinationRegistry
    /// Why the registry could not be built; every check reports it.
    private let buildFailure: RestorationFailure?

    /// A check of the registry `build` makes, as the app makes it at
    /// launch; what it throws (two types claiming one name, a bad upgrade
    /// step) is a failure every check reports.
    public init(registry build: () throws(NavStateError) -> DestinationRegistry) {
        do {
            registry = try build()
            buildFailure = nil
        } catch {
            registry = DestinationRegistry()
            buildFailure = RestorationFailure(source: "registry", location: "building it", tag: "", reason: error.description)
        }
    }

    /// A check of `registry`.
    public init(registry: DestinationRegistry) {
        self.init { () throws(NavStateError) in registry }
    }

    // MARK: Round trips

    /// Every case of `type` saved and restored as itself, through a store
    /// and through SwiftUI's `NavigationPath` JSON.
    public func roundTrips<T: NavDestination & CaseIterable>(of type: T.Type) async -> [RestorationFailure] {
        await roundTrips(Array(type.allCases))
    }

    /// Each value saved and restored as itself, through a store (as
    /// `restoresNavigation` and `SceneNavigator` save it) and through
    /// SwiftUI's `NavigationPath` JSON; a failure names the value, its tag
    /// and the coding path where its payload stopped decoding. A type that
    /// is never persisted is only encoded, since it never reaches the disk.
    public func roundTrips(_ values: [any NavDestination]) async -> [RestorationFailure] {
        var failures = buildFailure.map { [$0] } ?? []
        for value in values { failures += await roundTrip(value) }
        return failures
    }

    private func roundTrip(_ value: some NavDestination) async -> [RestorationFailure] {
        let shown = "\(value)"
        let tag = registry.name(of: type(of: value)) ?? String(reflecting: type(of: value))
        func failure(_ reason: String, codingPath: String? = nil) -> RestorationFailure {
            RestorationFailure(source: "round trip", location: shown, tag: tag, codingPath: codingPath, reason: reason)
        }
        var path = NavPath(registry: registry)
        do {
            try path.append(value)
        } catch {
            return [failure(error.description)]
        }
        var failures: [RestorationFailure] = []
        if registry.persistence(ofTag: tag) != .neverPersisted {
            do {
                let store = try NavStore.inMemory()
                _ = try await store.save(SceneState(stack: Array(path)), scene: "round-trip")
                let restored = try await store.restore(scene: "round-trip", registry: registry)
                failures += restored.report.dropped.map { failure("through a store: \($0.reason)", codingPath: $0.reason.codingPath) }
                if restored.report.dropped.isEmpty, restored.state.contentStack != Array(path) {
                    failures.append(failure("through a store it comes back as \(restored.state.contentStack.map(\.description))"))
                }
            } catch {
                failures.append(failure("through a store: \(error)"))
            }
        }
        do {
            let json = try path.representation(style: .qualified)
            let decoded = try NavPath.decode(representation: json, registry: registry)
            failures += decoded.failures.map { failure("through NavigationPath JSON: \($0.reason)", codingPath: $0.reason.codingPath) }
            if decoded.failures.isEmpty, decoded.path != path {
                failures.append(failure("through NavigationPath JSON it comes back as \(decoded.path)"))
            }
        } catch {
            failures.append(failure("through NavigationPath JSON: \(error)"))
        }
        return failures
    }

    // MARK: Saved states from past releases

    /// Every saved state in `folder` (its `.json` files: scene JSON, as
    /// ``fixture(_:style:)`` and `navstate export` write it) restored with this
    /// build's types. Each entry that would be dropped is a failure, with
    /// where it is, its tag, the coding path and why (unknown type, no
    /// alias after a rename, a payload that no longer decodes, a missing
    /// upgrade step), unless `intendedRemovals` says the app removed it on
    /// purpose. What sits above a dropped entry goes with it and is not
    /// counted again. A folder with no saved state is a failure, so a
    /// wrong path never passes.
    ///
    /// - Throws: When the folder or a file cannot be read, or a file is not
    ///   scene JSON (`NavStateError`, with where).
    public func pastReleases(in folder: URL, intendedRemovals: [IntendedRemoval] = []) async throws -> [RestorationFailure] {
        var failures = buildFailure.map { [$0] } ?? []
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "json" }
            .sorted { $0.lastPathComponent < $1.lastPathComponent }
        guard !files.isEmpty else {
            return failures + [RestorationFailure(source: folder.path, location: "the folder", tag: "", reason: "holds no saved state (.json)")]
        }
        for file in files {
            let saved = try SceneState<NavEntry>(json: Data(contentsOf: file))
            let (_, dropped) = await registry.restore(saved)
            for drop in dropped where !drop.reason.isAboveADroppedEntry
                && !intendedRemovals.contains(where: { $0.matches(drop.entry, in: registry) }) {
                failures.append(RestorationFailure(
                    source: file.lastPathComponent, location: "\(drop.location)", tag: drop.entry.tag,
                    codingPath: drop.reason.codingPath, reason: drop.reason.description, payload: drop.entry.payload))
            }
        }
        return failures
    }

    /// A saved state of `values`, one stack, as scene JSON: what a
    /// release's users have saved, to commit as a fixture for
    /// ``pastReleases(in:intendedRemovals:)``. Tags are written in `style`:
    /// stable names, as a store saves them, or `.qualified`, as SwiftUI's
    /// `NavigationPath` JSON names types (by module).
    public func fixture(_ values: [any NavDestination], style: TagStyle = .stable) throws(NavStateError) -> Data {
        var path = NavPath(registry: registry)
        for value in values { try path.append(value) }
        do {
            return try SceneState(stack: Array(path)).entries(style: style).jsonData()
        } catch let error as NavStateError {
            throw error
        } catch {
            throw .encodingFailed(type: "SceneState", description: "\(error)")
        }
    }

    // MARK: The registry

    /// The registry's problems, each a failure: what building it threw
    /// (two types claiming one name), a stable name that is the type's
    /// module-qualified name (moving the type to another module changes
    /// it), a gap in a type's upgrade steps (a payload saved at that
    /// version never comes back), and each of `samples` that cannot be
    /// encoded or whose type is not registered.
    public func lint(samples: [any NavDestination] = []) -> [RestorationFailure] {
        var failures = buildFailure.map { [$0] } ?? []
        for registration in registry.registrations where !registration.isBuiltIn {
            let type = registration.typeDescription
            if registration.name == registration.qualifiedName || registration.name == type {
                failures.append(RestorationFailure(
                    source: "registry", location: type, tag: registration.name,
                    reason: "the stable name is the type's module-qualified name, so moving the type to another module changes it; register it under a name of the app's own, with this one as an alias"))
            }
            for version in 1..<max(1, registration.version) where registration.upgrades[version] == nil {
                failures.append(RestorationFailure(
                    source: "registry", location: type, tag: registration.name,
                    reason: "no upgrade step from version \(version) to \(version + 1): a payload saved at version \(version) does not come back"))
            }
        }
        for sample in samples {
            var path = NavPath(registry: registry)
            do {
                try path.append(sample)
            } catch {
                failures.append(RestorationFailure(
                    source: "registry", location: "\(sample)", tag: String(reflecting: Swift.type(of: sample)), reason: error.description))
            }
        }
        return failures
    }
}

extension IntendedRemoval {
    /// Whether `entry` is one the app removed on purpose: saved under the
    /// tag, or under any other tag the type registered under it answers to
    /// (an alias, its module-qualified name).
    func matches(_ entry: NavEntry, in registry: DestinationRegistry) -> Bool {
        func isSaved(under tag: String) -> Bool {
            entry.tag == tag || registry.match(for: entry.tag)?.0.name == tag
        }
        switch self {
        case .type(let tag):
            return isSaved(under: tag)
        case let .enumCase(name, tag):
            guard isSaved(under: tag), let payload = try? JSONDecoder().decode(JSONValue.self, from: Data(entry.payload.utf8)),
                  case .object(let fields) = payload
            else { return false }
            return Array(fields.keys) == [name]
        }
    }
}

extension DropReason {
    /// Where the payload stopped decoding, when that is the reason.
    var codingPath: String? {
        if case .payloadDoesNotDecode(let codingPath, _) = self { codingPath } else { nil }
    }

    /// Whether the entry went only because one below it did.
    var isAboveADroppedEntry: Bool {
        if case .aboveDroppedEntry = self { true } else { false }
    }
}
