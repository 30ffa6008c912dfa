#!/usr/bin/env bash
# Fuzzes adhost's parsers with libFuzzer (docs/fuzzing.md).
#
#   scripts/fuzz.sh TARGET SECONDS [libFuzzer flags…]   one target for SECONDS of wall time
#   scripts/fuzz.sh all SECONDS [libFuzzer flags…]      every target, SECONDS each, one after another
#   scripts/fuzz.sh merge TARGET DIR…                   adds what DIR… covers anew to the committed corpus
#   scripts/fuzz.sh build                               only builds
#
# TARGET is one of: vast vmap json hls source recording mpd media. The
# targets are built (Fuzzing/, release, -sanitize=fuzzer,address, scratch path .build/fuzz) when needed. Each run starts from the
# committed corpus (Fuzzing/corpus/TARGET, never written by a run) plus what earlier runs found
# (.build/fuzz/corpus/TARGET). An input that crashes, breaks an invariant, takes longer than
# FUZZ_TIMEOUT seconds (default 10) or needs more than FUZZ_RSS_MB of memory (default 2048) is saved
# under FUZZ_CRASHES (default .build/fuzz/crashes/TARGET), shown as hex, and the exit status is 1.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/setup.sh

targets=(vast vmap json hls source recording mpd media)
# Targets run by name only, not by `all` (and so not in CI).
extra_targets=()
scratch=.build/fuzz
timeout_s=${FUZZ_TIMEOUT:-10}
rss_mb=${FUZZ_RSS_MB:-2048}
# Leaks count as crashes (libFuzzer checks after each input), less the toolchain's own in lsan.supp.
lsan_options=suppressions=$PWD/Fuzzing/lsan.supp
# Swift's own crash backtracer would race ASan's report (and trip over its shadow memory).
export SWIFT_BACKTRACE=enable=no

usage() {
  sed -n '3,7p' "$0" | sed 's/^# \{0,1\}//' >&2
  exit 64
}

build() {
  # The linker warns once per target about an ASan symbol it cannot export; that is harmless.
  swift build -c release --package-path Fuzzing --scratch-path "$scratch" -Xswiftc -sanitize=fuzzer,address 2>&1 \
    | { grep -v "Cannot export local symbol '__asan_extra_spill_area'" || true; }
  for t in "${targets[@]}" "${extra_targets[@]}"; do
    [ -x "$scratch/release/fuzz-$t" ] || { echo "fuzz.sh: the build made no fuzz-$t" >&2; exit 1; }
  done
}

known_target() {
  local t
  for t in "${targets[@]}" "${extra_targets[@]}"; do [ "$t" = "$1" ] && return 0; done
  echo "fuzz.sh: unknown target '$1' (expected one of: ${targets[*]} ${extra_targets[*]})" >&2
  exit 64
}

# run TARGET SECONDS [flags…]: prints "fuzz: TARGET N runs in S s" and returns libFuzzer's status.
run() {
  local target=$1 seconds=$2
  shift 2
  local corpus=$scratch/corpus/$target crashes=${FUZZ_CRASHES:-$scratch/crashes}/$target
  mkdir -p "$corpus" "$crashes"
  local log=$scratch/logs/$target.log
  mkdir -p "$(dirname "$log")"
  local flags=(
    -max_total_time="$seconds" -timeout="$timeout_s" -rss_limit_mb="$rss_mb" -print_final_stats=1
    -artifact_prefix="$crashes/" -dict="Fuzzing/dict/$(dict_of "$target").dict" -max_len="$(max_len_of "$target")"
  )
  local status=0
  LSAN_OPTIONS=$lsan_options "$scratch/release/fuzz-$target" "${flags[@]}" "$@" "$corpus" "Fuzzing/corpus/$target" >"$log" 2>&1 \
    || status=$?
  local runs
  runs=$(grep -h '^stat::number_of_executed_units' "$log" | awk '{ s += $2 } END { print s + 0 }')
  if [ "$status" -ne 0 ]; then
    echo "fuzz: $target FAILED (status $status) after $runs runs; the log's end:" >&2
    tail -n 40 "$log" >&2
    for input in "$crashes"/*; do
      [ -f "$input" ] || continue
      echo "--- $input (first 512 bytes)" >&2
      head -c 512 "$input" | od -A d -c | head -n 40 >&2
    done
    return "$status"
  fi
  echo "fuzz: $target $runs runs in $seconds s, no crash"
}

# The source and action models are JSON, so they share the JSON dictionary.
dict_of() { if [ "$1" = source ]; then echo json; else echo "$1"; fi; }

# Inputs longer than this are cut (bytes): long inputs reach little new code and are slow. VAST
# and VMAP documents get more room, since an ad with its creatives and media files needs a few KiB.
max_len_of() { case "$1" in vast | vmap) echo 16384 ;; *) echo 8192 ;; esac; }

# merge TARGET DIR…: the committed corpus gains the inputs of DIR… that cover something new.
merge() {
  local target=$1
  shift
  mkdir -p "Fuzzing/corpus/$target"
  LSAN_OPTIONS=$lsan_options "$scratch/release/fuzz-$target" -merge=1 -max_len="$(max_len_of "$target")" \
    -timeout="$timeout_s" -rss_limit_mb="$rss_mb" "Fuzzing/corpus/$target" "$@"
}

[ $# -ge 1 ] || usage
case "$1" in
  build) build ;;
  merge)
    [ $# -ge 3 ] || usage
    known_target "$2"
    build
    merge "${@:2}"
    ;;
  all)
    [ $# -ge 2 ] || usage
    seconds=$2
    shift 2
    build
    failed=()
    for t in "${targets[@]}"; do run "$t" "$seconds" "$@" || failed+=("$t"); done
    if [ ${#failed[@]} -gt 0 ]; then
      echo "fuzz: crashes in: ${failed[*]} (inputs under ${FUZZ_CRASHES:-$scratch/crashes})" >&2
      exit 1
    fi
    ;;
  *)
    [ $# -ge 2 ] || usage
    known_target "$1"
    target=$1 seconds=$2
    shift 2
    build
    run "$target" "$seconds" "$@" || exit 1
    ;;
esac
