#!/usr/bin/env bash
# Regenerates the score tables in docs/reading.md (run by `make score`): everything between
# the two marker lines is replaced by `hingetool score --format markdown` over Datasets/.
# The test suite checks that docs/reading.md holds the current tables.
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
