#!/usr/bin/env bash
# The whole test suite: installs what is missing, builds, runs every test.
set -euo pipefail
cd "$(dirname "$0")/.."
ADHOST_TEST=1 source scripts/setup.sh
swift build --build-tests
swift test "$@"
