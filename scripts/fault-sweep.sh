#!/usr/bin/env bash
# The full fault sweep (issue 62): every crash point of a run of saves with
# the power lost whole and in 40 seeded ways by sector (lost, torn), and
# one I/O error at every read, write, truncation, sync and lock of it.
# `.ci/run` runs the same sweep with three ways of loss (swift test); this
# takes a few minutes. docs/reliability.md, "Power loss and I/O errors",
# gives both sweeps' counts.
set -euo pipefail
cd "$(dirname "$0")/.."
NAVSTATE_FAULT_SWEEP=full swift test --filter FaultSweeps 2>&1 | grep -E "power loss|I/O errors:|✔|✘|error:"
