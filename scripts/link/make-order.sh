#!/usr/bin/env bash
# Regenerates scripts/link/litesh.order, the order in which the release link lays out
# litesh's functions (lld --symbol-ordering-file): what a start runs first, then what piped
# scripts, dumps and .import run, so a start touches as few pages of code as it can.
# Needs valgrind and a release build: scripts/link/make-order.sh [path/to/litesh]
set -euo pipefail
cd "$(dirname "$0")/../.."
binary="${1:-$(swift build -c release --static-swift-stdlib --show-bin-path)/litesh}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
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
# Each function of the litesh object once, in the order the runs first list them.
awk '
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
      if (f !~ /^0x/ && !(f in seen)) { seen[f] = 1; print f }
    }
  }
' $(ls "$work"/cg.* | sort -t. -k2 -n) > scripts/link/litesh.order
echo "scripts/link/litesh.order: $(wc -l < scripts/link/litesh.order) functions" >&2
