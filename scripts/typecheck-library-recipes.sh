#!/usr/bin/env bash
# Type-checks Sources/NavStateNavigator/NavStateNavigator.docc/ComingFromOtherLibraries.md's recipes for other navigation libraries
# against each library's own sources, at the release the recipe names, with
# ../shared/tools/typecheck-apple.sh (docs/platforms.md says how to set it
# up). A recipe is the Swift block marked
# `<!-- type-checked: scripts/typecheck-library-recipes.sh LIBRARY -->`,
# copied as it is into a module of its own beside NavState's library
# targets and the library's sources; the names it leaves to the app
# (`AppRoute`, its screens) get stubs below. The library's sources come from
# a git mirror of its repository (bring it once with the search tool's
# fetch, or point MIRRORS at a folder of `<owner>+<name>/repo` git
# directories); nothing of them is committed.
#
#   scripts/typecheck-library-recipes.sh [--platform ios|macos] [navigator|navigationbackport|flowstacks ...]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
platform=ios
if [ "${1:-}" = "--platform" ]; then platform=$2; shift 2; fi
tool=${TYPECHECK_APPLE:-$root/../shared/tools/typecheck-apple.sh}
mirrors=${MIRRORS:-$root/../.mirror}
libraries=${*:-navigator navigationbackport flowstacks}
status=0

for library in $libraries; do
  case $library in
    # library  repository  release  module  deployment target: the recipe app's floor (SceneNavigator: iOS 17 / macOS 14)
    navigator)          repo=hmlongco+Navigator;                  release=1.3.1;  module=NavigatorUI;        ios=17.0; macos=14.0 ;;
    navigationbackport) repo=johnpatrickmorgan+NavigationBackport; release=0.11.5; module=NavigationBackport; ios=16.0; macos=13.0 ;;
    flowstacks)         repo=johnpatrickmorgan+FlowStacks;         release=0.10.11; module=FlowStacks;        ios=16.0; macos=13.0 ;;
    *) echo "unknown library $library" >&2; exit 2 ;;
  esac
  git_dir=$mirrors/$repo/repo
  [ -d "$git_dir" ] || { echo "no mirror of $repo at $git_dir: fetch github:${repo/+//} first" >&2; exit 2; }
  scratch=$(mktemp -d)
  modules="NavStateModel NavStateReports NavStateSQLite NavState NavStateNavigator"
  mkdir -p "$scratch/Sources"
  for m in $modules CNavStateSQLite; do cp -r "$root/Sources/$m" "$scratch/Sources/$m"; done
  cp "$root/Package.swift" "$scratch/"
  git --git-dir "$git_dir" archive "$release" "Sources/$module" | tar -x -C "$scratch"
  mkdir -p "$scratch/Sources/Recipe"
  python3 - "$root/Sources/NavStateNavigator/NavStateNavigator.docc/ComingFromOtherLibraries.md" "$scratch/Sources/Recipe/Recipe.swift" "$library" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
library = sys.argv[3]
blocks = re.findall(r"<!-- type-checked: scripts/typecheck-library-recipes.sh " + library + r" -->\n```swift\n(.*?)```", text, re.S)
assert len(blocks) == 1, f"expected one {library} recipe, found {len(blocks)}"
stubs = {
    "navigator": """
import SwiftUI
// The app's routes, as the recipe assumes them.
enum AppRoute: NavDestination, NavigationDestination {
    case order(Int), settings
    var body: some View { Text("") }
}
""",
    "navigationbackport": """
// The app's routes and screens, as the recipe assumes them.
enum AppRoute: NavDestination { case order(Int), settings }
let registry = DestinationRegistry()
struct HomeView: View { var body: some View { Text("") } }
struct ScreenView: View { let route: AppRoute; var body: some View { Text("") } }
""",
    "flowstacks": """
// The app's routes, as the recipe assumes them.
enum AppRoute: NavDestination { case home, detail(Int) }
""",
}
open(sys.argv[2], "w").write(blocks[0] + stubs[library])
PY
  floor=$ios; [ "$platform" = macos ] && floor=$macos
  echo "== $library: $repo $release ($module), $platform $floor" >&2
  if ! SWIFT5_MODULES="$module" MODULES="$modules $module Recipe" bash "$tool" --platform "$platform" "$scratch" "$floor"; then status=1; fi
  rm -rf "$scratch"
done
exit $status
