import Foundation
import NavState
import NavStateTooling

/// Draws a scene state as an indented tree: stacks, presentations with their
/// methods, checkpoints and scene values, each entry with its tag (with
/// `@version` when one was saved) and payload.
enum SceneTree {
    static func render(_ state: SceneState<NavEntry>, header: String) -> String {
        var lines = [header]
        func entryLine(_ label: String, _ entry: NavEntry, indent: String) -> String {
            "\(indent)\(label)  \(entry.wireTag)  \(entry.payload)"
        }
        lines.append("root stack (\(state.root.count))")
        for (position, entry) in state.root.enumerated() {
            lines.append(entryLine("[\(position)]", entry, indent: "  "))
        }
        var indent = "  "
        for (offset, presentation) in state.presentations.enumerated() {
            lines.append(entryLine("\(presentation.method.rawValue) \(offset + 1)", presentation.destination, indent: indent))
            indent += "  "
            if presentation.method.isManaged {
                lines.append("\(indent)stack \(offset + 1) (\(presentation.stack.count))")
                for (position, entry) in presentation.stack.enumerated() {
                    lines.append(entryLine("[\(position)]", entry, indent: indent + "  "))
                }
            }
        }
        if !state.checkpoints.isEmpty {
            lines.append("checkpoints")
            for checkpoint in state.checkpoints {
                let value = checkpoint.valueType.map { " returns \($0)" } ?? ""
                lines.append("  \(checkpoint.name)  stack \(checkpoint.stack), keeps \(checkpoint.entriesKept)\(value)")
            }
        }
        if !state.values.isEmpty {
            lines.append("values")
            for (name, entry) in state.values.sorted(by: { $0.key < $1.key }) {
                lines.append(entryLine(name, entry, indent: "  "))
            }
        }
        // Every line holds names, tags and payloads from the file.
        return lines.map(Terminal.safe).joined(separator: "\n")
    }
}
