#!/usr/bin/env bash
# Type-checks the sample app in Examples/ (ShopCore and the SwiftUI ShopApp)
# against a real SDK, as Xcode would build it, with
# ../shared/tools/typecheck-apple.sh (docs/platforms.md says how to set it
# up): NavState's library targets, then the app's, in a scratch copy.
#
#   scripts/typecheck-examples.sh [--platform ios|macos|tvos] [deployment-target, default 17.0 / 14.0]
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
platform=ios
if [ "${1:-}" = "--platform" ]; then platform=$2; shift 2; fi
case $platform in macos) floor=14.0 ;; *) floor=17.0 ;; esac
target=${1:-$floor}
tool=${TYPECHECK_APPLE:-$root/../shared/tools/typecheck-apple.sh}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
modules="NavStateModel NavStateSQLite NavState NavStateNavigator NavStateUI"
mkdir -p "$scratch/Sources"
for module in $modules CNavStateSQLite; do cp -r "$root/Sources/$module" "$scratch/Sources/$module"; done
for module in ShopCore ShopApp; do cp -r "$root/Examples/Sources/$module" "$scratch/Sources/$module"; done
cp "$root/Package.swift" "$scratch/"
MODULES="$modules ShopCore ShopApp" bash "$tool" --platform "$platform" "$scratch" "$target"
