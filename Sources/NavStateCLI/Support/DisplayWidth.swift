/// How many terminal columns text takes: 2 for East Asian wide and
/// fullwidth characters and for emoji, 0 for combining marks and other
/// zero-width scalars, 1 otherwise; counted per character (grapheme
/// cluster), so a flag or a family emoji is one wide character.
///
/// The wide ranges are Unicode's East Asian Width W and F classes
/// (UAX #11) as terminals apply them; emoji are the scalars whose
/// `Emoji_Presentation` property is set, or that a variation selector 16
/// asks to be shown as emoji.
enum DisplayWidth {
    static func of(_ text: String) -> Int {
        // ASCII, by far the most common, is one column per byte.
        if text.utf8.allSatisfy({ $0 < 0x80 }) { return text.utf8.count }
        return text.reduce(0) { $0 + width(of: $1) }
    }

    static func width(of character: Character) -> Int {
        let scalars = character.unicodeScalars
        guard let first = scalars.first else { return 0 }
        if scalars.contains(where: { $0.properties.isEmojiPresentation || $0.value == 0xFE0F }) { return 2 }
        if isWide(first.value) { return 2 }
        if isZeroWidth(first) { return 0 }
        return 1
    }

    private static func isZeroWidth(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return true
        default: return scalar.value == 0x200B
        }
    }

    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
        0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
        0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
        0x1F300...0x1F64F, 0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD,
    ]

    private static func isWide(_ value: UInt32) -> Bool {
        wideRanges.contains { $0.contains(value) }
    }
}
