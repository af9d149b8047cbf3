#!/usr/bin/env bash
# Runs the whole suite again and again on one build, as CI would run it once
# each time, and counts the runs that failed: a test that fails one run in
# ten is a defect. Prints each failing run's failed tests and keeps its log.
# Usage: scripts/repeat-tests.sh [RUNS]   (default 50)
set -uo pipefail
cd "$(dirname "$0")/.."
runs=${1:-50}
swift build --build-tests >&2 || exit 2
failed=0
for run in $(seq 1 "$runs"); do
    log=$(mktemp)
    start=$(date +%s)
    if swift test --skip-build >"$log" 2>&1; then
        echo "run $run passed in $(( $(date +%s) - start )) s"
        rm -f "$log"
    else
        failed=$((failed + 1))
        echo "run $run FAILED in $(( $(date +%s) - start )) s; log: $log"
        grep -E "✘" "$log" | head -20
    fi
done
echo "runs: $((runs - failed)) of $runs passed"
[ "$failed" -eq 0 ]
