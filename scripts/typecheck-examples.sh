#!/usr/bin/env bash
# Type-checks the sample app in Examples/ (ShopCore, the SwiftUI ShopApp and
# the UIKit ShopUIKit) against a real SDK, as Xcode would build it, with
# ../shared/tools/typecheck-apple.sh (docs/platforms.md says how to set it
# up): NavState's library targets, then the app's, in a scratch copy. Then
# the adoption examples (Examples/Sources/Adoption, which README.md quotes)
# at the iOS 16.0 / macOS 13.0 / tvOS 16.0 floor, exactly as written.
#
#   scripts/typecheck-examples.sh [--platform ios|macos|tvos] [deployment-target, default 17.0 / 14.0]
set -euo pipefail
. "$(dirname "$0")/typecheck-scratch.sh"
cp -r "$root/Sources/NavStateUIKit" "$scratch/Sources/NavStateUIKit"
for module in ShopCore ShopApp ShopUIKit AdoptionFeatures Adoption; do cp -r "$root/Examples/Sources/$module" "$scratch/Sources/$module"; done
MODULES="$modules NavStateUIKit ShopCore ShopApp ShopUIKit" bash "$tool" --platform "$platform" "$scratch" "$target"
case $platform in macos) floor16=13.0 ;; *) floor16=16.0 ;; esac
MODULES="$modules AdoptionFeatures Adoption" bash "$tool" --platform "$platform" "$scratch" "$floor16"
