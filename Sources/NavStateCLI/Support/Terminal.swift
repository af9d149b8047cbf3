import Foundation
@_spi(Tooling) import NavState
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
        case let error as NavStateError: storeMessage(error)
        case let error as CLIError: error.description
        default: nil
        }
    }

    /// The store's errors in a shell's terms: the library says what an app
    /// can do; here it is what the person typing can do.
    private static func storeMessage(_ error: NavStateError) -> String {
        let path = error.path ?? "", scene = NavStateError.shortened(error.scene ?? "")
        return switch error.code {
        case .fileNotFound:
            "\(path) does not exist; give another file with --db or NAVSTATE_DB"
        case .corrupt:
            "\(path) is damaged (\(error.detail("message") ?? "")); it was left untouched. 'navstate check' says more, 'navstate repair' sets damaged scenes aside"
        case .damagedScene:
            "revision \(error.revision ?? 0) of scene '\(scene)' in \(path) is damaged: \(error.damage.map { "\($0)" } ?? ""). 'navstate check' says more, 'navstate repair' sets damaged scenes aside"
        case .notADatabase:
            "\(path) is not a NavState database (not SQLite, or damaged); it was left untouched"
        case .foreignDatabase:
            "\(path) is an SQLite database of another app; it was left untouched"
        case .conflict:
            "scene '\(scene)' is at revision \(error.revision ?? 0), not \(error.detail("expected", as: Int.self) ?? 0): another writer saved first. Run again with --expected-head \(error.revision ?? 0) to save over it"
        case .limitExceeded:
            "scene '\(scene)' has \(error.detail("actual", as: Int.self) ?? 0) \(NavStore.Limits.meaning(of: error.detail("") ?? "")), over the limit of \(error.detail("limit", as: Int.self) ?? 0); nothing was saved"
        default:
            error.description
        }
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
    ///
    /// Dates from 1970 to 9999, every date a store writes, are formatted
    /// here from the seconds (a listing of 100,000 scenes formats 100,000
    /// of them; the format style took a third of its time); the rest by
    /// the style. `TerminalTests` checks the two agree.
    static func timestamp(_ date: Date) -> String {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds >= 0, seconds < 253_402_300_800 else { return timestampStyle.format(date) }
        return fastTimestamp(Int(seconds))
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` for whole seconds since 1970 in 0..<253402300800.
    static func fastTimestamp(_ seconds: Int) -> String {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(20)
        appendTimestamp(seconds, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Appends ``timestamp(_:)``'s text for `date` to `output`.
    static func appendTimestamp(_ date: Date, to output: inout [UInt8]) {
        let seconds = date.timeIntervalSince1970.rounded(.down)
        guard seconds >= 0, seconds < 253_402_300_800 else {
            output.append(contentsOf: timestampStyle.format(date).utf8)
            return
        }
        appendTimestamp(Int(seconds), to: &output)
    }

    private static func appendTimestamp(_ seconds: Int, to output: inout [UInt8]) {
        let days = seconds / 86_400
        let inDay = seconds % 86_400
        // Days to a civil date (Howard Hinnant's algorithm, proleptic Gregorian).
        let shifted = days + 719_468
        let era = shifted / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1_460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        let year = yearOfEra + era * 400 + (month <= 2 ? 1 : 0)
        let zero = UInt8(ascii: "0")
        let (hour, minute, second) = (inDay / 3_600, inDay / 60 % 60, inDay % 60)
        output.append(zero + UInt8(year / 1_000))
        output.append(zero + UInt8(year / 100 % 10))
        output.append(zero + UInt8(year / 10 % 10))
        output.append(zero + UInt8(year % 10))
        func two(_ value: Int, after separator: Unicode.Scalar) {
            output.append(UInt8(ascii: separator))
            output.append(zero + UInt8(value / 10))
            output.append(zero + UInt8(value % 10))
        }
        two(month, after: "-")
        two(day, after: "-")
        two(hour, after: "T")
        two(minute, after: ":")
        two(second, after: ":")
        output.append(UInt8(ascii: "Z"))
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
