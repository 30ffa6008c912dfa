#!/usr/bin/env bash
# Style checks: swift format (config .swift-format) on Swift, luacheck (config .luacheckrc) on Lua.
set -euo pipefail
cd "$(dirname "$0")/.."
ADHOST_LINT=1 source scripts/setup.sh
swift format lint --strict -r Package.swift Sources Tests
dirs=(); for d in plugins examples; do [ -d "$d" ] && dirs+=("$d"); done
if [ ${#dirs[@]} -gt 0 ]; then luacheck --no-color -q "${dirs[@]}"; fi
