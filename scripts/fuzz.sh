#!/usr/bin/env bash
# Builds the libFuzzer targets in Fuzz/ with AddressSanitizer and runs each
# for a bounded time on its checked-in seed corpus.
# Usage: scripts/fuzz.sh [seconds-per-target]   (default 60)
# A crashing input is written to Fuzz/Regressions/; FuzzRegressionTests then
# runs it in every `swift test`.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
seconds="${1:-60}"
out="$root/.build/fuzz"
mkdir -p "$out"

# Every target is built from the package's own targets (SwiftPM, every
# module instrumented): Fuzzers (Fuzz/Fuzzers, the five in-process targets,
# one binary that takes the target's name first) and StoreFuzzer (a whole
# store file per input).
echo "== building the fuzzers" >&2
for product in Fuzzers StoreFuzzer; do
    (cd "$root" && swift build -c release --product "$product" --scratch-path "$out/build" \
        -Xswiftc -DFUZZING -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld 2>&1 \
        | { grep -E "error|warning: " || true; } >&2)
done
fuzz() {
    local target=$1 binary=$2 max_len=$3
    shift 3
    local corpus="$out/corpus-$target"
    mkdir -p "$corpus"
    cp "$root/Fuzz/Corpus/$target/"* "$corpus/"
    echo "== fuzzing $target for ${seconds}s" >&2
    "$binary" "$@" "$corpus" -max_total_time="$seconds" -max_len="$max_len" -timeout=10 \
        -artifact_prefix="$root/Fuzz/Regressions/$target-" -print_final_stats=1 2>&1 \
        | grep -E "^(stat::number_of_executed_units|stat::new_units_added|==[0-9]+==ERROR|SUMMARY)" || true
}
for target in representation scene import payload change; do
    fuzz "$target" "$out/build/release/Fuzzers" 65536 "$target"
done
fuzz store "$out/build/release/StoreFuzzer" 4096
if ls "$root/Fuzz/Regressions/"*-crash-* >/dev/null 2>&1; then
    echo "crashing inputs were saved in Fuzz/Regressions/; commit them and fix the code" >&2
    exit 1
fi
echo "no crashes" >&2
