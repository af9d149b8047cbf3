import Foundation
import NavState
import NavStateTooling

/// Output shared by every subcommand: safe lines, JSON, dates, and the
/// messages errors become.
enum Terminal {
    /// Exit status for an error (bad input, a file that cannot be read).
    static let errorStatus: Int32 = 2

    /// The one line an error becomes at the terminal, with advice a person
    /// at a shell can follow; `nil` for argument-parser's own errors, which
    /// it prints itself.
    static func message(for error: any Error) -> String? {
        switch error {
        case let error as NavStoreError: storeMessage(error)
        case let error as ImportError: "cannot import: \(error)"
        case let error as ManifestError: error.description
        case let error as WireFormatError: error.description
        case let error as DestinationError: error.description
        case let error as CLIError: error.description
        default: nil
        }
    }

    /// The store's errors in a shell's terms: the library says what an app
    /// can do; here it is what the person typing can do.
    private static func storeMessage(_ error: NavStoreError) -> String {
        switch error {
        case .fileNotFound(let path):
            "\(path) does not exist; give another file with --db or NAVSTATE_DB"
        case .corrupt(let path, let message):
            "\(path) is damaged (\(message)); it was left untouched. 'navstate check' says more, 'navstate repair' sets damaged scenes aside"
        case .notADatabase(let path):
            "\(path) is not a NavState database (not SQLite, or damaged); it was left untouched"
        case .foreignDatabase(let path):
            "\(path) is an SQLite database of another app; it was left untouched"
        case .conflict(let scene, let expected, let actual):
            "scene '\(shortened(scene))' is at revision \(actual), not \(expected): another writer saved first. Run again with --expected-head \(actual) to save over it"
        case .limitExceeded(let limit, let scene, let actual, let maximum):
            "scene '\(shortened(scene))' has \(actual) \(limit), over the limit of \(maximum); nothing was saved"
        default:
            error.description
        }
    }

    /// A name from the input as a message shows it: escaped, and at most
    /// 64 characters with its real length after a cut.
    static func shortened(_ name: String) -> String {
        let shown = safe(name)
        guard shown.count > 64 else { return shown }
        return "\(shown.prefix(64))… (\(name.utf8.count) bytes)"
    }

    static func printError(_ message: String) {
        let line = safe(message.replacingOccurrences(of: "\n", with: " "))
        FileHandle.standardError.write(Data("navstate: \(line)\n".utf8))
    }

    /// Prints one line that may hold text from a file, made safe first.
    static func line(_ text: String) {
        print(safe(text))
    }

    /// Text from a file as a terminal may show it: every control character
    /// (C0, DEL, C1), line separator and bidirectional override written as
    /// `\u{1B}`, so a scene name or tag cannot move the cursor, set the
    /// window title, start a new row, or reorder what a person reads.
    static func safe(_ text: String) -> String {
        // Printable ASCII, by far the most common, skips the scalar walk.
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) { return text }
        return NavStore.escapingControlCharacters(text)
    }

    /// Writes bytes to stdout exactly, with no newline added.
    static func write(_ data: Data) {
        FileHandle.standardOutput.write(data)
    }

    /// Prints a value as pretty JSON with sorted keys and ISO 8601 dates.
    static func printJSON(_ value: some Encodable) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .iso8601
        var data = try encoder.encode(value)
        data.append(UInt8(ascii: "\n"))
        write(data)
    }

    /// `2026-11-22T03:13:52Z`: Foundation's ISO 8601 format, the same one
    /// `--json` output uses.
    static func timestamp(_ date: Date) -> String {
        timestampStyle.format(date)
    }

    private static let timestampStyle = Date.ISO8601FormatStyle()
}

/// A CLI-level error: a message that says what is wrong and what to do.
struct CLIError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
