#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds, runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
ADHOST_TEST=1 source scripts/setup.sh
swift build --build-tests
# Serially: network tests measure timeouts and budgets on the wall clock, and on a small machine
# CPU-heavy tests running beside them (fuzzing, hostile input, Lua budgets) would starve them.
# Output a line at a time, so that a log shows where a run stopped. Off a terminal (CI) also a
# watchdog: a test that hangs fails the run after 20 minutes (a whole run takes about 2 on 2
# cores). Not on a terminal: timeout runs the tests in a process group of their own, which
# Ctrl-C would not reach.
runner=()
command -v stdbuf >/dev/null && runner+=(stdbuf -oL -eL)
if [ ! -t 0 ] && command -v timeout >/dev/null; then runner+=(timeout --kill-after=30s 20m); fi
# The examples' scenarios and the Lua SDK's unit tests (docs/testing.md) first, so that swift
# test's closing line stays last (before the count of skipped shared-sample tests, if any).
examples=0
sdk=0
vastlint=0
if [ $# -eq 0 ]; then
  # --allow-setup: a scenario may start its own fixture (examples/vast/fixture/serve.py,
  # adhost media serve for examples/inband/served).
  .build/debug/adhost test examples --allow-setup || examples=$?
  .build/debug/adhost lua --host sdk/tests/run.lua || sdk=$?
  # The differential test against vastlint (skipped with a note without the samples or PyPI),
  # bounded: installing vastlint and checking 105 documents takes well under a minute.
  bound=()
  command -v timeout >/dev/null && bound=(timeout 600)
  ${bound[@]+"${bound[@]}"} scripts/vastlint-diff.sh || vastlint=$?
fi
# A copy of the output is kept to count the tests that were skipped because ../shared/vast-samples
# is not beside the checkout (they say so by Samples.skipReason, Tests/VASTKitTests/Samples.swift).
log=$(mktemp)
trap 'rm -f "$log"' EXIT
status=0
${runner[@]+"${runner[@]}"} swift test --no-parallel "$@" 2>&1 | tee "$log" || status=$?
skipped=$(grep -c 'skipped: "shared-sample test' "$log" || true)
if [ "$skipped" -gt 0 ]; then
  echo "test.sh: $skipped shared-sample tests skipped (no ../shared/vast-samples beside the checkout);" \
    "the repository's own fixtures cover what they check"
fi
[ "$status" -ne 0 ] && exit "$status"
[ "$examples" -ne 0 ] && exit "$examples"
[ "$vastlint" -ne 0 ] && exit "$vastlint"
exit "$sdk"
