#!/usr/bin/env bash
# Issue 25's records and observation benchmarks, side by side with GRDB in one run.
#
#   (cd Benchmarks && swift build -c release --product bench-c && swift build -c release \
#     --product bench-core && swift build -c release --product bench-grdb)
#   Benchmarks/records-observation.sh     # ROWS, ROUNDS, DURATION, PACE override the sizes
#   ONLY=w7 Benchmarks/records-observation.sh   # W7 alone (ONLY=w6: W6 alone)
#   IMPLS="core grdb /path/to/other/bench-core" # W7's workers: a name in the release folder
#                                               # (bench-NAME) or a path, run interleaved
#
# W6: ROWS rows inserted in one transaction, process CPU time, median of ROUNDS interleaved
# rounds: C's bound-parameter insert (W1), SQLiteCore's (W1, variadic bind), SQLiteCore's
# `insert(_:into:)` of an Encodable struct, and GRDB's PersistableRecord `insert(db)`.
# W7: one writer commits one-row transactions for DURATION seconds while 0, 1 or 10 tasks
# observe `SELECT max(id) FROM t`: paced (one commit every PACE µs) for the latency from a
# commit to the observer's new value (p50/p99 over every value every observer received), and
# flat out for the writes per second the observers cost.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
bin=$here/.build/release
rows=${ROWS:-1000000}
rounds=${ROUNDS:-3}
seconds=${DURATION:-3}
pace=${PACE:-1000}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
field() { python3 -c 'import sys; f = dict(kv.split("=", 1) for kv in sys.argv[1].split()[1:]); print(f[sys.argv[2]])' "$1" "$2"; }
run() {  # run WORKER WORKLOAD ARGS...: a fresh database each time
  rm -f "$work"/db*
  "$bin/$1" "$2" "db=$work/db" "${@:3}"
}

only=${ONLY:-}
if [ "$only" != w7 ]; then
echo "W6: insert $rows rows in one transaction (CPU ms, median of $rounds rounds)"
declare -A w6
for round in $(seq "$rounds"); do
  for entry in "c w1" "core w1" "core w6" "grdb w6"; do
    set -- $entry
    line=$(run "bench-$1" "$2" "rows=$rows")
    w6["$1-$2"]+="$(field "$line" cpu_ns) "
  done
done
python3 - "${w6[c-w1]}" "${w6[core-w1]}" "${w6[core-w6]}" "${w6[grdb-w6]}" <<'PY'
import statistics, sys
c, core, records, grdb = ([int(v) / 1e6 for v in a.split()] for a in sys.argv[1:])
m = statistics.median
print(f"  C bound parameters (W1)         {m(c):8.0f}")
print(f"  SQLiteCore bound parameters (W1) {m(core):7.0f}")
print(f"  SQLiteCore insert(Encodable)    {m(records):8.0f}   {m(r/b for r, b in zip(records, core)):.2f}x SQLiteCore W1, {m(r/b for r, b in zip(records, c)):.2f}x C W1")
print(f"  GRDB PersistableRecord.insert   {m(grdb):8.0f}   SQLiteCore/GRDB {m(r/g for r, g in zip(records, grdb)):.2f}")
PY
fi
[ "$only" = w6 ] && exit 0

echo
echo "W7: observation, ${seconds} s per run; latency paced at one commit per ${pace} us"
# Every worker, observer count and mode interleaved, ROUNDS times; medians per cell, and the
# cost as the median of each round's own ratio to the same worker's 0-observer rate.
impls=${IMPLS:-core grdb}
declare -A cells
for round in $(seq "$rounds"); do
  for impl in $impls; do
    worker=$impl
    [[ "$impl" == */* ]] || worker="$bin/bench-$impl"
    for observers in 0 1 10; do
      rm -f "$work"/db*
      paced=$("$worker" w7 "db=$work/db" "seconds=$seconds" "observers=$observers" "pace=$pace")
      rm -f "$work"/db*
      flat=$("$worker" w7 "db=$work/db" "seconds=$seconds" "observers=$observers" "pace=0")
      rate=$(python3 -c "print(round($(field "$flat" writes) / ($(field "$flat" wall_ns) / 1e9)))")
      cells["$impl $observers"]+="$(field "$paced" p50_us),$(field "$paced" p99_us),$rate "
    done
  done
done
for impl in $impls; do
  for observers in 0 1 10; do
    echo "$impl $observers ${cells["$impl $observers"]}"
  done
done | python3 -c '
import statistics, sys
rows = [line.split() for line in sys.stdin]
base = {r[0]: [float(c.split(",")[2]) for c in r[2:]] for r in rows if r[1] == "0"}
print("  %-40s %9s %10s %10s %14s %22s" % ("impl", "observers", "p50 us", "p99 us", "writes/s flat", "cost (per-round range)"))
for r in rows:
    cells = [[float(x) for x in c.split(",")] for c in r[2:]]
    m = lambda i: statistics.median(c[i] for c in cells)
    costs = [(1 - c[2] / b) * 100 for c, b in zip(cells, base[r[0]])]
    print("  %-40s %9s %10.0f %10.0f %14.0f %8.1f%% (%.1f to %.1f)" % (r[0][-40:], r[1], m(0), m(1), m(2), statistics.median(costs), min(costs), max(costs)))
'
