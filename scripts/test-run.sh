#!/usr/bin/env bash
# Runs one test command (`swift test ...`) with a time limit, then stops whatever it left running.
#
# Why: when a test process crashes, a child it started (a python3 or litesh process whose stderr
# is the test process's) can outlive it and hold `swift test`'s output pipe open; `swift test`
# then waits for ever, and CI hangs instead of failing. Foundation's `Process` puts each child in
# a process group of its own, so the command runs in a session of its own (setsid): after it
# ends, or when the time limit stops it, every process left in that session is killed, and with
# them the pipe they held (make's, CI's).
#
# Usage: scripts/test-run.sh COMMAND [ARG...]; TEST_RUN_LIMIT=seconds (default 600).
set -uo pipefail
limit="${TEST_RUN_LIMIT:-600}"
fifo="$(mktemp -u)"
mkfifo "$fifo"
# The session's first process says its PID, the session ID, then becomes the timed command.
setsid -w sh -c 'echo $$ > "$1"; shift; exec timeout --kill-after=20 "$@"' sh "$fifo" \
  "$limit" "$@" &
waiter=$!
read -r session < "$fifo"
rm -f "$fifo"
stop() { pkill "-$1" -s "$session" 2>/dev/null || true; }
# Ctrl-C reaches only the terminal's foreground group, outside the new session: pass it on.
trap 'stop TERM' INT TERM
wait "$waiter"
status=$?
while kill -0 "$waiter" 2>/dev/null; do wait "$waiter"; status=$?; done
stop KILL
if [ "$status" -eq 124 ] || [ "$status" -eq 137 ]; then
  echo "test-run: '$*' did not finish in $limit s and was stopped (a crashed test process" \
    "whose child kept its output open, or a hung test); see the output above" >&2
fi
exit "$status"
