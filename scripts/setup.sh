#!/usr/bin/env bash
# Installs the system packages litesh needs that are missing: build (libsqlite3-dev,
# libedit-dev), the reference shell (sqlite3) and, with --test, what the tests drive (tmux;
# less, the REPL's default pager; mandoc, man-db, zsh and fish for the man page, `man -M` and
# completion checks; libdqlite-dev and gcc for the dqlite cluster tests).
set -euo pipefail
packages=(libsqlite3-dev libedit-dev pkg-config sqlite3)
if [ "${1:-}" = "--test" ]; then packages+=(tmux python3 less mandoc man-db zsh fish libdqlite-dev gcc); fi
if [ "${1:-}" = "--bench" ]; then packages+=(time); fi
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
echo "setup: installing ${missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get -o DPkg::Lock::Timeout=300 update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=300 install -y -qq "${missing[@]}" >/dev/null
