#!/usr/bin/env bash
# Instruction counts (callgrind) of restoring a dump and of the INSERT script, sqlite3 against
# litesh, whole processes: repeatable where wall time on the shared machine is not (issue 27).
#
#   swift build -c release --static-swift-stdlib --product litesh   (from the repository root)
#   Benchmarks/callgrind-restore.sh        # ROWS=50000 by default
set -euo pipefail
cd "$(dirname "$0")/.."
rows=${ROWS:-50000}
litesh=${LITESH:-.build/release/litesh}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
# The table of the benchmark suite: id, an integer, a REAL, a short text.
sqlite3 "$work/source.db" "CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b REAL, c TEXT);
  WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < $rows)
  INSERT INTO t SELECT i, abs(random() % 1000000), random() / 7.0e12, hex(randomblob(8)) FROM n;"
sqlite3 "$work/source.db" .dump >"$work/dump.sql"
{
  echo 'CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b REAL, c TEXT);'
  echo 'BEGIN;'
  sqlite3 -cmd '.mode insert t' "$work/source.db" 'SELECT * FROM t'
  echo 'COMMIT;'
} >"$work/inserts.sql"
count() { # SHELL DATABASE SCRIPT: instructions of the whole process
  rm -f "$2"
  valgrind --tool=callgrind --callgrind-out-file="$work/cg.out" "$1" "$2" <"$3" >/dev/null 2>"$work/cg.err"
  grep -o 'Collected : [0-9]*' "$work/cg.err" | grep -o '[0-9]*$'
}
for script in dump inserts; do
  reference=$(count "$(command -v sqlite3)" "$work/sqlite3.db" "$work/$script.sql")
  candidate=$(count "$litesh" "$work/litesh.db" "$work/$script.sql")
  same=identical
  cmp -s "$work/sqlite3.db" "$work/litesh.db" || same=DIFFERENT
  printf '%-8s %d rows  sqlite3 %12d  litesh %12d  ratio %s  files %s\n' "$script" "$rows" \
    "$reference" "$candidate" "$(awk -v a="$candidate" -v b="$reference" 'BEGIN { printf "%.3f", a / b }')" "$same"
done
