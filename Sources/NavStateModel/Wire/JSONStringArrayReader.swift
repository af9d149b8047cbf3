/// Reads a JSON document that must be a flat array of strings, reporting
/// exactly what is wrong when it is not.
///
/// Written by hand rather than with `JSONSerialization` so that every kind of
/// malformed input gets its own typed error with a byte offset, and so that a
/// deeply nested document costs no recursion at all.
package struct JSONStringArrayReader {
    private let bytes: [UInt8]
    private var offset = 0

    init(_ bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// One string of the array and where its literal (quotes included) sits
    /// in the document.
    struct Item {
        let value: String
        let range: Range<Int>
    }

    /// The strings of the array, in document order.
    static func strings(in input: some Collection<UInt8>) throws(WireFormatError) -> [String] {
        try items(in: Array(input)).map(\.value)
    }

    /// The strings of the array with their byte ranges, in document order.
    static func items(in bytes: [UInt8]) throws(WireFormatError) -> [Item] {
        if let invalid = firstInvalidUTF8Offset(bytes) {
            throw .invalidUTF8(byteOffset: invalid)
        }
        var reader = JSONStringArrayReader(bytes)
        return try reader.readArray()
    }

    private mutating func readArray() throws(WireFormatError) -> [Item] {
        skipWhitespace()
        guard let first = peek() else { throw .truncated(byteOffset: offset) }
        guard first == UInt8(ascii: "[") else {
            if let kind = Self.kind(startingWith: first) { throw .notAnArray(found: kind) }
            throw .invalidJSON(byteOffset: offset, reason: "unexpected character \(Self.show(first))")
        }
        offset += 1
        var items: [Item] = []
        skipWhitespace()
        if peek() == UInt8(ascii: "]") {
            offset += 1
        } else {
            while true {
                skipWhitespace()
                guard let byte = peek() else { throw .truncated(byteOffset: offset) }
                guard byte == UInt8(ascii: "\"") else {
                    if let kind = Self.kind(startingWith: byte) {
                        throw .nonStringItem(index: items.count, found: kind)
                    }
                    throw .invalidJSON(byteOffset: offset, reason: "unexpected character \(Self.show(byte))")
                }
                let start = offset
                let value = try readString()
                items.append(Item(value: value, range: start..<offset))
                skipWhitespace()
                guard let separator = peek() else { throw .truncated(byteOffset: offset) }
                offset += 1
                if separator == UInt8(ascii: "]") { break }
                guard separator == UInt8(ascii: ",") else {
                    throw .invalidJSON(byteOffset: offset - 1, reason: "expected ',' or ']' after item \(items.count - 1)")
                }
            }
        }
        skipWhitespace()
        if offset < bytes.count {
            throw .invalidJSON(byteOffset: offset, reason: "unexpected content after the closing bracket")
        }
        return items
    }

    private mutating func readString() throws(WireFormatError) -> String {
        offset += 1  // opening quote
        var segmentStart = offset
        var decoded: [UInt8] = []
        var escaped = false
        while offset < bytes.count {
            let byte = bytes[offset]
            switch byte {
            case UInt8(ascii: "\""):
                let content: String
                if escaped {
                    decoded.append(contentsOf: bytes[segmentStart..<offset])
                    content = String(decoding: decoded, as: UTF8.self)
                } else {
                    content = String(decoding: bytes[segmentStart..<offset], as: UTF8.self)
                }
                offset += 1
                return content
            case UInt8(ascii: "\\"):
                escaped = true
                decoded.append(contentsOf: bytes[segmentStart..<offset])
                try readEscape(into: &decoded)
                segmentStart = offset
            case 0..<0x20:
                throw .invalidJSON(byteOffset: offset, reason: "unescaped control character in a string")
            default:
                offset += 1
            }
        }
        throw .truncated(byteOffset: offset)
    }

    private mutating func readEscape(into decoded: inout [UInt8]) throws(WireFormatError) {
        let escapeStart = offset
        offset += 1
        guard let byte = peek() else { throw .truncated(byteOffset: offset) }
        offset += 1
        switch byte {
        case UInt8(ascii: "\""): decoded.append(UInt8(ascii: "\""))
        case UInt8(ascii: "\\"): decoded.append(UInt8(ascii: "\\"))
        case UInt8(ascii: "/"): decoded.append(UInt8(ascii: "/"))
        case UInt8(ascii: "b"): decoded.append(0x08)
        case UInt8(ascii: "f"): decoded.append(0x0C)
        case UInt8(ascii: "n"): decoded.append(0x0A)
        case UInt8(ascii: "r"): decoded.append(0x0D)
        case UInt8(ascii: "t"): decoded.append(0x09)
        case UInt8(ascii: "u"):
            let unit = try readHex4()
            var scalarValue = UInt32(unit)
            if (0xD800...0xDBFF).contains(unit) {
                guard peek() == UInt8(ascii: "\\"), peek(at: 1) == UInt8(ascii: "u") else {
                    throw .invalidJSON(byteOffset: escapeStart, reason: "a high surrogate without its low surrogate")
                }
                offset += 2
                let low = try readHex4()
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw .invalidJSON(byteOffset: escapeStart, reason: "a high surrogate followed by \\u\(String(low, radix: 16))")
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw .invalidJSON(byteOffset: escapeStart, reason: "a low surrogate without its high surrogate")
            }
            guard let scalar = Unicode.Scalar(scalarValue) else {
                throw .invalidJSON(byteOffset: escapeStart, reason: "an invalid \\u escape")
            }
            decoded.append(contentsOf: Array(String(Character(scalar)).utf8))
        default:
            throw .invalidJSON(byteOffset: escapeStart, reason: "an invalid escape \\\(Self.show(byte))")
        }
    }

    private mutating func readHex4() throws(WireFormatError) -> UInt16 {
        var value: UInt16 = 0
        for _ in 0..<4 {
            guard let byte = peek() else { throw .truncated(byteOffset: offset) }
            let digit: UInt8
            switch byte {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = byte - UInt8(ascii: "0")
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = byte - UInt8(ascii: "a") + 10
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = byte - UInt8(ascii: "A") + 10
            default: throw .invalidJSON(byteOffset: offset, reason: "a \\u escape needs four hex digits")
            }
            value = value << 4 | UInt16(digit)
            offset += 1
        }
        return value
    }

    private mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    private func peek(at distance: Int = 0) -> UInt8? {
        let index = offset + distance
        return index < bytes.count ? bytes[index] : nil
    }

    /// What a JSON value starting with this byte is, for error messages.
    private static func kind(startingWith byte: UInt8) -> String? {
        switch byte {
        case UInt8(ascii: "{"): return "an object"
        case UInt8(ascii: "["): return "an array"
        case UInt8(ascii: "\""): return "a string"
        case UInt8(ascii: "t"), UInt8(ascii: "f"): return "a boolean"
        case UInt8(ascii: "n"): return "null"
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return "a number"
        default: return nil
        }
    }

    private static func show(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "0x\(String(byte, radix: 16))"
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
