#!/usr/bin/env bash
# Holds NavState's costs to the budgets in Benchmarks/budgets.txt: for each
# operation there (a save, a restore, a launch, a change on the main actor),
# the user-space instructions (valgrind's callgrind) and the system calls
# (strace; futex, the hand-offs between threads, are counted apart because
# their number depends on timing) of one run of it. An operation more than
# 2% over either budget fails the check, with the figure and the budget.
# Counts do not drift with the machine as timings do: the same commit gives
# the same figures within a few instructions (hashing is made deterministic
# for the runs).
#
# Usage:
#   bash Benchmarks/check-budgets.sh                 check every budget
#   bash Benchmarks/check-budgets.sh save-10 floor   check these only
#   bash Benchmarks/check-budgets.sh --update        write the figures as the budgets
#   bash Benchmarks/check-budgets.sh --measure OPERATION COUNT [BINARY]
#                                                    one figure, of this tree's build or BINARY's
# To compare two commits side by side, see Benchmarks/count-instructions.sh.
# Needs valgrind and strace (Debian: apt-get install valgrind strace);
# .ci/run installs them. A commit that raises a budget says why.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
budgets="$root/Benchmarks/budgets.txt"
binary="$root/.build/release/NavStateBudgets"
margin=2   # percent

# One operation's cost: OPERATION COUNT -> "instructions syscalls futex",
# each per operation, the run with COUNT minus the run with 0 (the setup
# and the process) divided by COUNT.
measure() {
    local operation="$1" count="$2" binary="${3:-$binary}" scratch
    scratch="$(mktemp -d)"
    local -a instructions=() calls=() futex=()
    for n in 0 "$count"; do
        if ! SWIFT_DETERMINISTIC_HASHING=1 valgrind --tool=callgrind --callgrind-out-file="$scratch/out" \
            "$binary" "$operation" "$n" 2>"$scratch/log"; then
            echo "check-budgets.sh: $operation $n failed under valgrind:" >&2
            cat "$scratch/log" >&2
            exit 1
        fi
        instructions+=("$(sed -n 's/.*Collected : \([0-9]*\).*/\1/p' "$scratch/log")")
        SWIFT_DETERMINISTIC_HASHING=1 strace -f -c -o "$scratch/strace" "$binary" "$operation" "$n"
        # strace -c: "% time, seconds, usecs/call, calls, errors, syscall".
        calls+=("$(awk '$1 ~ /^[0-9.]+$/ && $NF != "total" && $NF != "futex" { sum += $4 } END { print sum + 0 }' "$scratch/strace")")
        futex+=("$(awk '$1 ~ /^[0-9.]+$/ && $NF == "futex" { sum += $4 } END { print sum + 0 }' "$scratch/strace")")
    done
    rm -rf "$scratch"
    awk -v a="${instructions[0]}" -v b="${instructions[1]}" -v c="${calls[0]}" -v d="${calls[1]}" \
        -v e="${futex[0]}" -v f="${futex[1]}" -v n="$count" \
        'BEGIN { printf "%d %.2f %.2f\n", (b - a) / n, (d - c) / n, (f - e) / n }'
}

if [[ "${1:-}" == "--measure" ]]; then
    shift
    echo "$1 $(measure "$1" "$2" "${3:-}")"
    exit 0
fi

update=false
if [[ "${1:-}" == "--update" ]]; then update=true; shift; fi
for tool in valgrind strace; do
    command -v "$tool" >/dev/null || { echo "check-budgets.sh: $tool is not installed" >&2; exit 1; }
done

swift build -c release --package-path "$root" --product NavStateBudgets >&2

# The budgets' lines: "operation count instructions syscalls"; the
# costliest runs (count times instructions) first, so that the two at a
# time end together.
wanted=" $* "
lines="$(grep -v '^#' "$budgets" | awk 'NF == 4 { print $2 * $3, $1, $2 }' | sort -rn | while read -r _ operation count; do
    if [[ $# -eq 0 || "$wanted" == *" $operation "* ]]; then echo "$operation $count"; fi
done)"
[[ -n "$lines" ]] || { echo "check-budgets.sh: no such operation in $budgets" >&2; exit 2; }

# Two at a time: each run is one thread under valgrind.
results="$(echo "$lines" | xargs -P 2 -L 1 bash "$0" --measure)"

if $update; then
    updated="$(mktemp)"
    while IFS= read -r line; do
        read -r operation count _ _ <<<"$line"
        if [[ "$line" =~ ^# ]] || [[ -z "$operation" ]]; then echo "$line"; continue; fi
        # The restores and the launch hop between threads, which spin or
        # sleep as timing has it: their figures move by up to 1% from run
        # to run, so their budgets are the figure and 1% more.
        figure="$(echo "$results" | awk -v o="$operation" '$1 == o {
            slack = (o ~ /^(restore|launch)/) ? 1.01 : 1
            printf "%d %.2f", $2 * slack, ($3 > 0 ? $3 : 0) }')"
        if [[ -n "$figure" ]]; then
            printf '%-16s %6s %10s %8s\n' "$operation" "$count" ${figure}
        else
            echo "$line"
        fi
    done <"$budgets" >"$updated"
    mv "$updated" "$budgets"
fi

# The table, and the verdict.
echo "$results" | sort | awk -v margin="$margin" -v budgets="$budgets" '
    BEGIN {
        while ((getline line < budgets) > 0) {
            if (line ~ /^#/) continue
            split(line, f)
            if (f[4] == "") continue
            insBudget[f[1]] = f[3]; callBudget[f[1]] = f[4]
        }
        printf "%-16s %12s %12s %10s %8s %7s  %s\n", "operation", "instructions", "budget", "syscalls", "budget", "futex", "verdict"
    }
    {
        op = $1; ins = $2; calls = $3; futex = $4
        verdict = "ok"
        if (ins > insBudget[op] * (1 + margin / 100)) {
            verdict = sprintf("OVER: %d instructions, budget %d (+%.1f%%)", ins, insBudget[op], (ins / insBudget[op] - 1) * 100)
            failed = 1
        }
        # A few hundredths of a call either way come from the process itself
        # (malloc giving a page back, one write more at exit), not from the
        # operation: a twentieth is allowed besides the margin.
        if (calls > callBudget[op] * (1 + margin / 100) + 0.05) {
            verdict = (verdict == "ok" ? "" : verdict "; ") sprintf("OVER: %.2f system calls, budget %s", calls, callBudget[op])
            failed = 1
        }
        if (verdict == "ok" && ins < insBudget[op] * 0.95) verdict = sprintf("ok, %.0f%% under: lower the budget", (1 - ins / insBudget[op]) * 100)
        printf "%-16s %12d %12d %10.2f %8s %7.2f  %s\n", op, ins, insBudget[op], calls, callBudget[op], futex, verdict
        figure[op] = ins; syscalls[op] = calls
    }
    END {
        if ("save-10" in figure && "floor" in figure) {
            printf "\nsave-10 / floor:   %.2fx instructions (goal 1.4x), %+.2f system calls (goal +1)\n", figure["save-10"] / figure["floor"], syscalls["save-10"] - syscalls["floor"]
        }
        if ("save-tab" in figure && "save-10" in figure) printf "save-tab / save-10: %.2fx (goal 1.05x)\n", figure["save-tab"] / figure["save-10"]
        if (failed) { print "\nover budget: see docs/benchmarks.md, \"Budgets\"" > "/dev/stderr"; exit 1 }
    }'
