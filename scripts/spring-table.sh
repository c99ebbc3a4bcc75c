#!/usr/bin/env bash
# Regenerates the table of every spring preset in every platform's words in docs/springs.md
# (run by `make figures`): everything between <!-- spring-presets:begin --> and
# <!-- spring-presets:end --> is replaced by `hingetool spring --list --format markdown`.
# The test suite (SpringPlatformsCommandTests) checks that the page holds the current table.
set -euo pipefail
tool=${1:-.build/debug/hingetool}
doc=docs/springs.md
table=$(mktemp)
trap 'rm -f "$table"' EXIT
"$tool" spring --list --format markdown -o "$table"
grep -qx '<!-- spring-presets:begin -->' "$doc" || { echo "no spring-presets markers in $doc" >&2; exit 1; }
tmp=$(mktemp "$doc.XXXXXX")
awk -v table="$table" -v begin="<!-- spring-presets:begin -->" -v end="<!-- spring-presets:end -->" '
  $0 == begin { print; while ((getline line < table) > 0) print line; skipping = 1; next }
  $0 == end { skipping = 0 }
  !skipping { print }
' "$doc" > "$tmp"
mv "$tmp" "$doc"
echo "wrote the spring-presets table in $doc"
