#!/usr/bin/env bash
# The main job: installs what is missing, builds adhost, and runs the example.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
swift build --product adhost
.build/debug/adhost lua examples/sandbox/demo.lua
