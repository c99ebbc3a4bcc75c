#!/usr/bin/env bash
# Regenerates the score tables in docs/reading.md and the unfold and frontier tables in
# docs/effects.md (run by `make score`): everything between each pair of marker lines is
# replaced by `hingetool score [--unfold | --frontier] --format markdown` over Datasets/.
# The test suite checks that both pages hold the current tables.
set -euo pipefail
tool=${1:-.build/debug/hingetool}
traces=$(ls Datasets/*.csv | grep -v no-hinge)

# splice DOC MARKER ARGS…: the table `score ARGS… --format markdown` prints, between
# <!-- MARKER:begin --> and <!-- MARKER:end --> in DOC.
splice() {
  local doc=$1 marker=$2
  shift 2
  local table tmp
  table=$(mktemp)
  "$tool" score "$@" $traces --format markdown -o "$table"
  tmp=$(mktemp "$doc.XXXXXX")
  awk -v table="$table" -v begin="<!-- $marker:begin -->" -v end="<!-- $marker:end -->" '
    $0 == begin { print; while ((getline line < table) > 0) print line; skipping = 1; next }
    $0 == end { skipping = 0 }
    !skipping { print }
  ' "$doc" > "$tmp"
  mv "$tmp" "$doc"
  rm -f "$table"
  echo "wrote the $marker table in $doc"
}

splice docs/reading.md score
splice docs/effects.md unfold --unfold
splice docs/effects.md frontier --frontier
