#!/usr/bin/env bash
# Writes a benchmark trace of at least ROWS data rows to OUT: the frozen plays in
# flat-to-laptop-64.csv (beside this script) again and again, each copy 322 s after the one
# before (the 64 plays span 320.25 s; the gap is a hinge resting open). The output depends on
# nothing but that file and this script — never on the library's synthesiser, which may change
# — and its SHA-256 for the sizes `make bench` uses is in SHA256SUMS beside it.
# Usage: tile.sh ROWS OUT
set -euo pipefail
rows=${1:?usage: tile.sh ROWS OUT}
out=${2:?usage: tile.sh ROWS OUT}
source_file="$(dirname "$0")/flat-to-laptop-64.csv"
LC_ALL=C awk -F, -v want="$rows" '
  /^#/ { if (!data) comments = comments $0 "\n"; next }
  !header { header = $0; next }
  { data = 1; n++; time[n] = $1; rest[n] = substr($0, length($1) + 1) }
  END {
    printf "%s# tiled by Benchmarks/data/tile.sh to at least %d rows\n%s\n", comments, want, header
    copies = int((want + n - 1) / n)
    for (c = 0; c < copies; c++)
      for (i = 1; i <= n; i++) printf "%.6f%s\n", time[i] + 322 * c, rest[i]
  }' "$source_file" > "$out.partial"
mv "$out.partial" "$out"
