/// One saved element of a stack, as it sits in a file or a database.
///
/// An entry is not decoded: it is the type tag, the payload version, and the
/// payload's JSON text exactly as it was encoded. Keeping the text verbatim is
/// what makes an export after an import byte-identical.
public struct NavEntry: Hashable, Sendable, CustomStringConvertible {
    /// The type tag as it was written: a stable name, an alias, a
    /// SwiftUI-qualified name (`Swift.Int`) or a mangled name (`Si`).
    public var tag: String
    /// The payload version, or `nil` when the source format did not carry one
    /// (SwiftUI's own representation never does). See ``DestinationRegistry``
    /// for how a missing version is read.
    public var version: Int?
    /// The destination's JSON text.
    public var payload: String

    /// An entry with the given tag, payload version and payload text.
    public init(tag: String, version: Int? = nil, payload: String) {
        self.tag = tag
        self.version = version
        self.payload = payload
    }

    /// The tag as written in the wire format: `tag`, or `tag@version` when the
    /// entry carries a version.
    ///
    /// A tag written as `orders.detail@2` is read back as tag `orders.detail`
    /// and version 2, so ``wireTag`` reproduces what was read exactly.
    public var wireTag: String {
        guard let version else { return tag }
        return "\(tag)@\(version)"
    }

    /// Splits a wire tag such as `orders.detail@2` into its tag and version.
    ///
    /// A tag whose text after the last `@` is not a positive decimal number is
    /// taken whole, with no version.
    public init(wireTag: String, payload: String) {
        if let at = wireTag.lastIndex(of: "@") {
            let digits = wireTag[wireTag.index(after: at)...]
            if !digits.isEmpty, digits.utf8.count <= 9,
               digits.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }),
               digits.utf8.first != UInt8(ascii: "0"),
               let version = Int(digits), at != wireTag.startIndex {
                self.init(tag: String(wireTag[..<at]), version: version, payload: payload)
                return
            }
        }
        self.init(tag: wireTag, version: nil, payload: payload)
    }

    public var description: String {
        "\(wireTag) \(payload)"
    }
}
