#!/usr/bin/env bash
# The truth probe of the recorded films (scripts/record-film.sh): measures, in every decoded
# frame of a recording of a page under Datasets/films/pages/, the regions those pages lay out
# at fixed places (540 × 960 pixels), with ffmpeg's own signalstats filter, and prints one row
# per frame:
#   pts_ms left right picture_avg picture_low picture_high bar_avg ydif
# left/right: mean luma inside the two probe blocks (white in layouts A/C and B/D respectively,
# bare background otherwise); picture_*: mean, 10th and 90th percentile luma inside the
# picture (a flat placeholder has low ≈ high); bar_avg: the bottom bar; ydif: mean absolute
# luma change of the whole frame from the frame before (signalstats' YDIF).
# It never looks at hingetool's output: it is the independent measurement the detector is
# checked against. Usage: film-probe.sh RECORDING
set -euo pipefail
video=$1
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
stats() { echo "crop=$1,signalstats,metadata=print:file=$work/$2.txt"; }
ffmpeg -nostdin -v error -noautorotate -i "$video" -filter_complex \
  "[0:v]format=yuv420p,split=5[a][b][c][d][e];\
[a]$(stats 130:60:40:30 left)[a1];[b]$(stats 130:60:365:30 right)[b1];\
[c]$(stats 460:160:40:175 picture)[c1];[d]$(stats 500:30:20:924 bar)[d1];[e]$(stats iw:ih:0:0 whole)[e1]" \
  -map '[a1]' -f null - -map '[b1]' -f null - -map '[c1]' -f null - -map '[d1]' -f null - -map '[e1]' -f null -
# One line per frame: pts_time and the wanted keys, in file order.
pick() {
  awk -v keys="$2" 'BEGIN { n = split(keys, k, " ") }
    function flush() { if (t != "") { s = t; for (i = 1; i <= n; i++) s = s " " v[k[i]]; print s } }
    /^frame:/ { flush(); split($3, p, ":"); t = sprintf("%.0f", p[2] * 1000); next }
    { for (i = 1; i <= n; i++) { key = "lavfi.signalstats." k[i] "="; if (index($0, key) == 1) v[k[i]] = substr($0, length(key) + 1) } }
    END { flush() }' "$work/$1.txt"
}
paste -d' ' <(pick left YAVG) <(pick right YAVG | cut -d' ' -f2) <(pick picture "YAVG YLOW YHIGH" | cut -d' ' -f2-) \
  <(pick bar YAVG | cut -d' ' -f2) <(pick whole YDIF | cut -d' ' -f2)
