#!/usr/bin/env bash
# What observers cost per commit (W7 flat out), in counts load changes little: the whole
# process's CPU time and context switches per committed write (`perf stat` software events),
# with 0, 1 and 10 observers, for each worker given, interleaved ROUNDS times; medians.
#
#   Benchmarks/observation-cost.sh [WORKER...]   # default: the release bench-core and bench-grdb
#   ROUNDS=3 DURATION=3 override
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
rounds=${ROUNDS:-3}
seconds=${DURATION:-3}
workers=("$@")
[ ${#workers[@]} -gt 0 ] || workers=("$here/.build/release/bench-core" "$here/.build/release/bench-grdb")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
for round in $(seq "$rounds"); do
  for worker in "${workers[@]}"; do
    for observers in 0 1 10; do
      rm -f "$work"/db*
      line=$(perf stat -e task-clock,context-switches -x, -o "$work/stat" \
        "$worker" w7 "db=$work/db" "seconds=$seconds" "observers=$observers" pace=0)
      echo "$worker $observers $line" "$(awk -F, '$3 == "task-clock" { printf "task_ms=%s ", $1 }
        $3 == "context-switches" { printf "switches=%s", $1 }' "$work/stat")"
    done
  done
done | python3 -c '
import statistics, sys
cells = {}
for line in sys.stdin:
    worker, observers, *fields = line.split()
    f = dict(x.split("=", 1) for x in fields if "=" in x)
    writes = int(f["writes"])
    cells.setdefault((worker, observers), []).append((
        writes / (int(f["wall_ns"]) / 1e9), float(f["task_ms"]) * 1000 / writes,
        float(f["switches"]) / writes, int(f["values"]) / max(1, writes)))
m = statistics.median
print("%-44s %9s %10s %16s %18s %16s" % ("worker", "observers", "writes/s", "CPU us/write", "switches/write", "values/write"))
for (worker, observers), rows in cells.items():
    print("%-44s %9s %10.0f %16.1f %18.2f %16.2f" % (worker[-44:], observers,
        m(r[0] for r in rows), m(r[1] for r in rows), m(r[2] for r in rows), m(r[3] for r in rows)))
'
