#!/usr/bin/env bash
# Type-checks the navigator's SwiftUI recipes of NavStateNavigator.docc/TheNavigatorInASwiftUIApp.md and WindowsTheLaunchAndTheBackground.md (the
# Swift blocks marked `<!-- type-checked: scripts/typecheck-recipes.sh -->`)
# against a real SDK with ../shared/tools/typecheck-apple.sh
# (docs/platforms.md says how to set it up), each exactly as written,
# imports included: each recipe is a file of its own module, so a block
# that leaves out an import a user needs fails. A module holds the recipe,
# the first recipe (the app's registry, which the others name) as a file of
# its own, and stubs of the few names a recipe leaves to the app (its mail
# model and views, a screen), which import only what declaring them needs.
# The other libraries' recipes (Navigator, NavigationBackport, FlowStacks,
# TCA) are not checked here: they need those libraries' sources.
#
#   scripts/typecheck-recipes.sh [--platform ios|macos|tvos] [deployment-target, default 17.0 / 14.0]
#   scripts/typecheck-recipes.sh --self-test   (a recipe without its imports must fail)
set -euo pipefail
selftest=0
if [ "${1:-}" = "--self-test" ]; then selftest=1; shift; fi
. "$(dirname "$0")/typecheck-scratch.sh"
recipes=$(python3 - "$root/Sources/NavStateNavigator/NavStateNavigator.docc" "$scratch/Sources" "$selftest" <<'PY'
import os, re, sys
# The two articles of the navigator in a SwiftUI app, in reading order.
text = "".join(open(f"{sys.argv[1]}/{name}.md").read() for name in ["TheNavigatorInASwiftUIApp", "WindowsTheLaunchAndTheBackground"])
sources, selftest = sys.argv[2], sys.argv[3] == "1"
# The blocks marked for this script (DocumentationCodeTests checks every
# Swift block of the docs has a marker).
blocks = re.findall(r"<!-- type-checked: scripts/typecheck-recipes.sh -->\n```swift\n(.*?)```", text, re.S)
assert len(blocks) == 5, f"expected 5 recipes, found {len(blocks)}: update the stubs"
# What each recipe leaves to the app, by recipe number.
stubs = {
    3: """import SwiftUI
struct AppScreen: View { let route: AppRoute; var body: some View { Text("") } }
""",
    4: """import NavState
import SwiftUI
enum MailRoute: NavDestination { case mailbox(Int) }
struct Mailbox: Identifiable { var id: Int; var name: String }
let mailboxes: [Mailbox] = []
struct MessageList<Navigator>: View { let navigator: Navigator; var body: some View { Text("") } }
struct MessageView<Navigator>: View { let navigator: Navigator; var body: some View { Text("") } }
struct MailScreen: View { let route: MailRoute; var body: some View { Text("") } }
""",
}
if selftest:
    # The tab bar's recipe without its imports: it must not pass.
    blocks[2] = "\n".join(l for l in blocks[2].splitlines() if not l.startswith("import ")) + "\n"
names = []
for number, block in enumerate(blocks, start=1):
    module = f"Recipe{number}"
    os.makedirs(f"{sources}/{module}")
    open(f"{sources}/{module}/Recipe.swift", "w").write(block)
    if number > 1:
        open(f"{sources}/{module}/Registry.swift", "w").write(blocks[0])
    if number in stubs:
        open(f"{sources}/{module}/AppStubs.swift", "w").write(stubs[number])
    names.append(module)
print(" ".join(names))
PY
)
if [ $selftest = 1 ]; then
  if MODULES="$modules $recipes" bash "$tool" --platform "$platform" "$scratch" "$target"; then
    echo "self-test FAILED: a recipe without its imports type-checked" >&2; exit 1
  fi
  echo "self-test ok: a recipe without its imports is refused"
  exit 0
fi
MODULES="$modules $recipes" bash "$tool" --platform "$platform" "$scratch" "$target"
