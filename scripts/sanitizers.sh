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
    # The test helper the suite starts by the hundred (kill tests,
    # contending writers) is the normal build's, at full speed: an
    # instrumented one runs several times slower, and the suite did not fit
    # CI's time; it runs the same store code the test process runs
    # instrumented. Under AddressSanitizer the `navstate` command stays
    # instrumented, so LeakSanitizer still reads the command's own memory
    # (it found a leak there once); under ThreadSanitizer it is the normal
    # build's too, as what is looked for is the test process's threads and
    # tasks. The heaviest loops run fewer rounds under a sanitizer
    # (Tests/NavStateTestSupport/Sanitizers.swift).
    # Left out: the repository's own checks (README counts, the docs'
    # code blocks, the sources' shape), which run no library code; and under
    # ThreadSanitizer the command's tests, whose work is all in the
    # uninstrumented `navstate` they start, and the tooling's, which decode
    # outside input on one thread (megabytes of it, 45 s under
    # ThreadSanitizer) and run under AddressSanitizer.
    skip='^NavStateRepositoryTests\.'
    if [ "$sanitizer" = thread ]; then skip="$skip|^NavStateCLITests\.|^NavStateToolingTests\."; fi
    swift build --product navstate >/dev/null && swift build --product NavStateTestHelper >/dev/null
    products="$(swift build --show-bin-path)"
    if [ "$sanitizer" = address ]; then
        products=$(mktemp -d)
        ln -s "$(swift build --show-bin-path)/NavStateTestHelper" "$products/NavStateTestHelper"
    fi
    NAVSTATE_TEST_PRODUCTS="$products" \
    NAVSTATE_SANITIZER="$sanitizer" \
    LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0" \
        swift test --sanitize="$sanitizer" --scratch-path ".build/sanitize-$sanitizer" --skip "$skip" ${FILTER:+--filter "$FILTER"} >"$log" 2>&1 || status=$?
    grep -E "Test run with|✘|ERROR: (Address|Thread|Leak)Sanitizer|WARNING: ThreadSanitizer|SUMMARY" "$log" || true
    # The AddressSanitizer run's folder of one link to the helper.
    [ "$sanitizer" = address ] && rm -rf "$products"
    if [ "$status" -ne 0 ]; then
        echo "== $sanitizer: swift test exited $status; the full log is $log" >&2
        failed=1
    else
        rm -f "$log"
    fi
done
exit "$failed"
