import ArgumentParser
@_spi(Tooling) import NavState
import NavStateTooling

extension NavStateCommand {
    struct Check: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Check a database's integrity, and which saved entries an app's registry would drop.",
            discussion: """
                Runs PRAGMA integrity_check and PRAGMA foreign_key_check (rows that name a scene \
                that is not there); SQLite's report, if any, is printed under a heading. \
                Then loads every scene's head revision and reports each one that cannot load (a head \
                that names a missing revision, rows with gaps, a layout that does not match its rows) or \
                that can take no further save (a scene id out of range, a head at the largest revision \
                number); 'navstate repair' sets those aside, and under each scene what its rows say of \
                themselves that is not so ('inconsistent:' lines: kept_revisions or revision numbers \
                out of range, a head row whose counts are not its state's). Then a dry-run restore of every scene's head (or of \
                the scenes named) against a registry manifest: entries whose tag the app no longer \
                knows, saved at a newer payload version, or now marked never-persisted, and what they \
                take with them. Without --registry only the built-in types (Int, String, UUID, …) are \
                known, and the output says so. A manifest that declares the app's tree (its tabs and \
                columns) has each saved tree fitted to it first, as the app's restore will: 'tree:' lines \
                name each change, and a removed tab's entries would be dropped. Run it against a copy \
                of a real database before shipping an update. Everything is read from one snapshot of \
                the file, so it can run on the file of an app that is saving.

                Exit status: 0 when the file is sound, every scene loads and is consistent, nothing would be dropped \
                and no tree would change; 1 otherwise; 2 on errors.

                Examples:
                  navstate check --db app.sqlite
                  navstate check --registry v2.manifest.json --policy truncate-at-first-failure main
                  navstate check --json --registry v2.manifest.json
                """)

        @OptionGroup var database: DatabaseOptions
        @OptionGroup var output: OutputOptions

        @Option(
            help: "The new app version's registry manifest (JSON written by DestinationRegistry.manifest).",
            completion: .file(extensions: ["json"]))
        var registry: String?

        @Option(help: "The restore policy: drop-undecodable, truncate-at-first-failure or all-or-nothing.")
        var policy: RestorePolicy = .dropUndecodable

        @Argument(help: "Scenes to check (default: all).")
        var scenes: [String] = []

        struct Dropped: Encodable {
            /// The stack's address (`root`, `tab:orders`, `sheet:1`), the
            /// split view's for a selection; `nil` for a scene value.
            var stack: String?
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
            /// What the scene's rows say of themselves that is not so.
            var inconsistencies: [String] = []
            var dropped: [Dropped]
            /// How the saved tree would be fitted to the manifest's `tree`.
            var treeChanges: [String] = []
        }

        struct Report: Encodable {
            var ok: Bool
            /// SQLite's integrity report: empty when the file is sound.
            var integrity: [String]
            /// The manifest checked against; `nil` for the built-in types only.
            var registry: String?
            var scenes: [SceneReport]
        }

        func run() async throws {
            let (known, tree) = try ManifestFile.read(registry)
            let store = try database.openForReading()
            let integrity = try store.integrityCheck()
            var reports: [SceneReport] = []
            if integrity.isEmpty {
                let names = scenes.isEmpty ? try await store.scenes().map(\.scene) : scenes
                let damaged = Dictionary(
                    try store.damagedScenes().map { ($0.scene, $0) }, uniquingKeysWith: { first, _ in first })
                let inconsistent = Dictionary(grouping: try store.inconsistentRows(), by: \.scene)
                for name in names {
                    let inconsistencies = inconsistent[name]?.map(\.damage.description) ?? []
                    if let damage = damaged[name] {
                        reports.append(SceneReport(
                            scene: name, revision: damage.revision, damage: damage.damage.description, inconsistencies: inconsistencies, dropped: []))
                        continue
                    }
                    guard let head = try await store.load(scene: name) else {
                        // Rows but no revision to load: every one numbered out of range.
                        if !inconsistencies.isEmpty {
                            reports.append(SceneReport(
                                scene: name, revision: 0, damage: "no revision is numbered in range", inconsistencies: inconsistencies, dropped: []))
                            continue
                        }
                        throw database.noSuchScene(name)
                    }
                    // Fitted to the tabs and columns the manifest declares,
                    // as the app's restore fits it.
                    var saved = head.state
                    var misfits: [DroppedEntry] = []
                    var changes: [TreeChange] = []
                    if let tree { (saved, misfits, changes) = saved.fitted(to: tree) }
                    let dropped = (misfits + (await known.dryRun(saved, policy: policy))).map(Self.describe)
                    reports.append(SceneReport(
                        scene: name, revision: head.revision, damage: nil, inconsistencies: inconsistencies, dropped: dropped,
                        treeChanges: changes.map(\.description)))
                }
            }
            let ok = integrity.isEmpty && reports.allSatisfy {
                $0.dropped.isEmpty && $0.damage == nil && $0.inconsistencies.isEmpty && $0.treeChanges.isEmpty
            }
            let report = Report(ok: ok, integrity: integrity, registry: registry, scenes: reports)
            if output.json {
                try Terminal.printJSON(report)
            } else {
                print(report)
            }
            if !report.ok { throw ExitCode(1) }
        }

        private func print(_ report: Report) {
            guard report.integrity.isEmpty else {
                Terminal.line("integrity check failed (scenes were not checked):")
                for problem in report.integrity { Terminal.line("  \(problem)") }
                return
            }
            Terminal.line("integrity: ok")
            Terminal.line(report.registry.map { "registry: \($0)" } ?? "registry: the built-in types only (no --registry given)")
            for scene in report.scenes {
                defer {
                    for problem in scene.inconsistencies { Terminal.line("  inconsistent: \(problem)") }
                }
                if let damage = scene.damage {
                    Terminal.line("scene '\(scene.scene)' revision \(scene.revision): cannot load: \(damage)")
                    continue
                }
                Terminal.line("scene '\(scene.scene)' revision \(scene.revision): " +
                              (scene.dropped.isEmpty ? "nothing would be dropped" : "\(scene.dropped.count) would be dropped"))
                for change in scene.treeChanges { Terminal.line("  tree: \(change)") }
                for dropped in scene.dropped {
                    Terminal.line("  \(dropped.location)  \(dropped.tag)  \(dropped.reason)  \(dropped.detail)")
                }
            }
        }

        static func describe(_ dropped: DroppedEntry) -> Dropped {
            let (stack, position): (String?, Int?) = switch dropped.location {
            case let .stack(stack, position): (stack.description, position)
            case let .presentation(index): (StackAddress.presentation(index).description, nil)
            case let .selection(split, _): (split.description, nil)
            case .value: (nil, nil)
            }
            return Dropped(
                stack: stack, position: position, location: dropped.location.description,
                tag: dropped.entry.wireTag, reason: dropped.reason.code, detail: dropped.reason.description)
        }
    }
}
