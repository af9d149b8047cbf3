// The decisions of the UIKit coordinators, platform-neutral and tested on
// Linux; the UIKit files only carry them out.
import NavStateModel

/// How a navigation controller's view controllers become a scene's stack:
/// the view controllers whose entries did not change stay (so a push
/// animates one screen and keeps the rest, scroll positions included),
/// those above them go, and new ones are made for the rest.
public struct StackChange: Equatable, Sendable {
    /// How many view controllers on screen stay, bottom first.
    public var kept: Int
    /// How many on screen go, from the top.
    public var removed: Int
    /// The positions in the new stack to make view controllers for, above
    /// the kept ones.
    public var created: Range<Int>
    /// One push or one pop animates; a restore, a jump or a replacement
    /// shows the new stack at once.
    public var animated: Bool

    /// The change from `shown` (the stack the view controllers show) to
    /// `new`: the longest common prefix stays.
    public static func between<Entry: Equatable>(_ shown: [Entry], _ new: [Entry]) -> StackChange {
        var kept = 0
        while kept < shown.count && kept < new.count && shown[kept] == new[kept] { kept += 1 }
        let removed = shown.count - kept
        let created = kept..<new.count
        let onePush = removed == 0 && created.count == 1
        let onePop = removed == 1 && created.isEmpty
        return StackChange(kept: kept, removed: removed, created: created, animated: onePush || onePop)
    }

    /// What the user's own navigation left in the stack: after UIKit showed
    /// a view controller, `stillShown` of the scene's `stackCount` view
    /// controllers remain (a back button, a completed interactive swipe).
    /// `nil` when none went: a cancelled swipe shows the same top again.
    public static func entriesLeft(stackCount: Int, stillShown: Int) -> Int? {
        stillShown < stackCount ? max(0, stillShown) : nil
    }
}

/// A split view's visibility as the columns beside the detail column a
/// `UISplitViewController` shows, and back: what ``SplitViewCoordinator``
/// maps to and from its display modes.
enum SplitColumns {
    /// How many columns show beside the detail one; `nil` lets UIKit decide.
    static func beside(_ visibility: NavSplitVisibility, hasContentColumn: Bool) -> Int? {
        switch visibility {
        case .automatic: nil
        case .all: hasContentColumn ? 2 : 1
        case .doubleColumn: 1
        case .detailOnly: 0
        }
    }

    /// The visibility of `beside` columns shown beside the detail one.
    static func visibility(beside: Int?, hasContentColumn: Bool) -> NavSplitVisibility {
        switch beside {
        case nil: .automatic
        case 0?: .detailOnly
        case 1?: hasContentColumn ? .doubleColumn : .all
        default: .all
        }
    }
}
