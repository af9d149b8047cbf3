// What a split view's display mode means for the scene, decided here and
// tested on Linux; SplitViewCoordinator forwards UIKit's events. Apple:
// UISplitViewController.DisplayMode (iOS 8; the column-style names iOS 14),
// preferredDisplayMode (iOS 8), splitViewController(_:willChangeTo:)
// (iOS 8), which reports the modes UIKit picks for `.automatic` when the
// size changes as well as the user's; viewWillTransition(to:with:) (iOS 8);
// UISplitViewController.Column.compact (iOS 14, tvOS 14): "if a view
// controller is set for this column, that view controller is shown when
// isCollapsed is true".
import NavStateModel

/// A split view controller's display mode, as the decisions see it.
enum SplitDisplayMode: Equatable, Sendable, CaseIterable {
    case automatic
    case secondaryOnly
    case oneBesideSecondary
    case oneOverSecondary
    case twoBesideSecondary
    case twoOverSecondary
    case twoDisplaceSecondary
}

/// The decisions of a split view's columns: what UIKit is asked to show
/// for the scene's visibility, and which of UIKit's mode changes are the
/// user's choice, saved as the scene's visibility.
///
/// - A change during a size transition (a rotation, a window resized, a
///   multitasking split) is UIKit's pick for the new size, not a choice:
///   nothing is saved, so the sidebar is not pinned hidden by a rotation.
/// - A change while collapsed (compact width) is not a choice of columns.
/// - An overlaid column (`oneOverSecondary`, `twoOverSecondary`) is the
///   user looking at the sidebar for a moment: it is not saved as the
///   side-by-side (`doubleColumn`) layout.
struct SplitDisplay: Equatable, Sendable {
    /// Whether the split view has a content (middle) column.
    let hasContentColumn: Bool
    /// Size transitions under way (they can overlap).
    private(set) var sizeTransitions = 0
    /// Whether the split view is collapsed into one column.
    var isCollapsed = false

    init(hasContentColumn: Bool) {
        self.hasContentColumn = hasContentColumn
    }

    /// The mode UIKit is asked for (`preferredDisplayMode`) to show
    /// `visibility`.
    func preferredMode(for visibility: NavSplitVisibility) -> SplitDisplayMode {
        switch visibility {
        case .automatic: .automatic
        case .detailOnly: .secondaryOnly
        case .doubleColumn: .oneBesideSecondary
        case .all: hasContentColumn ? .twoBesideSecondary : .oneBesideSecondary
        }
    }

    mutating func sizeTransitionBegan() { sizeTransitions += 1 }

    mutating func sizeTransitionEnded() { sizeTransitions = max(0, sizeTransitions - 1) }

    /// UIKit changes to `mode`: the visibility to save, or `nil` when the
    /// change is not the user's choice of columns.
    func visibilityToSave(changingTo mode: SplitDisplayMode) -> NavSplitVisibility? {
        guard sizeTransitions == 0, !isCollapsed else { return nil }
        switch mode {
        case .automatic, .oneOverSecondary, .twoOverSecondary: return nil
        case .secondaryOnly: return .detailOnly
        case .oneBesideSecondary: return hasContentColumn ? .doubleColumn : .all
        case .twoBesideSecondary, .twoDisplaceSecondary: return .all
        }
    }
}
