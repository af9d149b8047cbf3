#!/usr/bin/env bash
# Runs every NavState benchmark and prints the tables of docs/benchmarks.md.
# Usage: bash Benchmarks/run.sh [--quick]
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"

swift build -c release --package-path "$root" --product navstate >&2
swift build -c release --package-path "$root/Benchmarks" --product NavStateBench >&2
# The build leaves hundreds of megabytes of dirty pages; flushed while the
# first table runs, they would be timed with the saves.
sync
"$root/Benchmarks/.build/release/NavStateBench" --navstate "$root/.build/release/navstate" "$@"
