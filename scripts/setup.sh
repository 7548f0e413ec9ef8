#!/usr/bin/env bash
# Installs the system packages litesh needs that are missing: build (libsqlite3-dev,
# libedit-dev), the reference shell (sqlite3) and, with --test, what the tests drive (tmux;
# less, the REPL's default pager; mandoc, man-db, zsh and fish for the man page, `man -M` and
# completion checks; libdqlite-dev and gcc for the dqlite cluster tests; strace to slow litesh
# down in a REPL test).
set -euo pipefail
packages=(libsqlite3-dev libedit-dev pkg-config sqlite3)
if [ "${1:-}" = "--test" ]; then packages+=(tmux python3 less mandoc man-db zsh fish libdqlite-dev gcc strace); fi
if [ "${1:-}" = "--bench" ]; then packages+=(time); fi
# With --test, the programs that drive sqlite3 interactively (Emacs's sql-mode and org-babel,
# expect, pexpect for Debian's python3), installed without their recommends (a mail server,
# mailutils): ~45 MB to download.
lean=()
if [ "${1:-}" = "--test" ]; then lean+=(emacs-nox expect python3-pexpect); fi
missing=()
for p in "${packages[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || missing+=("$p")
done
lean_missing=()
for p in "${lean[@]}"; do
  dpkg -s "$p" >/dev/null 2>&1 || lean_missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && [ ${#lean_missing[@]} -eq 0 ] && exit 0
echo "setup: installing ${missing[*]} ${lean_missing[*]}" >&2
sudo=""
[ "$(id -u)" -ne 0 ] && sudo="sudo"
$sudo apt-get -o DPkg::Lock::Timeout=300 update -qq
if [ ${#missing[@]} -gt 0 ]; then
  DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=300 install -y -qq "${missing[@]}" >/dev/null
fi
if [ ${#lean_missing[@]} -gt 0 ]; then
  DEBIAN_FRONTEND=noninteractive $sudo apt-get -o DPkg::Lock::Timeout=300 install -y -qq \
    --no-install-recommends "${lean_missing[@]}" >/dev/null
fi
