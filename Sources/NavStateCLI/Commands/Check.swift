import ArgumentParser
import NavState

extension NavStateCommand {
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a database's integrity, and which saved entries an app's registry would drop.",
            discussion: """
                Runs PRAGMA integrity_check, then loads every scene's head revision and reports each one \
                that cannot load (a head that names a missing revision, rows with gaps, a layout that does \
                not match its rows; 'navstate repair' sets those aside), then a dry-run restore of every scene's head revision (or \
                of the scenes named) against a registry manifest: entries whose tag the app no longer \
                knows, saved at a newer payload version, or now marked never-persisted, and what they \
                take with them. The built-in types (Swift.Int, Si, …) are always known. Run it against \
                a copy of a real database before shipping an update.

                Exit status: 0 when every scene loads and nothing would be dropped, 1 when a scene cannot \
                load or something would be dropped, 2 on errors.
                """)

        @OptionGroup var database: DatabaseOptions
        @OptionGroup var output: OutputOptions

        @Option(help: "The new app version's registry manifest (JSON written by DestinationRegistry.manifest).")
        var registry: String?

        @Option(help: "dropUndecodable, truncateAtFirstFailure or allOrNothing.")
        var policy: PolicyOption = .dropUndecodable

        @Argument(help: "Scenes to check (default: all).")
        var scenes: [String] = []

        struct Dropped: Encodable {
            var stack: Int
            var position: Int?
            var location: String
            var tag: String
            var reason: String
            var detail: String
        }

        struct SceneReport: Encodable {
            var scene: String
            var revision: Int
            /// Why the head cannot load; `nil` when it loads.
            var damage: String?
            var dropped: [Dropped]
        }

        struct Report: Encodable {
            var ok: Bool
            var integrity: [String]
            var scenes: [SceneReport]
        }

        func run() async throws {
            let report = try await Terminal.run { () async throws -> Report in
                let resolver = try ManifestFile.resolver(at: registry)
                let store = try database.openForReading()
                let integrity = try store.integrityCheck()
                guard integrity.isEmpty else {
                    throw CLIError("integrity check failed: \(integrity.prefix(3).joined(separator: "; "))")
                }
                let listed = try store.scenes()
                let names = scenes.isEmpty ? listed.map(\.scene) : scenes
                let damaged = Dictionary(try store.damagedScenes().map { ($0.scene, $0) }, uniquingKeysWith: { first, _ in first })
                var reports: [SceneReport] = []
                for name in names {
                    if let damage = damaged[name] {
                        reports.append(SceneReport(scene: name, revision: damage.revision, damage: damage.problem, dropped: []))
                        continue
                    }
                    guard let head = try store.load(scene: name) else {
                        throw CLIError("there is no scene '\(name)' in \(database.path); 'navstate scenes' lists them")
                    }
                    let dropped = await resolver.dryRun(head.state, policy: RestorePolicy(rawValue: policy.rawValue) ?? .dropUndecodable).map(Self.describe)
                    reports.append(SceneReport(scene: name, revision: head.revision, damage: nil, dropped: dropped))
                }
                let ok = reports.allSatisfy { $0.dropped.isEmpty && $0.damage == nil }
                return Report(ok: ok, integrity: integrity, scenes: reports)
            }
            if output.json {
                try Terminal.printJSON(report)
            } else {
                Terminal.line("integrity: ok")
                for scene in report.scenes {
                    if let damage = scene.damage {
                        Terminal.line("scene '\(scene.scene)' revision \(scene.revision): cannot load: \(damage)")
                        continue
                    }
                    Terminal.line("scene '\(scene.scene)' revision \(scene.revision): " +
                          (scene.dropped.isEmpty ? "nothing would be dropped" : "\(scene.dropped.count) would be dropped"))
                    for dropped in scene.dropped {
                        Terminal.line("  \(dropped.location)  \(dropped.tag)  \(dropped.reason)  \(dropped.detail)")
                    }
                }
            }
            if !report.ok { throw ExitCode(1) }
        }

        static func describe(_ dropped: DroppedEntry) -> Dropped {
            let (stack, position): (Int, Int?) = switch dropped.location {
            case let .stack(stack, position): (stack, position)
            case let .presentation(index): (index, nil)
            case .value: (-1, nil)
            }
            return Dropped(
                stack: stack, position: position, location: dropped.location.description,
                tag: dropped.entry.wireTag, reason: dropped.reason.code, detail: dropped.reason.description)
        }
    }
}

/// `--policy`: ``RestorePolicy`` as a command-line value.
enum PolicyOption: String, ExpressibleByArgument, CaseIterable {
    case dropUndecodable, truncateAtFirstFailure, allOrNothing
}
