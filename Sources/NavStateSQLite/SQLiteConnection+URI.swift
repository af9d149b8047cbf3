extension SQLiteConnection {
    private static let hexDigits = Array("0123456789ABCDEF".unicodeScalars)

    /// `file:` URI for a path, every byte outside the unreserved set and `/`
    /// percent-encoded (sqlite.org/uri.html).
    package static func uri(forPath path: String) -> String {
        var uri = path.hasPrefix("/") ? "file://" : "file:"
        for byte in path.utf8 {
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
                 UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."),
                 UInt8(ascii: "_"), UInt8(ascii: "~"), UInt8(ascii: "/"):
                uri.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                uri.unicodeScalars.append("%")
                uri.unicodeScalars.append(hexDigits[Int(byte >> 4)])
                uri.unicodeScalars.append(hexDigits[Int(byte & 0x0F)])
            }
        }
        return uri
    }
}
