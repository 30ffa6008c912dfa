#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds, runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
ADHOST_TEST=1 source scripts/setup.sh
swift build --build-tests
# Serially: network tests measure timeouts and budgets on the wall clock, and on a small machine
# CPU-heavy tests running beside them (fuzzing, hostile input, Lua budgets) would starve them.
swift test --no-parallel "$@"
