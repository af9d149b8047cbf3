#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer, then ThreadSanitizer, each
# in its own build directory so they do not disturb the normal build.
# Usage: scripts/sanitizers.sh [address|thread]   (default: both)
set -euo pipefail
cd "$(dirname "$0")/.."
for sanitizer in ${1:-address thread}; do
    echo "== swift test --sanitize=$sanitizer" >&2
    swift test --sanitize="$sanitizer" --scratch-path ".build/sanitize-$sanitizer" 2>&1 \
        | grep -E "Test run with|ERROR: (Address|Thread)Sanitizer|WARNING: ThreadSanitizer|SUMMARY" || true
    # grep hides the output; the exit status of swift test is what counts.
    test "${PIPESTATUS[0]}" -eq 0
done
