import Foundation
@_spi(Tooling) import NavState
import NavStateTooling

/// Draws a scene state as an indented tree: stacks, tab bars and split views,
/// presentations with their methods, checkpoints and scene values, each
/// entry with its tag (with `@version` when one was saved) and payload.
enum SceneTree {
    /// - Parameter screenValues: Show each screen value's JSON, not only its
    ///   key and size: the user's content, so only when asked.
    static func render(_ state: SceneState<NavEntry>, header: String, screenValues: Bool = false) -> String {
        var lines = [header]
        func entryLine(_ label: String, _ entry: NavEntry, indent: String) -> String {
            "\(indent)\(label)  \(entry.wireTag)  \(entry.payload)"
        }
        func stack(_ entries: [NavEntry], label: String, indent: String) {
            lines.append("\(indent)\(label) (\(entries.count))")
            for (position, entry) in entries.enumerated() {
                lines.append(entryLine("[\(position)]", entry, indent: indent + "  "))
            }
        }
        /// A tree: each stack under the part of its address that leads there.
        func container(_ node: NavContainer<NavEntry>, label: String, indent: String) {
            switch node {
            case .stack(let entries):
                stack(entries, label: label + "stack", indent: indent)
            case .tabs(let tabs):
                lines.append("\(indent)\(label)tabs, selected '\(tabs.selected)'")
                for tab in tabs.tabs {
                    container(tab.content, label: "tab:\(tab.id)  ", indent: indent + "  ")
                }
            case .split(let split):
                lines.append("\(indent)\(label)split, \(split.hasContentColumn ? 3 : 2) columns, \(split.visibility.rawValue)")
                if let sidebar = split.sidebar { lines.append(entryLine("sidebar", sidebar, indent: indent + "  ")) }
                if let content = split.content { lines.append(entryLine("content", content, indent: indent + "  ")) }
                container(split.detail, label: "detail  ", indent: indent + "  ")
            }
        }
        if case .stack = state.content {
            stack(state.contentStack, label: "root stack", indent: "")
        } else {
            container(state.content, label: "root  ", indent: "")
        }
        var indent = "  "
        for (offset, presentation) in state.presentations.enumerated() {
            lines.append(entryLine("\(presentation.method.rawValue) \(offset + 1)", presentation.destination, indent: indent))
            indent += "  "
            guard presentation.method.isManaged else { continue }
            if case .stack(let entries) = presentation.content {
                stack(entries, label: "stack \(offset + 1)", indent: indent)
            } else {
                container(presentation.content, label: "", indent: indent)
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
        if !state.screens.isEmpty {
            lines.append("screens")
            for (location, screen) in state.screens.sorted(by: { $0.key.storedText < $1.key.storedText }) {
                if screenValues {
                    lines.append("  \(location.storedText)")
                    for key in screen.keys { lines.append("    \(key) = \(screen.json[key] ?? "")") }
                } else {
                    let keys = screen.keys.map { "\($0) (\(screen.json[$0]?.utf8.count ?? 0) bytes)" }
                    lines.append("  \(location.storedText)  \(keys.joined(separator: ", "))")
                }
            }
        }
        // Every line holds names, tags and payloads from the file.
        return lines.map(Terminal.safe).joined(separator: "\n")
    }
}
