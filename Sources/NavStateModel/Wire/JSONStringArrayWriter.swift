/// Writes a flat JSON array of strings byte for byte as Foundation's
/// `JSONEncoder` does by default, which is how SwiftUI writes
/// `NavigationPath.CodableRepresentation`.
///
/// `JSONEncoder` escapes `"`, `\` and `/` (as `\/`), writes `\b \f \n \r \t`
/// for those controls and `\u00XX` (lowercase hex) for the other controls, and
/// leaves every other character, non-ASCII included, as raw UTF-8. Matching
/// that exactly is what makes a SwiftUI file come back byte-identical.
package enum JSONStringArrayWriter {
    static func write(_ strings: [String]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(strings.reduce(2) { $0 + $1.utf8.count + 3 })
        output.append(UInt8(ascii: "["))
        for (index, string) in strings.enumerated() {
            if index > 0 { output.append(UInt8(ascii: ",")) }
            appendString(string, to: &output)
        }
        output.append(UInt8(ascii: "]"))
        return output
    }

    private static let hexDigits = Array("0123456789abcdef".utf8)

    /// - Parameter escapingSlashes: `false` writes `/` as it is, as
    ///   `JSONEncoder` with `.withoutEscapingSlashes` does.
    package static func appendString(_ string: String, to output: inout [UInt8], escapingSlashes: Bool = true) {
        output.append(UInt8(ascii: "\""))
        // Most strings (tags, names, identifiers) need no escape: copied whole.
        let plain = string.utf8.allSatisfy { byte in
            byte >= 0x20 && byte != UInt8(ascii: "\"") && byte != UInt8(ascii: "\\") && (byte != UInt8(ascii: "/") || !escapingSlashes)
        }
        if plain {
            output.append(contentsOf: string.utf8)
            output.append(UInt8(ascii: "\""))
            return
        }
        for byte in string.utf8 {
            switch byte {
            case UInt8(ascii: "\""): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\"")])
            case UInt8(ascii: "\\"): output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "\\")])
            case UInt8(ascii: "/") where escapingSlashes: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "/")])
            case 0x08: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "b")])
            case 0x0C: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "f")])
            case 0x0A: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "n")])
            case 0x0D: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "r")])
            case 0x09: output.append(contentsOf: [UInt8(ascii: "\\"), UInt8(ascii: "t")])
            case 0..<0x20:
                output.append(contentsOf: Array("\\u00".utf8))
                output.append(hexDigits[Int(byte >> 4)])
                output.append(hexDigits[Int(byte & 0x0F)])
            default:
                output.append(byte)
            }
        }
        output.append(UInt8(ascii: "\""))
    }
}
