/// What is wrong with JSON that is not valid.
package enum JSONProblem: Sendable, Hashable, CustomStringConvertible {
    /// A byte that cannot start or continue the value there.
    case unexpectedCharacter(UInt8)
    /// An item of the array is not followed by `,` or `]`.
    case missingSeparator(afterItem: Int)
    /// Something follows the array's closing bracket.
    case contentAfterArray
    /// A raw control character inside a string.
    case controlCharacterInString
    /// `\` followed by this byte, which starts no escape.
    case invalidEscape(UInt8)
    /// `\u` not followed by four hex digits.
    case notFourHexDigits
    /// A `\u` high surrogate with no low surrogate after it.
    case highSurrogateAlone
    /// A `\u` high surrogate followed by this code unit, which is no low surrogate.
    case highSurrogateFollowedBy(UInt16)
    /// A `\u` low surrogate with no high surrogate before it.
    case lowSurrogateAlone

    package var description: String {
        switch self {
        case let .unexpectedCharacter(byte): "unexpected character \(Self.show(byte))"
        case let .missingSeparator(item): "expected ',' or ']' after item \(item)"
        case .contentAfterArray: "unexpected content after the closing bracket"
        case .controlCharacterInString: "unescaped control character in a string"
        case let .invalidEscape(byte): "an invalid escape \\\(Self.show(byte))"
        case .notFourHexDigits: "a \\u escape needs four hex digits"
        case .highSurrogateAlone: "a high surrogate without its low surrogate"
        case let .highSurrogateFollowedBy(low): "a high surrogate followed by \\u\(String(low, radix: 16))"
        case .lowSurrogateAlone: "a low surrogate without its high surrogate"
        }
    }

    private static func show(_ byte: UInt8) -> String {
        (0x21...0x7E).contains(byte) ? "'\(Character(Unicode.Scalar(byte)))'" : "0x\(String(byte, radix: 16))"
    }
}

/// The kind of a JSON value, by the byte it starts with.
package enum JSONKind: String, Sendable, Hashable, CustomStringConvertible {
    /// `{`…
    case object
    /// `[`…
    case array
    /// `"`…
    case string
    /// `true` or `false`.
    case boolean
    /// `null`.
    case null
    /// `-` or a digit.
    case number

    package var description: String {
        switch self {
        case .object: "an object"
        case .array: "an array"
        case .string: "a string"
        case .boolean: "a boolean"
        case .null: "null"
        case .number: "a number"
        }
    }
}
