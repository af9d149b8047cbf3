public import Foundation

/// SwiftUI's `NavigationPath.CodableRepresentation` wire format: a flat JSON
/// array of strings `[tag, payload, tag, payload, …]`, the last-pushed element
/// first, each payload being the element's own JSON text.
///
/// ```swift
/// let entries = try PathRepresentation.entries(from: data)   // push order
/// let bytes = PathRepresentation.encode(entries)             // same bytes back
/// ```
///
/// Reading keeps every payload's text verbatim, and writing escapes exactly as
/// `JSONEncoder` does, so decoding a file SwiftUI wrote and encoding it again
/// gives the same bytes. See `docs/format.md`.
public enum PathRepresentation {
    /// The entries of a representation, in push order (bottom of the stack
    /// first). A tag of the form `name@N` is read as tag `name`, version `N`.
    ///
    /// - Throws: ``NavStateError`` saying what is wrong when the document is
    ///   not a flat array of an even number of strings.
    public static func entries(from data: some Collection<UInt8>) throws(NavStateError) -> [NavEntry] {
        let strings = try JSONStringArrayReader.strings(in: data)
        guard let entries = entries(fromStrings: strings) else {
            throw .oddItemCount(strings.count)
        }
        return entries
    }

    /// The last `count` entries pushed, in push order, and how many the
    /// representation holds; only their pairs are decoded (they come first).
    /// What reading a push onto a long path costs: the rest is scanned, not
    /// decoded.
    ///
    /// - Throws: ``NavStateError`` when the document is not a flat array
    ///   of an even number of strings.
    package static func lastPushed(_ count: Int, in data: some Collection<UInt8>) throws(NavStateError) -> (entries: [NavEntry], total: Int) {
        // A count no document can hold (one from a hostile caller) keeps
        // every string rather than overflow: the total then says it is
        // more than the document has.
        let (doubled, overflow) = max(0, count).multipliedReportingOverflow(by: 2)
        let (strings, stringCount) = try JSONStringArrayReader.leadingStrings(overflow ? Int.max : doubled, in: Array(data))
        guard stringCount.isMultiple(of: 2), let leading = entries(fromStrings: strings) else {
            throw .oddItemCount(stringCount)
        }
        return (leading, stringCount / 2)
    }

    /// The representation of entries given in push order: last-pushed first,
    /// each tag written as ``NavEntry/wireTag``.
    public static func encode(_ entries: some BidirectionalCollection<NavEntry>) -> Data {
        Data(JSONStringArrayWriter.write(strings(for: entries)))
    }

    // MARK: The pair codec, shared with scene JSON

    /// The `[tag, payload, …]` strings of entries given in push order,
    /// last-pushed first.
    package static func strings(for entries: some BidirectionalCollection<NavEntry>) -> [String] {
        var strings: [String] = []
        strings.reserveCapacity(entries.count * 2)
        let ordered = Array(entries)
        for index in ordered.indices {
            // The order is its own inverse: pair i holds push position i's mirror.
            let entry = ordered[pair(atPushPosition: index, of: ordered.count)]
            strings.append(entry.wireTag)
            strings.append(entry.payload)
        }
        return strings
    }

    /// The entries, in push order, of `[tag, payload, …]` strings written
    /// last-pushed first; `nil` when the strings are not pairs.
    package static func entries(fromStrings strings: [String]) -> [NavEntry]? {
        guard strings.count.isMultiple(of: 2) else { return nil }
        let count = strings.count / 2
        return (0..<count).map { position in
            let pair = pair(atPushPosition: position, of: count)
            return NavEntry(wireTag: strings[2 * pair], payload: strings[2 * pair + 1])
        }
    }

    /// Which pair of a representation of `count` pairs holds the element at
    /// `position` in push order (0 = bottom): the last-pushed pair comes
    /// first. The one place that order is written.
    package static func pair(atPushPosition position: Int, of count: Int) -> Int {
        count - 1 - position
    }
}
