#!/usr/bin/env bash
# .bench's own overhead (issue 11): its read throughput against bench-c's W5 reader loop, on
# the same query and the same kind of database, in the same run. Rounds alternate the two.
#
#   make -C Benchmarks build   # or: swift build -c release (root) and here --product bench-c
#   Benchmarks/overhead.sh     # ROWS, READERS, DURATION, ROUNDS, BATCH override the sizes
#
# C: READERS threads, each `BEGIN; SELECT a, b, c FROM t WHERE id = ?; COMMIT` in a loop, and
# one writer thread committing one-row INSERT transactions (Sources/bench-c/w5.c, batch=1).
# SQLiteCore: the same loop through ConnectionPool.read/write with no harness around it
# (Sources/bench-core/CoreConcurrent.swift), so .bench / SQLiteCore is the harness's own cost.
# .bench: the same read as --read (one pool read = one snapshot transaction) with a uniform
# id, READERS readers and one writer committing a one-row INSERT per transaction.
# BATCH=100: C and the pool loop do 100 lookups per read transaction; .bench runs a --script of
# 100 lookups whose ids are spread from one drawn id ((id + k*104729) % ROWS + 1), since one
# dot-command line cannot carry 100 --param options.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
litesh=${LITESH:-$here/../.build/release/litesh}
benchc=${BENCHC:-$here/.build/release/bench-c}
benchcore=${BENCHCORE:-$here/.build/release/bench-core}
rows=${ROWS:-100000}
readers=${READERS:-4}
seconds=${DURATION:-3}
rounds=${ROUNDS:-3}
batch=${BATCH:-1}
echo "lookups per second: $readers readers, one writer, $rows rows, $batch per read, ${seconds} s"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$benchc" w1 "db=$work/base.db" "rows=$rows" >/dev/null
read_option="--read 'SELECT a, b, c FROM t WHERE id = :id' --param id=uniform(1,$rows)"
if [ "$batch" -gt 1 ]; then
  python3 -c 'import sys; n, rows = int(sys.argv[1]), int(sys.argv[2]);
print("\n".join("SELECT a, b, c FROM t WHERE id = (:id + %d * 104729) %% %d + 1;" % (k, rows)
for k in range(n)))' "$batch" "$rows" >"$work/batch.sql"
  read_option="--script $work/batch.sql --param id=uniform(0,$((rows - 1)))"
fi
rate() {
  python3 -c 'import sys; f = dict(kv.split("=") for kv in sys.argv[1].split()[1:]);
print(int(f["reads"]) / (int(f["wall_ns"]) / 1e9))' "$1"
}
printf '%-6s %12s %12s %12s %9s %12s\n' round 'C' 'pool' '.bench' '.bench/C' '.bench/pool'

for round in $(seq "$rounds"); do
  rm -f "$work"/c.db*
  cp "$work/base.db" "$work/c.db"
  c=$(rate "$("$benchc" w5 "db=$work/c.db" "rows=$rows" "readers=$readers" "batch=$batch" \
    "seconds=$seconds")")
  rm -f "$work"/p.db*
  cp "$work/base.db" "$work/p.db"
  p=$(rate "$("$benchcore" w5 "db=$work/p.db" "rows=$rows" "readers=$readers" "batch=$batch" \
    "seconds=$seconds")")
  rm -f "$work"/s.db*
  cp "$work/base.db" "$work/s.db"
  json=$("$litesh" "$work/s.db" ".bench --here --readers $readers --writers 1 --duration $seconds --json \
$read_option \
--write \"INSERT INTO t(a, b, c) VALUES (:a, 0.25, 'row-0000000000000000')\" \
--param a=uniform(0,1000002)")
  s=$(printf '%s' "$json" | python3 -c 'import json, sys; print(json.load(sys.stdin)["reads_per_second"] * int(sys.argv[1]))' "$batch")
  python3 -c 'import sys; c, p, s = map(float, sys.argv[2:]);
print("%-6s %12.0f %12.0f %12.0f %8.2fx %11.2fx" % (sys.argv[1], c, p, s, s / c, s / p))' \
    "$round" "$c" "$p" "$s"
done
