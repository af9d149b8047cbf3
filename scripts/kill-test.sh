#!/usr/bin/env bash
# The long kill test: a writer saving with synchronous=FULL is killed with
# SIGKILL at random moments, ROUNDS times (default 250), and after every kill
# the file is checked. `swift test` runs the same test with 20 rounds.
# Usage: scripts/kill-test.sh [rounds]
set -euo pipefail
cd "$(dirname "$0")/.."
NAVSTATE_KILL_ROUNDS="${1:-250}" swift test --filter KillTests 2>&1 | grep -E "kill test:|passed|failed|error" | grep -v "^◇"
