#!/usr/bin/env bash
# Runs the whole test suite under AddressSanitizer (with LeakSanitizer), then
# ThreadSanitizer, each in its own build directory so they do not disturb the
# normal build. Exits non-zero if any test fails or a sanitizer reports
# anything; prints the sanitizers' reports and the failing tests' lines.
#
# Usage: scripts/sanitizers.sh [--build-only | --skip-build] [address|thread ...]
#   (default: both sanitizers, each built and then run)
#   --build-only  builds what the runs need, both sanitizers at once
#   --skip-build  runs the suite on what --build-only built
# FILTER=REGEX runs only the tests swift test's --filter takes.
#
# .ci/run builds both beside its release build, then runs them one after the
# other on an otherwise idle machine: the builds are most of a sanitizer's
# time and tolerate a busy machine, the suites' timing tests are kept from
# one.
set -euo pipefail
cd "$(dirname "$0")/.."

mode=all
case "${1:-}" in
    --build-only) mode=build; shift ;;
    --skip-build) mode=run; shift ;;
esac
sanitizers=("$@")
[ ${#sanitizers[@]} -gt 0 ] || sanitizers=(address thread)
for sanitizer in "${sanitizers[@]}"; do
    case "$sanitizer" in
        address | thread) ;;
        *) echo "sanitizers.sh: no sanitizer '$sanitizer' (address or thread)" >&2; exit 2 ;;
    esac
done

# The test helper the suite starts by the hundred (kill tests, contending
# writers) is the normal build's, at full speed: an instrumented one runs
# several times slower, and the suite did not fit CI's time; it runs the
# same store code the test process runs instrumented. Under
# AddressSanitizer the `navstate` command and the documentation's snippets
# stay instrumented, so LeakSanitizer still reads their own memory (it found
# leaks there twice); under ThreadSanitizer the command is the normal
# build's too, as what is looked for is the test process's threads and
# tasks, and the command's tests are left out.
build_normal() {
    swift build --product navstate >/dev/null
    swift build --product NavStateTestHelper >/dev/null
}

# One sanitizer's build, into .build/sanitize-NAME. Under ThreadSanitizer
# only the test bundle (and what it links or starts) is built: its run
# starts no snippet.
build_one() {
    local sanitizer="$1" log status=0
    local -a what=(--build-tests)
    [ "$sanitizer" = thread ] && what=(--product NavStatePackageTests)
    log=$(mktemp)
    swift build --sanitize="$sanitizer" --scratch-path ".build/sanitize-$sanitizer" "${what[@]}" >"$log" 2>&1 || status=$?
    if [ "$status" -ne 0 ]; then
        grep -E "error:" "$log" | head -40 >&2 || true
        echo "== $sanitizer: the build failed (exit $status); the full log is $log" >&2
        return 1
    fi
    rm -f "$log"
}

# One sanitizer's run of the suite, on its build.
run_one() {
    local sanitizer="$1" log status=0 products
    echo "== swift test --sanitize=$sanitizer" >&2
    build_normal
    # Left out: the repository's own checks (README counts, the docs' code
    # blocks, the sources' shape), which run no library code; and under
    # ThreadSanitizer the command's tests, whose work is all in the
    # uninstrumented `navstate` they start, and the tooling's, which decode
    # outside input on one thread (megabytes of it, 45 s under
    # ThreadSanitizer) and run under AddressSanitizer. The heaviest loops
    # run fewer rounds under a sanitizer
    # (Tests/NavStateTestSupport/Sanitizers.swift).
    local skip='^NavStateRepositoryTests\.'
    [ "$sanitizer" = thread ] && skip="$skip|^NavStateCLITests\.|^NavStateToolingTests\."
    products="$(swift build --show-bin-path)"
    if [ "$sanitizer" = address ]; then
        # A folder of one link, to the normal build's helper.
        products=$(mktemp -d)
        ln -s "$(swift build --show-bin-path)/NavStateTestHelper" "$products/NavStateTestHelper"
    fi
    log=$(mktemp)
    # The suppressions name allocations that live until the process ends on
    # purpose (see the file); nothing else is suppressed. NAVSTATE_SANITIZER
    # lets the few tests a sanitizer's runtime cannot run say so
    # (Tests/NavStateTestSupport/Sanitizers.swift).
    NAVSTATE_TEST_PRODUCTS="$products" \
    NAVSTATE_SANITIZER="$sanitizer" \
    LSAN_OPTIONS="suppressions=$PWD/scripts/lsan-suppressions.txt:print_suppressions=0" \
        swift test --skip-build --sanitize="$sanitizer" --scratch-path ".build/sanitize-$sanitizer" \
        --skip "$skip" ${FILTER:+--filter "$FILTER"} >"$log" 2>&1 || status=$?
    grep -E "Test run with|✘|ERROR: (Address|Thread|Leak)Sanitizer|WARNING: ThreadSanitizer|SUMMARY" "$log" || true
    [ "$sanitizer" = address ] && rm -rf "$products"
    if [ "$status" -ne 0 ]; then
        echo "== $sanitizer: swift test exited $status; the full log is $log" >&2
        return 1
    fi
    rm -f "$log"
}

failed=0
if [ "$mode" != run ]; then
    pids=()
    for sanitizer in "${sanitizers[@]}"; do
        build_one "$sanitizer" &
        pids+=($!)
    done
    for pid in "${pids[@]}"; do wait "$pid" || failed=1; done
    [ "$failed" -eq 0 ] || exit 1
fi
if [ "$mode" != build ]; then
    for sanitizer in "${sanitizers[@]}"; do run_one "$sanitizer" || failed=1; done
fi
exit "$failed"
