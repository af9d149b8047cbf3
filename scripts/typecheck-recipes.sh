#!/usr/bin/env bash
# Type-checks the SwiftUI recipes of docs/integration.md (the Swift blocks
# marked `<!-- type-checked: scripts/typecheck-recipes.sh -->`) against a
# real SDK, as one module over NavState's library targets, with
# ../shared/tools/typecheck-apple.sh (docs/platforms.md says how to set it
# up). The recipes are copied as they are, `@main` and imports dropped; the
# few names they leave to the app (mailboxes, Food Truck's views) get stubs
# below. The other libraries' recipes (Navigator, NavigationBackport,
# FlowStacks, TCA) are not checked here: they need those libraries' sources.
#
#   scripts/typecheck-recipes.sh [--platform ios|macos|tvos] [deployment-target, default 17.0 / 14.0]
set -euo pipefail
. "$(dirname "$0")/typecheck-scratch.sh"
mkdir -p "$scratch/Sources/Recipes"
python3 - "$root/docs/integration.md" "$scratch/Sources/Recipes/Recipes.swift" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
# The blocks marked for this script (DocumentationCodeTests checks every
# Swift block of the docs has a marker).
blocks = re.findall(r"<!-- type-checked: scripts/typecheck-recipes.sh -->\n```swift\n(.*?)```", text, re.S)
assert len(blocks) == 6, f"expected 6 recipes, found {len(blocks)}: update the stubs"
def body(block):
    return "\n".join(l for l in block.splitlines() if not l.startswith("import ")).replace("@main\n", "")
out = ["import Foundation", "import NavState", "import NavStateNavigator", "import NavStateUI", "import SwiftUI", ""]
out += ["// One registry for the app", body(blocks[0])]
out += ["// The SwiftUI app", body(blocks[1])]
out += ["// A tab bar", body(blocks[2]).replace("struct ShopApp: App", "struct ShopTabApp: App")]
out += ["""// Stubs for the split view: the app's own mail model and views.
enum MailRoute: NavDestination { case mailbox(Int) }
struct Mailbox: Identifiable { var id: Int; var name: String }
let mailboxes: [Mailbox] = []
struct MessageList: View { let navigator: SceneNavigator; var body: some View { Text("") } }
struct MessageView: View { let navigator: SceneNavigator; var body: some View { Text("") } }
struct MailScreen: View { let route: MailRoute; var body: some View { Text("") } }""", body(blocks[3])]
food = (body(blocks[4])
    .replace("enum Panel: Hashable, Codable { … }", "enum Panel: Hashable, Codable { case truck }")
    .replace("struct ContentView: View {", "struct ContentView: View {\n    @State private var selection: Panel? = .truck\n    let model = 0")
    .replace("let registry = try!", "let foodTruckRegistry = try!")
    .replace("NavigationPathSaver(registry: registry)", "NavigationPathSaver(registry: foodTruckRegistry)"))
out += ["""// Stubs for Food Truck's own views (its selection and model are elided in the recipe).
struct Sidebar: View { @Binding var selection: Panel?; var body: some View { Text("") } }
struct DetailColumn: View { @Binding var selection: Panel?; let model: Int; var body: some View { Text("") } }""", food]
out += ["// Logs", "func unifiedLogRecipe() async throws {", body(blocks[5]), "    _ = windows", "}"]
open(sys.argv[2], "w").write("\n".join(out) + "\n")
PY
MODULES="$modules Recipes" bash "$tool" --platform "$platform" "$scratch" "$target"
