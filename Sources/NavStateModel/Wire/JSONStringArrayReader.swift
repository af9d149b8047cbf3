/// Reads a JSON document that must be a flat array of strings, reporting
/// exactly what is wrong when it is not.
///
/// Written by hand rather than with `JSONSerialization` so that every kind of
/// malformed input gets its own typed error with a byte offset, and so that a
/// deeply nested document costs no recursion at all.
package struct JSONStringArrayReader {
    private var scanner: JSONScanner

    private init(_ bytes: UnsafeBufferPointer<UInt8>) {
        scanner = JSONScanner(bytes)
    }

    /// One string of the array and where its literal (quotes included) sits
    /// in the document.
    struct Item {
        let value: String
        let range: Range<Int>
    }

    /// The strings of the array, in document order.
    static func strings(in input: some Collection<UInt8>) throws(NavStateError) -> [String] {
        try items(in: Array(input)).map(\.value)
    }

    /// The strings of the array with their byte ranges, in document order.
    static func items(in bytes: [UInt8]) throws(NavStateError) -> [Item] {
        if let invalid = firstInvalidUTF8Offset(bytes) {
            throw .invalidUTF8(byteOffset: invalid)
        }
        let read = bytes.withUnsafeBufferPointer { buffer -> Result<[Item], NavStateError> in
            var reader = JSONStringArrayReader(buffer)
            do throws(NavStateError) {
                return .success(try reader.readArray())
            } catch {
                return .failure(error)
            }
        }
        // A switch, not `read.get()`: the iOS 17 SDK interface that
        // typecheck-apple.sh reads declares `get()` untyped.
        switch read {
        case .success(let items): return items
        case .failure(let error): throw error
        }
    }

    /// The first `limit` strings of the array, their escapes decoded, and
    /// how many strings it holds: the others are checked as string literals
    /// but not decoded, and only the strings returned are checked for
    /// UTF-8. What a push onto a long path reads (the values appended come
    /// first in SwiftUI's format).
    static func leadingStrings(_ limit: Int, in bytes: [UInt8]) throws(NavStateError) -> (strings: [String], count: Int) {
        let read = bytes.withUnsafeBufferPointer { buffer -> Result<([Item], Int), NavStateError> in
            var reader = JSONStringArrayReader(buffer)
            do throws(NavStateError) {
                return .success(try reader.readArray(keeping: limit))
            } catch {
                return .failure(error)
            }
        }
        switch read {
        case .success(let (items, count)):
            for item in items {
                if let invalid = firstInvalidUTF8Offset(Array(bytes[item.range])) {
                    throw .invalidUTF8(byteOffset: item.range.lowerBound + invalid)
                }
            }
            return (items.map(\.value), count)
        case .failure(let error):
            throw error
        }
    }

    private mutating func readArray() throws(NavStateError) -> [Item] {
        try readArray(keeping: .max).items
    }

    /// Reads the array, keeping its first `limit` strings.
    private mutating func readArray(keeping limit: Int) throws(NavStateError) -> (items: [Item], count: Int) {
        scanner.skipWhitespace()
        guard let first = scanner.peek() else { throw .truncated(byteOffset: scanner.offset) }
        guard first == UInt8(ascii: "[") else {
            if let kind = JSONScanner.kind(startingWith: first) { throw .notAnArray(found: kind.description) }
            throw .invalidJSON(byteOffset: scanner.offset, problem: JSONProblem.unexpectedCharacter(first).description)
        }
        scanner.offset += 1
        var items: [Item] = []
        var count = 0
        scanner.skipWhitespace()
        if scanner.peek() == UInt8(ascii: "]") {
            scanner.offset += 1
        } else {
            while true {
                scanner.skipWhitespace()
                guard let byte = scanner.peek() else { throw .truncated(byteOffset: scanner.offset) }
                guard byte == UInt8(ascii: "\"") else {
                    if let kind = JSONScanner.kind(startingWith: byte) {
                        throw .nonStringItem(index: count, found: kind.description)
                    }
                    throw .invalidJSON(byteOffset: scanner.offset, problem: JSONProblem.unexpectedCharacter(byte).description)
                }
                let start = scanner.offset
                if count < limit {
                    let value = try readString()
                    items.append(Item(value: value, range: start..<scanner.offset))
                } else {
                    try skipString()
                }
                count += 1
                scanner.skipWhitespace()
                guard let separator = scanner.peek() else { throw .truncated(byteOffset: scanner.offset) }
                scanner.offset += 1
                if separator == UInt8(ascii: "]") { break }
                guard separator == UInt8(ascii: ",") else {
                    throw .invalidJSON(byteOffset: scanner.offset - 1, problem: JSONProblem.missingSeparator(afterItem: count - 1).description)
                }
            }
        }
        scanner.skipWhitespace()
        if !scanner.isAtEnd {
            throw .invalidJSON(byteOffset: scanner.offset, problem: JSONProblem.contentAfterArray.description)
        }
        return (items, count)
    }

    /// Checks the string literal that comes next without decoding it.
    private mutating func skipString() throws(NavStateError) {
        do throws(JSONScanner.Failure) {
            _ = try scanner.string()
        } catch {
            throw Self.wireFormatError(error)
        }
    }

    /// The string whose opening quote is next, its escapes decoded.
    private mutating func readString() throws(NavStateError) -> String {
        do throws(JSONScanner.Failure) {
            let literal = try scanner.string()
            guard literal.hasEscapes else {
                return String(decoding: UnsafeBufferPointer(rebasing: scanner.bytes[literal.content]), as: UTF8.self)
            }
            return String(decoding: try scanner.unescaped(literal), as: UTF8.self)
        } catch {
            throw Self.wireFormatError(error)
        }
    }

    /// A string's failure as the wire format reports it.
    private static func wireFormatError(_ failure: JSONScanner.Failure) -> NavStateError {
        guard let problem = failure.problem else { return .truncated(byteOffset: failure.offset) }
        return .invalidJSON(byteOffset: failure.offset, problem: problem.description)
    }

    /// The offset of the first byte that is not part of valid UTF-8, if any.
    package static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int? {
        var iterator = bytes.makeIterator()
        var parser = Unicode.UTF8.ForwardParser()
        var offset = 0
        while true {
            switch parser.parseScalar(from: &iterator) {
            case .valid(let encoded):
                offset += encoded.count
            case .emptyInput:
                return nil
            case .error:
                return offset
            }
        }
    }
}
