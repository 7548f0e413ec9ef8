#!/usr/bin/env bash
# Regenerates scripts/link/litesh.order, the order in which the release link lays out
# litesh's sections (lld --symbol-ordering-file): first every section of code and data a start
# touches (scripts/link/start-sections.py: small ones, then the large ones), then the
# functions piped scripts, dumps and .import run, so a start touches as few 64 KiB windows of
# the file as it can (the kernel maps one around each page fault).
# Needs valgrind, python3 and a release build made by SwiftPM (this relinks it once, from its
# build plan, to get lld's map): scripts/link/make-order.sh [path/to/litesh]
set -euo pipefail
cd "$(dirname "$0")/../.."
binary="${1:-$(swift build -c release --static-swift-stdlib --show-bin-path)/litesh}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The binary's own link, again, with a map of its input sections (same objects, same order).
plan="$(dirname "$(readlink -f "$binary")")/../../release.yaml"
python3 - "$plan" "$work/litesh" <<'PYTHON'
import json, subprocess, sys
plan, output = sys.argv[1], sys.argv[2]
lines = open(plan).read().split("\n")
start = next(i for i, l in enumerate(lines) if l.startswith('  "C.litesh-') and "-release.exe" in l)
args = json.loads(next(l for l in lines[start:] if l.strip().startswith("args:")).split("args:", 1)[1])
args[args.index("-o") + 1] = output
subprocess.run(args + ["-Xlinker", "-Map=" + output + ".map", "-Xlinker", "--no-demangle"], check=True)
PYTHON
valgrind --tool=lackey --trace-mem=yes --log-file="$work/lackey" "$work/litesh" :memory: 'select 1' \
  < /dev/null > /dev/null 2>&1 || true
python3 scripts/link/start-sections.py "$work/litesh.map" "$work/lackey" > "$work/start.order"
sqlite3 "$work/data.db" "CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b REAL, c TEXT);
  INSERT INTO t VALUES(1, 2, 3.5, 'x'), (2, NULL, -1e300, 'y,\"z\"'), (3, 7, 0.1, '');"
sqlite3 "$work/data.db" ".headers on" ".mode csv" "SELECT * FROM t" > "$work/data.csv"
sqlite3 "$work/data.db" ".mode insert t" "SELECT * FROM t" > "$work/inserts.sql"
run() { # input-file arguments...
  local input="$1"
  shift
  valgrind --tool=callgrind --demangle=no --callgrind-out-file="$work/cg.$((count += 1))" \
    "$binary" "$@" < "$input" > /dev/null 2>&1 || true
}
count=0
run /dev/null :memory: 'select 1'
printf 'CREATE TABLE t(id INTEGER PRIMARY KEY, a INTEGER, b REAL, c TEXT);\nBEGIN;\n' \
  | cat - "$work/inserts.sql" <(echo 'COMMIT;') > "$work/script.sql"
run "$work/script.sql" "$work/new.db"
for mode in list csv json box; do
  printf '.mode %s\nSELECT * FROM t;\n' "$mode" > "$work/dump.txt"
  run "$work/dump.txt" "$work/data.db"
done
printf '.import --csv %s u\n' "$work/data.csv" > "$work/import.txt"
run "$work/import.txt" "$work/data.db"
# Each function of the litesh object once, in the order the runs first list them, after the
# start's sections (callgrind marks recursion levels with 'N: not part of the symbol's name).
awk '
  FNR == NR { seen[$0] = 1; print; next }
  /^c?ob=/ {
    id = $0; sub(/^c?ob=\(/, "", id); sub(/\).*/, "", id)
    name = $0; sub(/^c?ob=\([0-9]+\) ?/, "", name)
    if (name != "") objects[FILENAME, id] = name
    if ($0 ~ /^ob=/) inLitesh = objects[FILENAME, id] ~ /\/litesh$/
    next
  }
  /^c?fn=/ {
    id = $0; sub(/^c?fn=\(/, "", id); sub(/\).*/, "", id)
    name = $0; sub(/^c?fn=\([0-9]+\) ?/, "", name)
    if (name != "") functions[FILENAME, id] = name
    if ($0 ~ /^fn=/ && inLitesh) {
      f = functions[FILENAME, id]
      sub(/\047[0-9]+$/, "", f)
      if (f !~ /^0x/ && !(f in seen)) { seen[f] = 1; print f }
    }
  }
' "$work/start.order" $(ls "$work"/cg.* | sort -t. -k2 -n) > scripts/link/litesh.order
echo "scripts/link/litesh.order: $(wc -l < scripts/link/litesh.order) symbols" >&2
# SwiftPM does not relink when only this file changes: without this the next release build
# keeps the old layout (main's benchmark binary did, session 12).
# Only SwiftPM's own build output is removed, never a binary named on the command line (an
# installed litesh).
if [ $# -eq 0 ]; then
  rm -f "$binary"
  echo "removed $binary: the next release build links it with the new order" >&2
else
  echo "relink $binary (delete it, then build) to use the new order" >&2
fi
