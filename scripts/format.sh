#!/usr/bin/env bash
# Formats every tracked Swift file in place, then lints strictly.
set -euo pipefail
cd "$(dirname "$0")/.."
git ls-files -z '*.swift' | xargs -0 swift format format --in-place --parallel
exec scripts/lint.sh
