#!/usr/bin/env bash
# Instruction counts (callgrind) of W6 (insert(_:into:) of an Encodable record) beside W1 (the
# bound-parameter insert), C and SQLiteCore: repeatable where CPU time on the shared machine
# is not. Counts only the workload function, inclusive (C: w1_insert; SQLiteCore:
# CoreWorkloads.insert, CoreRecords.insert), and prints the ratios.
#
#   make -C Benchmarks build   # or swift build $(FLAGS) --product bench-c / bench-core
#   Benchmarks/callgrind-w6.sh            # ROWS=100000 by default; KEEP=DIR keeps the profiles
set -euo pipefail
cd "$(dirname "$0")"
rows=${ROWS:-100000}
bin=.build/release
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# valgrind cannot read the debug info SwiftPM's C build leaves in bench-c: count a stripped copy.
cp "$bin/bench-c" "$work/bench-c" && strip --strip-debug "$work/bench-c"
count() { # OUT PATTERN COMMAND...: the inclusive instructions of the outermost function matching
  # PATTERN (the workload; the compiler may split it into a thunk and a specialized body).
  local out=$1 pattern=$2
  shift 2
  rm -f "$work"/db*
  valgrind --tool=callgrind --callgrind-out-file="$out" "$@" >/dev/null 2>&1
  callgrind_annotate --inclusive=yes --threshold=100 "$out" 2>/dev/null |
    awk -v p="$pattern" '$0 ~ p { gsub(",", "", $1); if ($1 + 0 > best) best = $1 + 0 }
      END { print best + 0 }'
}
c=$(count "$work/c-w1.out" ':w1_insert ' "$work/bench-c" w1 db="$work/db" rows="$rows")
w1=$(count "$work/core-w1.out" 'CoreWorkloadsO[0-9]+insert' "$bin/bench-core" w1 db="$work/db" rows="$rows")
w6=$(count "$work/core-w6.out" 'CoreRecordsO[0-9]+insert' "$bin/bench-core" w6 db="$work/db" rows="$rows")
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { printf "%.3f", a / b }'; }
per() { awk -v a="$1" -v r="$rows" 'BEGIN { printf "%.0f", a / r }'; }
printf 'C W1 (bound)                   %12d  %5s per row\n' "$c" "$(per "$c")"
printf 'SQLiteCore W1 (bound)          %12d  %5s per row  %sx C\n' "$w1" "$(per "$w1")" "$(ratio "$w1" "$c")"
printf 'SQLiteCore W6 insert(Encodable) %11d  %5s per row  %sx SQLiteCore W1, %sx C\n' "$w6" \
  "$(per "$w6")" "$(ratio "$w6" "$w1")" "$(ratio "$w6" "$c")"
if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP" && cp "$work"/*.out "$KEEP"/; fi
