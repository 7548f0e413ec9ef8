#!/usr/bin/env bash
# .bench's own overhead (issue 11): its read throughput against bench-c's W5 reader loop, on
# the same query and the same kind of database, in the same run. Rounds alternate the two.
#
#   make -C Benchmarks build   # or: swift build -c release (root) and here --product bench-c
#   Benchmarks/overhead.sh     # ROWS, READERS, SECONDS, ROUNDS override the sizes
#
# C: READERS threads, each `BEGIN; SELECT a, b, c FROM t WHERE id = ?; COMMIT` in a loop, and
# one writer thread committing one-row INSERT transactions (Sources/bench-c/w5.c, batch=1).
# .bench: the same read as --read (one pool read = one snapshot transaction) with a uniform
# id, READERS readers and one writer committing a one-row INSERT per transaction.
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
litesh=${LITESH:-$here/../.build/release/litesh}
benchc=${BENCHC:-$here/.build/release/bench-c}
rows=${ROWS:-100000}
readers=${READERS:-4}
seconds=${SECONDS:-3}
rounds=${ROUNDS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
"$benchc" w1 "db=$work/base.db" "rows=$rows" >/dev/null
printf '%-6s %12s %12s %7s\n' round 'C reads/s' '.bench r/s' ratio
for round in $(seq "$rounds"); do
  rm -f "$work"/c.db*
  cp "$work/base.db" "$work/c.db"
  line=$("$benchc" w5 "db=$work/c.db" "rows=$rows" "readers=$readers" batch=1 "seconds=$seconds")
  c=$(python3 -c 'import sys; f = dict(kv.split("=") for kv in sys.argv[1].split()[1:]);
print(int(f["reads"]) / (int(f["wall_ns"]) / 1e9))' "$line")
  rm -f "$work"/s.db*
  cp "$work/base.db" "$work/s.db"
  json=$("$litesh" "$work/s.db" ".bench --here --readers $readers --writers 1 --duration $seconds --json \
--read 'SELECT a, b, c FROM t WHERE id = :id' --param id=uniform(1,$rows) \
--write \"INSERT INTO t(a, b, c) VALUES (:a, 0.25, 'row-0000000000000000')\" \
--param a=uniform(0,1000002)")
  s=$(printf '%s' "$json" | python3 -c 'import json, sys; print(json.load(sys.stdin)["reads_per_second"])')
  python3 -c 'import sys; c, s = float(sys.argv[2]), float(sys.argv[3]);
print("%-6s %12.0f %12.0f %6.2fx" % (sys.argv[1], c, s, s / c))' "$round" "$c" "$s"
done
