#!/usr/bin/env bash
# Type-checks the sample app in Examples/ (ShopCore and the SwiftUI ShopApp)
# against a real SDK, as Xcode would build it, with
# ../shared/tools/typecheck-apple.sh (docs/platforms.md says how to set it
# up): NavState's library targets, then the app's, in a scratch copy.
#
#   scripts/typecheck-examples.sh [--platform ios|macos|tvos] [deployment-target, default 17.0 / 14.0]
set -euo pipefail
. "$(dirname "$0")/typecheck-scratch.sh"
cp -r "$root/Sources/NavStateUIKit" "$scratch/Sources/NavStateUIKit"
for module in ShopCore ShopApp ShopUIKit; do cp -r "$root/Examples/Sources/$module" "$scratch/Sources/$module"; done
MODULES="$modules NavStateUIKit ShopCore ShopApp ShopUIKit" bash "$tool" --platform "$platform" "$scratch" "$target"
