extension WireFormatError {
    /// What kind of failure an error is: compare it with `==`, or match it
    /// in a `catch` (`catch WireFormatError.invalidUTF8 { … }`). Kinds are added in later
    /// releases; a `switch` over codes keeps a `default`.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        /// The kind's name, as its static member spells it (`invalidUTF8`).
        public let name: String

        init(_ name: String) { self.name = name }

        public var description: String { name }

        /// The code of ``WireFormatError/invalidUTF8(byteOffset:)``.
        public static let invalidUTF8 = Code("invalidUTF8")
        /// The code of ``WireFormatError/invalidJSON(byteOffset:problem:)``.
        public static let invalidJSON = Code("invalidJSON")
        /// The code of ``WireFormatError/truncated(byteOffset:)``.
        public static let truncated = Code("truncated")
        /// The code of ``WireFormatError/notAnArray(found:)``.
        public static let notAnArray = Code("notAnArray")
        /// The code of ``WireFormatError/nonStringItem(index:found:)``.
        public static let nonStringItem = Code("nonStringItem")
        /// The code of ``WireFormatError/oddItemCount(_:)``.
        public static let oddItemCount = Code("oddItemCount")

        /// Whether `error` is a `WireFormatError` of this code: `catch WireFormatError.invalidUTF8 { … }`.
        public static func ~= (code: Code, error: any Error) -> Bool {
            (error as? WireFormatError)?.code == code
        }
    }

    /// What kind of failure this is.
    public var code: Code {
        switch kind {
        case .invalidUTF8: .invalidUTF8
        case .invalidJSON: .invalidJSON
        case .truncated: .truncated
        case .notAnArray: .notAnArray
        case .nonStringItem: .nonStringItem
        case .oddItemCount: .oddItemCount
        }
    }

    /// Whether `error` is of this code, in a `switch` over an error.
    public static func ~= (code: Code, error: WireFormatError) -> Bool {
        error.code == code
    }

    /// Whether `error` is this very error, in a `catch`: `catch WireFormatError.invalidUTF8(…)`.
    public static func ~= (pattern: WireFormatError, error: any Error) -> Bool {
        (error as? WireFormatError) == pattern
    }
}

extension WireFormatError {
    /// The document is not valid UTF-8.
    public static func invalidUTF8(byteOffset: Int) -> WireFormatError {
        WireFormatError(kind: .invalidUTF8(byteOffset: byteOffset))
    }

    /// The code of ``invalidUTF8(byteOffset:)``, for a `catch` pattern.
    public static let invalidUTF8 = Code.invalidUTF8

    /// The document is not valid JSON; `problem` says how ("expected ','
    /// or ']' after item 0", "an invalid escape \\q").
    public static func invalidJSON(byteOffset: Int, problem: String) -> WireFormatError {
        WireFormatError(kind: .invalidJSON(byteOffset: byteOffset, problem: problem))
    }

    /// The code of ``invalidJSON(byteOffset:problem:)``, for a `catch` pattern.
    public static let invalidJSON = Code.invalidJSON

    /// The document ended before its closing bracket.
    public static func truncated(byteOffset: Int) -> WireFormatError {
        WireFormatError(kind: .truncated(byteOffset: byteOffset))
    }

    /// The code of ``truncated(byteOffset:)``, for a `catch` pattern.
    public static let truncated = Code.truncated

    /// The top-level JSON value is not an array; `found` says what it is
    /// ("an object", "a number").
    public static func notAnArray(found: String) -> WireFormatError {
        WireFormatError(kind: .notAnArray(found: found))
    }

    /// The code of ``notAnArray(found:)``, for a `catch` pattern.
    public static let notAnArray = Code.notAnArray

    /// An item of the array is not a string; `found` says what it is.
    public static func nonStringItem(index: Int, found: String) -> WireFormatError {
        WireFormatError(kind: .nonStringItem(index: index, found: found))
    }

    /// The code of ``nonStringItem(index:found:)``, for a `catch` pattern.
    public static let nonStringItem = Code.nonStringItem

    /// The array holds an odd number of strings, so it is not a list of
    /// `[tag, payload]` pairs.
    public static func oddItemCount(_ value: Int) -> WireFormatError {
        WireFormatError(kind: .oddItemCount(value))
    }

    /// The code of ``oddItemCount(_:)``, for a `catch` pattern.
    public static let oddItemCount = Code.oddItemCount
}
