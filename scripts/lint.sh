#!/usr/bin/env bash
# Style checks: swift format (config .swift-format) on Swift, no bare integer conversion in Sources
# (scripts/lint-integers.pl), every import declared in Package.swift (scripts/lint-imports.pl),
# Package.swift as docs/architecture.md's Modules table says (scripts/lint-layers.pl), a why for
# each lock, unchecked Sendable and unchecked exclusivity kept, and each public class's threads
# (scripts/lint-threads.pl),
# work in virtual time begun only through PlaybackEngine's HostWork.swift, README.md's layout
# table listing every top-level folder and module, log entry kinds named only by LogKind's cases
# (scripts/lint-log-kinds.pl), luacheck (config .luacheckrc) on Lua (plugins,
# examples, the SDK).
set -euo pipefail
cd "$(dirname "$0")/.."
ADHOST_LINT=1 source scripts/setup.sh
swift format lint --strict -r Package.swift Sources Tests sdk/AdhostSDK.swift Fuzzing/Package.swift Fuzzing/Sources
# No Double → integer conversion that can trap: see scripts/lint-integers.pl (allow-list beside it).
find Sources -name '*.swift' -print0 | sort -z | xargs -0 perl scripts/lint-integers.pl
# What the compiler cannot check about threads says why (`// why:`), and every public class says
# on which threads it may be used: scripts/lint-threads.pl (docs/architecture.md, Time and waiting).
find Sources -name '*.swift' -print0 | sort -z | xargs -0 perl scripts/lint-threads.pl
# Every import of one of the package's modules is a dependency the target declares (not only one
# of its dependencies' dependencies): scripts/lint-imports.pl.
swift package dump-package | perl scripts/lint-imports.pl
# Package.swift's targets and dependencies are docs/architecture.md's Modules table, layers going
# downward: scripts/lint-layers.pl.
swift package dump-package | perl scripts/lint-layers.pl docs/architecture.md
# The run log's entry kinds are LogKind's cases, never strings: scripts/lint-log-kinds.pl.
find Sources -name '*.swift' -print0 | sort -z | xargs -0 perl scripts/lint-log-kinds.pl
# PluginHost binds the player seam's protocols only, never the headless player (docs/embedding.md).
if grep -rln --include='*.swift' '^import AdPlayer' Sources/PluginHost; then
  echo "lint: PluginHost must not import AdPlayer (bind PlayerSeam's protocols)" >&2
  exit 1
fi
# PluginHost is the Lua bridge only: a file that does not touch Lua belongs to a domain module
# (PlaybackEngine, docs/architecture.md).
nolua=$(find Sources/PluginHost -name '*.swift' -print0 | xargs -0 grep -L '^import LuaKit' || true)
if [ -n "$nolua" ]; then
  echo "lint: every file in Sources/PluginHost imports LuaKit; move these to a domain module:" >&2
  echo "$nolua" >&2
  exit 1
fi
# Work in virtual time has one owner: requests and other work meet the clock through
# PlaybackEngine's `startWork`/`request` (Sources/PlaybackEngine/Requests/HostWork.swift,
# docs/architecture.md "Time and waiting"). No other file calls `beginWork`, finishes work after a
# delay or binds a virtual latency; the schedulers (the headless loop, the real engine's) only
# implement those calls. A loader doing it by hand can forget the latency, and runs stop being
# repeatable.
owners='^Sources/PlaybackEngine/Requests/HostWork[.]swift$'
strays=$(grep -rnE --include='*.swift' \
  '(^|[^[:alnum:]_])beginWork[(]|[.]finish[(]after:|VirtualLatency[.][$]current' Sources |
  grep -vE '^[^:]+:[0-9]+: *(//|(public |package )?func beginWork[(])' | cut -d: -f1 | sort -u |
  grep -vE "$owners" || true)
if [ -n "$strays" ]; then
  echo "lint: begin work and bind virtual latency through startWork/request (PlaybackEngine's HostWork.swift), not in:" >&2
  echo "$strays" >&2
  exit 1
fi
# The README's layout table names, in its first column, every top-level folder of the
# repository (`NAME/`) and every module under Sources (`Sources/NAME`), so that a new one is
# described where readers look.
layout=$(sed -n '/^## Layout$/,/^## /p' README.md | grep '^|' | cut -d'|' -f2 || true)
unlisted=()
for top in $(git ls-files | cut -d/ -f1 | sort -u); do
  if [ -d "$top" ] && [ "$top" != Sources ] && ! grep -qF "\`$top/" <<<"$layout"; then unlisted+=("$top/"); fi
done
for module in $(git ls-files Sources | cut -d/ -f2 | sort -u); do
  if ! grep -qF "\`Sources/$module\`" <<<"$layout"; then unlisted+=("Sources/$module"); fi
done
if [ ${#unlisted[@]} -gt 0 ]; then
  echo "lint: README.md's layout table (## Layout) does not list: ${unlisted[*]}" >&2
  exit 1
fi
dirs=(); for d in plugins examples sdk; do [ -d "$d" ] && dirs+=("$d"); done
if [ ${#dirs[@]} -gt 0 ]; then luacheck --no-color -q "${dirs[@]}"; fi
