#!/usr/bin/env bash
# Runs `swift build` with the given arguments and fails on any compiler warning in our sources.
set -uo pipefail
log=$(mktemp)
swift build "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then rm -f "$log"; exit "$status"; fi
# A warning inside a macro's expansion (`#expect(try …)`) is reported as `macro expansion …`,
# with our file named in the note after it.
pattern='^(/.*(Sources|Tests)/.*|macro expansion .*): warning:'
if grep -E "$pattern" "$log" >/dev/null; then
  echo "build-checked: compiler warnings are errors here:" >&2
  grep -E -A1 "$pattern" "$log" | sort -u >&2
  rm -f "$log"
  exit 1
fi
rm -f "$log"
