#!/usr/bin/env bash
# Installs or uninstalls litesh: `scripts/install.sh install BINARY` copies the binary, the man
# page and the three completion scripts under $DESTDIR$PREFIX (PREFIX defaults to /usr/local);
# `scripts/install.sh uninstall` removes exactly those files, and nothing else.
set -euo pipefail
# Relative DESTDIR, PREFIX and BINARY mean relative to where the caller stands: resolve them
# before moving to the repository (the sources below are relative to it).
absolute() { case "$1" in /*) printf '%s' "$1" ;; *) printf '%s/%s' "$PWD" "$1" ;; esac; }
root="${DESTDIR:-}${PREFIX:-/usr/local}"
[ -z "$root" ] || root=$(absolute "$root")
binary_argument="${2:-}"
[ -z "$binary_argument" ] || binary_argument=$(absolute "$binary_argument")
cd "$(dirname "$0")/.."
# source in the repository → destination under the prefix (the binary is given apart).
files=(
  "man/litesh.1 share/man/man1/litesh.1"
  "completions/litesh.bash share/bash-completion/completions/litesh"
  "completions/_litesh share/zsh/site-functions/_litesh"
  "completions/litesh.fish share/fish/vendor_completions.d/litesh.fish"
)
case "${1:-}" in
  install)
    binary="${binary_argument:?usage: scripts/install.sh install BINARY}"
    install -d "$root/bin"
    install -m 0755 "$binary" "$root/bin/litesh"
    for entry in "${files[@]}"; do
      read -r source target <<<"$entry"
      install -d "$(dirname "$root/$target")"
      install -m 0644 "$source" "$root/$target"
    done
    echo "installed litesh under $root"
    ;;
  uninstall)
    rm -f "$root/bin/litesh"
    for entry in "${files[@]}"; do
      read -r _ target <<<"$entry"
      rm -f "$root/$target"
    done
    echo "uninstalled litesh from $root"
    ;;
  *)
    echo "usage: scripts/install.sh install BINARY | uninstall" >&2
    exit 2
    ;;
esac
