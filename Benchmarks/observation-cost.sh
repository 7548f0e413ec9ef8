#!/usr/bin/env bash
# What observers cost a writer committing flat out (W7, `pace=0`), with 0, 1 and 10 observers,
# for each worker given: many short runs, every worker and observer count interleaved in each of
# ROUNDS rounds, so that the machine's load drifts over all cells alike.
#
#   Benchmarks/observation-cost.sh [WORKER...]   # default: the release bench-core and bench-grdb
#   ROUNDS=12 DURATION=1.5 override; WATCH=unrelated adds a row of 10 observers of a table no
#   commit changes (the writer's commit hooks alone, no fetch)
#
# Per committed write: writes/s; the whole process's CPU time (`perf stat` task-clock) and
# context switches; the CPU time of the writer's own thread (`writer_cpu_ns`, the worker reads
# its thread's CLOCK_THREAD_CPUTIME_ID; for GRDB, the dispatch threads that ran its writes);
# values the observers received. Medians over the rounds with the range (min..max), then the
# cost of 1 and 10 observers as the median of each round's own ratio to that round's
# 0-observer run of the same worker, with the range of those ratios.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
rounds=${ROUNDS:-12}
seconds=${DURATION:-1.5}
workers=("$@")
[ ${#workers[@]} -gt 0 ] || workers=("$here/.build/release/bench-core" "$here/.build/release/bench-grdb")
cells=("0" "1" "10")
[ "${WATCH:-}" = unrelated ] && cells+=("10u")
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
echo "W7 flat out: $rounds rounds of ${seconds} s per cell, load average $(cut -d' ' -f1-3 /proc/loadavg)"
for round in $(seq "$rounds"); do
  for worker in "${workers[@]}"; do
    for cell in "${cells[@]}"; do
      args=("observers=${cell%u}")
      [ "$cell" = 10u ] && args+=(watch=unrelated)
      rm -f "$work"/db*
      line=$(perf stat -e task-clock,context-switches -x, -o "$work/stat" \
        "$worker" w7 "db=$work/db" "seconds=$seconds" pace=0 "${args[@]}")
      echo "$worker $cell $line" "$(awk -F, '$3 == "task-clock" { printf "task_ms=%s ", $1 }
        $3 == "context-switches" { printf "switches=%s", $1 }' "$work/stat")"
    done
  done
done | python3 -c '
import statistics, sys
cells = {}
for line in sys.stdin:
    worker, cell, *fields = line.split()
    f = dict(x.split("=", 1) for x in fields if "=" in x)
    writes = int(f["writes"])
    cells.setdefault(worker, {}).setdefault(cell, []).append(dict(
        rate=writes / (int(f["wall_ns"]) / 1e9), cpu=float(f["task_ms"]) * 1000 / writes,
        writer=int(f.get("writer_cpu_ns", 0)) / 1e3 / writes,
        switches=float(f["switches"]) / writes, values=int(f["values"]) / max(1, writes)))
m = statistics.median
def spread(xs, fmt):
    return (fmt + " (" + fmt + ".." + fmt + ")") % (m(xs), min(xs), max(xs))
print("%-34s %4s %24s %24s %24s %14s %12s" % ("worker", "obs", "writes/s", "process CPU us/write",
    "writer CPU us/write", "switches/write", "values/write"))
for worker, byCell in cells.items():
    for cell, runs in byCell.items():
        print("%-34s %4s %24s %24s %24s %14.2f %12.3f" % (worker[-34:], cell,
            spread([r["rate"] for r in runs], "%.0f"), spread([r["cpu"] for r in runs], "%.1f"),
            spread([r["writer"] for r in runs], "%.1f"), m(r["switches"] for r in runs),
            m(r["values"] for r in runs)))
print()
print("cost against the same round'"'"'s 0-observer run (median of the rounds, range):")
print("%-34s %4s %26s %26s %26s" % ("worker", "obs", "writes/s lost", "process CPU/write added",
    "writer CPU/write added"))
for worker, byCell in cells.items():
    base = byCell["0"]
    for cell, runs in byCell.items():
        if cell == "0":
            continue
        lost = [(1 - r["rate"] / b["rate"]) * 100 for r, b in zip(runs, base)]
        cpu = [(r["cpu"] / b["cpu"] - 1) * 100 for r, b in zip(runs, base)]
        writer = [(r["writer"] / b["writer"] - 1) * 100 if b["writer"] else 0 for r, b in zip(runs, base)]
        print("%-34s %4s %26s %26s %26s" % (worker[-34:], cell, spread(lost, "%.1f%%"),
            spread(cpu, "%.1f%%"), spread(writer, "%.1f%%")))
'
echo "load average after: $(cut -d' ' -f1-3 /proc/loadavg)"
