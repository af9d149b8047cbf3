// The same program, with what NavStateUI links where SwiftUI is absent
// (its platform-neutral core): scripts/size-budget.sh measures both.
import NavStateUI
