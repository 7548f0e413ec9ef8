#!/usr/bin/env bash
# Instructions per committed write (callgrind) of W7 flat out with 0, 1 and 10 observers and 10
# observers of a table no commit changes (`10u`, the writer's hooks alone): repeatable where wall
# time on the shared machine is not (issue 25 item 4). Start-up is subtracted with a `seconds=0`
# run of the same cell. Two figures per cell: all threads, and the writer's thread alone
# (`--separate-threads=yes`; the writer is the thread with the most instructions under
# `sqlite3_step`, where every INSERT and its commit run).
#
#   make -C Benchmarks build   # the Makefile's flags: a plain -c release build crashes valgrind 3.19
#   Benchmarks/callgrind-observation.sh [BENCH-CORE...]   # default: the release bench-core
#   SECONDS_RUN=3 CELLS="0 10u" override; KEEP=DIR keeps the profiles
set -euo pipefail
here=$(cd "$(dirname "$0")" && pwd)
workers=("$@")
[ ${#workers[@]} -gt 0 ] || workers=("$here/.build/release/bench-core")
seconds=${SECONDS_RUN:-3}
read -r -a cells <<<"${CELLS:-0 1 10 10u}"
work=${KEEP:-$(mktemp -d)}
[ -n "${KEEP:-}" ] || trap 'rm -rf "$work"' EXIT
mkdir -p "$work"
profile() { # OUT WORKER CELL SECONDS: profiles one run, prints its writes
  local out=$1 worker=$2 cell=$3 run_seconds=$4
  local args=("observers=${cell%u}")
  [ "$cell" = 10u ] && args+=(watch=unrelated)
  rm -f "$work"/db* "$out" "$out"-[0-9]*
  valgrind --tool=callgrind --separate-threads=yes --callgrind-out-file="$out" \
    "$worker" w7 "db=$work/db" "seconds=$run_seconds" pace=0 "${args[@]}" 2>"$out.err" |
    grep -o 'writes=[0-9]*' | grep -o '[0-9]*$'
}
totals() { # OUT: "ALL WRITER", all threads' instructions and the writer thread's
  local all=0 writer=0 best=-1 file total step
  for file in "$1"-[0-9]*; do
    total=$(awk '/^totals:/ { print $2 }' "$file")
    all=$((all + total))
    step=$(callgrind_annotate --inclusive=yes --threshold=100 "$file" 2>/dev/null |
      awk '/:sqlite3_step / { gsub(",", "", $1); if ($1 + 0 > best) best = $1 + 0 }
        END { print best + 0 }')
    if [ "$step" -gt "$best" ]; then best=$step writer=$total; fi
  done
  echo "$all $writer"
}
printf '%-40s %4s %8s %16s %16s\n' worker obs writes "all/write" "writer/write"
for worker in "${workers[@]}"; do
  name=$(basename "$(dirname "$worker")")
  for cell in "${cells[@]}"; do
    profile "$work/$name-$cell-start" "$worker" "$cell" 0 >/dev/null
    writes=$(profile "$work/$name-$cell" "$worker" "$cell" "$seconds")
    read -r start_all start_writer <<<"$(totals "$work/$name-$cell-start")"
    read -r run_all run_writer <<<"$(totals "$work/$name-$cell")"
    printf '%-40s %4s %8d %16.0f %16.0f\n' "$worker" "$cell" "$writes" \
      "$(awk -v a="$run_all" -v b="$start_all" -v w="$writes" 'BEGIN { print (a - b) / w }')" \
      "$(awk -v a="$run_writer" -v b="$start_writer" -v w="$writes" 'BEGIN { print (a - b) / w }')"
  done
done
