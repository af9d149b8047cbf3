/// Why a document is not SwiftUI's `NavigationPath.CodableRepresentation`:
/// a flat JSON array of an even number of strings.
///
/// One bad element is never this error: it is a ``DroppedEntry``. This is the
/// document as a whole being unreadable, located by byte offset.
public enum WireFormatError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The document is not valid UTF-8.
    case invalidUTF8(byteOffset: Int)
    /// The document is not valid JSON.
    case invalidJSON(byteOffset: Int, reason: String)
    /// The document ended before its closing bracket.
    case truncated(byteOffset: Int)
    /// The top-level JSON value is not an array.
    case notAnArray(found: String)
    /// An item of the array is not a string.
    case nonStringItem(index: Int, found: String)
    /// The array holds an odd number of strings, so it is not a list of
    /// `[tag, payload]` pairs.
    case oddItemCount(Int)

    public var description: String {
        switch self {
        case let .invalidUTF8(offset):
            "the representation is not valid UTF-8 (byte \(offset))"
        case let .invalidJSON(offset, reason):
            "the representation is not valid JSON at byte \(offset): \(reason)"
        case let .truncated(offset):
            "the representation ends early at byte \(offset); the file looks truncated"
        case let .notAnArray(found):
            "the representation must be a JSON array of strings, but it is \(found)"
        case let .nonStringItem(index, found):
            "item \(index) of the representation is \(found); every item must be a string"
        case let .oddItemCount(count):
            "the representation has \(count) strings; it must hold [tag, payload] pairs, so an even number"
        }
    }
}
