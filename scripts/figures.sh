#!/usr/bin/env bash
# Writes every measured figure quoted in README.md and docs/ from its one source (run by `make
# figures` and at the end of `make bench`; the test suite runs it with --check):
#
#   Benchmarks/results.json (make bench)   → docs/performance.md's table and run line, the
#                                            benchmark figures of README.md's "Measured" paragraph
#                                            and docs/stand-ins.md's costs
#   hingetool score / score --unfold       → the reader and unfold figures of that paragraph,
#                                            docs/reading.md's snap lead at three projections
#   hingetool film on the bundled film     → docs/film.md's sample table
#   score --unfold --truth on Datasets/real → the real Fold 8 log's RMSE ratios in docs/reading.md,
#                                            README.md and Datasets/real/README.md
#   hingetool --generate-manual/-completion → the man page's length and the installed files'
#                                            sizes in docs/installation.md
#   docs/reading.md's leave-one-fold-out    → the held-out step tracker's and the floor's ratios
#   table and docs/effects.md's frontier     in README.md, docs/reading.md and
#   table (make score; the suite checks       Datasets/real/README.md, and README.md's
#   them against the tool)                    frontier sentence
#
# Each figure sits between marker comments, <!-- figures:NAME:begin --> and
# <!-- figures:NAME:end -->, which Markdown does not show; everything between a pair is
# replaced. Usage: scripts/figures.sh [TOOL] [--check]; TOOL defaults to .build/debug/hingetool.
# With --check nothing is written: the script exits 1 and names every region that differs.
set -euo pipefail
cd "$(dirname "$0")/.."
tool=.build/debug/hingetool
check=0
for argument in "$@"; do
  case $argument in
    --check) check=1 ;;
    *) tool=$argument ;;
  esac
done
results=Benchmarks/results.json
command -v jq > /dev/null || { echo "figures.sh: jq is needed (make deps installs it)" >&2; exit 2; }
[ -x "$tool" ] || { echo "figures.sh: no hingetool at $tool (make build)" >&2; exit 2; }
for id in reader.ingest animator.persistent animator.additive-1 animator.additive-3 effect-driver.frame \
  stand-in.exact stand-in.stand-in spring.closed-form spring.rk8pd read.time read.rows-per-second \
  read.megabytes-per-second read.peak-rss read-floor.time read-big.time peer-big.time animate.time animate.rows-per-second animate.megabytes-per-second \
  animate.peak-rss peer.time peer.peak-rss read-big.peak-rss animate-big.peak-rss film.time film.peer-time \
  film.cpu film.peer-cpu film.peak-rss film.agreement film.video.time film.video.png-route-time \
  film.video.raw-decode-time film.video.over-raw-decode film.video.peak-rss film.video.peak-rss-long \
  film.video.agreement; do
  if ! jq -e --arg id "$id" 'any(.figures[]; .id == $id)' "$results" > /dev/null 2>&1; then
    echo "figures.sh: $results has no figure '$id': run make bench (a whole run)" >&2
    exit 1
  fi
done
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# ---------------------------------------------------------------------------------------------
# Runs

# What `"$tool" ARGS…` prints (its messages dropped), run once per set of arguments: several
# regions quote the same score or film run (the score table three times, each real log's six
# scores three times); a failed run fails every time, as the tool itself would.
cached() {
  local saved status
  saved=$work/run-$(printf '%s\n' "$@" | md5sum | cut -c1-32)
  if [ ! -f "$saved" ]; then
    "$tool" "$@" 2> /dev/null > "$saved.part" || { status=$?; rm -f "$saved.part"; return $status; }
    mv "$saved.part" "$saved"
  fi
  cat "$saved"
}

# ---------------------------------------------------------------------------------------------
# Numbers

# The field ($2, default median) of the figure with id $1; fails when results.json lacks it.
field() {
  local value
  value=$(jq -r --arg id "$1" --arg field "${2:-median}" \
    '.figures[] | select(.id == $id) | .[$field] // "null"' "$results")
  if [ -z "$value" ]; then
    echo "figures.sh: $results has no figure '$1': run make bench" >&2
    exit 1
  fi
  printf '%s' "$value"
}

# Three significant digits, as the benchmark prints them (whole numbers stay whole).
sig() {
  awk -v x="$1" 'BEGIN {
    if (x == 0) { print 0; exit }
    a = x < 0 ? -x : x
    l = log(a) / log(10)
    f = int(l)
    if (f > l) f -= 1
    digits = 2 - f
    if (digits < 0) digits = 0
    s = sprintf("%." digits "f", x)
    if (index(s, ".")) { sub(/0+$/, "", s); sub(/\.$/, "", s) }
    print s
  }'
}

# A whole number with thousands separators: 1730065 → 1,730,065.
thousands() { printf '%.0f' "$1" | rev | sed -E 's/([0-9]{3})/\1,/g; s/,$//' | rev; }

# "met" or "**missed 1.27×**" for an upper-bound target.
verdict() {
  awk -v m="$1" -v t="$2" 'BEGIN { if (m <= t) print "met"; else printf "**missed %.2f×**\n", m / t }'
}

ratio() { awk -v a="$1" -v b="$2" 'BEGIN { print a / b }'; }

# ---------------------------------------------------------------------------------------------
# The regions

performance_table() {
  local reader persistent additive1 additive3 driver exact standin closed ode
  reader=$(field reader.ingest)
  persistent=$(field animator.persistent)
  additive1=$(field animator.additive-1)
  additive3=$(field animator.additive-3)
  driver=$(field effect-driver.frame)
  exact=$(field stand-in.exact)
  standin=$(field stand-in.stand-in)
  closed=$(field spring.closed-form)
  ode=$(field spring.rk8pd)
  local allocations
  allocations=$(jq -r '[.figures[] | .allocations_per_call // empty] | max' "$results")
  local read_name rows megabytes
  read_name=$(field read.time name)
  rows=$(sed -E 's/.*\(([0-9]+) rows.*/\1/' <<< "$read_name")
  megabytes=$(sed -E 's/.*rows, ([0-9]+) MB.*/\1/' <<< "$read_name")
  local big_name big_rows
  big_name=$(field read-big.peak-rss name)
  big_rows=$(sed -E 's/.*\(([0-9]+) rows.*/\1/' <<< "$big_name")
  local film_name frames
  film_name=$(field film.time name)
  frames=$(sed -E 's/.*\(([0-9]+) frames of ([0-9]+ × [0-9]+)\).*/\1 frames of \2/' <<< "$film_name")
  cat << EOF
| figure | median | target | |
|--------|-------:|-------:|---|
| \`HingeReader\` ingest + reading (position, velocity, snap), default settings | $(sig "$reader") ns/sample | ≤ 100 ns | $(verdict "$reader" 100) |
| \`SpringAnimator.value(at:)\`, persistent | $(sig "$persistent") ns/frame | ≤ 50 ns | $(verdict "$persistent" 50) |
| \`SpringAnimator.value(at:)\`, additive, 1 spring | $(sig "$additive1") ns/frame | ≤ 50 ns | $(verdict "$additive1" 50) |
| \`SpringAnimator.value(at:)\`, additive, 3 distinct springs | $(sig "$additive3") ns/frame | ≤ 50 ns | $(verdict "$additive3" 50) |
| \`EffectDriver\` frame (bloom, defaults): the samples since the last frame ingested ($(field effect-driver.frame note | sed 's/ samples ingested per frame//') per frame), value at 120 Hz | $(sig "$driver") ns/frame | ≤ 150 ns | $(verdict "$driver" 150) |
| \`StandInCache.lookup\`, exact hit (URL strings, 2,048 entries) | $(sig "$exact") ns/lookup | ≤ 100 ns | $(verdict "$exact" 100) |
| \`StandInCache.lookup\`, stand-in hit (4 decodes of the source compared) | $(sig "$standin") ns/lookup | | |
| heap allocations per call, all of the above | $(sig "$allocations") | 0 | $(verdict "$allocations" 0) |
| \`DampedSpring\` closed form, value at a time | $(sig "$closed") ns/point | | $(sig "$(field spring.closed-form peer_ratio)")× faster than rk8pd |
| GSL rk8pd oracle (tolerance 1e-13), same 1000 times over 2 s | $(sig "$ode") ns/point | | max difference $(field spring.closed-form note | sed -E 's/.*= ([0-9.e+-]+) .*/\1/' | xargs printf '%.1e') on 0…1 |
| \`hingetool read\`, $(thousands "$rows") rows ($megabytes MB) | $(sig "$(field read.time)") s | ≤ $(sig "$(field read.time target)") s (10× the peer) | $(verdict "$(field read.time)" "$(field read.time target)"): $(sig "$(field read.time peer_ratio)")× the peer |
| … rows/s, MB/s, peak RSS | $(thousands "$(field read.rows-per-second)") rows/s, $(sig "$(field read.megabytes-per-second)") MB/s, $(sig "$(field read.peak-rss)") MB | | |
| C floor: parse the same trace and write the same columns, no reader (\`Benchmarks/peers/read_floor.c\`) | $(sig "$(field read-floor.time)") s | | \`read\` takes $(sig "$(ratio "$(field read.time)" "$(field read-floor.time)")")× the floor's time |
| \`hingetool animate\`, same trace (120 Hz rows out) | $(sig "$(field animate.time)") s | | |
| … input rows/s, MB/s in, peak RSS | $(thousands "$(field animate.rows-per-second)") rows/s, $(sig "$(field animate.megabytes-per-second)") MB/s, $(sig "$(field animate.peak-rss)") MB | | |
| pandas peer, same trace, same columns | $(sig "$(field peer.time)") s, peak RSS $(sig "$(field peer.peak-rss)") MB | | |
| \`hingetool read\`, $(thousands "$big_rows") rows | $(sig "$(field read-big.time)") s | ≤ $(sig "$(field read-big.time target)") s (10× the peer) | $(verdict "$(field read-big.time)" "$(field read-big.time target)"): $(sig "$(field read-big.time peer_ratio)")× the peer |
| pandas peer, same $(thousands "$big_rows") rows | $(sig "$(field peer-big.time)") s | | |
| \`hingetool read\`, $(thousands "$big_rows") rows, peak RSS | $(sig "$(field read-big.peak-rss)") MB | ≤ 64 MB | $(verdict "$(field read-big.peak-rss)" 64) |
| \`hingetool animate --rate 30\`, same trace, peak RSS | $(sig "$(field animate-big.peak-rss)") MB | ≤ 64 MB | $(verdict "$(field animate-big.peak-rss)" 64) |
| \`hingetool film\`, $frames, wall (min–max) | $(sig "$(field film.time)") s ($(sig "$(field film.time min)")–$(sig "$(field film.time max)")) | ≤ $(sig "$(field film.time target)") s (20× the loop) | $(verdict "$(field film.time)" "$(field film.time target)"): $(sig "$(field film.time peer_ratio)")× the loop |
| compare loop, one \`compare\` process per pair, same frames | $(sig "$(field film.peer-time)") s | | |
| CPU time (user + system), one run each | $(sig "$(field film.cpu)") s against $(sig "$(field film.peer-cpu)") s | | $(sig "$(field film.cpu peer_ratio)")× less CPU |
| \`hingetool film\`, peak RSS | $(sig "$(field film.peak-rss)") MB | | a batch of frames in flight, not the film |
| largest \|RMSE − compare's RMSE\| over the pairs | $(field film.agreement | xargs printf '%.1e') | ≤ 1e-6 | $(verdict "$(field film.agreement)" 0.000001) |
EOF
  video_rows
}

# The film-from-a-video rows (issue 24).
video_rows() {
  local label
  label=$(field film.video.time name | sed -E 's/.*\((.*)\)$/\1/')
  cat << EOF
| \`hingetool film VIDEO\` ($label), from ffmpeg's pipe | $(sig "$(field film.video.time)") s | ≤ $(sig "$(field film.video.time target)") s (4× the PNG route) | $(verdict "$(field film.video.time)" "$(field film.video.time target)"): $(sig "$(field film.video.time peer_ratio)")× the PNG route |
| ffmpeg → PNG files → \`hingetool film\`, same video | $(sig "$(field film.video.png-route-time)") s | | |
| ffmpeg decoding to raw RGB alone, same video | $(sig "$(field film.video.raw-decode-time)") s | | |
| \`film VIDEO\` ÷ raw decode alone (paired runs) | $(sig "$(field film.video.over-raw-decode)")× | ≤ 1.5× | $(verdict "$(field film.video.over-raw-decode)" 1.5) |
| \`film VIDEO\`, peak RSS, the video and one six times as long | $(sig "$(field film.video.peak-rss)") MB, $(sig "$(field film.video.peak-rss-long)") MB | ≤ $(sig "$(field film.video.peak-rss-long target)") MB | $(verdict "$(field film.video.peak-rss-long)" "$(field film.video.peak-rss-long target)") |
| largest \|RMSE − the PNG route's\| | $(field film.video.agreement | xargs printf '%.1e') | ≤ 1e-6 | $(verdict "$(field film.video.agreement)" 0.000001) |
EOF
}

performance_run() {
  jq -r '.run | "Figures from `make bench` started \(.started) and finished \(.finished) (UTC), commit \(.commit), on \(.cores) cores at load averages \(.load_average_start * 10 | round / 10) (start) and \(.load_average_end * 10 | round / 10) (end)."' "$results"
}

# docs/performance.md's sentence on where the targets stand.
performance_standing() {
  local reader driver exact
  reader=$(field reader.ingest)
  driver=$(field effect-driver.frame)
  exact=$(field stand-in.exact)
  printf 'In that run the reader costs %s ns a sample (target ≤ 100 ns: %s), an effect frame %s ns (≤ 150 ns: %s), an exact stand-in hit %s ns (≤ 100 ns: %s); `hingetool read` is %s× the pandas peer on %s rows and %s× on %s (target ≥ 10×: %s and %s), with a peak RSS of %s MB against the peer'"'"'s %s MB.' \
    "$(sig "$reader")" "$(verdict "$reader" 100)" "$(sig "$driver")" "$(verdict "$driver" 150)" \
    "$(sig "$exact")" "$(verdict "$exact" 100)" \
    "$(sig "$(field read.time peer_ratio)")" "$(thousands "$(field read.time name | sed -E 's/.*\(([0-9]+) rows.*/\1/')")" \
    "$(sig "$(field read-big.time peer_ratio)")" "$(thousands "$(field read-big.time name | sed -E 's/.*\(([0-9]+) rows.*/\1/')")" \
    "$(verdict "$(field read.time)" "$(field read.time target)")" "$(verdict "$(field read-big.time)" "$(field read-big.time target)")" \
    "$(sig "$(field read.peak-rss)")" "$(sig "$(field peer.peak-rss)")"
}

# The reader's figure against bcf7741 on the frozen input, from the committed bench-compare
# table (Benchmarks/compare/bcf7741.txt).
reader_drift() {
  awk '$1 == "reader.ingest" {
    n = NF; verdict = $n; spread = $(n - 1); ratio = $(n - 2)
    sub(/–/, " to ", spread)
    printf "a ratio new/old of %s for the reader (spread %s: %s)", ratio, spread, verdict
  }' Benchmarks/compare/bcf7741.txt
}

# The benchmark figures of README.md's "Measured, not claimed" paragraph.
readme_bench() {
  local low high
  low=$(jq -r '[.figures[] | select(.id | startswith("animator.")) | .median] | min' "$results")
  high=$(jq -r '[.figures[] | select(.id | startswith("animator.")) | .median] | max' "$results")
  printf 'a reader sample costs %s ns, an animator frame %s–%s ns, an effect\nframe %s ns, none of them allocating; `hingetool read` runs %s× faster than a pandas pipeline\nin 1/%s of the memory' \
    "$(sig "$(field reader.ingest)")" "$(awk -v x="$low" 'BEGIN { printf "%.0f", x }')" \
    "$(awk -v x="$high" 'BEGIN { printf "%.0f", x }')" "$(sig "$(field effect-driver.frame)")" \
    "$(sig "$(field read.time peer_ratio)")" \
    "$(awk -v a="$(field peer.peak-rss)" -v b="$(field read.peak-rss)" 'BEGIN { printf "%.0f", a / b }')"
}

readme_film() {
  printf 'agrees\nwith ImageMagick'"'"'s `compare -metric RMSE` to %s and runs %s× faster than the loop of\n`compare` processes on the shared 2-core machine (%s× less CPU)' \
    "$(field film.agreement | xargs printf '%.0e' | sed 's/e-0*/e-/')" \
    "$(sig "$(field film.time peer_ratio)")" "$(sig "$(field film.cpu peer_ratio)")"
  # A recording read from ffmpeg's pipe (issue 24).
  printf '; on a %s recording it\nruns %s× faster than ffmpeg writing PNG files for it, in %s× the time ffmpeg takes to decode it alone' \
    "$(field film.video.time name | sed -E 's/.*\((.*)\)$/\1/')" "$(sig "$(field film.video.time peer_ratio)")" \
    "$(sig "$(field film.video.over-raw-decode)")"
}

stand_in_exact() { printf '%s ns' "$(sig "$(field stand-in.exact)")"; }
stand_in_hit() { printf '%s ns' "$(sig "$(field stand-in.stand-in)")"; }

# The traces the scores run on: every dataset with a hinge.
traces() { ls Datasets/*.csv | grep -v no-hinge; }

# "25–96 % below Android's LSQ2 while moving on every 1° scenario, its snap right on 16 of 16".
readme_reader() {
  local table
  table=$(cached score $(traces) --format markdown)
  local percents
  # The scenarios whose sensor reports in 1° steps (the step column, measured on the trace).
  percents=$(grep -E '^\| [a-z0-9-]+ \| 1° \|' <<< "$table" | sed -E 's/.*\(−([0-9]+) %\).*/\1/' | sort -n)
  local snap
  snap=$(grep -E '^Snap over all' <<< "$table" | sed -E 's/Snap over all ([0-9]+) moves: right on ([0-9]+) .*/\2 of \1/')
  printf '%s–%s %%' "$(head -1 <<< "$percents")" "$(tail -1 <<< "$percents")" > "$work/velocity"
  printf '%s' "$snap" > "$work/snap"
}

# HingeKit's unfold progress against Android's spring: the RMSE ratios on the four regular 1°
# scenarios, on five-degree-steps, and the largest chop ratio (largest or 99th percentile) on
# those five, from score --unfold.
readme_unfold() {
  cached score --unfold $(traces) --format json > "$work/unfold.json"
  local one='["close-and-open", "flat-to-laptop", "jitter-at-boundary", "slow-bend"]'
  jq -r --argjson one "$one" '
    def name: .file | split("/") | last | rtrimstr(".csv");
    def hk: .rows[] | select(.display == "hingekit");
    def spring: .rows[] | select(.display == "android-spring");
    [.files[] | select(name as $n | $one | index($n)) | hk.ratio] as $ones
    | [.files[] | select(name == "five-degree-steps") | hk.ratio][0] as $five
    | [.files[] | select(name as $n | ($one + ["five-degree-steps"]) | index($n))
        | [(hk.chop_max / spring.chop_max), (hk.chop_p99 / spring.chop_p99)] | max] | max as $chop
    | "\($ones | min * 100 | round / 100)–\($ones | max * 100 | round / 100)× the RMSE of Android'"'"'s unfold spring on the 1° scenarios and \($five * 100 | round / 100)× on 5° steps, but up to \($chop * 100 | round / 100)× that spring'"'"'s chop on them"
  ' "$work/unfold.json"
}

# The same range for the "What it is" list.
reader_velocity() {
  readme_reader
  cat "$work/velocity"
}

# The range of those RMSE ratios over the four 1° scenarios and five-degree-steps, for the
# "What it is" list.
unfold_rmse() {
  cached score --unfold $(traces) --format json \
    | jq -r '["close-and-open", "flat-to-laptop", "jitter-at-boundary", "slow-bend", "five-degree-steps"] as $names
      | [.files[] | select(.file | split("/") | last | rtrimstr(".csv") as $n | $names | index($n))
        | .rows[] | select(.display == "hingekit") | .ratio]
      | "\(min * 100 | round / 100)–\(max * 100 | round / 100)×"'
}

readme_measured() {
  readme_reader
  cat << EOF
the
reader's velocity is $(cat "$work/velocity") below Android's LSQ2 while moving on every 1° scenario, its snap
right on $(cat "$work/snap") moves (the TriFold's, whose sensor reports only end states, apart); $(readme_bench). HingeKit's unfold progress has
$(readme_unfold)
([effects](docs/effects.md#the-comparison-hingetool-score---unfold)). \`hingetool film\` $(readme_film)
EOF
}

# The signed snap lead in ms (negative when the snap was decided after the hinge stopped) from
# the score table's "Snap over all" line: "decided N ms before …" or "decided N ms after …".
snap_lead_ms() {
  grep -E '^Snap over all' | sed -E 's/.*decided ([0-9]+) ms (before|after).*/\2 \1/' \
    | awk '{ print ($1 == "after" ? -$2 : $2) }'
}

# "N ms before the stop" or, for a negative lead, "N ms after it".
lead_words() { awk -v lead="$1" -v unit="$2" 'BEGIN {
  value = lead < 0 ? -lead : lead
  if (unit == "s") printf "about %.2f s %s", value / 1000, (lead < 0 ? "after" : "before")
  else printf "%d ms %s", value, (lead < 0 ? "after" : "before")
}'; }

# The snap's mean lead over every move at projections 0, 0.12 (the default) and 0.3 s.
snap_leads() {
  local out=()
  for projection in 0 0.12 0.3; do
    local lead
    lead=$(cached score $(traces) --projection "$projection" --format markdown | snap_lead_ms)
    out+=("$(lead_words "$lead" ms) the stop at $projection s")
  done
  printf '(%s, %s, %s, on average)' "${out[0]}" "${out[1]}" "${out[2]}"
}

snap_lead_default() {
  local lead
  lead=$(cached score $(traces) --format markdown | snap_lead_ms)
  lead_words "$lead" s
}

# The events `film --events --hinge` finds in the bundled late-motion film (its trace is on the
# film's clock, so --hinge-offset 0 rather than the estimate).
film_events() {
  cached film Datasets/films/late-motion --events --hinge Datasets/films/late-motion/hinge.csv --hinge-offset 0 \
    | awk '/^# events/ { on = 1; next } /^$/ && on && seen { exit } on { print; seen = 1 }'
}

# As a code block inside the numbered list of docs/film.md (indented three spaces).
film_sample() {
  { printf '```\n'; film_events; printf '```\n'; } | sed 's/^/   /'
  printf '   '
}

# The first event's time from the hinge's start, and the late motion's from its stop.
film_sample_start() { film_events | awk '!/^#/ { print $(NF - 2) " ms"; exit }'; }
film_sample_stop() { film_events | awk '$3 == "late-motion" { print $(NF - 3) " ms"; exit }'; }
# The real Galaxy Z Fold 8 logs (Datasets/real/: the five-fold log, then the first part of the
# longer session): HingeKit's unfold RMSE and Android's whole pipeline's against the private fused
# angle, read change-triggered, held and linearly interpolated, from score --unfold; one line
# "kit android" each, in that order.
real_log_scores() {
  for log in fold8 fold8-session-part1; do
    for interpolation in change held linear; do
      cached score --unfold "Datasets/real/$log-public.csv" --truth "Datasets/real/$log-fused.csv" \
        --truth-interpolation "$interpolation" --format json \
        | jq -r '.files[0] | [(.rows[] | select(.display == "hingekit") | .rmse), (.rows[] | select(.display == "android") | .rmse)]
          | "\(.[0]) \(.[1])"'
    done
  done > "$work/real-log-scores"
}

# "0.41× (change; held 0.39×, linear 0.42×) on the five-fold log, 0.62× (0.60×, 0.62×) on part 1".
real_log_short() {
  real_log_scores
  awk '{ r[NR] = $1 / $2 } END {
    printf "%.2f× (change; held %.2f×, linear %.2f×) on the five-fold log and %.2f× (%.2f×, %.2f×) on the first 80 s of a longer session",
      r[1], r[2], r[3], r[4], r[5], r[6] }' "$work/real-log-scores"
}

# The five-fold log's RMSEs, change-triggered, held and linear, against the pipeline's, and the ratios.
real_log_long() {
  real_log_scores
  awk '{ k[NR] = $1; a[NR] = $2 } END {
    printf "%.4f (change) / %.4f (held) / %.4f (linear) against Android'"'"'s whole pipeline'"'"'s %.4f / %.4f / %.4f: **%.2f× / %.2f× / %.2f×**",
      k[1], k[2], k[3], a[1], a[2], a[3], k[1] / a[1], k[2] / a[2], k[3] / a[3] }' "$work/real-log-scores"
}

# The same for part 1 of the longer session.
part1_log_long() {
  real_log_scores
  awk '{ k[NR] = $1; a[NR] = $2 } END {
    printf "%.4f (change) / %.4f (held) / %.4f (linear) against the pipeline'"'"'s %.4f / %.4f / %.4f: **%.2f× / %.2f× / %.2f×**",
      k[4], k[5], k[6], a[4], a[5], a[6], k[4] / a[4], k[5] / a[5], k[6] / a[6] }' "$work/real-log-scores"
}

# The step tracker fitted on both real logs, each fold scored by a fit without it, from the
# leave-one-fold-out table docs/reading.md holds (`make score` writes it from `score --unfold
# --leave-one-fold-out`, a fit of about 38 s CPU; DocumentationTests checks it is current, so the
# fit runs once in the suite): both logs pooled, change, held, linear, one line each: the
# held-out RMSE, the pipeline's, their ratio and the floor's over the pipeline's, as the table
# prints them (the ratios from the unrounded RMSEs).
lofo_scores() {
  [ -s "$work/lofo-scores" ] && return
  awk -F'|' '
    function trim(text) { gsub(/^ +| +$|\*/, "", text); return text }
    /<!-- lofo:begin -->/ { on = 1; next }
    /<!-- lofo:end -->/ { on = 0 }
    on && /^\| log \|/ { for (i = 2; i < NF; i++) column[trim($i)] = i; next }
    on && /^\| both \|/ {
      interpolation = trim($column["truth"])
      line[interpolation] = trim($column["RMSE hingekit, fold held out"]) " " trim($column["RMSE android"]) " " \
        trim($column["ratio_pipeline"]) " " trim($column["floor / android"])
    }
    END { print line["change"]; print line["held"]; print line["linear"] }
  ' docs/reading.md > "$work/lofo-scores"
  if [ "$(awk 'NF == 4' "$work/lofo-scores" | wc -l)" != 3 ]; then
    echo "figures.sh: docs/reading.md's leave-one-fold-out table has no 'both' row for each of change, held and linear with the held-out RMSE, the pipeline's, ratio_pipeline and floor / android: run make score" >&2
    exit 1
  fi
}

# The causal floor on both logs (the particle filter's median run on the refitted Fold 8 model)
# over the pipeline's, as lofo_short.
lofo_floor() {
  lofo_scores
  awk '{ r[NR] = $4 } END { printf "%.2f× (change; held %.2f×, linear %.2f×)", r[1], r[2], r[3] }' "$work/lofo-scores"
}

# "0.47× (change; held 0.45×, linear 0.47×)": held out, both logs pooled.
lofo_short() {
  lofo_scores
  awk '{ r[NR] = $3 } END { printf "%.2f× (change; held %.2f×, linear %.2f×)", r[1], r[2], r[3] }' "$work/lofo-scores"
}

# The same with the RMSEs.
lofo_long() {
  lofo_scores
  awk '{ k[NR] = $1; a[NR] = $2; r[NR] = $3 } END {
    printf "%.4f (change) / %.4f (held) / %.4f (linear) against the pipeline'"'"'s %.4f / %.4f / %.4f: **%.2f× / %.2f× / %.2f×**",
      k[1], k[2], k[3], a[1], a[2], a[3], r[1], r[2], r[3] }' "$work/lofo-scores"
}

# "a, b and c" from lines.
joined() { awk '{ item[NR] = $0 } END { for (i = 1; i <= NR; i++) printf "%s%s", item[i], (i == NR ? "" : i == NR - 1 ? " and " : ", ") }'; }

# README's frontier sentence, from the frontier table docs/effects.md holds (`make score` writes
# it from `score --frontier`; the suite checks it is current): the traces on which some
# responsiveness dominates every spring stiffness, some, or none, and on the first how far below
# the default's RMSE the particle filter's floor (the median of its three runs) lies.
readme_frontier() {
  awk -F'|' '/<!-- frontier:begin -->/ { on = 1; next } /<!-- frontier:end -->/ { on = 0 }
    on && $2 ~ /\.csv/ {
      name = $2; gsub(/ |\.csv/, "", name)
      yes = gsub(/✓/, "✓", $6); no = gsub(/✗/, "✗", $6)
      kind = no == 0 ? "all" : yes == 0 ? "none" : "some"
      split($3, floors, " "); best = floors[1] + 0
      split($4, defaults, " / ")
      printf "%s %s %.6f\n", kind, name, (kind == "all" ? defaults[1] / best : 0)
    }' docs/effects.md > "$work/frontier" || { echo "figures.sh: cannot read docs/effects.md's frontier table into $work" >&2; exit 1; }
  local all some none low high
  all=$(awk '$1 == "all" { print $2 }' "$work/frontier" | joined)
  some=$(awk '$1 == "some" { print $2 }' "$work/frontier" | joined)
  none=$(awk '$1 == "none" { print $2 }' "$work/frontier" | joined)
  low=$(awk '$1 == "all" { print $3 }' "$work/frontier" | sort -g | head -1)
  high=$(awk '$1 == "all" { print $3 }' "$work/frontier" | sort -g | tail -1)
  [ -n "$all" ] || { echo "figures.sh: docs/effects.md's frontier table dominates no family ($(wc -l < "$work/frontier") rows read): run make score" >&2; exit 1; }
  printf 'Over its `responsiveness` knob HingeKit'"'"'s unfold progress dominates Android'"'"'s whole spring family\n'
  printf '(stiffness 300–1500: lower RMSE *and* chop) on %s, where a particle filter puts the causal\n' "$all"
  # Where the default's RMSE is below the floor's median run (a ratio under 1), the floor is
  # not "lower still" there: those traces are named instead of a range that starts below 1.
  local below
  below=$(awk '$1 == "all" && $3 < 1 { print $2 }' "$work/frontier" | joined)
  if [ -n "$below" ]; then
    low=$(awk '$1 == "all" && $3 >= 1 { print $3 }' "$work/frontier" | sort -g | head -1)
    printf 'floor %s–%s× lower still (on %s the default'"'"'s RMSE is below the floor'"'"'s median run: docs/effects.md says why); part of it on %s; none of it on %s (seed 1)' \
      "$(printf '%.1f' "$low")" "$(printf '%.1f' "$high")" "$below" "${some:-no trace}" "${none:-no trace}"
    return
  fi
  printf 'floor %s–%s× lower still; part of it on %s; none of it on %s (seed 1)' \
    "$(printf '%.1f' "$low")" "$(printf '%.1f' "$high")" "${some:-no trace}" \
    "${none:-no trace}"
}

# ---------------------------------------------------------------------------------------------
# Writing

# replace FILE NAME CONTENT-FILE: the text between NAME's markers in FILE becomes the content
# (a block region's content starts and ends with a newline, an inline region's does not).
replace() {
  local file=$1 name=$2 content=$3
  NAME=$name CONTENT=$content perl -0pi -e '
    BEGIN { local $/; open my $f, "<", $ENV{CONTENT} or die; $text = <$f> }
    my $n = s/(<!-- figures:\Q$ENV{NAME}\E:begin -->).*?(<!-- figures:\Q$ENV{NAME}\E:end -->)/$1$text$2/s;
    die "no markers for $ENV{NAME}\n" unless $n;
  ' "$file"
}

# region FILE NAME KIND FUNCTION: KIND is block or inline.
failed=0
# The man page and the completion scripts as `make install` writes them (docs/installation.md).
kilobytes() { awk -v b="$(wc -c)" 'BEGIN { printf "%d KB", (b + 512) / 1024 }'; }
manual_lines() {
  "$tool" --generate-manual > "$work/hingetool.1"
  printf '%s lines at 80 columns' "$(thousands "$(MANWIDTH=80 man -l "$work/hingetool.1" 2> /dev/null | wc -l)")"
}
manual_size() { "$tool" --generate-manual | kilobytes; }
bash_size() { "$tool" --generate-completion-script bash | kilobytes; }
zsh_size() { "$tool" --generate-completion-script zsh | kilobytes; }
fish_size() { "$tool" --generate-completion-script fish | kilobytes; }

region() {
  local file=$1 name=$2 kind=$3 function=$4
  local content=$work/$name
  if [ "$kind" = block ]; then
    { printf '\n'; $function; } > "$content"
  else
    $function | perl -pe 'chomp if eof' > "$content"
  fi
  local target=$file
  if [ $check = 1 ]; then
    target=$work/$(basename "$file").$name
    cp "$file" "$target"
  fi
  replace "$target" "$name" "$content"
  if [ $check = 1 ] && ! cmp -s "$file" "$target"; then
    echo "figures.sh: $file: the figures in '$name' differ from their source (run make figures):" >&2
    diff "$file" "$target" | head -20 >&2 || true
    failed=1
  fi
}

region docs/performance.md table block performance_table
region docs/performance.md run inline performance_run
region docs/performance.md standing inline performance_standing
region docs/performance.md reader-drift inline reader_drift
region README.md measured inline readme_measured
region README.md reader-velocity inline reader_velocity
region README.md unfold-rmse inline unfold_rmse
region docs/stand-ins.md stand-in-exact inline stand_in_exact
region docs/stand-ins.md stand-in-hit inline stand_in_hit
region docs/reading.md snap-leads inline snap_leads
region docs/reading.md snap-lead inline snap_lead_default
region docs/film.md sample block film_sample
region docs/reading.md real-log inline real_log_long
region docs/reading.md part1-log inline part1_log_long
region README.md real-log inline real_log_short
region README.md lofo inline lofo_short
region README.md lofo-floor inline lofo_floor
region docs/reading.md lofo-log inline lofo_long
region Datasets/real/README.md lofo inline lofo_short
region README.md frontier inline readme_frontier
region Datasets/real/README.md real-log inline real_log_short
region docs/film.md sample-start inline film_sample_start
region docs/film.md sample-stop inline film_sample_stop
region docs/installation.md manual-lines inline manual_lines
region docs/installation.md manual-size inline manual_size
region docs/installation.md bash-size inline bash_size
region docs/installation.md zsh-size inline zsh_size
region docs/installation.md fish-size inline fish_size
if [ $check = 1 ]; then
  [ $failed = 0 ] && echo "figures.sh: every figure matches its source"
  exit $failed
fi
echo "wrote the figures in docs/performance.md, README.md, docs/stand-ins.md, docs/reading.md, docs/film.md, docs/installation.md and Datasets/real/README.md"
