#!/usr/bin/env bash
# The long soak run: one store open for 100,000 saves of push, pop, present
# and dismiss (on one stack, then in a tab bar, saved typed), a reader in a
# second process and an opener in a third; checks
# the -wal, the file size, the kept history and that nothing failed.
# Prints a "soak (shape):" line per shape with the figures docs/reliability.md quotes.
set -euo pipefail
cd "$(dirname "$0")/.."
NAVSTATE_SOAK_SAVES="${NAVSTATE_SOAK_SAVES:-100000}" swift test --filter SoakTests 2>&1 | grep -E "^soak|✘|passed|failed"
