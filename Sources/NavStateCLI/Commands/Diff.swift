import ArgumentParser
@_spi(Tooling) import NavState
import NavStateTooling

extension NavStateCommand {
    struct Diff: AsyncParsableCommand {
        static let configuration = CommandConfiguration(
            abstract: "Show what changed between two revisions of a scene, as navigation steps.",
            discussion: """
                The steps (dismiss, pop, push, present, select, set container, set selection, set \
                value, set checkpoints) are the shortest plan that turns the first revision into the \
                second. Pops and pushes act on the stack on screen; a select switches tabs so the \
                named stack (root, tab:orders, tab:orders/detail, sheet:1) is on screen; a set \
                container replaces a stack that is not on screen, or a tree whose tabs or columns \
                changed, at once. A tag is shown as written, with @N when it carries payload version \
                N; a checkpoint as NAME (stack S, keeps K), K being how many entries of stack S stay \
                when the app returns to it.

                Examples:
                  navstate diff main 3 4
                  navstate diff main 1 4 --json
                """)

        @OptionGroup var database: DatabaseOptions
        @OptionGroup var output: OutputOptions

        @Argument(help: "The scene's name.")
        var scene: String

        @Argument(help: "The revision to start from.")
        var from: Int

        @Argument(help: "The revision to arrive at.")
        var to: Int

        struct Step: Encodable {
            var op: String
            var stack: String?
            var count: Int?
            var method: String?
            var name: String?
            var tag: String?
            var version: Int?
            var payload: String?
            var checkpoints: [Checkpoint]?
        }

        struct Report: Encodable {
            var scene: String
            var from: Int
            var to: Int
            var steps: [Step]
        }

        func run() async throws {
            let store = try database.openForReading()
            let first = try RevisionLookup.load(store, scene: scene, revision: from, database: database)
            let second = try RevisionLookup.load(store, scene: scene, revision: to, database: database)
            let steps = first.state.steps(to: second.state).map(Self.describe)
            if output.json {
                try Terminal.printJSON(Report(scene: scene, from: from, to: to, steps: steps))
                return
            }
            Terminal.line("scene '\(scene)'  revision \(from) -> \(to)")
            if steps.isEmpty { Terminal.line("  no changes") }
            for step in steps {
                var words = ["  \(step.op)"]
                if let stack = step.stack { words.append(stack) }
                if let count = step.count { words.append(String(count)) }
                if let method = step.method { words.append(method) }
                if let name = step.name { words.append("'\(name)'") }
                if let tag = step.tag { words.append(NavEntry(tag: tag, version: step.version, payload: "").wireTag) }
                if let payload = step.payload { words.append(payload) }
                if step.op == "set-value" && step.tag == nil { words.append("(removed)") }
                if let checkpoints = step.checkpoints {
                    words.append(checkpoints.map {
                        "\($0.name) (stack \($0.stack), keeps \($0.entriesKept))"
                    }.joined(separator: ", "))
                }
                Terminal.line(words.joined(separator: " "))
            }
        }

        static func describe(_ step: NavigationStep<NavEntry>) -> Step {
            switch step {
            case .dismiss(let count): Step(op: "dismiss", count: count)
            case .pop(let count): Step(op: "pop", count: count)
            case .push(let entry): Step(op: "push", tag: entry.tag, version: entry.version, payload: entry.payload)
            case .present(let method, let entry):
                Step(op: "present", method: method.rawValue, tag: entry.tag, version: entry.version, payload: entry.payload)
            case .setValue(let name, let entry):
                Step(op: "set-value", name: name, tag: entry?.tag, version: entry?.version, payload: entry?.payload)
            case .setCheckpoints(let checkpoints): Step(op: "set-checkpoints", checkpoints: checkpoints)
            case .select(let address): Step(op: "select", stack: address.description)
            case .setContainer(let address, let container):
                Step(op: "set-container", stack: address.description, count: container.entryCount)
            case .setSelection(let split, let column, let entry):
                Step(op: "set-selection", stack: split.description, name: column.rawValue,
                     tag: entry?.tag, version: entry?.version, payload: entry?.payload)
            }
        }
    }
}
