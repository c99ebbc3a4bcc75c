#!/usr/bin/env bash
# The guide's way to measure a filmed pose change (docs/film.md): ImageMagick's compare on every
# pair of neighbouring frames, one process per pair, in a shell loop. `-precision 17` only adds
# digits to what it prints, so the bench can check hingetool film against it to 1e-6.
# Usage: compare_loop.sh FRAMES_DIR OUTPUT  (rows: t_ms rmse)
set -euo pipefail
frames=$1
output=$2
: >"$output"
previous=""
for frame in "$frames"/*.png; do
  if [ -n "$previous" ]; then
    # compare prints "absolute (normalised)" on standard error and exits 1 when the images differ.
    result=$(compare -precision 17 -metric RMSE "$previous" "$frame" null: 2>&1 || true)
    name=${frame##*/}
    echo "$((10#${name%.png})) $(echo "$result" | sed 's/.*(\(.*\)).*/\1/')" >>"$output"
  fi
  previous=$frame
done
