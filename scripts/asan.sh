#!/usr/bin/env bash
# The LuaKit, PluginHost and AdhostCLI tests under AddressSanitizer (docs/fuzzing.md): the C shim, the Lua
# boundary and everything the plugins reach, checked for use-after-free, overflows and
# double frees. A debug build with `--sanitize=address` (Swift and C targets alike) in a scratch
# path of its own, .build/asan, so the normal build is untouched. Extra arguments go to `swift test`.
#
# Leak detection is off here: the toolchain's own libraries (libcurl under URLSession, XCTest,
# Foundation's file reading) leak at exit, which would drown anything of ours. Leaks are checked
# in the fuzz step instead (scripts/fuzz.sh), where the parsers run with LeakSanitizer on.
#
# Skipped, each because ASan changes what it measures (memory, or which budget ends first on the
# wall clock) rather than because it is slow:
# - LuaKitTests/SwiftFunctionTests/errorsThroughTheTrampolineDoNotGrowTheProcess: it compares
#   the peak RSS of two `adhost lua` processes, and ASan keeps freed memory in quarantine
#   (256 MB by default), so the peak grows with the work done, leak or not.
# - AdhostCLITests/SandboxBudgetTests/encodingATableOfSharedSubtablesEndsAtTheMemoryBudget: it
#   asserts that the memory budget (16 MiB) ends a huge copy before the 5 s time budget does;
#   instrumented, the copy is a few times slower and the time budget comes first.
# StrictExampleTests, skipped here for a while as a known bug (issue 12: a run once aborted with
# "unprotected Lua error: attempt to call a nil value"), runs again: the cause was a LuaFunction
# freed on the thread that dropped it while the host thread ran Lua (LuaKitTests/
# OffThreadReleaseTests; docs/architecture.md, "Time and waiting").
set -euo pipefail
cd "$(dirname "$0")/.."
ADHOST_TEST=1 source scripts/setup.sh

scratch=.build/asan
skips=(
  'errorsThroughTheTrampolineDoNotGrowTheProcess'
  'encodingATableOfSharedSubtablesEndsAtTheMemoryBudget'
)

# The linker warns about ASan symbols it cannot export; that is harmless.
swift build --build-tests --sanitize=address --scratch-path "$scratch" 2>&1 \
  | { grep -v "Cannot export local symbol '__asan_" || true; }

skip_args=()
for s in "${skips[@]}"; do skip_args+=(--skip "$s"); done
# Swift's crash backtracer would race ASan's own report; ASan's report is the one wanted.
export SWIFT_BACKTRACE=enable=no
export ASAN_OPTIONS=detect_leaks=0:abort_on_error=1:${ASAN_OPTIONS:-}
runner=()
command -v stdbuf >/dev/null && runner+=(stdbuf -oL -eL)
# Serially, as in scripts/test.sh: the budget tests measure time on a small machine.
${runner[@]+"${runner[@]}"} swift test --skip-build --sanitize=address --scratch-path "$scratch" --no-parallel \
  --filter 'LuaKitTests|PluginHostTests|AdhostCLITests|MPDPeriodTests' "${skip_args[@]}" "$@"
