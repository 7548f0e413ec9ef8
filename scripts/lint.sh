#!/usr/bin/env bash
# Strict swift-format lint of every tracked Swift file, and the C targets' debug-info check.
set -euo pipefail
cd "$(dirname "$0")/.."
git ls-files -z '*.swift' | xargs -0 swift format lint --strict --parallel
# Every target with C sources must build with -gdwarf-4: clang's default DWARF 5 makes
# valgrind 3.19 give up on the whole release binary, and scripts/link/make-order.sh with it.
status=0
for directory in $(git ls-files 'Sources/*.c' | cut -d/ -f2 | sort -u); do
  if ! grep -A2 "name: \"$directory\"" Package.swift | grep -q -- '-gdwarf-4'; then
    echo "lint: C target $directory lacks cSettings: [.unsafeFlags([\"-gdwarf-4\"])] in Package.swift" >&2
    status=1
  fi
done
exit $status
