/// Whether bytes are one JSON text by RFC 8259's grammar, and nothing more.
///
/// `JSONSerialization` also refuses numbers a `Double` cannot hold (`1e400`),
/// which are valid JSON: a payload holding one must be kept, and left to the
/// app's `Decodable` to judge.
package enum JSONSyntax {
    /// Nesting deeper than this is refused rather than risk the stack.
    static let maximumDepth = 512

    package static func isValid(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            var scanner = JSONScanner(bytes)
            scanner.skipWhitespace()
            guard value(&scanner, depth: 0) else { return false }
            scanner.skipWhitespace()
            return scanner.isAtEnd
        }
    }

    private static func value(_ scanner: inout JSONScanner, depth: Int) -> Bool {
        guard depth < maximumDepth, let byte = scanner.peek() else { return false }
        switch byte {
        case UInt8(ascii: "{"): return container(&scanner, close: UInt8(ascii: "}"), keyed: true, depth: depth)
        case UInt8(ascii: "["): return container(&scanner, close: UInt8(ascii: "]"), keyed: false, depth: depth)
        case UInt8(ascii: "\""): return scanner.skipString()
        case UInt8(ascii: "t"): return scanner.literal("true")
        case UInt8(ascii: "f"): return scanner.literal("false")
        case UInt8(ascii: "n"): return scanner.literal("null")
        default: return scanner.number()
        }
    }

    private static func container(_ scanner: inout JSONScanner, close: UInt8, keyed: Bool, depth: Int) -> Bool {
        scanner.offset += 1
        scanner.skipWhitespace()
        if scanner.peek() == close {
            scanner.offset += 1
            return true
        }
        while true {
            scanner.skipWhitespace()
            if keyed {
                guard scanner.peek() == UInt8(ascii: "\""), scanner.skipString() else { return false }
                scanner.skipWhitespace()
                guard scanner.peek() == UInt8(ascii: ":") else { return false }
                scanner.offset += 1
                scanner.skipWhitespace()
            }
            guard value(&scanner, depth: depth + 1) else { return false }
            scanner.skipWhitespace()
            if scanner.peek() == UInt8(ascii: ",") {
                scanner.offset += 1
            } else if scanner.peek() == close {
                scanner.offset += 1
                return true
            } else {
                return false
            }
        }
    }
}
