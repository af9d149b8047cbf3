extension NavStateError.Code {
    /// The code of ``NavStateError/invalidUTF8(byteOffset:)``.
    public static let invalidUTF8 = Self("invalidUTF8")
    /// The code of ``NavStateError/invalidJSON(byteOffset:problem:)``.
    public static let invalidJSON = Self("invalidJSON")
    /// The code of ``NavStateError/truncated(byteOffset:)``.
    public static let truncated = Self("truncated")
    /// The code of ``NavStateError/notAnArray(found:)``.
    public static let notAnArray = Self("notAnArray")
    /// The code of ``NavStateError/nonStringItem(index:found:)``.
    public static let nonStringItem = Self("nonStringItem")
    /// The code of ``NavStateError/oddItemCount(_:)``.
    public static let oddItemCount = Self("oddItemCount")
}

extension NavStateError {
    /// The document is not valid UTF-8.
    public static func invalidUTF8(byteOffset: Int) -> NavStateError {
        NavStateError(kind: WireFormatFailure.invalidUTF8(byteOffset: byteOffset))
    }

    /// The code of ``invalidUTF8(byteOffset:)``, for a `catch` pattern.
    public static let invalidUTF8 = Code.invalidUTF8

    /// The document is not valid JSON; `problem` says how ("expected ','
    /// or ']' after item 0", "an invalid escape \\q").
    public static func invalidJSON(byteOffset: Int, problem: String) -> NavStateError {
        NavStateError(kind: WireFormatFailure.invalidJSON(byteOffset: byteOffset, problem: problem))
    }

    /// The code of ``invalidJSON(byteOffset:problem:)``, for a `catch` pattern.
    public static let invalidJSON = Code.invalidJSON

    /// The document ended before its closing bracket.
    public static func truncated(byteOffset: Int) -> NavStateError {
        NavStateError(kind: WireFormatFailure.truncated(byteOffset: byteOffset))
    }

    /// The code of ``truncated(byteOffset:)``, for a `catch` pattern.
    public static let truncated = Code.truncated

    /// The top-level JSON value is not an array; `found` says what it is
    /// ("an object", "a number").
    public static func notAnArray(found: String) -> NavStateError {
        NavStateError(kind: WireFormatFailure.notAnArray(found: found))
    }

    /// The code of ``notAnArray(found:)``, for a `catch` pattern.
    public static let notAnArray = Code.notAnArray

    /// An item of the array is not a string; `found` says what it is.
    public static func nonStringItem(index: Int, found: String) -> NavStateError {
        NavStateError(kind: WireFormatFailure.nonStringItem(index: index, found: found))
    }

    /// The code of ``nonStringItem(index:found:)``, for a `catch` pattern.
    public static let nonStringItem = Code.nonStringItem

    /// The array holds an odd number of strings, so it is not a list of
    /// `[tag, payload]` pairs.
    public static func oddItemCount(_ value: Int) -> NavStateError {
        NavStateError(kind: WireFormatFailure.oddItemCount(value))
    }

    /// The code of ``oddItemCount(_:)``, for a `catch` pattern.
    public static let oddItemCount = Code.oddItemCount
}
