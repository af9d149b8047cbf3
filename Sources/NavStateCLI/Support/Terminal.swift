import ArgumentParser
import Foundation
import NavState

/// Output and error handling shared by every subcommand.
enum Terminal {
    /// Exit status for an error (bad input, a file that cannot be read).
    static let errorStatus: Int32 = 2

    /// Runs a command body, turning any error into one line on stderr and
    /// exit status 2.
    static func run<T>(_ body: () async throws -> T) async throws -> T {
        do {
            return try await body()
        } catch let exit as ExitCode {
            throw exit
        } catch {
            printError(message(for: error))
            throw ExitCode(errorStatus)
        }
    }

    static func message(for error: any Error) -> String {
        switch error {
        case let error as NavStoreError: error.description
        case let error as NavModelError: error.description
        case let error as CLIError: error.description
        default: String(describing: error)
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

    /// `2026-11-22T03:13:52Z`. Written by hand: Foundation's ISO 8601
    /// formatting costs microseconds a date, which `scenes` on 100,000
    /// scenes would feel.
    static func timestamp(_ date: Date) -> String {
        var seconds = time_t(date.timeIntervalSince1970.rounded(.down))
        var parts = tm()
        guard gmtime_r(&seconds, &parts) != nil else { return date.formatted(.iso8601) }
        var bytes = Array("0000-00-00T00:00:00Z".utf8)
        func put(_ value: Int32, at end: Int, digits: Int) {
            var value = Int(value)
            for offset in 0..<digits {
                bytes[end - offset] = UInt8(ascii: "0") + UInt8(value % 10)
                value /= 10
            }
        }
        put(parts.tm_year + 1900, at: 3, digits: 4)
        put(parts.tm_mon + 1, at: 6, digits: 2)
        put(parts.tm_mday, at: 9, digits: 2)
        put(parts.tm_hour, at: 12, digits: 2)
        put(parts.tm_min, at: 15, digits: 2)
        put(parts.tm_sec, at: 18, digits: 2)
        return String(decoding: bytes, as: UTF8.self)
    }
}

/// A CLI-level error: a message that says what is wrong and what to do.
struct CLIError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
