#!/usr/bin/env bash
# Builds the DocC catalogs of NavStateUI and NavStateUIKit, with warnings as
# errors, as the Swift Package Index builds them on macOS. On Linux their
# modules compile to nothing (all of NavStateUI is behind
# `#if canImport(SwiftUI)`, NavStateUIKit behind `#if canImport(UIKit)`),
# so `swift package generate-documentation` finds no symbols for their
# catalogs to document. Here the symbols come from the iOS SDK instead:
# ../shared/tools/typecheck-apple.sh (docs/platforms.md says how to set it
# up) builds the package's modules against iOS 16.0, swift-symbolgraph-extract
# reads the two modules' symbols from what it built, and `docc convert`
# builds each catalog over them. A broken link, a symbol the catalog names
# that the module does not have, fails the script.
#
#   scripts/docs-apple.sh [output-folder]     (default: a temporary folder, removed)
#   scripts/docs-apple.sh --self-test         shows a broken link refused
#
# Environment: TYPECHECK_APPLE (the type-check script), WORK (its cache,
# ~/.cache/navstate-apple-typecheck by default).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
tool=${TYPECHECK_APPLE:-$root/../shared/tools/typecheck-apple.sh}
work=${WORK:-${XDG_CACHE_HOME:-$HOME/.cache}/navstate-apple-typecheck}
swift_bin=$(dirname "$(readlink -f "$(command -v swiftc)")")
target=arm64-apple-ios16.0
self_test=false
if [ "${1:-}" = "--self-test" ]; then self_test=true; shift; fi
out=${1:-}
scratch=$(mktemp -d)
trap 'rm -rf "$scratch"' EXIT
[ -n "$out" ] || out=$scratch/out
mkdir -p "$out"

# The modules, built against the SDK into $work/build/ios16.0 (and
# type-checked on the way: an error there stops the script).
bash "$tool" "$root" 16.0 >&2

build=$work/build/ios16.0
status=0
for module in NavStateUI NavStateUIKit; do
    graphs=$scratch/$module-symbols
    mkdir -p "$graphs"
    "$swift_bin/swift-symbolgraph-extract" -module-name "$module" -target "$target" \
        -sdk "$work/sdk/iPhoneOS17.0.sdk" -resource-dir "$work/resource-dir" \
        -module-cache-path "$work/ios17/module-cache" \
        -I "$work/ios17/modules" -I "$work/ios17/swiftui-ios16.0" -I "$build" \
        -I "$root/Sources/CNavStateSQLite" \
        -output-dir "$graphs" -minimum-access-level public
    symbols=$(cat "$graphs"/*.symbols.json | grep -o '"kind":{"identifier":"swift\.[a-z.]*"' | wc -l)
    # A module that compiled to nothing would give an empty graph, and a
    # catalog with nothing to check.
    if [ "$symbols" -lt 10 ]; then
        echo "docs-apple: $module has $symbols symbols for iOS; expected its whole API" >&2
        exit 2
    fi
    echo "docs-apple: $module, $symbols symbols" >&2
    catalog=$root/Sources/$module/$module.docc
    if $self_test; then
        # The catalog with a link to a symbol no module has: must fail.
        cp -r "$catalog" "$scratch/$module.docc"
        catalog=$scratch/$module.docc
        sed -i 's/^## Overview$/## Overview\n\nSee ``NoSuchSymbolAnywhere``./' "$catalog/$module.md"
        grep -q NoSuchSymbolAnywhere "$catalog/$module.md" || { echo "docs-apple: could not plant the broken link" >&2; exit 2; }
    fi
    if ! "$swift_bin/docc" convert "$catalog" \
        --additional-symbol-graph-dir "$graphs" \
        --fallback-display-name "$module" --fallback-bundle-identifier "$module" \
        --output-path "$out/$module.doccarchive" --warnings-as-errors; then
        echo "docs-apple: $module's catalog has errors" >&2
        status=1
    elif $self_test; then
        echo "docs-apple: self-test FAILED: $module's catalog with a broken link was accepted" >&2
        exit 1
    fi
done
if $self_test; then
    [ $status -eq 1 ] && echo "docs-apple: self-test passed: both broken links were refused" >&2 && exit 0
    exit 1
fi
exit $status
