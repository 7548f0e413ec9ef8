#!/usr/bin/env bash
# Strict swift-format lint of every tracked Swift file.
set -euo pipefail
cd "$(dirname "$0")/.."
git ls-files -z '*.swift' | xargs -0 swift format lint --strict --parallel
