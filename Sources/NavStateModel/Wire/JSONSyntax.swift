/// Whether bytes are one JSON text by RFC 8259's grammar, and nothing more.
///
/// `JSONSerialization` also refuses numbers a `Double` cannot hold (`1e400`),
/// which are valid JSON: a payload holding one must be kept, and left to the
/// app's `Decodable` to judge.
package enum JSONSyntax {
    /// Nesting deeper than this is refused rather than risk the stack.
    static let maximumDepth = 512

    package static func isValid(_ text: String) -> Bool {
        var scanner = Scanner(bytes: Array(text.utf8))
        scanner.skipWhitespace()
        guard scanner.value(depth: 0) else { return false }
        scanner.skipWhitespace()
        return scanner.index == scanner.bytes.count
    }

    private struct Scanner {
        let bytes: [UInt8]
        var index = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
        }

        var current: UInt8? { index < bytes.count ? bytes[index] : nil }

        mutating func skipWhitespace() {
            while let byte = current, byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D { index += 1 }
        }

        mutating func value(depth: Int) -> Bool {
            guard depth < JSONSyntax.maximumDepth, let byte = current else { return false }
            switch byte {
            case UInt8(ascii: "{"): return container(close: UInt8(ascii: "}"), keyed: true, depth: depth)
            case UInt8(ascii: "["): return container(close: UInt8(ascii: "]"), keyed: false, depth: depth)
            case UInt8(ascii: "\""): return string()
            case UInt8(ascii: "t"): return literal("true")
            case UInt8(ascii: "f"): return literal("false")
            case UInt8(ascii: "n"): return literal("null")
            default: return number()
            }
        }

        mutating func container(close: UInt8, keyed: Bool, depth: Int) -> Bool {
            index += 1
            skipWhitespace()
            if current == close {
                index += 1
                return true
            }
            while true {
                skipWhitespace()
                if keyed {
                    guard current == UInt8(ascii: "\""), string() else { return false }
                    skipWhitespace()
                    guard current == UInt8(ascii: ":") else { return false }
                    index += 1
                    skipWhitespace()
                }
                guard value(depth: depth + 1) else { return false }
                skipWhitespace()
                if current == UInt8(ascii: ",") {
                    index += 1
                } else if current == close {
                    index += 1
                    return true
                } else {
                    return false
                }
            }
        }

        mutating func literal(_ word: String) -> Bool {
            for byte in word.utf8 {
                guard current == byte else { return false }
                index += 1
            }
            return true
        }

        mutating func string() -> Bool {
            index += 1
            while let byte = current {
                index += 1
                switch byte {
                case UInt8(ascii: "\""):
                    return true
                case UInt8(ascii: "\\"):
                    guard let escaped = current else { return false }
                    index += 1
                    if escaped == UInt8(ascii: "u") {
                        for _ in 0..<4 {
                            guard let hex = current, isHexDigit(hex) else { return false }
                            index += 1
                        }
                    } else if !"\"\\/bfnrt".utf8.contains(escaped) {
                        return false
                    }
                case 0x00..<0x20:
                    return false
                default:
                    continue
                }
            }
            return false
        }

        mutating func number() -> Bool {
            if current == UInt8(ascii: "-") { index += 1 }
            if current == UInt8(ascii: "0") {
                index += 1
            } else {
                guard digits() else { return false }
            }
            if current == UInt8(ascii: ".") {
                index += 1
                guard digits() else { return false }
            }
            if current == UInt8(ascii: "e") || current == UInt8(ascii: "E") {
                index += 1
                if current == UInt8(ascii: "+") || current == UInt8(ascii: "-") { index += 1 }
                guard digits() else { return false }
            }
            return true
        }

        /// One or more digits.
        mutating func digits() -> Bool {
            let start = index
            while let byte = current, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) { index += 1 }
            return index > start
        }

        func isHexDigit(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
                || (UInt8(ascii: "a")...UInt8(ascii: "f")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "F")).contains(byte)
        }
    }
}
