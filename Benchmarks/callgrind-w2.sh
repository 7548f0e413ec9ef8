#!/usr/bin/env bash
# Instruction counts (callgrind) of W2's four ways, C against SQLiteCore, on a small table:
# repeatable where wall time on the shared machine is not. Counts only the workload function,
# inclusive (C: w2_scan / w2_scan_in_place / w2_collect; SQLiteCore: CoreWorkloads.scan*), and prints the ratios.
#
#   make -C Benchmarks build   # or swift build $(FLAGS) --product bench-c / bench-core
#   Benchmarks/callgrind-w2.sh            # ROWS=50000 by default; KEEP=DIR keeps the profiles
#   BREAKDOWN=1 Benchmarks/callgrind-w2.sh # also: W2 natives per row, by where it goes
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
for w in w2 w2u w2r w2d; do
  c_function=w2_collect
  [ "$w" = w2 ] && c_function=w2_scan
  [ "$w" = w2u ] && c_function=w2_scan_in_place
  c=$(count "$work/c-$w.out" ":$c_function " "$work/bench-c" "$w" db="$work/w2.db")
  core=$(count "$work/core-$w.out" 'CoreWorkloadsO[0-9]+scan' "$bin/bench-core" "$w" db="$work/w2.db")
  printf '%-4s C %12d  SQLiteCore %12d  ratio %s  per row %s / %s\n' "$w" "$c" "$core" \
    "$(awk -v a="$core" -v b="$c" 'BEGIN { printf "%.3f", a / b }')" \
    "$(awk -v a="$c" -v r="$rows" 'BEGIN { printf "%.0f", a / r }')" \
    "$(awk -v a="$core" -v r="$rows" 'BEGIN { printf "%.0f", a / r }')"
done
breakdown() { # PROFILE: self instructions per row, grouped (the String's parts, SQLite, the rest)
  callgrind_annotate --inclusive=no --threshold=100 --auto=no "$1" 2>/dev/null |
    awk -v r="$rows" '/^ *[0-9,]+ \( *[0-9.]+%\)  / && !/PROGRAM TOTALS/ {
        n = $1; gsub(",", "", n)
        g = "other (row loop, process start-up)"
        if ($0 ~ /fromUTF8|allASCII|uncheckedFromUTF8|StringStorageC6create|allocateStringStorage|initialize4from5count|memmove|memcpy/) g = "text: make (validate, copy)"
        else if ($0 ~ /swift_allocObject|swift_slowAlloc|malloc.c:malloc|_int_malloc/) g = "text: allocate"
        else if ($0 ~ /swift_bridgeObjectRelease|swift_release|doDecrementSlow|StringStorageCfD|swift_dealloc|swift_slowDealloc|malloc.c:free|arena.c:free|_int_free/) g = "text: release, free"
        else if ($0 ~ /libsqlite3/) g = "SQLite (step, column reads)"
        sum[g] += n
      }
      END { for (g in sum) printf "    %-30s %7.0f\n", g, sum[g] / r }' | sort
}
if [ -n "${BREAKDOWN:-}" ]; then
  echo "w2 natives, instructions per row (self, whole process / rows) - C:"
  breakdown "$work/c-w2.out"
  echo "SQLiteCore:"
  breakdown "$work/core-w2.out"
fi
if [ -n "${KEEP:-}" ]; then mkdir -p "$KEEP" && cp "$work"/*.out "$KEEP"/; fi
