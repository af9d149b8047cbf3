#!/usr/bin/env bash
# Regenerates the CLI's golden outputs (Tests/NavStateCLITests/Golden/*.txt)
# from the current build. Read `git diff Tests/NavStateCLITests/Golden` before
# committing: every changed line is a change a user of `navstate` will see.
set -euo pipefail
cd "$(dirname "$0")/.."
NAVSTATE_UPDATE_GOLDEN=1 swift test --filter CLIGoldenTests
git status --short Tests/NavStateCLITests/Golden
