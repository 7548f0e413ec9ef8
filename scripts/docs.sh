#!/usr/bin/env bash
# Builds SQLiteCore's DocC documentation and fails on any DocC warning.
# Output: .build/SQLiteCore.doccarchive (symbol graphs in .build/symbol-graphs).
set -euo pipefail
cd "$(dirname "$0")/.."
docc=$(command -v docc || true)
if [ -z "$docc" ]; then
  docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
fi
# Keep .build/symbol-graphs: an up-to-date incremental build does not write them again.
rm -rf .build/SQLiteCore.doccarchive
mkdir -p .build/symbol-graphs
swift build --target SQLiteCore -Xswiftc -emit-symbol-graph \
  -Xswiftc -emit-symbol-graph-dir -Xswiftc .build/symbol-graphs
"$docc" convert Sources/SQLiteCore/SQLiteCore.docc \
  --additional-symbol-graph-dir .build/symbol-graphs \
  --output-path .build/SQLiteCore.doccarchive --warnings-as-errors
