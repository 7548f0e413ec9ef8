#!/usr/bin/env bash
# Checks `make install` and `make uninstall` in a scratch prefix with an already built release
# binary (BINARY, default: the one `make bench-quick` builds), so CI builds release only once:
# the installed binary runs, `man -M` finds the page, uninstall leaves no file behind.
set -euo pipefail
cd "$(dirname "$0")/.."
binary="${1:-Benchmarks/.build/release/litesh}"
[ -x "$binary" ] || { echo "check-install: no binary at $binary (run make bench-quick first, or pass one)" >&2; exit 1; }
prefix="$(mktemp -d)"
trap 'rm -rf "$prefix"' EXIT
fail() { echo "check-install: $*" >&2; exit 1; }
make --no-print-directory install-files PREFIX="$prefix" LITESH_BINARY="$binary" >/dev/null
[ "$("$prefix/bin/litesh" :memory: 'SELECT 6*7')" = 42 ] || fail "the installed binary does not run"
MANPAGER=cat MANWIDTH=80 man -M "$prefix/share/man" litesh 2>/dev/null | grep -q 'litesh' \
  || fail "man -M $prefix/share/man litesh does not find the page"
for path in share/bash-completion/completions/litesh share/zsh/site-functions/_litesh \
  share/fish/vendor_completions.d/litesh.fish; do
  [ -f "$prefix/$path" ] || fail "install did not place $path"
done
make --no-print-directory uninstall PREFIX="$prefix" >/dev/null
left="$(find "$prefix" -type f)"
[ -z "$left" ] || fail "uninstall left: $left"
echo "check-install: install, man -M and uninstall work"
