#!/usr/bin/env bash
# Instruction counts (callgrind) of W2's three ways, C against SQLiteCore, on a small table:
# repeatable where wall time on the shared machine is not. Counts only the workload function,
# inclusive (C: w2_scan / w2_collect; SQLiteCore: CoreWorkloads.scan*), and prints the ratios.
#
#   swift build -c release --static-swift-stdlib --product bench-c
#   swift build -c release --static-swift-stdlib --product bench-core
#   Benchmarks/callgrind-w2.sh            # ROWS=50000 by default; KEEP=DIR keeps the profiles
set -euo pipefail
cd "$(dirname "$0")"
rows=${ROWS:-50000}
bin=.build/release
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind cannot read the debug info SwiftPM's C build leaves in bench-c: count a stripped copy.
cp "$bin/bench-c" "$work/bench-c" && strip --strip-debug "$work/bench-c"
"$work/bench-c" w1 db="$work/w2.db" rows="$rows" >/dev/null
count() { # OUT PATTERN COMMAND...: the inclusive instructions of the outermost function matching
  # PATTERN (the workload; the compiler may split it into a thunk and a specialized body).
  local out=$1 pattern=$2
  shift 2
  valgrind --tool=callgrind --callgrind-out-file="$out" "$@" >/dev/null 2>&1
  callgrind_annotate --inclusive=yes --threshold=100 "$out" 2>/dev/null |
    awk -v p="$pattern" '$0 ~ p { gsub(",", "", $1); if ($1 + 0 > best) best = $1 + 0 }
      END { print best + 0 }'
}
for w in w2 w2r w2d; do
  c_function=w2_collect
  [ "$w" = w2 ] && c_function=w2_scan
  c=$(count "$work/c-$w.out" ":$c_function " "$work/bench-c" "$w" db="$work/w2.db")
  core=$(count "$work/core-$w.out" 'CoreWorkloadsO[0-9]+scan' "$bin/bench-core" "$w" db="$work/w2.db")
  printf '%-4s C %12d  SQLiteCore %12d  ratio %s\n' "$w" "$c" "$core" \
    "$(awk -v a="$core" -v b="$c" 'BEGIN { printf "%.3f", a / b }')"
done
if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP" && cp "$work"/*.out "$KEEP"/; fi
