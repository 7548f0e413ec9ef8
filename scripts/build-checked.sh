#!/usr/bin/env bash
# Runs `swift build` with the given arguments and fails on any compiler warning in our sources.
set -uo pipefail
log=$(mktemp)
swift build "$@" 2>&1 | tee "$log"
status=${PIPESTATUS[0]}
if [ "$status" -ne 0 ]; then rm -f "$log"; exit "$status"; fi
if grep -E "^/.*(Sources|Tests)/.*: warning:" "$log" >/dev/null; then
  echo "build-checked: compiler warnings are errors here:" >&2
  grep -E "^/.*(Sources|Tests)/.*: warning:" "$log" | sort -u >&2
  rm -f "$log"
  exit 1
fi
rm -f "$log"
