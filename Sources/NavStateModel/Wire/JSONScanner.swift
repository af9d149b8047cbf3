/// The JSON grammar's tokens, read from bytes one at a time: the one byte
/// scanner under the wire format's array reader (`JSONStringArrayReader`),
/// the payload syntax check (`JSONSyntax`) and the fast payload decoder
/// (`FastJSON`). Each of those walks values its own way (a flat array with
/// an error per mistake; a yes or no; a tree, giving up on anything
/// unusual); what a token is, they learn here.
///
/// Never reads past its bytes, never recurses, and allocates only to decode
/// a string's escapes.
struct JSONScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    /// The next byte to read.
    var offset = 0

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
    }

    var isAtEnd: Bool { offset >= bytes.count }

    /// The byte `distance` past the next one, if there is one.
    func peek(at distance: Int = 0) -> UInt8? {
        let index = offset + distance
        return index < bytes.count ? bytes[index] : nil
    }

    mutating func skipWhitespace() {
        while offset < bytes.count {
            switch bytes[offset] {
            case 0x20, 0x09, 0x0A, 0x0D: offset += 1
            default: return
            }
        }
    }

    /// Reads `word` (`true`, `false`, `null`) if it comes next.
    mutating func literal(_ word: StaticString) -> Bool {
        let count = word.utf8CodeUnitCount
        guard offset + count <= bytes.count else { return false }
        for index in 0..<count where bytes[offset + index] != word.utf8Start[index] { return false }
        offset += count
        return true
    }

    /// Reads a number by the grammar, strictly (no leading zeros, no `+`,
    /// digits after `.` and `e`); false when what comes next is not one.
    mutating func number() -> Bool {
        if peek() == UInt8(ascii: "-") { offset += 1 }
        guard let first = peek(), Self.isDigit(first) else { return false }
        offset += 1
        if first != UInt8(ascii: "0") { skipDigits() }
        if peek() == UInt8(ascii: ".") {
            offset += 1
            guard let digit = peek(), Self.isDigit(digit) else { return false }
            skipDigits()
        }
        if peek() == UInt8(ascii: "e") || peek() == UInt8(ascii: "E") {
            offset += 1
            if peek() == UInt8(ascii: "+") || peek() == UInt8(ascii: "-") { offset += 1 }
            guard let digit = peek(), Self.isDigit(digit) else { return false }
            skipDigits()
        }
        return true
    }

    private mutating func skipDigits() {
        while offset < bytes.count, Self.isDigit(bytes[offset]) { offset += 1 }
    }

    /// A string literal read by ``string()``: the bytes between its quotes,
    /// and whether they hold an escape (then ``unescaped(_:)`` gives its value).
    struct StringLiteral {
        var content: Range<Int>
        var hasEscapes: Bool
    }

    /// Why bytes are not a string literal, and where: `problem` is `nil`
    /// when they end inside it.
    struct Failure: Error {
        var offset: Int
        var problem: JSONProblem?
    }

    /// Reads the string literal whose opening quote is next, checking it
    /// against the grammar: every escape one of `\" \\ \/ \b \f \n \r \t`
    /// or `\u` with four hex digits, no raw control character. Surrogates
    /// are not paired here (the grammar allows a lone one); ``unescaped(_:)``
    /// pairs them.
    mutating func string() throws(Failure) -> StringLiteral {
        offset += 1
        let start = offset
        var hasEscapes = false
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte == UInt8(ascii: "\"") {
                offset += 1
                return StringLiteral(content: start..<(offset - 1), hasEscapes: hasEscapes)
            }
            if byte == UInt8(ascii: "\\") {
                hasEscapes = true
                let escape = offset
                offset += 1
                guard let escaped = peek() else { throw Failure(offset: offset, problem: nil) }
                offset += 1
                if escaped == UInt8(ascii: "u") {
                    for _ in 0..<4 {
                        guard let hex = peek() else { throw Failure(offset: offset, problem: nil) }
                        guard Self.hexValue(hex) != nil else { throw Failure(offset: offset, problem: .notFourHexDigits) }
                        offset += 1
                    }
                } else if Self.simpleEscape(escaped) == nil {
                    throw Failure(offset: escape, problem: .invalidEscape(escaped))
                }
                continue
            }
            if byte < 0x20 { throw Failure(offset: offset, problem: .controlCharacterInString) }
            offset += 1
        }
        throw Failure(offset: offset, problem: nil)
    }

    /// Reads the string literal whose opening quote is next; false when it
    /// is not one by the grammar.
    mutating func skipString() -> Bool {
        do {
            _ = try string()
            return true
        } catch {
            return false
        }
    }

    /// The value of a string literal ``string()`` read that holds escapes:
    /// its UTF-8 with each escape decoded and surrogate pairs joined.
    ///
    /// - Throws: A lone or mismatched surrogate, at its escape's offset.
    func unescaped(_ literal: StringLiteral) throws(Failure) -> [UInt8] {
        var decoded: [UInt8] = []
        decoded.reserveCapacity(literal.content.count)
        var index = literal.content.lowerBound
        let end = literal.content.upperBound
        func hex4(at position: Int) -> UInt16 {
            // `string()` checked the four digits.
            (0..<4).reduce(0) { $0 << 4 | UInt16(Self.hexValue(bytes[position + $1]) ?? 0) }
        }
        while index < end {
            let byte = bytes[index]
            guard byte == UInt8(ascii: "\\") else {
                decoded.append(byte)
                index += 1
                continue
            }
            let escaped = bytes[index + 1]
            if let simple = Self.simpleEscape(escaped) {
                decoded.append(simple)
                index += 2
                continue
            }
            // `\u`: checked by `string()`.
            let unit = hex4(at: index + 2)
            var scalarValue = UInt32(unit)
            var length = 6
            if (0xD800...0xDBFF).contains(unit) {
                guard index + 12 <= end, bytes[index + 6] == UInt8(ascii: "\\"), bytes[index + 7] == UInt8(ascii: "u") else {
                    throw Failure(offset: index, problem: .highSurrogateAlone)
                }
                let low = hex4(at: index + 8)
                guard (0xDC00...0xDFFF).contains(low) else {
                    throw Failure(offset: index, problem: .highSurrogateFollowedBy(low))
                }
                scalarValue = 0x10000 + ((UInt32(unit) - 0xD800) << 10) + (UInt32(low) - 0xDC00)
                length = 12
            } else if (0xDC00...0xDFFF).contains(unit) {
                throw Failure(offset: index, problem: .lowSurrogateAlone)
            }
            // Every value left is a scalar: surrogates were handled above.
            if let scalar = Unicode.Scalar(scalarValue), let encoded = UTF8.encode(scalar) {
                decoded.append(contentsOf: encoded)
            }
            index += length
        }
        return decoded
    }

    /// The byte `\` and `escaped` stand for, for every escape but `\u`.
    static func simpleEscape(_ escaped: UInt8) -> UInt8? {
        switch escaped {
        case UInt8(ascii: "\""): UInt8(ascii: "\"")
        case UInt8(ascii: "\\"): UInt8(ascii: "\\")
        case UInt8(ascii: "/"): UInt8(ascii: "/")
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    static func isDigit(_ byte: UInt8) -> Bool {
        byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")
    }

    static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): byte - UInt8(ascii: "A") + 10
        default: nil
        }
    }

    /// What a JSON value starting with this byte is, for error messages.
    static func kind(startingWith byte: UInt8) -> JSONKind? {
        switch byte {
        case UInt8(ascii: "{"): .object
        case UInt8(ascii: "["): .array
        case UInt8(ascii: "\""): .string
        case UInt8(ascii: "t"), UInt8(ascii: "f"): .boolean
        case UInt8(ascii: "n"): .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): .number
        default: nil
        }
    }
}
