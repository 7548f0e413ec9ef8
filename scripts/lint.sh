#!/usr/bin/env bash
# Strict swift-format lint of every tracked Swift file, and the C targets' debug-info check.
set -euo pipefail
cd "$(dirname "$0")/.."
git ls-files -z '*.swift' | xargs -0 swift format lint --strict --parallel
# Release builds must build C with -gdwarf-4: clang's default DWARF 5 makes valgrind 3.19 give
# up on the whole release binary, and scripts/link/make-order.sh with it. The flag lives in the
# Makefiles' release flags, because Package.swift keeps unsafe flags off every library target
# (SwiftPM refuses a dependency whose products carry them): only the executable may have some.
status=0
for makefile in Makefile Benchmarks/Makefile; do
  if ! grep -q -- '-Xcc -gdwarf-4' "$makefile"; then
    echo "lint: $makefile's release flags lack -Xcc -gdwarf-4" >&2
    status=1
  fi
done
unsafe=$(awk '/\.executableTarget\(/ { exe = 1 } /\.testTarget\(/ { exe = 0 }
  /unsafeFlags/ && !exe { print FILENAME ":" FNR }' Package.swift)
if [ -n "$unsafe" ]; then
  echo "lint: unsafe flags on a library target (SwiftPM refuses such a dependency): $unsafe" >&2
  status=1
fi
# The shell reaches SQLite through SQLiteCore alone (docs/ARCHITECTURE.md): CSQLite stays
# visible to SQLiteShell through its dependencies, so the compiler would not stop an import.
direct=$(grep -rlE '^(@[a-zA-Z_]+ )*((public|package|internal) )?import (CSQLite|SQLite3)\b' \
  Sources/SQLiteShell Sources/litesh || true)
if [ -n "$direct" ]; then
  echo "lint: SQLite's C API imported outside SQLiteCore (use or add a SQLiteCore wrapper): $direct" >&2
  status=1
fi
# SQLiteCore stays portable with its platform imports in one file (docs/ARCHITECTURE.md,
# "Platforms"): every C library call goes through Sources/SQLiteCore/Platform/Platform.swift.
platform=$(grep -rlE '^(@[a-zA-Z_]+ )*((public|package|internal) )?import (Glibc|Musl|Darwin)\b' \
  Sources/SQLiteCore | grep -vx 'Sources/SQLiteCore/Platform/Platform.swift' || true)
if [ -n "$platform" ]; then
  echo "lint: a platform import outside Sources/SQLiteCore/Platform/Platform.swift: $platform" >&2
  status=1
fi
exit $status
