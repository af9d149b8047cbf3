// Why a document is not SwiftUI's `NavigationPath.CodableRepresentation`, a
// flat JSON array of an even number of strings, located by byte offset. One
// bad element is never one of these: it is a ``DroppedEntry``. Each code is
// one line of this table: its name, and the message it makes of the details an
// error of it was made with (`d["path"]`; an unlabelled one is `d[""]`).
extension NavStateError.Codes {
    /// The document is not valid UTF-8.
    public static var invalidUTF8: NavStateError.Code { .init("invalidUTF8") { d in "the representation is not valid UTF-8 (byte \(d["byteOffset"]))" } }
    /// The document is not valid JSON; `problem` says how ("expected ','
    /// or ']' after item 0", "an invalid escape \\q").
    public static var invalidJSON: NavStateError.Code { .init("invalidJSON") { d in "the representation is not valid JSON at byte \(d["byteOffset"]): \(d["problem"])" } }
    /// The document ended before its closing bracket.
    public static var truncated: NavStateError.Code { .init("truncated") { d in "the representation ends early at byte \(d["byteOffset"]); the file looks truncated" } }
    /// The top-level JSON value is not an array; `found` says what it is
    /// ("an object", "a number").
    public static var notAnArray: NavStateError.Code { .init("notAnArray") { d in "the representation must be a JSON array of strings, but it is \(d["found"])" } }
    /// An item of the array is not a string; `found` says what it is.
    public static var nonStringItem: NavStateError.Code { .init("nonStringItem") { d in "item \(d["index"]) of the representation is \(d["found"]); every item must be a string" } }
    /// The array holds an odd number of strings, so it is not a list of
    /// `[tag, payload]` pairs.
    public static var oddItemCount: NavStateError.Code { .init("oddItemCount") { d in "the representation has \(d[""]) strings; it must hold [tag, payload] pairs, so an even number" } }
}
