#!/usr/bin/env bash
# The main job: installs what is missing, builds adhost, and plays the OMNIBOX example through
# plugins/omnibox.lua from its recorded responses (no network needed).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh
swift build --product adhost
.build/debug/adhost run plugins/omnibox.lua examples/omnibox/source.json --offline examples/omnibox/recording "$@"
