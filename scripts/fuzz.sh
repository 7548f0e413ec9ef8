#!/usr/bin/env bash
# Fuzzes one shell component with libFuzzer: scripts/fuzz.sh TARGET SECONDS [libFuzzer flags]
# TARGET: splitter arguments csv formatters parameters bench parsers expert zip pages restore
# (Sources/ShellFuzzing), or
# `all`.
# Builds Fuzzer/ (release, -sanitize=fuzzer,address) in .build-fuzz, starts from the committed
# corpus Fuzzer/Corpus/TARGET and a scratch corpus in .build-fuzz/corpus/TARGET, and writes any
# crasher to .build-fuzz/findings/. Fix the bug, then commit the crasher into the corpus:
# FuzzCorpusTests replays it in every `swift test`. Prints executions and the exit status.
set -euo pipefail
cd "$(dirname "$0")/.."
target=${1:?usage: scripts/fuzz.sh TARGET SECONDS [libFuzzer flags]}
seconds=${2:?usage: scripts/fuzz.sh TARGET SECONDS [libFuzzer flags]}
shift 2
scratch=.build-fuzz
swift build --package-path Fuzzer --scratch-path "$scratch" -c release \
  -Xswiftc -sanitize=fuzzer,address -Xswiftc -parse-as-library 2>&1 |
  grep -v "ld.gold: warning: Cannot export local symbol" || true
binary="$(swift build --package-path Fuzzer --scratch-path "$scratch" -c release --show-bin-path)/litesh-fuzz"
[ -x "$binary" ] || { echo "fuzz: build failed" >&2; exit 1; }
targets=("$target")
[ "$target" = all ] && targets=(splitter arguments csv formatters parameters bench parsers expert zip pages restore)
status=0
for name in "${targets[@]}"; do
  mkdir -p "$scratch/corpus/$name" "$scratch/findings"
  log="$scratch/fuzz-$name.log"
  # No Swift backtracer (it would stall each crash 30 s); leaks are off as in make test-asan.
  if LITESH_FUZZ_TARGET=$name SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 \
    "$binary" -max_total_time="$seconds" -timeout=10 -rss_limit_mb=3072 -max_len=4096 \
    -print_final_stats=1 -artifact_prefix="$scratch/findings/$name-" "$@" \
    "$scratch/corpus/$name" "Fuzzer/Corpus/$name" >"$log" 2>&1; then
    echo "fuzz $name: ${seconds}s, $(grep -o 'stat::number_of_executed_units: *[0-9]*' "$log" | grep -o '[0-9]*$') runs, no finding"
  else
    status=1
    echo "fuzz $name: FOUND A PROBLEM (log: $log)" >&2
    grep -E "Fatal error|ERROR: (AddressSanitizer|libFuzzer)|SUMMARY|Test unit written" "$log" | head -5 >&2
  fi
done
exit $status
