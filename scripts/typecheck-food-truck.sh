#!/usr/bin/env bash
# Type-checks Apple's Food Truck sample (apple/sample-food-truck) with the
# diff of Sources/NavStateUI/NavStateUI.docc/AdoptingNavStateUI.md ("Apple's Food Truck sample") applied, at the
# sample's own floor (iOS 16.4 / macOS 13.3, Swift 5 mode), against a real
# SDK with ../shared/tools/typecheck-apple.sh: NavState's library targets,
# then FoodTruckKit and the whole app, as Xcode would build them. The
# sample's sources are read from a git mirror of it (FOOD_TRUCK_REPO, or
# .mirror/apple+sample-food-truck/repo in a folder above the checkout);
# nothing of it is committed.
#
#   scripts/typecheck-food-truck.sh [--platform ios|macos]
#   scripts/typecheck-food-truck.sh --unpatched [--platform ios|macos]   (the sample as Apple ships it)
set -euo pipefail
patched=1
if [ "${1:-}" = "--unpatched" ]; then patched=0; shift; fi
. "$(dirname "$0")/typecheck-scratch.sh"
case $platform in macos) target=13.3 ;; *) target=16.4 ;; esac
repo=${FOOD_TRUCK_REPO:-}
if [ -z "$repo" ]; then
  dir=$root
  while [ "$dir" != / ] && [ ! -d "$dir/.mirror/apple+sample-food-truck/repo" ]; do dir=$(dirname "$dir"); done
  repo=$dir/.mirror/apple+sample-food-truck/repo
fi
[ -d "$repo" ] || { echo "no Food Truck mirror at $repo (fetch apple/sample-food-truck, or set FOOD_TRUCK_REPO)" >&2; exit 2; }
mkdir -p "$scratch/food-truck" "$scratch/Sources/FoodTruckKit" "$scratch/Sources/FoodTruckApp"
# The app target's sources: App/ and the Live Activity's attributes, which
# the Xcode project compiles into the app too.
git --git-dir "$repo" archive HEAD FoodTruckKit/Sources App Widgets/TruckActivityAttributes.swift | tar -x -C "$scratch/food-truck"
if [ $patched = 1 ]; then
  # The one diff block of the Food Truck section, as it is.
  python3 - "$root/Sources/NavStateUI/NavStateUI.docc/AdoptingNavStateUI.md" "$scratch/food-truck.diff" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
blocks = re.findall(r"<!-- type-checked: scripts/typecheck-food-truck.sh -->\n```diff\n(.*?)```", text, re.S)
assert len(blocks) == 1, f"expected one Food Truck diff, found {len(blocks)}"
open(sys.argv[2], "w").write(blocks[0])
PY
  (cd "$scratch/food-truck" && patch -p1 --quiet < "$scratch/food-truck.diff")
fi
cp -r "$scratch/food-truck/FoodTruckKit/Sources/." "$scratch/Sources/FoodTruckKit/"
# What SwiftPM generates for a target with resources (FoodTruckKit's
# images and strings), which Xcode compiles with it.
cat > "$scratch/Sources/FoodTruckKit/resource_bundle_accessor.swift" <<'SWIFT'
import Foundation
extension Foundation.Bundle {
    static let module: Bundle = .main
}
SWIFT
find "$scratch/food-truck/App" -name '*.swift' -exec cp {} "$scratch/Sources/FoodTruckApp/" \;
cp "$scratch/food-truck/Widgets/TruckActivityAttributes.swift" "$scratch/Sources/FoodTruckApp/"
# Xcode turns on cross-import overlays for Apple platforms (StoreKit's and
# AuthenticationServices' SwiftUI parts, DisplayMessageAction and
# AuthorizationController, which the sample uses); the type-check tool does
# not, so its compiler is called through a wrapper that does.
real=$(cd "$(dirname "$(command -v swiftc)")" && pwd)
mkdir -p "$scratch/toolchain/bin"
ln -s "$real/../lib" "$scratch/toolchain/lib"
for tool_binary in "$real"/*; do ln -s "$tool_binary" "$scratch/toolchain/bin/$(basename "$tool_binary")"; done
rm "$scratch/toolchain/bin/swiftc"
printf '#!/bin/sh\nexec "%s/swiftc" -Xfrontend -enable-cross-import-overlays "$@"\n' "$real" > "$scratch/toolchain/bin/swiftc"
chmod +x "$scratch/toolchain/bin/swiftc"
SWIFT=$scratch/toolchain/bin MODULES="$modules FoodTruckKit FoodTruckApp" SWIFT5_MODULES="FoodTruckKit FoodTruckApp" \
  bash "$tool" --platform "$platform" "$scratch" "$target"
