#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer (with LeakSanitizer), then
# ThreadSanitizer, each in its own build directory so they do not disturb the
# normal build. Exits non-zero if any test fails or a sanitizer reports
# anything; prints the sanitizers' reports and the failing tests' lines.
# Usage: scripts/sanitizers.sh [address|thread]   (default: both)
# FILTER=REGEX runs only the tests swift test's --filter takes.
set -euo pipefail
cd "$(dirname "$0")/.."
failed=0
for sanitizer in ${1:-address thread}; do
    echo "== swift test --sanitize=$sanitizer" >&2
    log=$(mktemp)
    status=0
    # The suppressions name allocations that live until the process ends on
    # purpose (see the file); nothing else is suppressed.
    # NAVSTATE_SANITIZER lets the few tests a sanitizer's runtime cannot
    # run say so (Tests/NavStateTestSupport/Sanitizers.swift).
    # Under ThreadSanitizer the child processes the suite starts (the
    # `navstate` command, the test helper: kill tests, contending writers)
    # are the normal build's, at full speed: each instrumented one runs
    # several times slower, and the whole suite did not fit CI's time. The
    # races looked for are the test process's threads and tasks.
    products=""
    if [ "$sanitizer" = thread ]; then
        swift build --product navstate >/dev/null && swift build --product NavStateTestHelper >/dev/null
        products="$(swift build --show-bin-path)"
    fi
    NAVSTATE_TEST_PRODUCTS="$products" \
    NAVSTATE_SANITIZER="$sanitizer" \
    LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0" \
        swift test --sanitize="$sanitizer" --scratch-path ".build/sanitize-$sanitizer" ${FILTER:+--filter "$FILTER"} >"$log" 2>&1 || status=$?
    grep -E "Test run with|✘|ERROR: (Address|Thread|Leak)Sanitizer|WARNING: ThreadSanitizer|SUMMARY" "$log" || true
    if [ "$status" -ne 0 ]; then
        echo "== $sanitizer: swift test exited $status; the full log is $log" >&2
        failed=1
    else
        rm -f "$log"
    fi
done
exit "$failed"
