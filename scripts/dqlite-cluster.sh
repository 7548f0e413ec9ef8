#!/usr/bin/env bash
# A 3-node dqlite cluster on loopback for litesh's tests.
#   scripts/dqlite-cluster.sh start DIR [BASEPORT]   build the node program, start nodes 1..3
#                                                  on 127.0.0.1:BASEPORT+1..+3 (default 9000)
#   scripts/dqlite-cluster.sh stop DIR              SIGTERM each node, SIGKILL after 2 s
#   scripts/dqlite-cluster.sh kill DIR ID           SIGKILL node ID (failover tests)
#   scripts/dqlite-cluster.sh restart DIR ID        start node ID again on its data
# DIR holds each node's data (DIR/nodeN), pid (DIR/nodeN.pid) and log (DIR/nodeN.log).
# `start` returns once every node accepts TCP connections; the leader election follows within
# about half a second (clients poll LEADER).
set -euo pipefail
cmd=${1:?usage: dqlite-cluster.sh start|stop|kill|restart DIR [ARG]}
dir=${2:?usage: dqlite-cluster.sh start|stop|kill|restart DIR [ARG]}
here=$(cd "$(dirname "$0")" && pwd)
bin="$dir/dqlite-node"

addresses() {
  local base
  base=$(cat "$dir/baseport")
  echo "127.0.0.1:$((base + 1)) 127.0.0.1:$((base + 2)) 127.0.0.1:$((base + 3))"
}

wait_port() { # host:port, deadline 10 s
  local host=${1%:*} port=${1##*:}
  for _ in $(seq 200); do
    (exec 3<>"/dev/tcp/$host/$port") 2>/dev/null && return 0
    sleep 0.05
  done
  echo "dqlite-cluster: $1 did not open" >&2
  return 1
}

start_node() {
  local id=$1
  # shellcheck disable=SC2046
  mkdir -p "$dir/node$id"
  setsid "$bin" "$id" "$dir/node$id" $(addresses) </dev/null >>"$dir/node$id.log" 2>&1 &
  echo $! >"$dir/node$id.pid"
}

stop_node() { # id, signal
  local pidfile="$dir/node$1.pid" pid
  [ -f "$pidfile" ] || return 0
  pid=$(cat "$pidfile")
  kill "-$2" "$pid" 2>/dev/null || true
  for _ in $(seq 40); do
    kill -0 "$pid" 2>/dev/null || { rm -f "$pidfile"; return 0; }
    sleep 0.05
  done
  kill -KILL "$pid" 2>/dev/null || true
  rm -f "$pidfile"
}

case $cmd in
  start)
    mkdir -p "$dir"
    echo "${3:-9000}" >"$dir/baseport"
    if [ ! -x "$bin" ] || [ "$here/dqlite-node.c" -nt "$bin" ]; then
      gcc -O1 -Wall -o "$bin" "$here/dqlite-node.c" $(pkg-config --cflags --libs dqlite)
    fi
    for id in 1 2 3; do start_node "$id"; done
    for a in $(addresses); do wait_port "$a"; done
    ;;
  stop) # all three at once: a node's clean stop can wait for its peers
    for id in 1 2 3; do stop_node "$id" TERM & done
    wait
    ;;
  kill) stop_node "${3:?node id}" KILL ;;
  restart)
    start_node "${3:?node id}"
    wait_port "$(addresses | cut -d' ' -f"$3")"
    ;;
  *) echo "dqlite-cluster: unknown command $cmd" >&2; exit 2 ;;
esac
