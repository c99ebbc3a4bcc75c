#!/usr/bin/env bash
# make bench-compare BASE=<commit> [PAIRS=5] [CASES=micro|tool|import|film]: an A/B of this tree against
# BASE on the same machine, the same inputs and the same harness.
#
# The current Benchmarks/ (harness, frozen inputs, peers) is copied into a worktree of BASE
# (.build/bench-compare/base) and built there against BASE's library sources, in release mode;
# the same harness is built against this tree's sources. Both read the frozen files in this
# tree's Benchmarks/data and share one scratch folder, so the big traces and frames are made
# once and read by both. The two builds then run interleaved — old, new, old, new, … — PAIRS
# times (at least 5), and for every figure the script prints the median of the per-pair ratios
# new/old and their spread (lowest–highest). A figure whose whole spread lies beyond 10 % on
# the worse side is a REGRESSION; beyond 10 % on the better side, "better"; otherwise "same".
# A figure the new side measured and BASE could not (its build or run failed, or the case
# is new) is listed as "not comparable", never dropped.
#
# CASES=micro (default) times the per-call cases (reader, animator, effect driver, stand-in
# cache, closed-form spring): a run of both sides takes about a minute. CASES=tool adds
# `hingetool read` and `animate` on the 1-million-row frozen trace (each side's own release
# hingetool; the pandas peer is left out: it is the same program on both sides). CASES=import
# times `hingetool import logcat` on the frozen Fold 8 buffer tiled to 250,000 lines
# (`import.logcat`, each side's own release hingetool) and nothing else. CASES=film times
# `hingetool film VIDEO` (each side's own release hingetool) and ffmpeg's raw decode alone in
# paired runs on the benchmark's 10 s video (made once in the scratch folder), and their ratio
# (`film.video.*`, without the PNG route and the long film; a run is six films and six
# decodes, under a minute on a quiet machine).
#
# Exit status: 0 when nothing regressed, 1 when a figure is a regression, 2 on a usage error.
set -euo pipefail
cd "$(dirname "$0")/.."
SWIFT=${SWIFT:-swift}
base=${BASE:-${1:-}}
[ -n "$base" ] || { echo "usage: make bench-compare BASE=<commit> [PAIRS=5] [CASES=micro|tool|import|film]" >&2; exit 2; }
pairs=${PAIRS:-5}
cases=${CASES:-micro}
[[ "$pairs" =~ ^[0-9]+$ ]] && [ "$pairs" -ge 5 ] || { echo "bench-compare: PAIRS must be 5 or more" >&2; exit 2; }
case "$cases" in micro | tool | import | film) ;; *) echo "bench-compare: CASES is micro, tool, import or film" >&2; exit 2 ;; esac
base_sha=$(git rev-parse --verify --quiet "$base^{commit}") || { echo "bench-compare: no commit '$base'" >&2; exit 2; }
base_name=$(git rev-parse --short "$base_sha")
new_name="$(git rev-parse --short HEAD)$(git diff --quiet HEAD -- Package.swift Sources Benchmarks || echo +changes)"

work=.build/bench-compare
tree=$work/base
runs=$work/runs
mkdir -p "$work/scratch"
rm -rf "$runs"
mkdir -p "$runs"
if [ -e "$tree/.git" ]; then
  git -C "$tree" checkout --quiet --force --detach "$base_sha"
  git -C "$tree" clean --quiet -fdx -e .build
else
  git worktree prune
  git worktree add --quiet --force --detach "$tree" "$base_sha"
fi
# The harness under test is this tree's, whatever BASE had.
rm -rf "$tree/Benchmarks"
cp -a Benchmarks "$tree/Benchmarks"

echo "== building the harness against this tree ($new_name)"
$SWIFT build -c release --product Benchmarks
[ "$cases" = micro ] || $SWIFT build -c release --product hingetool
new_bin=$PWD/.build/release/Benchmarks
new_tool=$PWD/.build/release/hingetool

echo "== building the harness against $base_name (in $tree)"
base_ok=1
if ! (cd "$tree" && $SWIFT build -c release --product Benchmarks) > "$work/base-build.log" 2>&1; then
  base_ok=0
  echo "bench-compare: the harness does not build against $base_name; its figures are not comparable:"
  grep -m 5 "error:" "$work/base-build.log" || tail -5 "$work/base-build.log"
fi
if [ "$base_ok" = 1 ] && [ "$cases" != micro ]; then
  (cd "$tree" && $SWIFT build -c release --product hingetool) > "$work/base-tool-build.log" 2>&1 ||
    echo "bench-compare: hingetool does not build at $base_name; its tool figures are not comparable"
fi
base_bin=$PWD/$tree/.build/release/Benchmarks
base_tool=$PWD/$tree/.build/release/hingetool

options=(--data "$PWD/Benchmarks/data" --work "$PWD/$work/scratch" --peer none --film-frames 0 --video-seconds 0 --big-rows 0)
case "$cases" in
  micro) options+=(--only micro --rows 0) ;;
  import) options+=(--only import.logcat --rows 0) ;;
  film) options+=(--only film.video --rows 0 --video-seconds 10) ;;
  *) options+=(--rows 1000000) ;;
esac

# run SIDE PAIR BINARY TOOL: one whole run of the harness; a failed run leaves no file.
run() {
  local out="$runs/$1-$2.json"
  echo "== pair $2: $1"
  if ! "$3" "${options[@]}" --tool "$4" --commit "$1" --results "$out.partial" > "$runs/$1-$2.log" 2>&1; then
    echo "bench-compare: the $1 run of pair $2 failed (see $runs/$1-$2.log)"
    rm -f "$out.partial"
    return 0
  fi
  mv "$out.partial" "$out"
}
for pair in $(seq 1 "$pairs"); do
  if [ "$base_ok" = 1 ]; then run old "$pair" "$base_bin" "$base_tool"; fi
  run new "$pair" "$new_bin" "$new_tool"
done

shopt -s nullglob
files=("$runs"/*.json)
[ "${#files[@]}" -gt 0 ] || { echo "bench-compare: no run finished" >&2; exit 2; }
# Every run file tagged with its side and pair (from its name), then one table.
jq -n -r --arg base "$base_name" --arg new "$new_name" --argjson pairs "$pairs" '
  def median: sort | if length % 2 == 1 then .[length / 2 | floor] else (.[length / 2 - 1] + .[length / 2]) / 2 end;
  def fmt: if . == null then "-" elif . >= 100 then (. * 10 | round / 10 | tostring)
    else (. * 1000 | round / 1000 | tostring) end;
  def pad($n): tostring | . + (" " * ([($n - length), 1] | max));
  [inputs | {side: (input_filename | capture("(?<s>old|new)-(?<p>[0-9]+)\\.json$").s),
             pair: (input_filename | capture("(?<s>old|new)-(?<p>[0-9]+)\\.json$").p),
             figures: .figures}] as $runs
  | ($runs | map(select(.side == "new")) | .[0].figures | map({id, unit, higher: (.unit | test("/s$"))})) as $ids
  | "bench-compare: \($base) (old) against \($new) (new), \($pairs) pairs run old, new, old, new, …",
    "",
    ("figure" | pad(30)) + ("old median" | pad(17)) + ("new median" | pad(17)) + ("new/old" | pad(9))
      + ("spread" | pad(15)) + "verdict",
    ($ids[] as $f
      | [$runs[] | select(.side == "old") | {pair, v: (.figures[] | select(.id == $f.id) | .median)}] as $old
      | [$runs[] | select(.side == "new") | {pair, v: (.figures[] | select(.id == $f.id) | .median)}] as $new
      | [$new[] as $n | $old[] | select(.pair == $n.pair and .v != null and .v != 0 and $n.v != null) | $n.v / .v] as $ratios
      | (if ($ratios | length) == 0 then "not comparable (\($base) could not run it)"
         elif $f.higher then
           (if ($ratios | max) < (1 / 1.10) then "REGRESSION" elif ($ratios | min) > 1.10 then "better" else "same" end)
         else
           (if ($ratios | min) > 1.10 then "REGRESSION" elif ($ratios | max) < (1 / 1.10) then "better" else "same" end)
         end) as $verdict
      | ($f.id | pad(30)) + (($old | map(.v) | if length > 0 then median else null end | fmt) + " " + $f.unit | pad(17))
        + (($new | map(.v) | median | fmt) + " " + $f.unit | pad(17))
        + (if ($ratios | length) > 0 then ($ratios | median | fmt) else "-" end | pad(9))
        + (if ($ratios | length) > 0 then (($ratios | min | fmt) + "–" + ($ratios | max | fmt)) else "-" end | pad(15))
        + $verdict)
' "${files[@]}" | tee "$work/summary.txt"
! grep -q "REGRESSION$" "$work/summary.txt"
