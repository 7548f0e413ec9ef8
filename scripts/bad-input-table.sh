#!/usr/bin/env bash
# Prints, as a markdown table, what litesh and sqlite3 say and exit with for each bad input of
# issue 15 (the cases Tests/EndToEndTests/BadInput*Tests.swift assert).
#   scripts/bad-input-table.sh [LITESH] > docs/bad-input.md.table
# LITESH defaults to the debug build. The full-disk rows need root (they mount a 64 KiB tmpfs);
# without it they say so.
set -uo pipefail
cd "$(dirname "$0")/.."
litesh=$(realpath "${1:-.build/debug/litesh}")
sqlite3=/usr/bin/sqlite3
work=$(mktemp -d)
trap 'umount "$work/full" 2>/dev/null; rm -rf "$work"' EXIT
cd "$work" || exit 1

# Inputs.
printf "select '\377\376';\n" > invalid-utf8.sql
printf 'select 1;\nselect \303(;\n' > invalid-utf8-token.sql
printf "select 1;\nselect 'a\0b';\nselect 3;\n" > nul.sql
head -c 65536 /dev/urandom > garbage.bin
printf "select 1;\nselect 'abc" > string.sql
printf "select 1;\nselect 2 /* abc" > comment.sql
printf "select 1;\nselect (2" > paren.sql
python3 -c "print('select ' + '(' * 10000 + '1' + ')' * 10000 + ';')" > parens.sql
printf '.read self.sql\n' > self.sql
python3 -c "import sys; sys.stdout.write('-- ' + 'y' * 100_000_000 + '\nselect 3;\n')" > comment100.sql
python3 -c "import sys; sys.stdout.write(\"select length('\" + 'x' * 100_000_000 + \"');\n\")" > line100.sql
head -c 600 /dev/zero | tr '\0' 'x' > notdb.txt
mkdir adir
"$sqlite3" ok.db 'create table t(a)' && chmod 000 ok.db
seq 1 100000 | sed 's/$/,xxxxxxxxxxxx/' > big.csv
"$sqlite3" big.db 'create table t(a); insert into t select randomblob(1000) from generate_series(1,1000)'
export BIG='with recursive c(x) as (select 1 union all select x+1 from c where x<100000000) select x from c'
mkdir full
if mount -t tmpfs -o size=64k tmpfs full 2>/dev/null; then hasFull=1; else hasFull=0; fi

# One row: the case, then the command with $P for the program.
row() {
  local name=$1 command=$2 cells=""
  for program in "$litesh" "$sqlite3"; do
    rm -rf full/* 2>/dev/null
    local started status first
    started=$(date +%s.%N)
    P=$program timeout 300 bash -c "$command" >/dev/null 2>err
    status=$?
    local seconds
    seconds=$(echo "$(date +%s.%N) - $started" | bc)
    first=$(head -1 err | tr -d '\n' | LC_ALL=C tr -c '[:print:]' '?' | cut -c1-90 | sed 's/|/\\|/g')
    [ -n "$first" ] || first="(nothing)"
    local more suffix=""
    more=$(($(wc -l < err) - 1))
    [ "$more" -gt 0 ] && suffix=" (+$more lines)"
    cells+=" \`$first\`$suffix | $status | "
    [ "$program" = "$litesh" ] && cells+="$(printf '%.1f' "$seconds") s |"
  done
  echo "| $name |$cells"
}

echo "| bad input | litesh: stderr, first line | status | time | sqlite3 3.40.1: stderr, first line | status |"
echo "|---|---|---|---|---|---|"
row "invalid UTF-8 in a string literal" '"$P" < invalid-utf8.sql'
row "invalid UTF-8 outside a literal" '"$P" < invalid-utf8-token.sql'
row "a NUL byte in a statement" '"$P" < nul.sql'
row "64 KiB of binary garbage" '"$P" < garbage.bin'
row "unterminated string at EOF" '"$P" < string.sql'
row "unterminated /* comment at EOF" '"$P" < comment.sql'
row "unclosed parenthesis at EOF" '"$P" < paren.sql'
row "10,000 nested parentheses" '"$P" < parens.sql'
row "a .read of itself" '"$P" :memory: ".read self.sql"'
row "a 100 MB comment line (pipe)" 'cat comment100.sql | "$P"'
row "a 100 MB string literal line" '"$P" < line100.sql'
row "database in a missing directory" '"$P" /nonexistent/dir/x.db "select 1"'
row "database is a directory" '"$P" adir "select 1"'
row "database is /proc/self/mem" '"$P" /proc/self/mem "select 1"'
row "database unreadable (as nobody)" 'setpriv --reuid=65534 --regid=65534 --clear-groups "$P" ok.db "select * from t"'
row "not a database (.tables)" '"$P" notdb.txt .tables'
row ".read a missing file" '"$P" :memory: ".read nosuch.sql"'
row ".read a directory" '"$P" :memory: ".read adir"'
row ".output /dev/full" '"$P" :memory: ".output /dev/full" "select zeroblob(100000)"'
row "stdout is /dev/full" '"$P" :memory: "select 1" > /dev/full'
row "stdout closed early (piped to head -1)" '"$P" :memory: "$BIG" | head -1; exit ${PIPESTATUS[0]}'
if [ "$hasFull" = 1 ]; then
  row ".output to a full disk (64 KiB tmpfs)" '"$P" :memory: ".output full/out.txt" "select * from generate_series(1,100000)"'
  row ".backup to a full disk" '"$P" big.db ".backup full/b.db"'
  row ".import into a database on a full disk" '"$P" full/imp.db ".import --csv big.csv t"'
  row "  … then rows left in the table" '"$P" full/imp.db ".import --csv big.csv t" 2>/dev/null; echo "rows left: $(sqlite3 full/imp.db "select count(*) from t" 2>/dev/null || echo 0)" >&2'
else
  echo "| full-disk cases | (skipped: cannot mount a tmpfs here) | | | | |"
fi
