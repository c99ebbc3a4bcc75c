#!/usr/bin/env bash
# Regenerates the score tables in docs/reading.md and the unfold and frontier tables in
# docs/effects.md (run by `make score`): everything between each pair of marker lines is
# replaced by `hingetool score [--unfold | --frontier] --format markdown` over Datasets/, and the
# real Galaxy Z Fold 8 logs' tables in docs/reading.md (the five-fold log and the first part of
# the longer session) by `score --unfold` of their public events against their private fused
# angle (Datasets/real/), whole and per move, held, linear and change, and the step tracker's
# fit on both with leave-one-fold-out (score --unfold --leave-one-fold-out).
# The test suite checks that both pages hold the current tables.
set -euo pipefail
tool=${1:-.build/debug/hingetool}
traces=$(ls Datasets/*.csv | grep -v no-hinge)

# splice DOC MARKER ARGS…: the table `score ARGS… TRACES --format markdown` prints, between
# <!-- MARKER:begin --> and <!-- MARKER:end --> in DOC; TRACES is Datasets/*.csv unless the
# arguments name their own (real=1 before the call).
splice() {
  local doc=$1 marker=$2
  shift 2
  local table tmp
  table=$(mktemp)
  if [ "${real:-0}" = 1 ]; then
    "$tool" score "$@" --format markdown -o "$table"
  else
    "$tool" score "$@" $traces --format markdown -o "$table"
  fi
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

fold8="--unfold Datasets/real/fold8-public.csv --truth Datasets/real/fold8-fused.csv"
part1="--unfold Datasets/real/fold8-session-part1-public.csv --truth Datasets/real/fold8-session-part1-fused.csv"
for interpolation in held linear change; do
  real=1 splice docs/reading.md "real-$interpolation" $fold8 --truth-interpolation $interpolation
  real=1 splice docs/reading.md "real-moves-$interpolation" $fold8 --truth-interpolation $interpolation --per-move
  real=1 splice docs/reading.md "part1-$interpolation" $part1 --truth-interpolation $interpolation
  real=1 splice docs/reading.md "part1-moves-$interpolation" $part1 --truth-interpolation $interpolation --per-move
done
# The step tracker fitted on both logs, and each fold scored by a fit without it (every
# interpolation in one table).
real=1 splice docs/reading.md lofo --unfold --leave-one-fold-out Datasets/real/fold8-public.csv \
  Datasets/real/fold8-fused.csv Datasets/real/fold8-session-part1-public.csv Datasets/real/fold8-session-part1-fused.csv
