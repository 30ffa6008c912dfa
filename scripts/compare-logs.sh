#!/usr/bin/env bash
# Records the full logs of every example, and compares two such records byte for byte: the check
# that a refactoring changes no example's behaviour (issue 17: one client-side engine).
#
#   scripts/compare-logs.sh record DIR [ADHOST]   run every example (the runs of the examples'
#                                                 READMEs, offline, and every scenario of
#                                                 examples/) with ADHOST (default
#                                                 .build/debug/adhost), writing into DIR
#   scripts/compare-logs.sh diff BEFORE AFTER     compare two records; prints each file that
#                                                 differs (a unified diff of its first lines),
#                                                 then `files compared: N, differences: M`
#
# Each run is recorded four times over: `NAME.log` (the readable log, standard output),
# `NAME.jsonl` (`--json`: every event, timeupdates included), `NAME.err` (standard error of the
# readable run) and `NAME.exit` (both exit codes). A scenario runs as `adhost test` runs it
# (docs/testing.md "What to run"), translated to `adhost run` options; its expectations are
# `adhost test`'s business, not this script's. `DIR/COMMIT` names the checkout recorded
# (`+dirty` when it had uncommitted changes). Runs from the repository's root with relative
# paths, so a record does not depend on where the checkout is. A run whose recording has no
# start date (and that gives none) gets `--start-date 2026-12-01T00:00:00Z`, so that neither
# `[TIMESTAMP]` nor a plugin's `os.time()` (omnibox.lua's `cb=` cache buster) follows the wall
# clock: both are the start date plus the virtual time.
# Needs jq.
#
# Exit codes: 0 recorded / no difference; 1 differences; 64 bad usage.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  sed -n '4,11p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 64
}

# The runs the examples' READMEs show, each with its recording (the READMEs of vast and omnibox
# run against the network first; here every run is offline). NAME|ARGS…
readme_runs() {
  cat <<'EOF'
inband-ts|examples/inband/plugin.lua examples/inband/ts/source.json --offline examples/inband/ts/recording
inband-cmaf|examples/inband/plugin.lua examples/inband/cmaf/source.json --offline examples/inband/cmaf/recording
inband-live|examples/inband/plugin.lua examples/inband/live/source.json --offline examples/inband/live/recording --until 60
interstitials-vod|plugins/interstitials.lua examples/interstitials/vod/source.json --offline examples/interstitials/vod/recording
interstitials-live|plugins/interstitials.lua examples/interstitials/live/source.json --offline examples/interstitials/live/recording --until 35
mediatailor-vod|plugins/mediatailor.lua examples/mediatailor/vod/source.json --offline examples/mediatailor/vod/recording
mediatailor-vod-skip|plugins/mediatailor.lua examples/mediatailor/vod/source.json --offline examples/mediatailor/vod/recording --actions examples/mediatailor/vod/actions-skip.json
mediatailor-vod-seek-over|plugins/mediatailor.lua examples/mediatailor/vod/source.json --offline examples/mediatailor/vod/recording --actions examples/mediatailor/vod/actions-seek-over.json
mediatailor-vod-strict-seek-over|plugins/mediatailor.lua examples/mediatailor/vod/source-strict.json --offline examples/mediatailor/vod/recording --actions examples/mediatailor/vod/actions-seek-over.json
mediatailor-vod-seek-into|plugins/mediatailor.lua examples/mediatailor/vod/source.json --offline examples/mediatailor/vod/recording --actions examples/mediatailor/vod/actions-seek-into.json
mediatailor-vod-seek-back|plugins/mediatailor.lua examples/mediatailor/vod/source.json --offline examples/mediatailor/vod/recording --actions examples/mediatailor/vod/actions-seek-back.json
mediatailor-vod-strict-seek-during-ad|plugins/mediatailor.lua examples/mediatailor/vod/source-strict.json --offline examples/mediatailor/vod/recording --actions examples/mediatailor/vod/actions-seek-during-ad.json
mediatailor-live|plugins/mediatailor.lua examples/mediatailor/live/source.json --offline examples/mediatailor/live/recording --until 60
mediatailor-live-skip|plugins/mediatailor.lua examples/mediatailor/live/source.json --offline examples/mediatailor/live/recording --until 60 --actions examples/mediatailor/live/actions-skip.json
mediatailor-dash-vod|plugins/mediatailor.lua examples/mediatailor/dash/vod/source.json --offline examples/mediatailor/dash/vod/recording
mediatailor-dash-vod-skip|plugins/mediatailor.lua examples/mediatailor/dash/vod/source.json --offline examples/mediatailor/dash/vod/recording --actions examples/mediatailor/dash/vod/actions-skip.json
mediatailor-dash-vod-seek-over|plugins/mediatailor.lua examples/mediatailor/dash/vod/source.json --offline examples/mediatailor/dash/vod/recording --actions examples/mediatailor/dash/vod/actions-seek-over.json
mediatailor-dash-vod-seek-during-ad|plugins/mediatailor.lua examples/mediatailor/dash/vod/source.json --offline examples/mediatailor/dash/vod/recording --actions examples/mediatailor/dash/vod/actions-seek-during-ad.json
mediatailor-dash-live|plugins/mediatailor.lua examples/mediatailor/dash/live/source.json --offline examples/mediatailor/dash/live/recording --until 60
mediatailor-dash-live-skip|plugins/mediatailor.lua examples/mediatailor/dash/live/source.json --offline examples/mediatailor/dash/live/recording --until 60 --actions examples/mediatailor/dash/live/actions-skip.json
mediatailor-guided|plugins/mediatailor.lua examples/mediatailor/guided/source.json --offline examples/mediatailor/guided/recording
omid|plugins/vast.lua examples/omid/source.json --offline examples/omid/recording
omnibox|plugins/omnibox.lua examples/omnibox/source.json --offline examples/omnibox/recording
omnibox-skip|plugins/omnibox.lua examples/omnibox/source.json --offline examples/omnibox/recording --actions examples/omnibox/actions-skip.json
vast|plugins/vast.lua examples/vast/source.json --offline examples/vast/recording
vmap|examples/vmap/plugin.lua examples/vmap/source.json --offline examples/vmap/recording
uplynk-vod|plugins/uplynk.lua examples/uplynk/vod/source.json --offline examples/uplynk/vod/recording
uplynk-ping|plugins/uplynk.lua examples/uplynk/ping/source.json --offline examples/uplynk/ping/recording
uplynk-live|plugins/uplynk.lua examples/uplynk/live/source.json --offline examples/uplynk/live/recording --until 50
EOF
}

# A path of a scenario (relative to its folder) as a path relative to the repository's root.
rooted() {
  realpath -m --relative-to=. "$1/$2"
}

# The `adhost run` arguments of scenario $1, one per line; inline values go to files in $2.
scenario_args() {
  local file=$1 scratch=$2 dir
  dir=$(dirname "$file")
  local plugin source
  plugin=$(jq -r '.plugin' "$file")
  rooted "$dir" "$plugin"
  if [ "$(jq -r '.source | type' "$file")" = string ]; then
    rooted "$dir" "$(jq -r '.source' "$file")"
  else
    jq '.source' "$file" >"$scratch/source.json"
    echo "$scratch/source.json"
  fi
  local key
  for key in actions faults; do
    case "$(jq -r ".$key | type" "$file")" in
      null) ;;
      string) echo "--$key"; rooted "$dir" "$(jq -r ".$key" "$file")" ;;
      *) jq ".$key" "$file" >"$scratch/$key.json"; echo "--$key"; echo "$scratch/$key.json" ;;
    esac
  done
  if [ "$(jq -r '.offline // empty' "$file")" != "" ]; then
    echo --offline
    rooted "$dir" "$(jq -r '.offline' "$file")"
  fi
  jq -r '
    (.ignoreParams // [] | .[] | "--ignore-param", .),
    (if .startDate then "--start-date", .startDate else empty end),
    (if .duration != null then "--duration", (.duration | tostring) else empty end),
    (if .live == true then "--live" else empty end),
    (if .until != null then "--until", (.until | tostring) else empty end),
    (if .timeout != null then "--timeout", (.timeout | tostring) else empty end),
    (if .allowHttp == true then "--allow-http" else empty end),
    (if .checkMedia == true then "--check-media" else empty end),
    (if .verificationVendors != null then "--verification-vendors",
      (.verificationVendors | if type == "array" then join(",") else . end) else empty end),
    (if .allowUnmatched == true then "--allow-unmatched" else empty end),
    (if .budgets.memory != null then "--memory", (.budgets.memory | tostring) else empty end),
    (if .budgets.instructions != null then "--instructions", (.budgets.instructions | tostring) else empty end),
    (if .budgets.seconds != null then "--seconds", (.budgets.seconds | tostring) else empty end)
  ' "$file"
}

# Runs `adhost run ARGS…` twice (readable, --json) into $out/$name.*.
record_run() {
  local adhost=$1 out=$2 name=$3
  shift 3
  local readable=0 json=0 arg previous="" recording="" dated=false
  for arg in "$@"; do
    [ "$previous" = --offline ] && recording=$arg
    [ "$arg" = --start-date ] && dated=true
    previous=$arg
  done
  if ! $dated && { [ -z "$recording" ] || [ "$(jq -r '.startDate // empty' "$recording/index.json")" = "" ]; }; then
    set -- "$@" --start-date 2026-12-01T00:00:00Z
  fi
  NO_COLOR=1 "$adhost" run "$@" >"$out/$name.log" 2>"$out/$name.err" </dev/null || readable=$?
  NO_COLOR=1 "$adhost" run "$@" --json >"$out/$name.jsonl" 2>/dev/null </dev/null || json=$?
  echo "readable $readable json $json" >"$out/$name.exit"
}

record() {
  local out=$1 adhost=${2:-.build/debug/adhost}
  [ -x "$adhost" ] || { echo "compare-logs: $adhost is not an executable (build first)" >&2; exit 64; }
  command -v jq >/dev/null || { echo "compare-logs: needs jq" >&2; exit 64; }
  mkdir -p "$out"
  local commit
  commit=$(git rev-parse HEAD)
  [ -z "$(git status --porcelain --untracked-files=no)" ] || commit="$commit+dirty"
  echo "$commit" >"$out/COMMIT"
  local scratch count=0
  # Inline sources, actions and faults of scenarios: at one relative path, which logs may name.
  scratch=.build/compare-logs-scratch
  mkdir -p "$scratch"
  local name line
  while IFS='|' read -r name line; do
    # shellcheck disable=SC2086 # the README's arguments, split as a shell would
    record_run "$adhost" "$out" "run-$name" $line
    count=$((count + 1))
  done < <(readme_runs)
  local file args
  while IFS= read -r file; do
    # A scenario with a setup command needs it running (adhost test --allow-setup): left out.
    jq -e 'has("setup")' "$file" >/dev/null && continue
    name=scenario-$(echo "${file#examples/}" | sed 's/\.scenario\.json$//; s|/|-|g')
    rm -f "$scratch"/*.json
    mapfile -t args < <(scenario_args "$file" "$scratch")
    record_run "$adhost" "$out" "$name" "${args[@]}"
    count=$((count + 1))
  done < <(find examples -name '*.scenario.json' | LC_ALL=C sort)
  echo "recorded $count runs of $commit into $out"
}

compare() {
  local before=$1 after=$2
  [ -d "$before" ] && [ -d "$after" ] || usage
  echo "before: $(cat "$before/COMMIT" 2>/dev/null || echo '?')"
  echo "after:  $(cat "$after/COMMIT" 2>/dev/null || echo '?')"
  local compared=0 differences=0 file
  while IFS= read -r file; do
    [ "$file" = COMMIT ] && continue
    compared=$((compared + 1))
    if [ ! -f "$after/$file" ] || [ ! -f "$before/$file" ]; then
      echo "only in one record: $file"
      differences=$((differences + 1))
    elif ! cmp -s "$before/$file" "$after/$file"; then
      echo "differs: $file"
      # diff exits 1 on a difference, which pipefail would take for the script's failure
      { diff -u "$before/$file" "$after/$file" || true; } | sed -n '3,40p'
      differences=$((differences + 1))
    fi
  done < <({ ls "$before"; ls "$after"; } | LC_ALL=C sort -u)
  echo "files compared: $compared, differences: $differences"
  [ "$differences" -eq 0 ]
}

case "${1:-}" in
  record) [ $# -ge 2 ] && [ $# -le 3 ] || usage; record "$2" "${3:-}" ;;
  diff) [ $# -eq 3 ] || usage; compare "$2" "$3" ;;
  *) usage ;;
esac
