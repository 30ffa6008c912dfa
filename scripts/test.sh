#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds, runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
ADHOST_TEST=1 source scripts/setup.sh
swift build --build-tests
# Serially: network tests measure timeouts and budgets on the wall clock, and on a small machine
# CPU-heavy tests running beside them (fuzzing, hostile input, Lua budgets) would starve them.
# Output a line at a time and a watchdog: a test that hangs fails the run after 20 minutes (a
# whole run takes about 2 on 2 cores), and the log shows which test it was.
runner=()
command -v stdbuf >/dev/null && runner+=(stdbuf -oL -eL)
command -v timeout >/dev/null && runner+=(timeout --kill-after=30s 20m)
${runner[@]+"${runner[@]}"} swift test --no-parallel "$@"
