#!/usr/bin/env bash
# The display mode on a terminal (issue 23): a SELECT of ROWS rows (1,000,000) drawn in the
# display mode against the same SELECT in `.mode list`, both written to the same kind of
# pseudo-terminal (util-linux `script`, 120x40), and the display mode on SMALL rows (10,000).
# Reports wall time and peak RSS (GNU time's %M) of litesh itself, medians of ROUNDS rounds that
# alternate the three runs. The display mode must hold at most its head and tail rows (and
# spool the rest to a nameless file for `.last`): its peak RSS should stay within 4 MiB of
# the small SELECT's.
#
#   swift build -c release --static-swift-stdlib --product litesh   # at the root
#   Benchmarks/display.sh          # ROWS, SMALL, ROUNDS override the sizes
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
litesh=${LITESH:-$here/../.build/release/litesh}
rows=${ROWS:-1000000}
small=${SMALL:-10000}
rounds=${ROUNDS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export XDG_CONFIG_HOME=$work/config HOME=$work TERM=xterm-256color LANG=C.UTF-8
"$litesh" "$work/t.db" "CREATE TABLE t(id INTEGER PRIMARY KEY, name TEXT, note TEXT, value REAL);
WITH RECURSIVE c(x) AS (SELECT 1 UNION ALL SELECT x + 1 FROM c WHERE x < $rows)
INSERT INTO t SELECT x, 'name number ' || x, CASE WHEN x % 7 = 0 THEN NULL
  ELSE 'a longer note about row ' || x || ' that will not fit a narrow column' END, x / 3.0 FROM c;"

# run NAME SETUP LIMIT: litesh in a 120x40 pseudo-terminal (stdin and stdout both the terminal:
# a person, so the display mode is the default); prints "seconds peak_kib".
run() {
  local setup=$2 limit=$3
  script -qec "stty cols 120 rows 40; /usr/bin/time -f '%e %M' -o '$work/time' \
    '$litesh' -cmd '$setup' '$work/t.db' 'SELECT * FROM t WHERE id <= $limit'" /dev/null \
    >"$work/screen"
  cat "$work/time"
}
median() { sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

: >"$work/display"; : >"$work/list"; : >"$work/small"
for round in $(seq "$rounds"); do
  run display '.maxrows auto' "$rows" >>"$work/display"
  grep -q 'rows (' "$work/screen" || { echo "no display footer on the screen" >&2; exit 1; }
  run list '.mode list' "$rows" >>"$work/list"
  run small '.maxrows auto' "$small" >>"$work/small"
done
printf '%-28s %10s %12s\n' run seconds 'peak RSS KiB'
for name in display list small; do
  t=$(cut -d' ' -f1 "$work/$name" | median)
  m=$(cut -d' ' -f2 "$work/$name" | median)
  label=$name
  case $name in
    display) label="display, $rows rows" ;;
    list) label=".mode list, $rows rows" ;;
    small) label="display, $small rows" ;;
  esac
  printf '%-28s %10s %12s\n' "$label" "$t" "$m"
  eval "${name}_t=$t ${name}_m=$m"
done
python3 -c 'import sys; dt, lt, dm, sm = map(float, sys.argv[1:]);
print("display/list time: %.2fx" % (dt / lt));
print("display peak RSS - small display peak RSS: %.0f KiB (limit 4096)" % (dm - sm))' \
  "$display_t" "$list_t" "$display_m" "$small_m"
