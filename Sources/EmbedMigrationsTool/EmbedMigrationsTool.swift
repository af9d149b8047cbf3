import Foundation

/// Writes the Swift file that embeds the numbered SQL files of `Migrations/`
/// in the library, so the schema is written in one place and no file is
/// looked up at run time. The library uses no build plugin: this runs by
/// hand (`scripts/embed-migrations.sh`) and its output is committed.
///
/// Usage: `EmbedMigrationsTool OUTPUT FILE.sql…`. Each file must be named
/// `NNNN_description.sql`; numbers must run 1, 2, 3, … without gaps.
@main
struct EmbedMigrationsTool {
    /// Refuses bad input with a message and exit status 1; an error thrown
    /// out of `main` would be a crash (and start the runtime's backtracer).
    static func main() {
        do {
            try run()
        } catch {
            FileHandle.standardError.write(Data("EmbedMigrationsTool: \(error)\n".utf8))
            exit(1)
        }
    }

    static func run() throws {
        let arguments = CommandLine.arguments.dropFirst()
        guard let output = arguments.first else {
            throw ToolError("usage: EmbedMigrationsTool OUTPUT FILE.sql…")
        }
        var items: [String] = []
        for (offset, path) in arguments.dropFirst().enumerated() {
            let url = URL(fileURLWithPath: path)
            let name = url.deletingPathExtension().lastPathComponent
            guard let number = Int(name.prefix { $0.isNumber }), number == offset + 1 else {
                throw ToolError("\(url.lastPathComponent): migrations must be numbered 0001_, 0002_, … without gaps")
            }
            let sql = try String(contentsOf: url, encoding: .utf8)
            items.append("""
                    SchemaMigration(version: \(number), name: \(literal(name)), sql: \(literal(sql))),
                """)
        }
        let source = """
            // Generated from Migrations/*.sql by scripts/embed-migrations.sh. Do not edit:
            // change the SQL files and run the script; MigrationFileTests fails while
            // this file is stale.

            extension SchemaMigration {
                /// Every migration in `Migrations/`, in order.
                package static let all: [SchemaMigration] = [
            \(items.joined(separator: "\n"))
                ]
            }

            """
        try Data(source.utf8).write(to: URL(fileURLWithPath: output), options: .atomic)
    }

    /// A single-line Swift string literal holding `text` exactly. A
    /// multi-line literal would turn CRLF into LF and so change the SQL.
    static func literal(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\"": result += "\\\""
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                result += "\\u{\(String(scalar.value, radix: 16))}"
            default: result.unicodeScalars.append(scalar)
            }
        }
        return result + "\""
    }
}

struct ToolError: Error, CustomStringConvertible {
    let description: String
    init(_ description: String) { self.description = description }
}
