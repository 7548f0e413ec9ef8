#!/usr/bin/env bash
# Instruction counts (callgrind, whole process) of virtual-table scans, litesh against sqlite3
# 3.40.1 side by side: generate_series counted and summed, an fsdir listing of 3,000 files and a
# zipfile archive of 400 entries (made here, the same for both shells).
#
#   swift build -c release --static-swift-stdlib -Xswiftc -enforce-exclusivity=unchecked \
#     -Xcc -gdwarf-4 --product litesh   # the root Makefile's RELEASE_FLAGS
#   Benchmarks/callgrind-vtab.sh [LITESH]  # default: the release build's litesh
set -euo pipefail
cd "$(dirname "$0")/.."
litesh=$(realpath "${1:-.build/release/litesh}")
peer=${PEER:-sqlite3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 - "$work" <<'PY'
import os, sys, zipfile
work = sys.argv[1]
os.mkdir(f"{work}/files")
for i in range(3000):
    with open(f"{work}/files/f{i:05d}.txt", "w") as f:
        f.write("x" * (i % 200))
with zipfile.ZipFile(f"{work}/archive.zip", "w", zipfile.ZIP_DEFLATED) as z:
    for i in range(400):
        z.writestr(f"dir/entry{i:04d}.txt", ("line %d\n" % i) * (1 + i % 50))
PY
count() { # COMMAND...: the process's total instructions
  valgrind --tool=callgrind --callgrind-out-file="$work/out" "$@" >"$work/stdout" 2>/dev/null
  callgrind_annotate "$work/out" 2>/dev/null | awk '/PROGRAM TOTALS/ { gsub(",", "", $1); print $1 }'
}
cd "$work"
while IFS='|' read -r name sql; do
  a=$(count "$litesh" :memory: "$sql")
  cp stdout litesh.out
  b=$(count "$peer" :memory: "$sql")
  cmp -s stdout litesh.out || echo "  (outputs differ for $name)"
  printf '%-22s litesh %12d  sqlite3 %12d  litesh/sqlite3 %s\n' "$name" "$a" "$b" \
    "$(awk -v a="$a" -v b="$b" 'BEGIN { printf "%.3f", a / b }')"
done <<'SQL'
series count(*)|SELECT count(*) FROM generate_series(1,300000)
series sum(value)|SELECT sum(value) FROM generate_series(1,300000)
fsdir 3000 files|SELECT count(*), max(name), sum(mode) FROM fsdir('files')
zipfile 400 entries|SELECT count(*), max(name), sum(sz), sum(length(data)) FROM zipfile('archive.zip')
SQL
