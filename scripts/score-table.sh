#!/usr/bin/env bash
# Regenerates the score tables in docs/reading.md and the unfold and frontier tables in docs/effects.md (run
# by `make score`): everything between each pair of marker lines is replaced by
# `hingetool score [--unfold] --format markdown` over Datasets/.
# The test suite checks that both pages hold the current tables.
set -euo pipefail
tool=${1:-.build/debug/hingetool}
doc=docs/reading.md
traces=$(ls Datasets/*.csv | grep -v no-hinge)
table=$(mktemp)
"$tool" score $traces --format markdown -o "$table"
tmp=$(mktemp "$doc.XXXXXX")
awk -v table="$table" '
  /<!-- score:begin -->/ { print; while ((getline line < table) > 0) print line; skipping = 1; next }
  /<!-- score:end -->/ { skipping = 0 }
  !skipping { print }
' "$doc" > "$tmp"
mv "$tmp" "$doc"
rm -f "$table"
echo "wrote the score tables in $doc"

# The unfold comparison in docs/effects.md, between its own markers.
doc=docs/effects.md
"$tool" score --unfold $traces --format markdown -o "$table"
tmp=$(mktemp "$doc.XXXXXX")
awk -v table="$table" '
  /<!-- unfold:begin -->/ { print; while ((getline line < table) > 0) print line; skipping = 1; next }
  /<!-- unfold:end -->/ { skipping = 0 }
  !skipping { print }
' "$doc" > "$tmp"
mv "$tmp" "$doc"
rm -f "$table"
echo "wrote the unfold table in $doc"

# The smoothness–lag frontier in docs/effects.md, between its own markers.
"$tool" score --frontier $traces --format markdown -o "$table"
tmp=$(mktemp "$doc.XXXXXX")
awk -v table="$table" '
  /<!-- frontier:begin -->/ { print; while ((getline line < table) > 0) print line; skipping = 1; next }
  /<!-- frontier:end -->/ { skipping = 0 }
  !skipping { print }
' "$doc" > "$tmp"
mv "$tmp" "$doc"
rm -f "$table"
echo "wrote the frontier table in $doc"
