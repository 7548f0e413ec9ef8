#!/usr/bin/env bash
# Builds and runs examples/consumer, an app that depends on SQLiteCore by URL and version, against
# a tagged clone of this repository's HEAD, exactly as an outside app would: SwiftPM resolves
# `.package(url:from:)`, clones, picks the tag, builds the product. No network: the clone is
# local and git is pointed at it for the package's URL (url.<clone>.insteadOf=<URL>, passed in
# the environment, so the machine's own rewrites of github.com stay as they are).
# Also checks that the README's "Use SQLiteCore in your package" holds the consumer's dependency
# line and its main.swift unchanged. Commit first: the clone takes HEAD, not the work tree.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
consumer=examples/consumer
start=$(date +%s)
fail() {
  echo "check-consumer: $*" >&2
  exit 1
}

# The README section: its `.package(url:from:)` line, and its second swift block (main.swift).
section=$(awk '/^## /{inside = ($0 == "## Use SQLiteCore in your package")} inside' README.md)
[ -n "$section" ] || fail 'README.md has no "## Use SQLiteCore in your package" section'
package_line=$(grep -m1 -F '.package(url:' <<<"$section" | sed 's/^ *//; s/,$//')
[ -n "$package_line" ] || fail "the README section has no .package(url:from:) line"
grep -qF -- "$package_line" $consumer/Package.swift ||
  fail "$consumer/Package.swift lacks the README's line: $package_line"
example=$(awk '/^```swift$/{n++; if (n == 2) {inside = 1; next}} /^```$/{inside = 0} inside' <<<"$section")
diff <(printf '%s\n' "$example") $consumer/Sources/NotesApp/main.swift >/dev/null ||
  fail "the README's example differs from $consumer/Sources/NotesApp/main.swift:
$(diff <(printf '%s\n' "$example") $consumer/Sources/NotesApp/main.swift)"
url=$(sed -n 's/.*\.package(url: "\([^"]*\)".*/\1/p' <<<"$package_line")
version=$(sed -n 's/.*from: "\([^"]*\)".*/\1/p' <<<"$package_line")
[ -n "$url" ] && [ -n "$version" ] || fail "cannot read the URL and version in: $package_line"

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
git clone --quiet --no-local "$root" "$work/litesh"
git -C "$work/litesh" tag --force "$version" >/dev/null
cp -R $consumer "$work/app"
rm -rf "$work/app/.build" "$work/app/Package.resolved"

# Extra git configuration for the builds, after any the environment already passes.
count=${GIT_CONFIG_COUNT:-0}
export GIT_CONFIG_COUNT=$((count + 1))
export "GIT_CONFIG_KEY_$count=url.file://$work/litesh.insteadOf"
export "GIT_CONFIG_VALUE_$count=$url"
# A cache and fingerprints of its own: the shared ones remember other commits under this tag.
swift build --package-path "$work/app" --scratch-path "$work/build" \
  --cache-path "$work/cache" --security-path "$work/security" >"$work/build.log" 2>&1 || {
  cat "$work/build.log" >&2
  fail "the consumer did not build"
}
resolved=$(awk '/"identity" : "litesh"/ { pin = 1 }
  pin && /"version"/ { gsub(/[",]/, "", $3); print $3; exit }' "$work/app/Package.resolved")
[ "$resolved" = "$version" ] || fail "resolved SQLiteCore at '$resolved', not the tag $version"
output=$("$work/build/debug/NotesApp")
[[ "$output" =~ ^notes:\ 1\ on\ [0-9]{4}-[0-9]{2}-[0-9]{2}$ ]] ||
  fail "the consumer printed '$output', not 'notes: 1 on' and a date (SQLite's date() of the stored Date)"
echo "check-consumer: built and ran $consumer against $url $version (a tagged clone of HEAD)" \
  "in $(($(date +%s) - start)) s"
