#!/usr/bin/env bash
# Counts the instructions of one NavStore save, of one raw sqlite3 floor
# save, and of one NavStore save in one tab of five (user space, under
# valgrind's callgrind): a measure of the save path
# that a noisy machine cannot move, for judging a change to it.
# Usage: bash Benchmarks/count-instructions.sh [PAIRS [DEPTH]]   (default 1000 pairs, 10-deep)
# Needs valgrind (Debian: apt-get install valgrind).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
pairs="${1:-1000}"
depth="${2:-10}"
command -v valgrind >/dev/null || { echo "count-instructions.sh: valgrind is not installed" >&2; exit 1; }

swift build -c release --package-path "$root/Benchmarks" --product SaveInstructions >&2
binary="$root/Benchmarks/.build/release/SaveInstructions"
scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT

# Instructions of a run, from callgrind's summary line.
count() {
    if ! valgrind --tool=callgrind --callgrind-out-file="$scratch/out" "$binary" "$1" "$2" "$depth" 2>"$scratch/log"; then
        cat "$scratch/log" >&2
        exit 1
    fi
    sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$scratch/log"
}

declare -A perSave
for mode in navstore floor tabs; do
    empty="$(count "$mode" 0)"
    full="$(count "$mode" "$pairs")"
    perSave[$mode]=$(( (full - empty) / (2 * pairs) ))
done
echo "instructions per save ($depth-deep, push and pop alternating, $((2 * pairs)) saves, open and first save subtracted)"
echo "NavStore save:     ${perSave[navstore]}"
echo "raw sqlite3 floor: ${perSave[floor]}"
awk -v a="${perSave[navstore]}" -v b="${perSave[floor]}" 'BEGIN { printf "ratio:             %.2fx\n", a / b }'
echo "NavStore save in one tab of five, $depth in each: ${perSave[tabs]}"
awk -v a="${perSave[tabs]}" -v b="${perSave[navstore]}" 'BEGIN { printf "ratio to one stack: %.2fx\n", a / b }'
