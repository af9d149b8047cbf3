import NavStateReports
public import ArgumentParser
import Foundation
@_spi(Tooling) public import NavState
public import NavStateTooling

// The library's own enums are the command-line values: their raw values are
// kebab-case (`drop-undecodable`, `as-read`), so nothing is mirrored here.
extension RestorePolicy: ExpressibleByArgument {}
extension TagStyle: ExpressibleByArgument {}
extension SceneFormat: ExpressibleByArgument {}

/// A stack's address as the tree names it: `root`, `tab:orders`,
/// `tab:orders/detail`, `sheet:1`.
extension StackAddress: ExpressibleByArgument {
    public init?(argument: String) {
        self.init(argument)
    }
}

/// A duration such as `90s`, `30m`, `12h`, `7d` or `2w`.
struct DurationArgument: ExpressibleByArgument {
    let seconds: Double

    init?(argument: String) {
        let units: [Character: Double] = ["s": 1, "m": 60, "h": 3600, "d": 86_400, "w": 604_800]
        guard let unit = argument.last, let scale = units[unit],
              let amount = Double(argument.dropLast()), amount >= 0, amount.isFinite else { return nil }
        seconds = amount * scale
    }
}

/// Reading a registry manifest given on the command line.
enum ManifestFile {
    /// The registry a manifest describes; the built-in types only without one.
    static func registry(at path: String?) throws -> DestinationRegistry {
        try read(path).registry
    }

    /// The registry a manifest describes, and the tree it declares.
    static func read(_ path: String?) throws -> (registry: DestinationRegistry, tree: NavContainer<NavEntry>?) {
        guard let path else { return (DestinationRegistry(), nil) }
        guard let data = FileManager.default.contents(atPath: path) else {
            throw CLIError("cannot read the registry manifest \(path); check the path")
        }
        do {
            let manifest = try RegistryManifest(json: data)
            return (try DestinationRegistry(manifest: manifest), manifest.tree)
        } catch {
            throw CLIError("the registry manifest \(path) cannot be used: \(error)")
        }
    }
}

/// Loading a revision the user named, with an error that says what exists.
enum RevisionLookup {
    static func load(_ store: NavStore, scene: String, revision: Int?, database: DatabaseOptions) throws -> StoredRevision {
        if let stored = try store.load(scene: scene, revision: revision) { return stored }
        let history = try store.history(scene: scene)
        guard let first = history.first?.revision, let last = history.last?.revision else {
            throw database.noSuchScene(scene)
        }
        throw CLIError("scene '\(Terminal.safe(scene))' has no revision \(revision ?? 0); kept revisions are \(first)...\(last)")
    }
}
