#!/usr/bin/env bash
# Issue 25's records and observation benchmarks, side by side with GRDB in one run.
#
#   (cd Benchmarks && swift build -c release --product bench-c && swift build -c release \
#     --product bench-core && swift build -c release --product bench-grdb)
#   Benchmarks/records-observation.sh     # ROWS, ROUNDS, DURATION, PACE override the sizes
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

echo
echo "W7: observation, ${seconds} s per run; latency paced at one commit per ${pace} us"
printf '  %-11s %9s %12s %12s %16s %9s\n' impl observers "p50 us" "p99 us" "writes/s flat" "cost"
for impl in core grdb; do
  base=""
  for observers in 0 1 10; do
    paced=$(run "bench-$impl" w7 "seconds=$seconds" "observers=$observers" "pace=$pace")
    flat=$(run "bench-$impl" w7 "seconds=$seconds" "observers=$observers" "pace=0")
    rate=$(python3 -c "print(round($(field "$flat" writes) / ($(field "$flat" wall_ns) / 1e9)))")
    [ -z "$base" ] && base=$rate
    cost=$(python3 -c "print(f'{(1 - $rate / $base) * 100:.1f}%')")
    printf '  %-11s %9s %12s %12s %16s %9s\n' "$impl" "$observers" "$(field "$paced" p50_us)" \
      "$(field "$paced" p99_us)" "$rate" "$cost"
  done
done
