#!/usr/bin/env bash
# Holds the size of what an app links to the ceilings in
# Benchmarks/sizes.txt: the QuickStart snippet built optimised with the
# NavState product alone (SizeNavState), and again with NavStateUI beside
# it (SizeNavStateUI: where SwiftUI is absent, its platform-neutral core),
# each executable stripped. The same program without NavState is the
# floor, printed beside them. A figure more than 1% over its ceiling fails
# (the checkout's path is in the binary, through #filePath, so a clone
# elsewhere weighs a few bytes more or less); one 2% under it asks for the
# ceiling to come down. A commit that raises a ceiling says why.
#
# Usage:
#   bash Benchmarks/check-size.sh            check the ceilings
#   bash Benchmarks/check-size.sh --update   write today's figures as the ceilings
#   bash Benchmarks/check-size.sh --judge < FIGURES
#                                            judge "program bytes" lines, building nothing
# docs/benchmarks.md, "What an app links", gives the figures and the goal.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
ceilings="$root/Benchmarks/sizes.txt"
update=false
[[ "${1:-}" == "--update" ]] && update=true

# The table and the verdict for "program bytes" lines on standard input
# (and the floor, when it is given).
judge() {
    awk -v ceilings="$ceilings" -v floor="${1:-}" '
    BEGIN {
        while ((getline line < ceilings) > 0) {
            if (line ~ /^#/) continue
            split(line, f)
            if (f[2] != "") ceiling[f[1]] = f[2]
        }
        printf "%-16s %12s %12s  %s\n", "program", "bytes", "ceiling", "verdict"
    }
    NF == 2 {
        verdict = "ok"
        if (!($1 in ceiling)) { verdict = "NO CEILING in Benchmarks/sizes.txt"; failed = 1 }
        else if ($2 > ceiling[$1] * 1.01) { verdict = sprintf("OVER by %d bytes", $2 - ceiling[$1]); failed = 1 }
        else if ($2 < ceiling[$1] * 0.98) verdict = sprintf("ok, %.0f%% under: lower the ceiling", (1 - $2 / ceiling[$1]) * 100)
        printf "%-16s %12d %12d  %s\n", $1, $2, ceiling[$1], verdict
    }
    END {
        if (floor != "") printf "%-16s %12d %12s  the same program without NavState\n", "floor", floor, ""
        if (failed) { print "\nover the size ceiling: see docs/benchmarks.md, \"What an app links\"" > "/dev/stderr"; exit 1 }
    }'
}
if [[ "${1:-}" == "--judge" ]]; then
    judge
    exit
fi

scratch="$(mktemp -d)"
trap 'rm -rf "$scratch"' EXIT
for product in SizeNavState SizeNavStateUI; do
    swift build -c release --package-path "$root" --product "$product" >&2
done
bin="$(swift build -c release --package-path "$root" --show-bin-path)"

# The floor: the same kind of program, with Foundation and no NavState.
printf 'import Foundation\nprint(Date().timeIntervalSince1970 > 0 ? "saved" : "not saved")\n' >"$scratch/main.swift"
swiftc -O "$scratch/main.swift" -o "$scratch/floor" >&2

figures=""
for product in SizeNavState SizeNavStateUI; do
    strip -o "$scratch/$product" "$bin/$product"
    figures+="$product $(stat -c %s "$scratch/$product")"$'\n'
done
strip "$scratch/floor"
floor="$(stat -c %s "$scratch/floor")"

if $update; then
    { grep '^#' "$ceilings"; echo "$figures" | awk 'NF == 2 { printf "%-16s %10d\n", $1, $2 }'; } >"$scratch/sizes"
    cp "$scratch/sizes" "$ceilings"
fi

echo "$figures" | judge "$floor"
