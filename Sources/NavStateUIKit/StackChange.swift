// The decisions of the UIKit coordinators, platform-neutral and tested on
// Linux; the UIKit files only carry them out.
import NavStateModel

/// How a navigation controller's view controllers become a scene's stack:
/// the view controllers whose entries did not change stay (so a push
/// animates one screen and keeps the rest, scroll positions included),
/// those above them go, and new ones are made for the rest.
struct StackChange: Equatable, Sendable {
    /// How many view controllers on screen stay, bottom first.
    var kept: Int
    /// How many on screen go, from the top.
    var removed: Int
    /// The positions in the new stack to make view controllers for, above
    /// the kept ones.
    var created: Range<Int>
    /// One push or one pop animates; a restore, a jump or a replacement
    /// shows the new stack at once.
    var animated: Bool

    /// The change from `shown` (the stack the view controllers show) to
    /// `new`: the longest common prefix stays.
    static func between<Entry: Equatable>(_ shown: [Entry], _ new: [Entry]) -> StackChange {
        var kept = 0
        while kept < shown.count && kept < new.count && shown[kept] == new[kept] { kept += 1 }
        let removed = shown.count - kept
        let created = kept..<new.count
        let onePush = removed == 0 && created.count == 1
        let onePop = removed == 1 && created.isEmpty
        return StackChange(kept: kept, removed: removed, created: created, animated: onePush || onePop)
    }
}
