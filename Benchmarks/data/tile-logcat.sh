#!/usr/bin/env bash
# Writes a benchmark logcat of at least LINES lines to OUT: the frozen Fold 8 HAL buffer in
# fold8-hal.logcat beside this script (a copy of Datasets/real/galaxy-z-fold8-hal.logcat, 200
# lines, MIT: LICENSE-FoldDuo) again and again, every `ts=` of copy c moved c × 1000 s later so
# that the times keep increasing. The output depends on nothing but that file and this script,
# and its SHA-256 for the size `make bench` uses is in SHA256SUMS beside it.
# Usage: tile-logcat.sh LINES OUT
set -euo pipefail
lines=${1:?usage: tile-logcat.sh LINES OUT}
out=${2:?usage: tile-logcat.sh LINES OUT}
source_file="$(dirname "$0")/fold8-hal.logcat"
LC_ALL=C awk -v want="$lines" '
  { line[++n] = $0 }
  END {
    copies = int((want + n - 1) / n)
    for (c = 0; c < copies; c++)
      for (i = 1; i <= n; i++) {
        text = line[i]
        if (c > 0 && match(text, /ts=[0-9]+/)) {
          # The nanoseconds plus c × 10^12, added on the digits (awk doubles lose the last ones).
          digits = substr(text, RSTART + 3, RLENGTH - 3)
          head = substr(digits, 1, length(digits) - 12) + c
          text = substr(text, 1, RSTART + 2) head substr(digits, length(digits) - 11) substr(text, RSTART + RLENGTH)
        }
        print text
      }
  }' "$source_file" > "$out.partial"
mv "$out.partial" "$out"
