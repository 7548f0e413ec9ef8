#!/usr/bin/env bash
# Runs one test command (`swift test ...`) with a time limit, then stops whatever it left running.
#
# Why: when a test process crashes, a child it started (a python3 or litesh process whose stderr
# is the test process's) can outlive it and hold `swift test`'s output pipe open; `swift test`
# then waits for ever, and CI hangs instead of failing. `timeout` runs the command in a process
# group of its own: on expiry the whole group is killed, and after a normal exit so are the
# group's leftovers, which would otherwise keep the caller's pipe (make's, CI's) open.
#
# Usage: scripts/test-run.sh COMMAND [ARG...]; TEST_RUN_LIMIT=seconds (default 600).
set -uo pipefail
limit="${TEST_RUN_LIMIT:-600}"
timeout --kill-after=20 "$limit" "$@" &
group=$!
# Ctrl-C reaches only the terminal's foreground group, which the command has left: pass it on.
trap 'kill -TERM -- "-$group" 2>/dev/null' INT TERM
wait "$group"
status=$?
while kill -0 "$group" 2>/dev/null; do wait "$group"; status=$?; done
kill -KILL -- "-$group" 2>/dev/null || true
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
  echo "test-run: '$*' did not finish in $limit s and was stopped (a crashed test process" \
    "whose child kept its output open, or a hung test); see the output above" >&2
fi
exit "$status"
