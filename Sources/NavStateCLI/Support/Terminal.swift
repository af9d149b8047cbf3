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
        let line = message.replacingOccurrences(of: "\n", with: " ")
        FileHandle.standardError.write(Data("navstate: \(line)\n".utf8))
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

    static func timestamp(_ date: Date) -> String {
        date.formatted(.iso8601)
    }
}

/// A CLI-level error: a message that says what is wrong and what to do.
struct CLIError: Error, CustomStringConvertible {
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
