/// A parsed JSON document for ``FastPayloadDecoder``: just enough structure
/// to decode route payloads, with numbers kept as their literal text.
///
/// Not `indirect`: arrays already hold nested values out of line, and an
/// indirect case would cost a heap box for every value parsed.
enum FastJSON {
    case null
    case bool(Bool)
    /// The number's literal, exactly as written.
    case number(String)
    case string(String)
    case array([FastJSON])
    /// Members in document order; duplicate keys are refused while parsing.
    case object([(key: String, value: FastJSON)])

    /// Parses `bytes`, or returns `nil` for anything that is not plain JSON
    /// (the caller then uses `JSONDecoder`, which says exactly what is wrong).
    static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> FastJSON? {
        var parser = Parser(bytes: bytes)
        guard let value = parser.value(depth: 0) else { return nil }
        parser.skipWhitespace()
        return parser.offset == bytes.count ? value : nil
    }

    /// The bytes as a string, or `nil` when they are not valid UTF-8.
    ///
    /// Written with the standard library's `UTF8` decoder, which every
    /// supported platform has; the standard library's validating `String`
    /// initialiser would do the same, but only from iOS 18 / macOS 15.
    static func validUTF8String(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        if !bytes.allSatisfy({ $0 < 0x80 }) {
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            decoding: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue: continue
                case .emptyInput: break decoding
                case .error: return nil
                }
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private struct Parser {
        let bytes: UnsafeBufferPointer<UInt8>
        var offset = 0

        /// Deeper documents go to JSONDecoder, which has its own limit.
        static let maximumDepth = 64

        mutating func skipWhitespace() {
            while offset < bytes.count, bytes[offset] == 0x20 || bytes[offset] == 0x0A || bytes[offset] == 0x0D || bytes[offset] == 0x09 {
                offset += 1
            }
        }

        mutating func value(depth: Int) -> FastJSON? {
            guard depth < Self.maximumDepth else { return nil }
            skipWhitespace()
            guard offset < bytes.count else { return nil }
            switch bytes[offset] {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string().map(FastJSON.string)
            case UInt8(ascii: "t"): return literal("true", .bool(true))
            case UInt8(ascii: "f"): return literal("false", .bool(false))
            case UInt8(ascii: "n"): return literal("null", .null)
            default: return number()
            }
        }

        mutating func literal(_ word: StaticString, _ value: FastJSON) -> FastJSON? {
            let count = word.utf8CodeUnitCount
            guard offset + count <= bytes.count else { return nil }
            for index in 0..<count where bytes[offset + index] != word.utf8Start[index] { return nil }
            offset += count
            return value
        }

        /// The JSON number grammar, strictly.
        mutating func number() -> FastJSON? {
            let start = offset
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "-") { offset += 1 }
            guard offset < bytes.count, isDigit(bytes[offset]) else { return nil }
            if bytes[offset] == UInt8(ascii: "0") {
                offset += 1
            } else {
                while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
            }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: ".") {
                offset += 1
                guard offset < bytes.count, isDigit(bytes[offset]) else { return nil }
                while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
            }
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "e") || bytes[offset] == UInt8(ascii: "E") {
                offset += 1
                if offset < bytes.count, bytes[offset] == UInt8(ascii: "+") || bytes[offset] == UInt8(ascii: "-") { offset += 1 }
                guard offset < bytes.count, isDigit(bytes[offset]) else { return nil }
                while offset < bytes.count, isDigit(bytes[offset]) { offset += 1 }
            }
            return .number(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<offset]), as: UTF8.self))
        }

        func isDigit(_ byte: UInt8) -> Bool {
            byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
        }

        /// A string without escapes is taken as is; anything with an escape,
        /// a control character or invalid UTF-8 goes to JSONDecoder.
        mutating func string() -> String? {
            offset += 1
            let start = offset
            while offset < bytes.count {
                let byte = bytes[offset]
                if byte == UInt8(ascii: "\"") {
                    let slice = UnsafeBufferPointer(rebasing: bytes[start..<offset])
                    offset += 1
                    return FastJSON.validUTF8String(slice)
                }
                if byte == UInt8(ascii: "\\") || byte < 0x20 { return nil }
                offset += 1
            }
            return nil
        }

        mutating func array(depth: Int) -> FastJSON? {
            offset += 1
            var elements: [FastJSON] = []
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
                offset += 1
                return .array(elements)
            }
            while true {
                guard let element = value(depth: depth + 1) else { return nil }
                elements.append(element)
                skipWhitespace()
                guard offset < bytes.count else { return nil }
                let byte = bytes[offset]
                offset += 1
                if byte == UInt8(ascii: "]") { return .array(elements) }
                guard byte == UInt8(ascii: ",") else { return nil }
            }
        }

        mutating func object(depth: Int) -> FastJSON? {
            offset += 1
            var members: [(key: String, value: FastJSON)] = []
            skipWhitespace()
            if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
                offset += 1
                return .object(members)
            }
            // A route's payload object has a few members: one allocation.
            members.reserveCapacity(4)
            while true {
                skipWhitespace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\""), let key = string() else { return nil }
                // Which of two equal keys JSONDecoder keeps is its business.
                if members.contains(where: { $0.key == key }) { return nil }
                skipWhitespace()
                guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { return nil }
                offset += 1
                guard let member = value(depth: depth + 1) else { return nil }
                members.append((key, member))
                skipWhitespace()
                guard offset < bytes.count else { return nil }
                let byte = bytes[offset]
                offset += 1
                if byte == UInt8(ascii: "}") { return .object(members) }
                guard byte == UInt8(ascii: ",") else { return nil }
            }
        }
    }
}
