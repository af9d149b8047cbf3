/// A parsed JSON document for ``FastPayloadDecoder``: just enough structure
/// to decode route payloads, with numbers kept as their literal text.
///
/// Not `indirect`: arrays already hold nested values out of line, and an
/// indirect case would cost a heap box for every value parsed.
package enum FastJSON {
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
    package static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> FastJSON? {
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

    /// Walks the values ``JSONScanner`` reads, giving up (`nil`) on
    /// anything a route payload does not need: escapes, duplicate keys,
    /// deep nesting.
    private struct Parser {
        var scanner: JSONScanner

        init(bytes: UnsafeBufferPointer<UInt8>) {
            scanner = JSONScanner(bytes)
        }

        /// Deeper documents go to JSONDecoder, which has its own limit.
        static let maximumDepth = 64

        var offset: Int { scanner.offset }

        mutating func skipWhitespace() { scanner.skipWhitespace() }

        mutating func value(depth: Int) -> FastJSON? {
            guard depth < Self.maximumDepth else { return nil }
            scanner.skipWhitespace()
            guard let byte = scanner.peek() else { return nil }
            switch byte {
            case UInt8(ascii: "{"): return object(depth: depth)
            case UInt8(ascii: "["): return array(depth: depth)
            case UInt8(ascii: "\""): return string().map(FastJSON.string)
            case UInt8(ascii: "t"): return scanner.literal("true") ? .bool(true) : nil
            case UInt8(ascii: "f"): return scanner.literal("false") ? .bool(false) : nil
            case UInt8(ascii: "n"): return scanner.literal("null") ? .null : nil
            default:
                let start = scanner.offset
                guard scanner.number() else { return nil }
                return .number(String(decoding: UnsafeBufferPointer(rebasing: scanner.bytes[start..<scanner.offset]), as: UTF8.self))
            }
        }

        /// A string without escapes is taken as is; anything with an escape,
        /// a control character or invalid UTF-8 goes to JSONDecoder.
        mutating func string() -> String? {
            guard let literal = try? scanner.string(), !literal.hasEscapes else { return nil }
            return FastJSON.validUTF8String(UnsafeBufferPointer(rebasing: scanner.bytes[literal.content]))
        }

        /// The next byte, read.
        mutating func next() -> UInt8? {
            guard let byte = scanner.peek() else { return nil }
            scanner.offset += 1
            return byte
        }

        mutating func array(depth: Int) -> FastJSON? {
            scanner.offset += 1
            var elements: [FastJSON] = []
            scanner.skipWhitespace()
            if scanner.peek() == UInt8(ascii: "]") {
                scanner.offset += 1
                return .array(elements)
            }
            while true {
                guard let element = value(depth: depth + 1) else { return nil }
                elements.append(element)
                scanner.skipWhitespace()
                switch next() {
                case UInt8(ascii: "]"): return .array(elements)
                case UInt8(ascii: ","): continue
                default: return nil
                }
            }
        }

        mutating func object(depth: Int) -> FastJSON? {
            scanner.offset += 1
            var members: [(key: String, value: FastJSON)] = []
            scanner.skipWhitespace()
            if scanner.peek() == UInt8(ascii: "}") {
                scanner.offset += 1
                return .object(members)
            }
            // A route's payload object has a few members: one allocation.
            members.reserveCapacity(4)
            while true {
                scanner.skipWhitespace()
                guard scanner.peek() == UInt8(ascii: "\""), let key = string() else { return nil }
                // Which of two equal keys JSONDecoder keeps is its business.
                if members.contains(where: { $0.key == key }) { return nil }
                scanner.skipWhitespace()
                guard next() == UInt8(ascii: ":") else { return nil }
                guard let member = value(depth: depth + 1) else { return nil }
                members.append((key, member))
                scanner.skipWhitespace()
                switch next() {
                case UInt8(ascii: "}"): return .object(members)
                case UInt8(ascii: ","): continue
                default: return nil
                }
            }
        }
    }
}
