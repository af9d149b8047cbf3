#!/usr/bin/env bash
# Counts what NavState's operations cost at two commits, side by side in one
# run: user-space instructions (valgrind's callgrind) and system calls
# (strace, futex apart), per operation, the way Benchmarks/check-budgets.sh
# counts them for CI. Instructions do not drift with the machine as timings
# do, so a change to the save or restore path is judged by these figures:
# the base's and this tree's, each operation measured for both before the
# next.
#
# Usage:
#   bash Benchmarks/count-instructions.sh                      floor, save-10, save-tab of this tree
#   bash Benchmarks/count-instructions.sh --base HEAD~1        the same, HEAD~1 beside this tree
#   bash Benchmarks/count-instructions.sh --base main restore-10 launch
# OPERATIONs are those of Benchmarks/budgets.txt, run as many times as it
# says. The base (a commit, branch or tag that has Benchmarks/Budgets) is
# built from `git archive` in .build/compare/<commit>, which a later run
# reuses; the first build of a base takes a few minutes. This tree is built
# as it is, uncommitted changes included.
# Needs valgrind and strace (Debian: apt-get install valgrind strace).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
budgets="$root/Benchmarks/budgets.txt"

base=""
if [[ "${1:-}" == "--base" ]]; then
    [[ $# -ge 2 ]] || { echo "count-instructions.sh: --base needs a commit" >&2; exit 2; }
    base="$2"
    shift 2
fi
operations=("$@")
[[ ${#operations[@]} -gt 0 ]] || operations=(floor save-10 save-tab)

# Each operation's count, from the budgets.
declare -A counts
for operation in "${operations[@]}"; do
    count="$(awk -v o="$operation" '!/^#/ && NF == 4 && $1 == o { print $2 }' "$budgets")"
    [[ -n "$count" ]] || { echo "count-instructions.sh: no operation '$operation' in $budgets" >&2; exit 2; }
    counts[$operation]="$count"
done
for tool in valgrind strace git; do
    command -v "$tool" >/dev/null || { echo "count-instructions.sh: $tool is not installed" >&2; exit 1; }
done

swift build -c release --package-path "$root" --product NavStateBudgets >&2
head_binary="$root/.build/release/NavStateBudgets"

base_binary=""
if [[ -n "$base" ]]; then
    commit="$(git -C "$root" rev-parse --verify "$base^{commit}")" \
        || { echo "count-instructions.sh: no commit '$base'" >&2; exit 2; }
    git -C "$root" cat-file -e "$commit:Benchmarks/Budgets" 2>/dev/null \
        || { echo "count-instructions.sh: $base has no Benchmarks/Budgets to count with" >&2; exit 2; }
    tree="$root/.build/compare/$commit"
    if [[ ! -f "$tree/Package.swift" ]]; then
        rm -rf "$tree"
        mkdir -p "$tree"
        git -C "$root" archive "$commit" | tar -x -C "$tree"
    fi
    swift build -c release --package-path "$tree" --product NavStateBudgets >&2
    base_binary="$tree/.build/release/NavStateBudgets"
fi

measure() {
    bash "$root/Benchmarks/check-budgets.sh" --measure "$1" "${counts[$1]}" "$2" | awk '{ print $2, $3 }'
}

printf '%-12s %12s %12s %8s %10s %10s\n' operation "${base:+base}" "this tree" change "${base:+base calls}" calls
declare -A figures
for operation in "${operations[@]}"; do
    read -r ins calls <<<"$(measure "$operation" "$head_binary")"
    figures[$operation]="$ins"
    if [[ -n "$base_binary" ]]; then
        read -r base_ins base_calls <<<"$(measure "$operation" "$base_binary")"
        figures["base $operation"]="$base_ins"
        awk -v o="$operation" -v a="$base_ins" -v b="$ins" -v c="$base_calls" -v d="$calls" \
            'BEGIN { printf "%-12s %12d %12d %+7.2f%% %10.2f %10.2f\n", o, a, b, (b / a - 1) * 100, c, d }'
    else
        printf '%-12s %12s %12d %8s %10s %10.2f\n' "$operation" "" "$ins" "" "" "$calls"
    fi
done

# The ratios the save is held to (docs/benchmarks.md), where both sides were counted.
ratio() {
    local label="$1" numerator="$2" denominator="$3" prefix
    for prefix in ${base:+"base "} ""; do
        if [[ -n "${figures[$prefix$numerator]:-}" && -n "${figures[$prefix$denominator]:-}" ]]; then
            awk -v l="$label" -v p="${prefix:-this tree }" -v a="${figures[$prefix$numerator]}" -v b="${figures[$prefix$denominator]}" \
                'BEGIN { printf "%-20s %-10s %.3fx\n", l, p, a / b }'
        fi
    done
}
echo
ratio "save-10 / floor" save-10 floor
ratio "save-tab / save-10" save-tab save-10
