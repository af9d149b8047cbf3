import Foundation

/// The ranges the numbers in a NavState file fall in.
///
/// Every number read from the file is input (a damaged flash block, a
/// person with `sqlite3`, another program): it is checked against its range
/// where it is read, and one outside it is damage with a reason, handled like
/// any other damaged row. Inside these ranges, the store's arithmetic (a
/// revision plus one, two revisions' difference, bytes added up) cannot
/// overflow, so no value in a file can make it trap.
enum StoredRange {
    /// Revision numbers: a scene's first save is 1. 2^52 saves is far more
    /// than a scene makes, and leaves room to add and subtract.
    /// Statements that choose rows by number spell it out as
    /// `BETWEEN 1 AND 4503599627370496` (their SQL is a literal);
    /// `StoredRangeTests` keeps the two equal.
    static let revision = 1...(1 << 52)
    /// Scene ids (`scene.id`, and the `scene_id` of every row): the file's
    /// own numbering starts at 1. A scene with another id is damaged; new
    /// scenes never take one (`RevisionTable.insertScene`).
    static let sceneID = 1...(1 << 52)
    /// `scene.kept_revisions`: how many revisions the history holds.
    static let keptRevisions = 1...(1 << 31)
    /// Byte counts (`chain_bytes`, `byte_count`).
    static let bytes = 0...(1 << 52)
    /// Entry and presentation counts of a revision row.
    static let count = 0...(1 << 31)
    /// Seconds since 1970 of a row's time (`saved_at`, `created_at`): up to
    /// the end of the year 9999.
    static let seconds = 0...253_402_300_799.0

    /// A time read from the file. One out of range (1e308, negative, NaN)
    /// is read as 1970-01-01: shown as that, never as year 506713, and as
    /// old as can be to a restore's `maximumAge`, so it expires rather than
    /// escaping it.
    static func date(_ seconds: Double) -> Date {
        Date(timeIntervalSince1970: StoredRange.seconds.contains(seconds) ? seconds : 0)
    }

    /// Slots of a change: 0 the root stack, ±k presentation k.
    static let slot = -(1 << 31)...(1 << 31)

}
