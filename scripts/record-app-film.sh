#!/usr/bin/env bash
# Records the second corpus of real films (issue 35), Datasets/films/apps/{tune,held-out}/:
# app screens (Datasets/films/apps/pages/app.html, and for round 4's held-out half screens.html,
# written apart from it: a photo grid, a settings list, an article, a map; light and dark; a
# status bar with a ticking clock and a battery, a navigation bar; some with the mouse pointer
# left on screen) drawn by Chromium in kiosk mode on Xvfb and grabbed by
# ffmpeg's x11grab losslessly, then encoded H.264, HEVC (libx265, tagged hvc1 as iPhones write),
# VP9 or AV1 (libsvtav1), at 30 or 60 fps or a variable rate (ffmpeg's mpdecimate). The truth
# beside each (NAME.json) is measured on the recording by scripts/app-film-truth.py; a take that
# does not show what the page scripted is taken again. Needs chromium, xvfb, ffmpeg, python3 with
# numpy. The tests use the committed recordings and never re-record. The list below holds the
# recordings the corpus has; those scripted but never recorded (every take failed the truth probe
# on a loaded machine) are named in docs/film.md, not kept here. From round 7 on (`earliest`), a
# film's first step comes at least 1500 ms after its first layout, and the film is as long as its
# steps need.
# Usage: record-app-film.sh [NAME_FILTER]
#   APP_FILM_OUT=DIR   write HALF/NAME.* under DIR instead of Datasets/films/apps (a staging folder)
#   APP_FILM_FRESH=DIR write the `held-out` films (a fresh half, recorded apart) as DIR/NAME.*
#                      instead of under HALF/ (round 10; the other halves still go to HALF/)
#   APP_FILM_KEEP_MASTER=DIR  keep each take's lossless grab as DIR/NAME-tTAKE.nut (to measure
#                      an encode against what Chromium drew)
#   TAKES=N            takes per recording before giving up (default 8)
#   TAKE_LOG=FILE      one line per take: name, take, ok or why it was refused
#   APP_FILM_DISPLAY=N the first X display number to try (default 90)
#   APP_FILM_MAX_BYTES=N  encode again, coarser, while a take is larger (default 1000000)
# Run it at a raised priority (`nice -n -10`, as root) on a shared machine: Xvfb, Chromium and
# the grab inherit it, and a take refused under load is taken again, never accepted looser. The
# encodes and the truth probe run 10 steps below it, so that two of these scripts can run at once
# (each its own NAME_FILTER), one encoding while the other grabs.
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
filter=${1:-}
out_root=${APP_FILM_OUT:-$root/Datasets/films/apps}
takes=${TAKES:-8}
take_log=${TAKE_LOG:-/dev/null}
pages=$root/Datasets/films/apps/pages
failed=0 page=app.html earliest=0 grab_kept=""
work=$(mktemp -d)
xpid="" cpid=""
cleanup() {
  [ -n "$cpid" ] && kill "$cpid" 2>/dev/null && wait "$cpid" 2>/dev/null
  [ -n "$xpid" ] && kill "$xpid" 2>/dev/null && wait "$xpid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# A display number no X server holds.
display() {
  local n
  for n in $(seq "${APP_FILM_DISPLAY:-90}" $((${APP_FILM_DISPLAY:-90} + 30))); do [ -e "/tmp/.X11-unix/X$n" ] || [ -e "/tmp/.X$n-lock" ] || { echo ":$n"; return; }; done
  return 1
}

# grab QUERY WIDTH HEIGHT FPS POINTER MASTER: a lossless grab of the page, from 1 s before its
# first layout (the first frame that is not black after at least a second of black ones, the
# page's own 1.5 s of black: Xvfb's black root, 0.5 s or so, comes first and Chromium's window
# is white before it draws, so on a lightly loaded machine the window itself came within the
# first second and every take was refused as too early; on a heavily loaded one Xvfb's black
# lasted over a second too, and the window was taken for the page: so the last such frame in the
# grab's first 6 s, after the page's own black), $seconds long. The grab lasts 4 s
# longer than the film: the first layout may come up to 5 s into it (Chromium's start and the
# page's 1.5 s of black; round 8, at a load of 13, it came later than the 3.5 s of round 7).
grab() {
  local grab_seconds
  grab_kept=""
  grab_seconds=$(awk -v s="$seconds" 'BEGIN { print s + 4 }')
  local disp
  disp=$(display)
  Xvfb "$disp" -screen 0 "${2}x${3}x24" -br -nolisten tcp >/dev/null 2>&1 & xpid=$!
  sleep 1
  rm -rf "$work/profile"
  DISPLAY=$disp chromium --no-sandbox --kiosk --window-size="$2,$3" --window-position=0,0 \
    --no-first-run --disable-gpu --noerrdialogs --disable-infobars --hide-scrollbars \
    --user-data-dir="$work/profile" "file://$pages/$page?$1" >/dev/null 2>&1 & cpid=$!
  sleep 0.5
  ffmpeg -nostdin -loglevel error -y -f x11grab -framerate "$4" -video_size "${2}x${3}" -draw_mouse "$5" \
    -i "$disp" -t "$grab_seconds" -c:v rawvideo "$work/grab.nut"
  kill "$cpid" "$xpid" 2>/dev/null || true
  wait "$cpid" "$xpid" 2>/dev/null || true
  cpid="" xpid=""
  local first
  first=$(ffmpeg -nostdin -loglevel error -i "$work/grab.nut" -vf signalstats,metadata=print:file=- -f null - |
    awk -v fps="$4" '/YAVG=/ { n++; sub(/.*=/, ""); y = $0 + 0; if (y < 20) black++; else { if (black >= fps && y > 22 && n <= 6 * fps) first = n - 1; black = 0 } }
      END { if (first != "") print first }')
  [ -n "$first" ] && [ "$first" -gt "$4" ] || {
    # What the grab showed, as runs of mean luma (YAVG×count), for the failed take's record.
    echo "record-app-film: no first layout, or too early (first=${first:-none}; luma runs: $(ffmpeg -nostdin -loglevel error \
      -i "$work/grab.nut" -vf signalstats,metadata=print:file=- -f null - | awk -F= '/YAVG=/ { y = int($2 + 0.5)
      if (y != last && n) { printf "%d×%d ", last, n; n = 0 } last = y; n++ } END { printf "%d×%d", last, n }'))" >&2
    return 1
  }
  # What the grab kept of the film's span (round 8): frames grabbed against the rate's count and
  # the longest gap between two grabbed frames. x11grab on a loaded machine loses frames (a gap
  # the encode fills with the frame before, so the film shows a hold the page never drew); the
  # take log keeps the figure for each take.
  grab_kept=$(ffprobe -v error -select_streams v:0 -show_entries packet=pts_time -of csv=p=0 "$work/grab.nut" |
    awk -v from="$((first - $4))" -v fps="$4" -v s="$seconds" -F, 'NF && $1 != "" { t[n++] = $1 + 0 }
      END { start = t[from]; m = 0; k = 0
        for (i = from; i < n && t[i] < start + s; i++) { k++; if (i > from && t[i] - t[i - 1] > m) m = t[i] - t[i - 1] }
        printf "grab %d/%d frames, longest gap %.0f ms, %.2f s of %.1f", k, s * fps, m * 1000, t[i - 1] - start + 1 / fps, s }')
  # A grab that ended more than 0.5 s before the film's span did (Chromium's first layout late
  # in it, or frames lost before it, on a loaded machine) leaves less than 1 s after the last
  # step's scripted end: taken again.
  awk -v kept="$grab_kept" 'BEGIN { split(kept, w, " "); exit !(w[8] + 0 >= w[11] - 0.5) }' || {
    echo "record-app-film: the grab ended before the film's span ($grab_kept)" >&2
    return 1
  }
  nice -n 10 ffmpeg -nostdin -loglevel error -y -i "$work/grab.nut" \
    -vf "trim=start_frame=$((first - $4)),setpts=PTS-STARTPTS" -t "$seconds" -c:v rawvideo "$6"
}

# encode MASTER FPS CODEC OUT: CODEC is h264, hevc, vp9, av1, or h264-vfr / hevc-vfr (a frame
# only where the picture changed).
# Round 10: a cut to a detailed light page no longer ramps its quality (round 9 refused every take
# of `-s146` and `-s151` for it; docs/film.md). x265 coded such a cut as a P frame at CRF 30 and
# refined the page over the next 500 ms (on a lossless grab of a light map: 1.60 luma levels from
# the settled page at the cut, 0.95 at 167 ms, 0.47 at 333 ms; the probe wants under 1.5);
# `scenecut-bias=20` (5 by default) lets its scene-cut test put a key frame there, as a recorder
# with a lookahead does: 0.54 at the cut, 0.36 after, the same size. libvpx at CRF 42 drew the
# cut's first two frames coarse (2.06, 1.59, then 0.58); at CRF 32, 1.28 and 1.22, the file
# twice as large (444 to 871 kB at 540 x 1200, 60 fps). A grey placeholder over one picture of a
# light article at a variable rate (the frame mpdecimate keeps of it a B frame): 2 of its blocks
# flat (under 1.2), the probe wants 3; with no B frames 44 (the grab: 54), 128 against 105 kB.
# SVT-AV1 at CRF 42 coded a dark article's switch to its light theme (30 fps) in the mini-GOP
# before its periodic key frame (161 frames, 5.37 s), which came 400 ms later and coded the
# same page again: the cut's first frame 1.61 luma levels from the window's last, refused on
# every take of `-s172`; at CRF 35, 0.94 (575 against 450 kB). libvpx's periodic key frame (128
# frames, 4.27 s at 30 fps) came 134 ms after `-s167`'s cut to a light grid: its first four frames
# 2.59 from the key frame's page; with no key frame but the first in 600 frames (`-g 600`, longer
# than any film), 0.98, 838 against 998 kB. Every take from round 10 on.
encode() {
  local codec rate=(-fps_mode cfr -r "$2") extra=${CRF_EXTRA:-0}
  case $3 in
    h264*) codec=(-c:v libx264 -preset medium -crf $((28 + extra))) ;;
    hevc*) codec=(-c:v libx265 -preset fast -crf $((30 + extra)) -tag:v hvc1 -x265-params log-level=error:scenecut-bias=20) ;;
    vp9) codec=(-c:v libvpx-vp9 -b:v 0 -crf $((32 + extra)) -g 600 -deadline good -cpu-used 4 -row-mt 1) ;;
    av1) codec=(-c:v libsvtav1 -crf $((35 + extra)) -preset 8) ;;
  esac
  # At a variable rate, x265 without B frames (round 10): mpdecimate keeps one frame of a
  # placeholder held alone, and x265 coded it as a B frame, not flat (round 9's `-s144`).
  [[ $3 == *-vfr ]] && rate=(-vf mpdecimate -fps_mode vfr)
  [[ $3 == hevc-vfr ]] && codec[-1]+=:bframes=0
  nice -n 10 ffmpeg -nostdin -loglevel error -y -i "$1" "${rate[@]}" "${codec[@]}" -pix_fmt yuv420p -an "$4"
}

# film HALF NAME WIDTH HEIGHT FPS CODEC POINTER QUERY: one recording and its truth.
film() {
  local half=$1 name=$2 w=$3 h=$4 fps=$5 codec=$6 pointer=$7 query=$8 tries ext=mp4
  [ -n "$filter" ] && [[ $name != *$filter* ]] && return 0
  [ "$codec" = vp9 ] && ext=webm
  # Round 7: no step before $earliest ms after the first layout. Chromium is still rasterising
  # the first layout then; round 6's takes that failed every time began with a cut or a fade
  # 700 ms after it.
  local first_step=${query#*steps=}
  first_step=${first_step%%:*}
  if [ "$first_step" -lt "$earliest" ]; then
    echo "record-app-film: $name: its first step at $first_step ms comes before $earliest ms" >&2
    failed=1
    return 0
  fi
  # The film lasts 1 s before the first layout, then to 1.5 s after the last step's scripted end
  # (its MS, if it has one), 6.5 s at least (the length of rounds 1-6, whose steps end by 4.4 s).
  local last=${query##*steps=}
  last=${last##*,}
  local last_ms=${last%%:*} last_len=0
  [[ ${last##*-} =~ ^[0-9]+$ ]] && last_len=${last##*-}
  seconds=$(awk -v end="$((last_ms + last_len))" 'BEGIN { x = (end + 2500) / 1000; printf "%.1f", x < 6.5 ? 6.5 : x }')
  local dir=$out_root/$half
  [ "$half" = held-out ] && [ -n "${APP_FILM_FRESH:-}" ] && dir=$APP_FILM_FRESH
  mkdir -p "$dir"
  local out=$dir/$name.$ext
  for ((tries = 1; tries <= takes; tries++)); do
    if ! grab "$query&fps=$fps" "$w" "$h" "$fps" "$pointer" "$work/master.nut" 2>"$work/why"; then
      cat "$work/why" >&2
      echo "$name $tries no-first-layout" >>"$take_log"
      continue
    fi
    [ -n "${APP_FILM_KEEP_MASTER:-}" ] && cp "$work/master.nut" "$APP_FILM_KEEP_MASTER/$name-t$tries.nut"
    encode "$work/master.nut" "$fps" "$codec" "$work/take.$ext"
    # At most 1 MB a recording (the tests' limit): a photo grid at 720 × 1280, 60 fps in AV1 at
    # CRF 42 came to 1.18 MB; the master is encoded again, each time 3 CRF steps coarser (6 until
    # round 10: the finest encode that fits ramps least after a cut).
    local crf_extra=0
    # APP_FILM_MAX_BYTES sets a smaller bound (round 8: 600000, the size of round 7's largest).
    while [ "$(stat -c %s "$work/take.$ext")" -gt "${APP_FILM_MAX_BYTES:-1000000}" ] && [ "$crf_extra" -lt 18 ]; do
      crf_extra=$((crf_extra + 3))
      CRF_EXTRA=$crf_extra encode "$work/master.nut" "$fps" "$codec" "$work/take.$ext"
    done
    if nice -n 10 python3 "$root/scripts/app-film-truth.py" "$work/take.$ext" "$name.$ext" "$page?$query&fps=$fps" \
      >"$work/truth.json" 2>"$work/why"; then
      mv "$work/take.$ext" "$out"
      mv "$work/truth.json" "${out%.*}.json"
      echo "$name $tries ok $(stat -c %s "$out") ($grab_kept)" >>"$take_log"
      echo "record-app-film: $half/$name.$ext $(stat -c %s "$out") bytes"
      return 0
    fi
    cat "$work/why" >&2
    echo "$name $tries probe: $(tr '\n' ' ' <"$work/why")($grab_kept)" >>"$take_log"
    [ -n "${KEEP_FAILED:-}" ] && cp "$work/take.$ext" "$KEEP_FAILED.$ext"
    echo "record-app-film: $name (take $tries) does not show what was scripted; taking it again" >&2
  done
  echo "record-app-film: $name failed $takes times" >&2
  failed=1
}

# The corpus, split before any rule was changed: each half holds every kind of screen in both
# themes, every codec, size and rate, and every kind of event.
# half name width height fps codec pointer query
film tune grid-light-540x1200-60-h264 540 1200 60 h264 1 \
  "app=grid&theme=light&steps=700:cut,1400:fade1-linear-200,2100:ph-grey-grid-inplace-100,2800:blank1,3500:scroll-500,4300:fadetheme-easeinout-300"
film tune grid-dark-720x1280-30-hevc 720 1280 30 hevc 0 \
  "app=grid&theme=dark&nav=buttons&steps=700:ph-black-one-relayout-120,1500:fade2-easein-400,2400:blank2,3200:push-300,4000:theme"
film tune settings-dark-960x540-60-av1 960 540 60 av1 1 \
  "app=settings&theme=dark&nav=buttons&steps=700:fade1-easeinout-500,1600:blank1,2400:scroll-400,3200:fadetheme-linear-250"
film tune article-light-540x1200-vfr-h264 540 1200 60 h264-vfr 0 \
  "app=article&theme=light&steps=700:ph-grey-one-inplace-150,1500:cut,2300:blank2,3100:fade2-easeinout-300,3900:push-250"
film tune map-light-960x540-60-hevc 960 540 60 hevc 0 \
  "app=map&theme=light&nav=buttons&steps=700:ph-grey-grid-relayout-120,1500:blank2,2300:fade1-linear-400,3200:scroll-500"

film tune grid-light-720x1280-30-av1 720 1280 30 av1 0 \
  "app=grid&theme=light&nav=buttons&steps=700:blank1,1500:ph-black-grid-inplace-120,2300:fadetheme-linear-300,3100:push-300"
film tune settings-dark-900x1000-30-h264 900 1000 30 h264 0 \
  "app=settings&theme=dark&steps=700:cut,1500:fade1-easein-200,2300:spinner-600,3100:blank2,3900:fade2-easeinout-350"
film tune settings-light-960x540-60-hevc 960 540 60 hevc 1 \
  "app=settings&theme=light&steps=700:theme,1500:blank3,2300:sheet-300,3100:fade2-linear-500"
film tune article-light-720x1280-30-vp9 720 1280 30 vp9 1 \
  "app=article&theme=light&steps=700:fade2-easein-300,1500:cut,2300:ph-black-one-relayout-150,3100:scroll-400"
film tune map-dark-960x540-60-h264 960 540 60 h264 0 \
  "app=map&theme=dark&steps=700:blank2,1500:ph-grey-grid-inplace-120,2300:fade1-linear-300,3100:spinner-500"
film tune map-light-900x1000-30-av1 900 1000 30 av1 1 \
  "app=map&theme=light&nav=buttons&steps=700:cut,1500:fade1-easeinout-450,2400:ph-black-grid-relayout-100,3200:blank1"

# The first held-out half (the six above) was scored once, showed crossfades missed,
# and joined the tuning half (issue 35: a miss is fixed on new tuning recordings, and a fresh
# held-out half recorded). The fresh held-out half: other pages (seed), sizes, codecs and rates
# for each screen, recorded before the detector ran on it.
film tune grid-dark-900x1000-60-hevc 900 1000 60 hevc 1 \
  "app=grid&theme=dark&seed=3&steps=700:fade2-linear-200,1500:blank1,2300:ph-black-one-inplace-120,3100:sheet-300,3900:fadetheme-easein-350"
film tune grid-light-960x540-30-h264 960 540 30 h264 0 \
  "app=grid&theme=light&nav=buttons&seed=4&steps=700:cut,1500:fade1-easein-150,2300:ph-grey-grid-relayout-100,3100:blank3,3900:spinner-500"
film tune settings-light-540x1200-60-av1 540 1200 60 av1 0 \
  "app=settings&theme=light&seed=5&steps=700:fadetheme-linear-400,1600:blank2,2400:scroll-400,3200:fade1-easeinout-300"
film tune settings-dark-720x1280-vfr-h264 720 1280 60 h264-vfr 1 \
  "app=settings&theme=dark&nav=buttons&seed=6&steps=700:theme,1500:fade2-easein-250,2300:blank1,3100:push-300,3900:fade1-linear-350"
film tune article-light-960x540-60-av1 960 540 60 av1 1 \
  "app=article&theme=light&seed=7&steps=700:fade2-easeinout-200,1500:ph-black-one-inplace-120,2300:blank3,3100:sheet-300,3900:cut"
film tune article-dark-900x1000-30-hevc 900 1000 30 hevc 0 \
  "app=article&theme=dark&nav=buttons&seed=8&steps=700:ph-grey-one-relayout-150,1500:fade1-easein-450,2400:blank2,3200:scroll-400,4000:fadetheme-linear-300"
film tune map-light-720x1280-30-vp9 720 1280 30 vp9 1 \
  "app=map&theme=light&seed=9&steps=700:cut,1500:fade2-easein-300,2300:ph-black-grid-inplace-100,3100:blank1,3900:spinner-600"
film tune map-dark-540x1200-60-h264 540 1200 60 h264 0 \
  "app=map&theme=dark&nav=buttons&seed=10&steps=700:ph-grey-grid-relayout-120,1500:fadetheme-easeinout-500,2500:blank2,3300:push-300"

# Round 3: new tuning recordings of the kinds the round-2 held-out half missed (short two-layer
# fades, a one-layer ease-in of 150 ms, a 3-frame blank page under landscape chrome, a black
# placeholder over a whole map and over one picture of a dark grid, a light↔dark theme fade on
# AV1), pages of their own (seed 11-16).
film tune article-light-960x540-60-av1-s11 960 540 60 av1 1 \
  "app=article&theme=light&seed=11&steps=700:fade2-easeinout-200,1500:blank3,2300:fade2-easein-250,3100:blank2,3900:blank3"
film tune grid-dark-900x1000-60-hevc-s12 900 1000 60 hevc 1 \
  "app=grid&theme=dark&seed=12&steps=700:ph-black-one-inplace-120,1500:fade2-linear-200,2300:ph-black-one-relayout-100,3100:fadetheme-easein-300"
film tune settings-light-540x1200-60-av1-s15 540 1200 60 av1 0 \
  "app=settings&theme=light&seed=15&steps=700:fadetheme-linear-400,1600:blank2,2400:fade2-easein-300,3200:fadetheme-easeinout-250"
film tune grid-light-960x540-30-h264-s16 960 540 30 h264 1 \
  "app=grid&theme=light&nav=buttons&seed=16&steps=700:fade1-easein-150,1500:blank3,2300:ph-black-one-inplace-100,3100:fade2-easein-200"

# Round 3's fresh held-out half: other pages (seed 21-28), recorded before any rule of round 3
# was changed and scored once, with the rules as committed (5 of its 8 never recorded); in tune/
# since round 5.
film tune settings-dark-540x1200-30-hevc-s24 540 1200 30 hevc 0 \
  "app=settings&theme=dark&nav=buttons&seed=24&steps=700:fade1-easein-200,1500:cut,2300:blank2,3100:spinner-500,3900:fade2-linear-300"
film tune map-light-540x1200-60-av1-s27 540 1200 60 av1 1 \
  "app=map&theme=light&nav=buttons&seed=27&steps=700:ph-black-grid-relayout-100,1500:fade2-easein-200,2300:blank2,3100:sheet-300"
film tune map-dark-900x1000-30-h264-s28 900 1000 30 h264 0 \
  "app=map&theme=dark&seed=28&steps=700:cut,1500:fade1-easeinout-400,2300:ph-grey-grid-inplace-100,3100:blank1,3900:spinner-500"

# Round 4's held-out half: screens.html, written apart from app.html (other layouts and chrome:
# a 32 px status bar, a 24 px gesture bar or a 48 px bar of buttons, given to the page and the
# truth probe as chrome=TOP,BOTTOM), seeds 41-52 (s43 and s50 never recorded), scored once with
# the frozen rules of round 3; in tune/ since round 5.
page=screens.html
film tune grid-light-720x1280-30-hevc-s41 720 1280 30 hevc 1 \
  "app=grid&theme=light&chrome=32,24&seed=41&steps=700:cut,1500:fade1-linear-300,2300:ph-grey-grid-inplace-150,3100:blank1,3900:scroll-400"
film tune grid-dark-540x1200-60-av1-s42 540 1200 60 av1 0 \
  "app=grid&theme=dark&keys=buttons&chrome=32,48&seed=42&steps=700:fade2-easeinout-250,1500:ph-black-one-relayout-120,2300:blank2,3100:push-300,3900:theme"
film tune settings-light-540x1200-30-vp9-s44 540 1200 30 vp9 0 \
  "app=settings&theme=light&chrome=32,24&seed=44&steps=700:theme,1500:fade2-linear-400,2400:blank1,3200:spinner-500,4000:fade1-easeinout-150"
film tune settings-dark-960x540-60-hevc-s45 960 540 60 hevc 1 \
  "app=settings&theme=dark&keys=buttons&chrome=32,48&seed=45&steps=700:fade1-linear-200,1500:blank2,2300:fadetheme-easeinout-350,3200:scroll-400,4000:cut"
film tune settings-dark-720x1280-60-h264-s46 720 1280 60 h264 0 \
  "app=settings&theme=dark&chrome=32,24&seed=46&steps=700:blank3,1500:fade2-easein-300,2300:push-300,3100:cut,3900:fade1-easein-500"
film tune article-dark-720x1280-30-av1-s47 720 1280 30 av1 1 \
  "app=article&theme=dark&chrome=32,24&seed=47&steps=700:ph-black-one-inplace-120,1500:fade1-easeinout-400,2400:blank2,3200:scroll-500,4100:cut"
film tune article-light-960x540-30-h264-s48 960 540 30 h264 0 \
  "app=article&theme=light&keys=buttons&chrome=32,48&seed=48&steps=700:fadetheme-linear-300,1500:ph-grey-one-relayout-150,2300:blank1,3100:sheet-350,3900:fade2-easeinout-500"
film tune article-light-540x1200-vfr-hevc-s49 540 1200 60 hevc-vfr 1 \
  "app=article&theme=light&chrome=32,24&seed=49&steps=700:fade2-linear-150,1500:blank3,2300:ph-black-one-relayout-100,3100:spinner-500,3900:theme"
film tune map-dark-720x1280-30-hevc-s51 720 1280 30 hevc 1 \
  "app=map&theme=dark&keys=buttons&chrome=32,48&seed=51&steps=700:fadetheme-easeinout-300,1600:ph-black-grid-inplace-100,2400:blank2,3200:scroll-400"
film tune map-light-960x540-60-av1-s52 960 540 60 av1 1 \
  "app=map&theme=light&chrome=32,24&seed=52&steps=700:fade2-easein-200,1500:blank3,2300:ph-grey-one-inplace-120,3100:spinner-500,3900:fade1-linear-500"

# Round 5's fresh held-out half: seeds 61-70, both pages, scripted and recorded before any rule
# of round 5 was changed, never run through the detector before the rules were committed (s64,
# s65, s68, s69 and the tuning recordings s71-s74 never recorded: docs/film.md); scored once,
# in tune/ since round 6.
page=screens.html
film tune grid-light-540x1200-30-h264-s61 540 1200 30 h264 1 \
  "app=grid&theme=light&chrome=32,24&seed=61&steps=700:fade2-easein-200,1500:ph-grey-one-inplace-120,2300:blank1,3100:push-300,3900:fadetheme-linear-300"
film tune map-light-900x1000-60-vp9-s62 900 1000 60 vp9 0 \
  "app=map&theme=light&keys=buttons&chrome=32,48&seed=62&steps=700:ph-grey-one-inplace-120,1500:fade1-easein-300,2300:blank1,3100:scroll-400,3900:cut"
film tune settings-light-720x1280-60-av1-s63 720 1280 60 av1 1 \
  "app=settings&theme=light&chrome=32,24&seed=63&steps=700:blank1,1500:fade2-easeinout-200,2300:theme,3100:spinner-500,3900:fade1-linear-300"
film tune article-dark-540x1200-30-vp9-s70 540 1200 30 vp9 0 \
  "app=article&theme=dark&chrome=32,24&seed=70&steps=700:fade2-easeinout-300,1500:blank1,2300:ph-grey-one-inplace-150,3100:spinner-500,3900:fadetheme-easeinout-400"
page=app.html
film tune map-dark-540x1200-60-hevc-s66 540 1200 60 hevc 1 \
  "app=map&theme=dark&seed=66&steps=700:fade2-easein-200,1500:ph-grey-one-inplace-120,2300:blank1,3100:push-300"
film tune settings-dark-960x540-30-vp9-s67 960 540 30 vp9 0 \
  "app=settings&theme=dark&nav=buttons&seed=67&steps=700:fadetheme-easein-300,1600:blank1,2400:cut,3200:fade1-easein-500"

# Round 6's fresh held-out half: seeds 81-90, both pages, scripted and recorded before any rule of
# round 6 was changed, committed without running the detector on them (recorded into `fresh/`,
# moved to held-out/ once scored, once: 19 / 23; in tune/ since round 7). s82, s85, s89 and s90 never
# recorded, nor the tuning recordings s91-s96 (their queries are in commit 072ad7c; docs/film.md).
page=screens.html
film tune grid-dark-900x1000-vfr-h264-s81 900 1000 60 h264-vfr 1 \
  "app=grid&theme=dark&chrome=32,24&seed=81&steps=700:fade2-easein-250,1500:ph-black-grid-inplace-120,2300:blank1,3100:scroll-400,3900:fadetheme-linear-300"
film tune article-dark-960x540-60-av1-s83 960 540 60 av1 1 \
  "app=article&theme=dark&chrome=32,24&seed=83&steps=700:fadetheme-easeinout-250,1600:ph-grey-one-inplace-120,2400:blank1,3200:push-300,4000:cut"
film tune map-light-540x1200-30-vp9-s84 540 1200 30 vp9 0 \
  "app=map&theme=light&keys=buttons&chrome=32,48&seed=84&steps=700:blank2,1500:fade2-linear-300,2300:ph-grey-one-inplace-150,3100:spinner-500,3900:theme"
page=app.html
film tune settings-dark-540x1200-60-vp9-s86 540 1200 60 vp9 1 \
  "app=settings&theme=dark&nav=buttons&seed=86&steps=700:fade2-easein-200,1500:blank3,2300:scroll-400,3100:fadetheme-easein-400"
film tune article-light-900x1000-30-h264-s87 900 1000 30 h264 1 \
  "app=article&theme=light&seed=87&steps=700:ph-black-one-relayout-150,1500:fadetheme-linear-300,2400:blank2,3200:spinner-500,4000:fade2-easein-150"
film tune map-dark-960x540-30-hevc-s88 960 540 30 hevc 0 \
  "app=map&theme=dark&nav=buttons&seed=88&steps=700:cut,1500:fade2-easeinout-250,2300:ph-black-grid-inplace-100,3100:blank1,3900:sheet-300"

# Round 7's fresh held-out half: seeds 101-112, six of each page, scripted (this list) and
# committed before any take, recorded into `fresh/`, checked only by the truth probe, and not run
# through the detector before the rules of round 7 were committed (then scored once, 41 / 49, and
# moved to held-out/). Every screen on both pages and
# in both themes, every size, rate and codec three or four times, every kind of event; the first
# step 1500 ms after the first layout, the steps 800-1000 ms apart.
earliest=1500
page=screens.html
film held-out grid-light-540x1200-30-vp9-s101 540 1200 30 vp9 1 \
  "app=grid&theme=light&chrome=32,24&seed=101&steps=1500:cut,2300:fade2-easein-250,3100:ph-grey-grid-inplace-150,3900:blank1,4700:scroll-400"
film held-out grid-dark-900x1000-60-av1-s103 900 1000 60 av1 0 \
  "app=grid&theme=dark&keys=buttons&chrome=32,48&seed=103&steps=1500:fade1-easeinout-200,2300:ph-black-grid-relayout-100,3100:theme,3900:sheet-300,4700:blank3"
film held-out settings-dark-540x1200-vfr-hevc-s105 540 1200 60 hevc-vfr 0 \
  "app=settings&theme=dark&chrome=32,24&seed=105&steps=1500:fadetheme-easein-300,2400:blank1,3200:scroll-400,4000:fade2-linear-150,4800:cut"
film held-out article-light-720x1280-60-hevc-s107 720 1280 60 hevc 1 \
  "app=article&theme=light&chrome=32,24&seed=107&steps=1500:ph-grey-one-relayout-150,2300:fade2-easeinout-300,3100:blank2,3900:spinner-500,4700:fadetheme-easeinout-350"
film held-out article-dark-960x540-vfr-h264-s109 960 540 60 h264-vfr 1 \
  "app=article&theme=dark&keys=buttons&chrome=32,48&seed=109&steps=1500:cut,2300:ph-black-one-inplace-120,3100:fade2-easein-300,3900:blank3,4700:push-300"
film held-out map-light-960x540-30-av1-s111 960 540 30 av1 0 \
  "app=map&theme=light&chrome=32,24&seed=111&steps=1500:fade1-linear-350,2300:ph-black-grid-inplace-100,3100:blank1,3900:spinner-500,4700:theme"
page=app.html
film held-out grid-dark-720x1280-vfr-h264-s102 720 1280 60 h264-vfr 0 \
  "app=grid&theme=dark&nav=buttons&seed=102&steps=1500:ph-black-one-relayout-120,2300:fade1-linear-300,3100:blank2,3900:push-300,4700:fadetheme-easeinout-300"
film held-out settings-light-960x540-60-vp9-s104 960 540 60 vp9 1 \
  "app=settings&theme=light&seed=104&steps=1500:cut,2300:fade2-easeinout-400,3200:blank3,4000:spinner-500,4800:fadetheme-linear-250"
film held-out settings-light-900x1000-30-av1-s106 900 1000 30 av1 1 \
  "app=settings&theme=light&nav=buttons&seed=106&steps=1500:theme,2300:fade1-easein-450,3200:blank2,4000:push-300,4800:fade2-easein-200"
film held-out article-dark-540x1200-30-h264-s108 540 1200 30 h264 0 \
  "app=article&theme=dark&seed=108&steps=1500:fade1-easeinout-500,2500:ph-grey-one-inplace-150,3300:blank1,4100:sheet-300,4900:cut"
film held-out map-dark-900x1000-60-vp9-s110 900 1000 60 vp9 0 \
  "app=map&theme=dark&nav=buttons&seed=110&steps=1500:blank2,2300:ph-grey-grid-relayout-120,3100:fade2-linear-250,3900:scroll-500,4800:fadetheme-easein-400"
film held-out map-light-720x1280-vfr-hevc-s112 720 1280 60 hevc-vfr 1 \
  "app=map&theme=light&seed=112&steps=1500:ph-black-one-inplace-120,2300:fade1-easein-200,3100:blank3,3900:cut,4700:fadetheme-linear-300"

# Round 6's tuning recordings (seeds 91-96, queries in commit 072ad7c; never recorded), scripted
# again in round 7 with every step 800 ms later (the first at 1500 ms): two-layer ease-in and
# ease-in-out fades of 150-300 ms on dark and light screens, theme fades, AV1. Recorded into
# `tune-new/` while round 7's rules were changed on tune/, then moved to tune/ with the test's count
# and their known misses.
page=app.html
film tune map-dark-540x1200-60-hevc-s91 540 1200 60 hevc 1 \
  "app=map&theme=dark&seed=91&steps=1500:fade2-easein-200,2300:fade2-easeinout-150,3100:fade2-easein-300,3900:blank1"
film tune settings-dark-960x540-30-vp9-s93 960 540 30 vp9 0 \
  "app=settings&theme=dark&nav=buttons&seed=93&steps=1500:fadetheme-easein-300,2400:fade2-easein-200,3200:fadetheme-easeinout-250,4000:fade2-easeinout-300"
film tune article-light-540x1200-60-h264-s96 540 1200 60 h264 0 \
  "app=article&theme=light&seed=96&steps=1500:fade2-easein-250,2300:fadetheme-easeinout-300,3200:fade2-easeinout-200"
page=screens.html
film tune settings-light-720x1280-60-av1-s92 720 1280 60 av1 1 \
  "app=settings&theme=light&chrome=32,24&seed=92&steps=1500:fade2-easeinout-200,2300:fadetheme-easein-300,3200:fade2-easein-250,4000:fadetheme-easeinout-200"
film tune map-light-900x1000-60-av1-s94 900 1000 60 av1 0 \
  "app=map&theme=light&keys=buttons&chrome=32,48&seed=94&steps=1500:fade2-easein-200,2300:fade2-easeinout-250,3100:fadetheme-easein-300"
film tune grid-dark-720x1280-30-av1-s95 720 1280 30 av1 1 \
  "app=grid&theme=dark&chrome=32,24&seed=95&steps=1500:fade2-easeinout-300,2300:fadetheme-linear-200,3100:fade2-easein-150"

# Round 8: tuning recordings of the kinds round 7's held-out half and tune/ still miss (seeds
# 113-120, recorded into `tune-new/`, scored once after round 8's rules and then moved to tune/): theme fades light<->dark of
# 150-500 ms on every curve, fades of settings lists, a black placeholder on a dark map, long
# one-layer ease-in-out fades (the kind Chromium stalled under load: a stall cannot be scripted,
# only taken as it comes), grey placeholders in place on a light grid, blank pages of 1-3 frames
# under the chrome (a light map at a variable rate), and motion that is no event.
page=app.html
film tune settings-light-960x540-60-vp9-s113 960 540 60 vp9 1 \
  "app=settings&theme=light&seed=113&steps=1500:fadetheme-linear-250,2400:fade2-easeinout-400,3300:blank3,4100:spinner-500,4900:fadetheme-easeinout-350"
film tune grid-light-540x1200-30-vp9-s115 540 1200 30 vp9 1 \
  "app=grid&theme=light&seed=115&steps=1500:ph-grey-grid-inplace-150,2300:fadetheme-easein-300,3200:ph-grey-one-inplace-120,4000:blank3,4800:fadetheme-linear-500"
film tune map-light-720x1280-vfr-h264-s117 720 1280 60 h264-vfr 1 \
  "app=map&theme=light&seed=117&steps=1500:blank3,2300:fadetheme-linear-300,3200:ph-black-grid-inplace-100,4000:blank2,4800:push-300"
film tune grid-dark-900x1000-60-av1-s119 900 1000 60 av1 0 \
  "app=grid&theme=dark&nav=buttons&seed=119&steps=1500:fadetheme-easein-400,2400:ph-grey-grid-inplace-120,3200:blank1,4000:fade2-easein-150,4800:fadetheme-linear-200"
film tune settings-light-540x1200-60-hevc-s120 540 1200 60 hevc 0 \
  "app=settings&theme=light&seed=120&steps=1500:theme,2300:fade2-easeinout-300,3100:blank3,3900:fadetheme-linear-450,4800:scroll-400"
page=screens.html
film tune settings-dark-720x1280-vfr-hevc-s116 720 1280 60 hevc-vfr 0 \
  "app=settings&theme=dark&chrome=32,24&seed=116&steps=1500:fadetheme-easeinout-300,2400:fade1-easein-200,3200:blank1,4000:fade2-linear-350,4900:fadetheme-easein-150"
film tune article-dark-960x540-30-av1-s118 960 540 30 av1 1 \
  "app=article&theme=dark&keys=buttons&chrome=32,48&seed=118&steps=1500:fade2-easeinout-400,2400:fadetheme-easeinout-200,3200:blank2,4000:sheet-300,4800:fade1-easeinout-500"

page=screens.html
film tune map-dark-900x1000-30-h264-s114 900 1000 30 h264 0 \
  "app=map&theme=dark&chrome=32,24&seed=114&steps=1500:ph-black-grid-inplace-120,2300:fade1-easeinout-500,3300:ph-black-one-relayout-150,4100:blank2,4900:scroll-400"

# Round 8's fresh held-out half: seeds 121-132, six of each page, scripted (this list) before any
# take, recorded into `fresh/`, checked by the truth probe only, never run through the detector:
# scored once after round 8's rules are committed. Every screen in both themes on the two pages;
# each codec three times, each size three times, 60 fps five, 30 fps four, a variable rate three;
# cuts and theme switches, one-layer, two-layer and theme fades of 150-500 ms on every curve,
# grey and black placeholders in grids and single pictures, in place and with a relayout, blank
# pages of 1, 2 and 3 frames (four each), and push, sheet, spinner and scroll. s122 and s123 never
# recorded (their queries are in commit 34f212b; docs/film.md).
page=screens.html
film held-out grid-dark-540x1200-60-hevc-s121 540 1200 60 hevc 1 \
  "app=grid&theme=dark&chrome=32,24&seed=121&steps=1500:ph-grey-one-relayout-120,2300:fade1-linear-250,3100:blank2,3900:push-300,4700:fadetheme-easein-350"
film held-out article-dark-900x1000-vfr-h264-s125 900 1000 60 h264-vfr 1 \
  "app=article&theme=dark&chrome=32,24&seed=125&steps=1500:fadetheme-linear-200,2300:ph-black-one-inplace-150,3100:blank3,3900:spinner-500,4700:fade2-easeinout-250"
film held-out map-light-960x540-60-vp9-s127 960 540 60 vp9 0 \
  "app=map&theme=light&keys=buttons&chrome=32,48&seed=127&steps=1500:fade1-easein-400,2400:ph-grey-grid-relayout-100,3200:blank2,4000:theme,4800:fade2-linear-300"
film held-out grid-light-900x1000-30-hevc-s129 900 1000 30 hevc 0 \
  "app=grid&theme=light&chrome=32,24&seed=129&steps=1500:theme,2300:fade2-easeinout-150,3100:ph-black-grid-inplace-120,3900:blank3,4700:sheet-300"
film held-out map-dark-540x1200-30-vp9-s131 540 1200 30 vp9 1 \
  "app=map&theme=dark&chrome=32,24&seed=131&steps=1500:ph-black-grid-inplace-100,2300:blank1,3100:fadetheme-easeinout-300,4000:fade1-easeinout-500,5000:cut"
page=app.html
film held-out article-light-720x1280-60-vp9-s124 720 1280 60 vp9 1 \
  "app=article&theme=light&seed=124&steps=1500:ph-grey-one-inplace-150,2300:fadetheme-easein-250,3200:blank1,4000:scroll-500,4900:fade2-linear-400"
film held-out grid-light-960x540-30-h264-s126 960 540 30 h264 1 \
  "app=grid&theme=light&nav=buttons&seed=126&steps=1500:fade1-easeinout-350,2300:ph-black-one-relayout-120,3100:blank3,3900:push-250,4700:fadetheme-linear-300"
film held-out map-dark-900x1000-60-av1-s128 900 1000 60 av1 0 \
  "app=map&theme=dark&seed=128&steps=1500:cut,2300:ph-grey-grid-inplace-120,3100:fade2-easeinout-200,3900:blank2,4700:fadetheme-easein-450"
film held-out article-dark-540x1200-60-av1-s130 540 1200 60 av1 0 \
  "app=article&theme=dark&seed=130&steps=1500:fadetheme-easeinout-500,2500:blank3,3300:ph-grey-one-relayout-100,4100:sheet-300,4900:fade1-linear-150"
film held-out settings-light-720x1280-vfr-h264-s132 720 1280 60 h264-vfr 1 \
  "app=settings&theme=light&nav=buttons&seed=132&steps=1500:fade1-easein-300,2300:blank1,3100:fadetheme-linear-350,3900:push-300,4700:cut"

# Round 9's fresh held-out half: seeds 141-152, six of each page, scripted (this list) before any
# take and committed alone; recorded into `fresh/` (APP_FILM_OUT's `held-out` a link to it),
# checked by the truth probe only, never run through the detector: scored once after round 9's
# rules are committed. Every screen in both themes and on both pages, two films starting on a dark
# settings list (round 8 had none); each codec three times, each size three times, 60 fps five,
# 30 fps four, a variable rate three; 4 cuts and 3 theme switches, 21 one-layer, two-layer and
# theme fades of 150-500 ms (each kind on every curve), 9 grey and black placeholders in grids and
# single pictures, in place and with a relayout (every combination), 12 blank pages (four each of
# 1, 2 and 3 frames), and push, sheet, spinner and scroll (no scroll of a settings list: round 8's
# refused their flat rows). s144, s146 and s151 never recorded (every take of 10-13 refused; their
# queries are in commit 81c79ea; docs/film.md).
page=screens.html
film held-out settings-dark-720x1280-60-h264-s141 720 1280 60 h264 1 \
  "app=settings&theme=dark&chrome=32,24&seed=141&steps=1500:fade1-easein-350,2400:blank2,3200:fadetheme-easeinout-450,4200:spinner-500,5000:fade2-linear-200"
film held-out article-light-900x1000-30-av1-s147 900 1000 30 av1 0 \
  "app=article&theme=light&chrome=32,24&seed=147&steps=1500:cut,2300:ph-black-one-inplace-150,3100:fade1-linear-300,3900:blank3,4700:spinner-500"
film held-out map-dark-540x1200-vfr-h264-s150 540 1200 60 h264-vfr 1 \
  "app=map&theme=dark&keys=buttons&chrome=32,48&seed=150&steps=1500:fade2-easein-400,2400:ph-black-grid-inplace-100,3200:blank3,4000:theme,4800:spinner-500"
film held-out map-dark-900x1000-30-av1-s152 900 1000 30 av1 0 \
  "app=map&theme=dark&keys=buttons&chrome=32,48&seed=152&steps=1500:blank1,2300:fade1-linear-500,3300:ph-grey-one-inplace-120,4100:scroll-400,4900:fadetheme-easein-350"
page=app.html
film held-out settings-light-540x1200-30-vp9-s142 540 1200 30 vp9 0 \
  "app=settings&theme=light&nav=buttons&seed=142&steps=1500:theme,2300:fade2-easeinout-300,3100:blank3,3900:sheet-300,4700:fadetheme-easein-250"
film held-out settings-dark-960x540-30-hevc-s143 960 540 30 hevc 1 \
  "app=settings&theme=dark&seed=143&steps=1500:fade1-linear-400,2400:cut,3200:blank1,4000:push-300,4800:fade1-easeinout-150"
film held-out grid-dark-960x540-60-av1-s145 960 540 60 av1 1 \
  "app=grid&theme=dark&nav=buttons&seed=145&steps=1500:blank3,2300:ph-black-grid-relayout-120,3100:fade1-easein-250,3900:theme,4700:push-300"
film held-out article-dark-720x1280-60-vp9-s148 720 1280 60 vp9 1 \
  "app=article&theme=dark&seed=148&steps=1500:fadetheme-easein-200,2300:blank1,3100:ph-grey-one-inplace-150,3900:scroll-500,4800:fade2-linear-450"
film held-out article-light-960x540-vfr-h264-s149 960 540 60 h264-vfr 0 \
  "app=article&theme=light&nav=buttons&seed=149&steps=1500:ph-black-one-relayout-150,2300:fade1-easeinout-300,3100:blank2,3900:push-250,4700:fadetheme-linear-350"

# Round 9: tuning recordings for round 10 (seeds 133-138, target tune, recorded into `tune-new/`
# with APP_FILM_OUT's `tune` a link to it; scripted and committed before any take): the kinds
# round 8's held-out half missed or lacked. A grey placeholder drawn in place on a light article
# (300 and 500 ms); 1-frame blank pages on dark maps; one- and two-layer crossfades on maps at
# 60 fps in VP9 and AV1 (ease-in and linear, 300-450 ms); a light settings list's fades into its
# dark theme at a variable rate; a dark settings list at the start.
page=app.html
film tune article-light-720x1280-30-hevc-s133 720 1280 30 hevc 1 \
  "app=article&theme=light&seed=133&steps=1500:ph-grey-one-inplace-300,2600:fade2-linear-250,3400:blank2,4200:ph-grey-one-inplace-500,5500:scroll-400"
film tune map-dark-720x1280-60-av1-s136 720 1280 60 av1 0 \
  "app=map&theme=dark&nav=buttons&seed=136&steps=1500:fade2-easein-300,2300:fade1-linear-450,3300:blank1,4100:fade1-easein-400,5000:fade2-linear-350"
film tune settings-light-540x1200-vfr-h264-s137 540 1200 60 h264-vfr 1 \
  "app=settings&theme=light&seed=137&steps=1500:blank2,2300:fadetheme-linear-400,3200:push-300,4000:fadetheme-easein-300,4800:fadetheme-easeinout-450"
page=screens.html
film tune map-dark-540x1200-60-h264-s134 540 1200 60 h264 0 \
  "app=map&theme=dark&keys=buttons&chrome=32,48&seed=134&steps=1500:blank1,2300:fade1-easeinout-300,3100:blank1,3900:ph-grey-grid-inplace-150,4700:blank1"
film tune map-light-960x540-60-vp9-s135 960 540 60 vp9 1 \
  "app=map&theme=light&chrome=32,24&seed=135&steps=1500:fade1-easein-350,2400:fade2-linear-300,3300:fade2-easein-450,4300:fade1-linear-400,5200:blank2"
film tune settings-dark-900x1000-30-hevc-s138 900 1000 30 hevc 0 \
  "app=settings&theme=dark&chrome=32,24&seed=138&steps=1500:fade1-easeinout-300,2300:fadetheme-linear-350,3200:blank1,4000:sheet-300,4800:fadetheme-easein-250"

# Round 10's fresh held-out half: seeds 161-172, six of each page, scripted (this list) before any
# take and committed alone; recorded with APP_FILM_FRESH into a folder of its own (committed as
# Datasets/films/apps/fresh-r10/), checked by the truth probe only, never run through the
# detector: scored once after round 10's rules are committed. Every screen in both themes and on
# both pages, with two light photo grids and two light maps (round 9 recorded neither: `-s144`,
# `-s146` and `-s151` were refused every take) and a dark settings list at the start twice; each
# codec and each size three times; 60 fps five times, 30 fps four, a variable rate three; 4 cuts
# (each onto a light grid or a light map, in HEVC and VP9 at 60 fps among them) and 3 theme
# switches, 22 one-layer, two-layer and theme fades of 150-500 ms (each kind on every curve), 9
# grey and black placeholders in grids and single pictures, in place and with a relayout (every
# combination; the grey one over one picture at a variable rate in H.264, where such takes
# passed before: in HEVC round 9's `-s144` was refused every take), 12 blank pages (four each of
# 1, 2 and 3 frames; on the light grids and maps at 60 fps only 3-frame ones), and push, sheet,
# spinner and scroll (no settings list scrolled).
page=screens.html
film held-out grid-light-720x1280-60-hevc-s161 720 1280 60 hevc 1 \
  "app=grid&theme=light&chrome=32,24&seed=161&steps=1500:cut,2300:ph-grey-grid-inplace-120,3100:fade2-easein-250,3900:blank3,4700:scroll-400"
film held-out map-light-900x1000-60-vp9-s162 900 1000 60 vp9 0 \
  "app=map&theme=light&keys=buttons&chrome=32,48&seed=162&steps=1500:fade1-linear-300,2300:ph-black-grid-relayout-100,3100:cut,3900:blank3,4700:fadetheme-easeinout-400"
film held-out settings-dark-540x1200-30-av1-s163 540 1200 30 av1 1 \
  "app=settings&theme=dark&chrome=32,24&seed=163&steps=1500:fadetheme-easein-200,2300:blank1,3100:fade2-easeinout-450,4100:push-300,4900:fade2-easein-350"
film held-out article-light-960x540-vfr-h264-s164 960 540 60 h264-vfr 1 \
  "app=article&theme=light&keys=buttons&chrome=32,48&seed=164&steps=1500:ph-grey-one-relayout-150,2300:fade1-easein-400,3200:blank2,4000:theme,4800:spinner-500"
film held-out grid-dark-900x1000-30-h264-s165 900 1000 30 h264 0 \
  "app=grid&theme=dark&chrome=32,24&seed=165&steps=1500:ph-black-one-inplace-120,2300:fadetheme-linear-350,3200:blank2,4000:sheet-300,4800:fade1-easeinout-250"
film held-out map-dark-720x1280-vfr-hevc-s166 720 1280 60 hevc-vfr 1 \
  "app=map&theme=dark&keys=buttons&chrome=32,48&seed=166&steps=1500:fade2-linear-200,2300:ph-black-grid-inplace-100,3100:blank1,3900:scroll-400,4700:fadetheme-easein-300"
page=app.html
film held-out grid-light-540x1200-30-vp9-s167 540 1200 30 vp9 1 \
  "app=grid&theme=light&seed=167&steps=1500:fade2-linear-300,2300:ph-grey-one-inplace-150,3100:cut,3900:blank1,4700:push-250"
film held-out map-light-540x1200-60-h264-s168 540 1200 60 h264 0 \
  "app=map&theme=light&nav=buttons&seed=168&steps=1500:cut,2300:fade1-easeinout-350,3200:ph-grey-grid-relayout-120,4000:blank3,4800:spinner-500"
film held-out settings-light-720x1280-60-av1-s169 720 1280 60 av1 1 \
  "app=settings&theme=light&seed=169&steps=1500:blank2,2300:fadetheme-linear-250,3200:fade1-easein-150,4000:theme,4800:sheet-300"
film held-out settings-dark-960x540-vfr-hevc-s170 960 540 60 hevc-vfr 0 \
  "app=settings&theme=dark&nav=buttons&seed=170&steps=1500:fade1-linear-500,2500:fade2-easein-200,3300:blank2,4100:push-300,4900:fadetheme-easeinout-200"
film held-out article-light-900x1000-60-vp9-s171 900 1000 60 vp9 1 \
  "app=article&theme=light&seed=171&steps=1500:ph-black-one-relayout-120,2300:fadetheme-easein-450,3300:blank1,4100:scroll-500,5000:fade2-easeinout-150"
film held-out article-dark-960x540-30-av1-s172 960 540 30 av1 0 \
  "app=article&theme=dark&nav=buttons&seed=172&steps=1500:fade1-easein-300,2300:ph-grey-one-inplace-120,3100:blank3,3900:theme,4700:fadetheme-linear-150"

# Round 11's fresh held-out half: seeds 181-192, six of each page, scripted (this list) before any
# take and committed alone; recorded with APP_FILM_FRESH into Datasets/films/apps/fresh-r11/ while
# round 11's rules are changed on tune/ apart, checked by the truth probe only, never run through
# the detector: scored once after round 11's rules are committed. Every take with round 10's last
# encodes (x265 scenecut-bias=20, no B frames at a variable rate; VP9 CRF 32 -g 600; SVT-AV1
# CRF 35), one setting per codec for the whole half; VP9 and AV1 on settings lists, maps and a
# dark article only, so that no take needs the 1 MB loop's coarser encode. Weighted to the kinds
# the detector still misses: 11 fades of settings lists (four films, two at a variable rate),
# 4 fades of light maps (two films), 8 theme fades, and a black placeholder over a whole dark map
# at a variable rate (HEVC). Every screen in both themes (settings lists and maps twice each), one
# light photo grid and two light maps; each codec and each size three times; 60 fps five times,
# 30 fps four, a variable rate three; 4 cuts and 3 theme switches; 24 fades (9 one-layer, 7
# two-layer, 8 theme; each kind on linear, ease-in and ease-in-out; 150-500 ms); 8 placeholders
# (every combination of grey and black, grid and one picture, in place and with a relayout); 12
# blank pages (four each of 1, 2 and 3 frames; on the light grid and map at 60 fps 3-frame ones
# only); push, sheet, spinner and scroll (no settings list scrolled).
page=screens.html
film held-out settings-light-960x540-60-vp9-s181 960 540 60 vp9 1 \
  "app=settings&theme=light&keys=buttons&chrome=32,48&seed=181&steps=1500:fade1-easeinout-300,2400:fadetheme-easein-250,3300:blank2,4100:sheet-300,4900:fade2-linear-400"
film held-out settings-dark-540x1200-vfr-hevc-s182 540 1200 60 hevc-vfr 0 \
  "app=settings&theme=dark&chrome=32,24&seed=182&steps=1500:fade2-easeinout-350,2500:blank1,3300:fadetheme-linear-300,4200:push-300,5000:fade1-easein-200"
film held-out map-light-900x1000-30-vp9-s183 900 1000 30 vp9 1 \
  "app=map&theme=light&chrome=32,24&seed=183&steps=1500:fade1-easeinout-450,2600:ph-grey-grid-relayout-120,3400:blank2,4200:fade2-easein-300,5100:spinner-500"
film held-out map-dark-720x1280-30-vp9-s184 720 1280 30 vp9 0 \
  "app=map&theme=dark&keys=buttons&chrome=32,48&seed=184&steps=1500:ph-black-grid-relayout-120,2300:fadetheme-easeinout-400,3300:blank3,4100:scroll-400,4900:cut"
film held-out grid-light-540x1200-60-h264-s185 540 1200 60 h264 1 \
  "app=grid&theme=light&chrome=32,24&seed=185&steps=1500:cut,2300:ph-grey-grid-inplace-150,3100:fade1-linear-250,3900:blank3,4700:push-300"
film held-out article-dark-960x540-30-av1-s186 960 540 30 av1 0 \
  "app=article&theme=dark&keys=buttons&chrome=32,48&seed=186&steps=1500:ph-grey-one-inplace-150,2300:fade2-easeinout-200,3100:blank1,3900:theme,4700:fadetheme-linear-350"
page=app.html
film held-out settings-light-720x1280-vfr-h264-s187 720 1280 60 h264-vfr 1 \
  "app=settings&theme=light&seed=187&steps=1500:fadetheme-easeinout-250,2400:blank3,3200:fade1-linear-350,4100:theme,4900:fade2-easeinout-150"
film held-out settings-dark-900x1000-60-av1-s188 900 1000 60 av1 0 \
  "app=settings&theme=dark&nav=buttons&seed=188&steps=1500:cut,2300:fade1-easein-450,3300:blank1,4100:fadetheme-easein-200,4900:spinner-500"
film held-out map-light-540x1200-60-av1-s189 540 1200 60 av1 1 \
  "app=map&theme=light&nav=buttons&seed=189&steps=1500:fade2-linear-200,2300:ph-black-one-inplace-120,3100:blank3,3900:fade1-easein-350,4800:sheet-300"
film held-out map-dark-960x540-vfr-hevc-s190 960 540 60 hevc-vfr 0 \
  "app=map&theme=dark&seed=190&steps=1500:fade1-linear-300,2300:ph-black-grid-inplace-100,3100:blank2,3900:push-300,4700:fadetheme-easeinout-300"
film held-out grid-dark-900x1000-30-hevc-s191 900 1000 30 hevc 1 \
  "app=grid&theme=dark&nav=buttons&seed=191&steps=1500:ph-black-one-relayout-120,2300:fade2-easein-250,3100:blank1,3900:theme,4700:scroll-400"
film held-out article-light-720x1280-60-h264-s192 720 1280 60 h264 0 \
  "app=article&theme=light&seed=192&steps=1500:ph-grey-one-relayout-120,2300:fade1-easeinout-500,3300:blank2,4100:cut,4900:fadetheme-easein-400"

# Round 12's fresh held-out half: seeds 201-212, six of each page, scripted (this list) before any
# take and committed alone; recorded with APP_FILM_FRESH into Datasets/films/apps/fresh-r12/ apart
# from round 12's rules (merged only after they are committed on tune/), checked by the truth
# probe only, never run through the detector: scored once after round 12's rules are committed.
# Every take with round 10's last encodes (x265 scenecut-bias=20, no B frames at a variable rate;
# VP9 CRF 32 -g 600; SVT-AV1 CRF 35), one setting per codec for the whole half; VP9 and AV1 on
# settings lists, maps and a dark article only, as in round 11. Every screen in both themes
# (settings lists and maps twice each), one light photo grid and two light maps; each codec and
# each size three times; 60 fps five times, 30 fps four, a variable rate three, each of those with
# a push (HEVC twice, H.264 once); 4 cuts and 3 theme switches; 23 fades (9 one-layer, 7
# two-layer, 7 theme; each kind on linear, ease-in and ease-in-out; 150-500 ms; 10 on settings
# lists, 7 on maps); 8 placeholders (every combination of grey and black, grid and one picture, in
# place and with a relayout; black over a whole dark map at 30 fps in AV1 and at a variable rate
# in HEVC); 12 blank pages (four each of 1, 2 and 3 frames; on the light maps at 60 fps 3-frame
# ones only); push x4, sheet x2, spinner x2, scroll x2 (no settings list scrolled).
page=screens.html
film held-out settings-light-720x1280-60-vp9-s201 720 1280 60 vp9 1 \
  "app=settings&theme=light&keys=buttons&chrome=32,48&seed=201&steps=1500:fade1-easein-300,2400:blank2,3200:fadetheme-easeinout-350,4100:sheet-300,4900:fade2-linear-250"
film held-out settings-dark-960x540-vfr-hevc-s202 960 540 60 hevc-vfr 0 \
  "app=settings&theme=dark&chrome=32,24&seed=202&steps=1500:fadetheme-linear-400,2500:blank3,3300:push-300,4100:fade1-easeinout-200,4900:theme"
film held-out map-dark-540x1200-30-av1-s203 540 1200 30 av1 1 \
  "app=map&theme=dark&chrome=32,24&seed=203&steps=1500:ph-black-grid-relayout-120,2300:fade2-easeinout-300,3200:blank1,4000:spinner-500,4800:fadetheme-easein-250"
film held-out map-light-960x540-60-vp9-s204 960 540 60 vp9 0 \
  "app=map&theme=light&keys=buttons&chrome=32,48&seed=204&steps=1500:cut,2300:ph-grey-grid-relayout-120,3100:fade1-easein-400,4000:blank3,4800:scroll-400"
film held-out grid-dark-720x1280-30-h264-s205 720 1280 30 h264 1 \
  "app=grid&theme=dark&chrome=32,24&seed=205&steps=1500:ph-black-one-inplace-120,2300:fade2-linear-350,3200:blank2,4000:theme,4800:scroll-500"
film held-out article-light-900x1000-60-hevc-s206 900 1000 60 hevc 0 \
  "app=article&theme=light&keys=buttons&chrome=32,48&seed=206&steps=1500:ph-grey-one-relayout-150,2300:fadetheme-linear-200,3100:blank1,3900:cut,4700:fade1-easeinout-450"
page=app.html
film held-out settings-light-540x1200-vfr-h264-s207 540 1200 60 h264-vfr 1 \
  "app=settings&theme=light&seed=207&steps=1500:fade2-easein-200,2300:blank1,3100:push-300,3900:fadetheme-easein-300,4800:fade1-linear-500"
film held-out settings-dark-900x1000-30-vp9-s208 900 1000 30 vp9 0 \
  "app=settings&theme=dark&nav=buttons&seed=208&steps=1500:cut,2300:fade1-linear-150,3100:blank3,3900:fade2-easeinout-400,4900:spinner-500"
film held-out map-dark-720x1280-vfr-hevc-s209 720 1280 60 hevc-vfr 1 \
  "app=map&theme=dark&nav=buttons&seed=209&steps=1500:fade1-easeinout-250,2300:ph-black-grid-inplace-100,3100:blank2,3900:push-300,4700:fadetheme-linear-300"
film held-out map-light-900x1000-60-av1-s210 900 1000 60 av1 1 \
  "app=map&theme=light&seed=210&steps=1500:fade2-easein-450,2500:ph-black-one-relayout-120,3300:blank3,4100:sheet-300,4900:fade1-linear-200"
film held-out grid-light-960x540-30-h264-s211 960 540 30 h264 0 \
  "app=grid&theme=light&nav=buttons&seed=211&steps=1500:fadetheme-easeinout-500,2600:ph-grey-grid-inplace-150,3400:blank1,4200:cut,5000:push-250"
film held-out article-dark-540x1200-60-av1-s212 540 1200 60 av1 0 \
  "app=article&theme=dark&seed=212&steps=1500:ph-grey-one-inplace-120,2300:fade2-linear-300,3100:blank2,3900:theme,4700:fade1-easein-250"

# Round 13's fresh held-out half: seeds 221-232, six of each page, scripted (this list) before any
# take and committed alone; recorded with APP_FILM_FRESH into Datasets/films/apps/fresh-r13/ apart
# from round 13's rules, checked by the truth probe only, never run through the detector: scored
# once after round 13's rules are committed. Every take with round 10's last encodes (x265
# scenecut-bias=20, no B frames at a variable rate; VP9 CRF 32 -g 600; SVT-AV1 CRF 35), one
# setting per codec; VP9 and AV1 on settings lists, maps and a dark article only, as in rounds 11
# and 12. Weighted to what round 12's scoring still missed: a black placeholder over every picture
# of a whole dark map three times (VP9 at 60 fps in place, HEVC at a variable rate with a relayout,
# AV1 at 30 fps with a relayout), so three dark maps and one light one; two settings lists at a
# variable rate with three theme fades and three one-layer fades between them, and a theme switch
# at a variable rate; a push in three of the four variable-rate films. Every screen in both themes
# (settings lists twice in each); each codec and each size three times; 60 fps four times, 30 fps
# four, a variable rate four (H.264 twice, HEVC twice); 4 cuts and 3 theme switches; 23 fades (9
# one-layer, 7 two-layer, 7 theme; each kind on linear, ease-in and ease-in-out; 150-500 ms; 11 on
# settings lists, 8 on maps); 8 placeholders (every combination of grey and black, grid and one
# picture, in place and with a relayout but black over one picture with a relayout, whose place
# the third black grid over a dark map takes); 12 blank pages (four each of 1, 2 and 3 frames; the
# light grid at 60 fps has a 3-frame one, after its theme fade); push x4, sheet x2, spinner x2, scroll x2 (no settings
# list scrolled).
page=screens.html
film held-out map-dark-900x1000-60-vp9-s221 900 1000 60 vp9 1 \
  "app=map&theme=dark&chrome=32,24&seed=221&steps=1500:ph-black-grid-inplace-120,2300:fade1-easeinout-350,3200:blank2,4000:spinner-500,4800:fade2-linear-250"
film held-out map-dark-720x1280-30-av1-s222 720 1280 30 av1 0 \
  "app=map&theme=dark&keys=buttons&chrome=32,48&seed=222&steps=1500:ph-black-grid-relayout-100,2300:fade1-linear-400,3300:blank3,4100:theme,4900:fade2-easeinout-200"
film held-out settings-light-960x540-vfr-h264-s223 960 540 60 h264-vfr 1 \
  "app=settings&theme=light&chrome=32,24&seed=223&steps=1500:fadetheme-easein-300,2400:blank2,3200:push-300,4000:fade1-linear-450,5000:fadetheme-linear-400"
film held-out settings-dark-540x1200-60-av1-s224 540 1200 60 av1 0 \
  "app=settings&theme=dark&keys=buttons&chrome=32,48&seed=224&steps=1500:fade2-linear-300,2400:blank2,3200:push-300,4000:fadetheme-easein-200,4800:fade1-easein-250"
film held-out article-light-900x1000-vfr-h264-s225 900 1000 60 h264-vfr 1 \
  "app=article&theme=light&keys=buttons&chrome=32,48&seed=225&steps=1500:ph-grey-one-relayout-150,2300:fade2-linear-350,3200:blank2,4000:cut,4800:push-250"
film held-out grid-dark-960x540-30-hevc-s226 960 540 30 hevc 0 \
  "app=grid&theme=dark&chrome=32,24&seed=226&steps=1500:ph-black-one-inplace-120,2300:fade1-easein-150,3100:blank1,3900:theme,4700:scroll-400"
page=app.html
film held-out map-dark-540x1200-vfr-hevc-s227 540 1200 60 hevc-vfr 1 \
  "app=map&theme=dark&nav=buttons&seed=227&steps=1500:ph-black-grid-relayout-120,2300:fade2-easein-300,3200:blank1,4000:push-300,4800:fadetheme-linear-300"
film held-out settings-dark-720x1280-vfr-hevc-s228 720 1280 60 hevc-vfr 0 \
  "app=settings&theme=dark&seed=228&steps=1500:fade1-easeinout-250,2300:fadetheme-easeinout-350,3200:blank3,4000:theme,4800:fade1-easein-400"
film held-out settings-light-900x1000-30-vp9-s229 900 1000 30 vp9 1 \
  "app=settings&theme=light&nav=buttons&seed=229&steps=1500:cut,2300:fade2-easeinout-400,3300:blank1,4100:sheet-300,4900:fade1-linear-200"
film held-out map-light-960x540-30-av1-s230 960 540 30 av1 0 \
  "app=map&theme=light&nav=buttons&seed=230&steps=1500:fade2-easein-450,2500:ph-grey-grid-inplace-150,3300:blank3,4100:spinner-500,4900:fadetheme-easeinout-250"
film held-out article-dark-720x1280-60-vp9-s231 720 1280 60 vp9 1 \
  "app=article&theme=dark&seed=231&steps=1500:ph-grey-one-inplace-120,2300:fade1-easeinout-500,3400:blank1,4200:cut,5000:sheet-300"
film held-out grid-light-540x1200-60-h264-s232 540 1200 60 h264 0 \
  "app=grid&theme=light&seed=232&steps=1500:cut,2300:ph-grey-grid-relayout-120,3100:fadetheme-linear-500,4200:blank3,5000:scroll-400"

# Round 14's fresh held-out half: seeds 241-252, six of each page, scripted (this list) before any
# take and committed alone; recorded with APP_FILM_FRESH into Datasets/films/apps/fresh-r14/ apart
# from round 14's rules, checked by the truth probe only, never run through the detector: scored
# once after round 14's rules are committed. Every take with round 10's last encodes, one setting
# per codec; VP9 and AV1 on settings lists, maps and a dark article only, as in rounds 11 to 13.
# Weighted to what round 13's scoring still missed: three settings lists at a variable rate (H.264
# once, HEVC twice) with five one-layer fades and three theme fades between them (and a two-layer
# fade, a cut and a theme switch); a two-layer fade of a light article at a variable rate; a 450 ms
# linear theme fade of a light grid at 60 fps; a 450 ms ease-in two-layer fade of a light map at
# 30 fps in AV1; a push on a dark settings list at 60 fps in AV1. Every screen in both themes
# (settings lists and maps twice in each); each codec and each size three times; 60 fps four
# times, 30 fps four, a variable rate four (H.264 twice, HEVC twice); 4 cuts and 3 theme
# switches; 23 fades (9 one-layer, 7 two-layer, 7 theme; each kind on linear, ease-in and
# ease-in-out; 150-500 ms; 12 on settings lists, 5 on maps); 8 placeholders (every combination of
# grey and black, grid and one picture, in place and with a relayout); 12 blank pages (four each
# of 1, 2 and 3 frames); push x4, sheet x2, spinner x2, scroll x2 (no settings list scrolled).
page=screens.html
film held-out settings-light-720x1280-vfr-h264-s241 720 1280 60 h264-vfr 1 \
  "app=settings&theme=light&chrome=32,24&seed=241&steps=1500:fade1-linear-400,2500:blank2,3300:fadetheme-easein-350,4200:cut,5000:fade1-easeinout-250"
film held-out settings-dark-960x540-vfr-hevc-s242 960 540 60 hevc-vfr 0 \
  "app=settings&theme=dark&keys=buttons&chrome=32,48&seed=242&steps=1500:fadetheme-linear-450,2500:blank1,3300:fade1-easeinout-300,4100:theme,4900:fade2-easein-250"
film held-out settings-dark-900x1000-60-av1-s243 900 1000 60 av1 1 \
  "app=settings&theme=dark&chrome=32,24&seed=243&steps=1500:fade1-easein-200,2300:blank1,3100:push-300,3900:fade2-easeinout-300,4800:fadetheme-linear-250"
film held-out grid-light-720x1280-60-h264-s244 720 1280 60 h264 0 \
  "app=grid&theme=light&keys=buttons&chrome=32,48&seed=244&steps=1500:ph-grey-grid-relayout-150,2300:fadetheme-linear-450,3300:blank2,4100:fade1-easein-300,4900:scroll-400"
film held-out map-light-540x1200-30-av1-s245 540 1200 30 av1 1 \
  "app=map&theme=light&chrome=32,24&seed=245&steps=1500:ph-black-one-relayout-120,2300:fade2-easein-450,3300:blank1,4100:sheet-300,4900:cut"
film held-out map-dark-960x540-60-vp9-s246 960 540 60 vp9 0 \
  "app=map&theme=dark&keys=buttons&chrome=32,48&seed=246&steps=1500:ph-black-grid-relayout-120,2300:fade2-easeinout-350,3200:blank3,4000:spinner-500,4800:fadetheme-easein-300"
page=app.html
film held-out settings-light-540x1200-vfr-hevc-s247 540 1200 60 hevc-vfr 1 \
  "app=settings&theme=light&nav=buttons&seed=247&steps=1500:fade1-easein-350,2400:push-300,3200:fadetheme-easeinout-300,4100:blank3,4900:fade1-linear-500"
film held-out article-light-960x540-vfr-h264-s248 960 540 60 h264-vfr 0 \
  "app=article&theme=light&seed=248&steps=1500:fade2-linear-400,2500:ph-grey-one-relayout-120,3300:blank1,4100:theme,4900:scroll-400"
film held-out grid-dark-900x1000-30-hevc-s249 900 1000 30 hevc 1 \
  "app=grid&theme=dark&nav=buttons&seed=249&steps=1500:ph-black-one-inplace-150,2300:fadetheme-easeinout-400,3300:blank2,4100:push-300,4900:fade2-easein-200"
film held-out map-light-720x1280-30-vp9-s250 720 1280 30 vp9 0 \
  "app=map&theme=light&seed=250&steps=1500:cut,2300:ph-grey-grid-inplace-120,3100:fade1-easeinout-400,4100:blank3,4900:sheet-300"
film held-out map-dark-900x1000-30-vp9-s251 900 1000 30 vp9 1 \
  "app=map&theme=dark&nav=buttons&seed=251&steps=1500:ph-black-grid-inplace-100,2300:fade2-linear-250,3100:blank2,3900:theme,4700:spinner-500"
film held-out article-dark-540x1200-60-av1-s252 540 1200 60 av1 0 \
  "app=article&theme=dark&seed=252&steps=1500:ph-grey-one-inplace-120,2300:fade1-linear-150,3100:blank3,3900:cut,4700:push-300"

# Round 15's fresh held-out half: seeds 261-272, six of each page, scripted (this list) before any
# take and committed alone; recorded with APP_FILM_FRESH into Datasets/films/apps/fresh-r15/ apart
# from round 15's rules, checked by the truth probe only, never run through the detector: scored
# once after round 15's rules are committed. Every take with round 10's last encodes, one setting
# per codec; VP9 and AV1 on settings lists, maps and a dark article only, as in rounds 11 to 14.
# Weighted, as round 14's, to what round 13's scoring missed, on other sizes, codecs and seeds:
# three settings lists at a variable rate (H.264 once, HEVC twice) with five one-layer fades and
# three theme fades between them (and a two-layer fade, a cut and a theme switch), a light one in
# H.264 at 960 x 540 with a 450 ms linear one-layer and a 400 ms linear theme fade as `-s223` had;
# short fades at a variable rate that keep two blend frames or so (a 300 ms linear two-layer fade
# of a light article, a 200 ms ease-in-out one-layer fade of a light settings list); a 500 ms
# linear theme fade of a light grid at 60 fps (the kind the grab held in `-s232`); a 450 ms
# ease-in two-layer fade of a light map at 30 fps in AV1; a push on a dark settings list at 60 fps
# in AV1 at 540 x 1200 (where `-s224`'s push showed a placeholder flash). Every screen in both
# themes (settings lists and maps twice in each); each codec and each size three times; 60 fps
# four times, 30 fps four, a variable rate four (H.264 twice, HEVC twice); 4 cuts and 3 theme
# switches; 23 fades (9 one-layer, 7 two-layer, 7 theme; each kind on linear, ease-in and
# ease-in-out; 150-500 ms; 12 on settings lists, 6 on maps); 8 placeholders (every combination of
# grey and black, grid and one picture, in place and with a relayout); 12 blank pages (four each
# of 1, 2 and 3 frames; on the light grid and map at 60 fps 3-frame ones only); push x4, sheet x2,
# spinner x2, scroll x2 (no settings list scrolled).
page=screens.html
film held-out settings-light-960x540-vfr-h264-s261 960 540 60 h264-vfr 1 \
  "app=settings&theme=light&chrome=32,24&seed=261&steps=1500:fade1-linear-450,2500:blank1,3300:push-300,4100:fadetheme-linear-400,5000:fade1-easeinout-200"
film held-out settings-dark-540x1200-60-av1-s262 540 1200 60 av1 0 \
  "app=settings&theme=dark&keys=buttons&chrome=32,48&seed=262&steps=1500:fade2-easeinout-300,2400:blank2,3200:push-300,4000:fadetheme-easein-250,4800:fade1-easein-300"
film held-out article-light-540x1200-vfr-h264-s263 540 1200 60 h264-vfr 1 \
  "app=article&theme=light&chrome=32,24&seed=263&steps=1500:ph-grey-one-relayout-150,2300:fade2-linear-300,3200:blank2,4000:cut,4800:push-250"
film held-out grid-dark-900x1000-30-h264-s264 900 1000 30 h264 0 \
  "app=grid&theme=dark&keys=buttons&chrome=32,48&seed=264&steps=1500:ph-black-one-relayout-120,2300:fade2-easein-250,3100:blank1,3900:theme,4700:push-300"
film held-out map-light-960x540-60-vp9-s265 960 540 60 vp9 1 \
  "app=map&theme=light&chrome=32,24&seed=265&steps=1500:cut,2300:ph-grey-one-inplace-120,3100:fade1-easein-350,4000:blank3,4800:spinner-500"
film held-out map-dark-720x1280-30-vp9-s266 720 1280 30 vp9 0 \
  "app=map&theme=dark&keys=buttons&chrome=32,48&seed=266&steps=1500:ph-black-grid-inplace-100,2300:fade2-easeinout-400,3300:blank2,4100:theme,4900:spinner-500"
page=app.html
film held-out settings-dark-720x1280-vfr-hevc-s267 720 1280 60 hevc-vfr 1 \
  "app=settings&theme=dark&seed=267&steps=1500:fadetheme-easeinout-350,2500:blank3,3300:fade1-easeinout-250,4100:theme,4900:fade1-easein-400"
film held-out settings-light-900x1000-vfr-hevc-s268 900 1000 60 hevc-vfr 0 \
  "app=settings&theme=light&nav=buttons&seed=268&steps=1500:fadetheme-easeinout-450,2500:cut,3300:fade1-linear-350,4200:blank1,5000:fade2-easein-200"
film held-out grid-light-540x1200-60-hevc-s269 540 1200 60 hevc 1 \
  "app=grid&theme=light&seed=269&steps=1500:cut,2300:ph-grey-grid-inplace-150,3100:fadetheme-linear-500,4200:blank3,5000:scroll-400"
film held-out map-light-720x1280-30-av1-s270 720 1280 30 av1 0 \
  "app=map&theme=light&nav=buttons&seed=270&steps=1500:fade2-easein-450,2500:ph-grey-grid-relayout-120,3300:blank3,4100:sheet-300,4900:fade1-linear-250"
film held-out map-dark-900x1000-60-av1-s271 900 1000 60 av1 1 \
  "app=map&theme=dark&nav=buttons&seed=271&steps=1500:ph-black-grid-relayout-120,2300:fade2-linear-200,3100:blank1,3900:scroll-400,4800:fadetheme-easein-350"
film held-out article-dark-960x540-30-vp9-s272 960 540 30 vp9 0 \
  "app=article&theme=dark&seed=272&steps=1500:ph-black-one-inplace-120,2300:fade1-easeinout-150,3100:blank2,3900:sheet-300,4700:fadetheme-linear-200"

# Round 16's fresh held-out half: seeds 281-292, six of each page, scripted (this list) before any
# take and committed alone; recorded with APP_FILM_FRESH into Datasets/films/apps/fresh-r16/ apart
# from round 16's rules, checked by the truth probe only, never run through the detector: scored
# once after round 16's rules are committed. Every take with round 10's last encodes, one setting
# per codec; VP9 and AV1 on settings lists, maps and a dark article only, as in rounds 11 to 15.
# Weighted to what round 14's scoring of its fresh half missed, on other seeds and mostly other
# sizes: a one-layer ease-in-out fade of a dark settings list at a variable rate twice (300 ms in
# HEVC at 960 x 540 after which a theme switch and a theme fade come, as `-s242`'s; 200 ms in
# H.264 at 540 x 1200); a 150 ms linear one-layer fade of a dark article in AV1 at 60 fps (960 x
# 540); a cut on a light map in VP9 at 30 fps (720 x 1280, as `-s250`'s); a 1-frame blank page
# on a dark settings list in AV1 at 60 fps (720 x 1280, after a two-layer fade and before a push,
# as `-s243`'s). Every screen in both themes (settings lists three times dark and once light, maps
# twice in each); each codec and each size three times; 60 fps four times, 30 fps four, a
# variable rate four (H.264 twice, HEVC twice); 4 cuts and 3 theme switches; 23 fades (9
# one-layer, 7 two-layer, 7 theme; each kind on linear, ease-in and ease-in-out; 150-500 ms; 11
# on settings lists, 6 on maps); 8 placeholders (every combination of grey and black, grid and
# one picture, in place and with a relayout); 12 blank pages (four each of 1, 2 and 3 frames; on
# the light grid at a variable rate a 3-frame one); push x4, sheet x2, spinner x2, scroll x2 (no
# settings list scrolled).
page=screens.html
film held-out settings-dark-960x540-vfr-hevc-s281 960 540 60 hevc-vfr 0 \
  "app=settings&theme=dark&keys=buttons&chrome=32,48&seed=281&steps=1500:fade1-easeinout-300,2400:blank2,3200:theme,4000:fadetheme-easein-350,4900:push-300"
film held-out settings-dark-720x1280-60-av1-s282 720 1280 60 av1 1 \
  "app=settings&theme=dark&chrome=32,24&seed=282&steps=1500:fade2-linear-250,2300:blank1,3100:push-300,3900:fade1-easein-400,4800:fadetheme-easeinout-300"
film held-out map-light-720x1280-30-vp9-s283 720 1280 30 vp9 0 \
  "app=map&theme=light&keys=buttons&chrome=32,48&seed=283&steps=1500:cut,2300:ph-grey-one-inplace-120,3100:fade2-easein-350,4000:blank2,4800:sheet-300"
film held-out map-dark-900x1000-60-vp9-s284 900 1000 60 vp9 1 \
  "app=map&theme=dark&chrome=32,24&seed=284&steps=1500:ph-black-grid-relayout-120,2300:fade1-linear-250,3100:blank3,3900:theme,4700:scroll-400"
film held-out grid-light-540x1200-vfr-hevc-s285 540 1200 60 hevc-vfr 1 \
  "app=grid&theme=light&chrome=32,24&seed=285&steps=1500:ph-grey-grid-relayout-150,2300:fadetheme-linear-300,3200:blank3,4000:cut,4800:spinner-500"
film held-out article-dark-960x540-60-av1-s286 960 540 60 av1 0 \
  "app=article&theme=dark&keys=buttons&chrome=32,48&seed=286&steps=1500:ph-black-one-relayout-120,2300:fade1-linear-150,3100:blank1,3900:sheet-300,4700:fadetheme-easeinout-400"
page=app.html
film held-out settings-light-900x1000-vfr-h264-s287 900 1000 60 h264-vfr 1 \
  "app=settings&theme=light&nav=buttons&seed=287&steps=1500:fadetheme-easeinout-450,2500:blank1,3300:fade2-easeinout-350,4200:push-300,5000:fade1-easein-200"
film held-out settings-dark-540x1200-vfr-h264-s288 540 1200 60 h264-vfr 0 \
  "app=settings&theme=dark&seed=288&steps=1500:fade1-easeinout-200,2300:cut,3100:fadetheme-linear-400,4100:blank2,4900:fade2-easein-300"
film held-out map-light-960x540-30-av1-s289 960 540 30 av1 1 \
  "app=map&theme=light&nav=buttons&seed=289&steps=1500:fade2-linear-500,2500:ph-black-one-inplace-120,3300:blank1,4100:spinner-500,5000:fade1-easeinout-350"
film held-out map-dark-540x1200-30-vp9-s290 540 1200 30 vp9 0 \
  "app=map&theme=dark&seed=290&steps=1500:ph-grey-grid-inplace-120,2300:fadetheme-easein-300,3200:blank2,4000:push-300,4800:fade2-easeinout-250"
film held-out grid-dark-900x1000-30-h264-s291 900 1000 30 h264 0 \
  "app=grid&theme=dark&nav=buttons&seed=291&steps=1500:ph-black-grid-inplace-100,2300:fade1-linear-350,3200:blank3,4000:theme,4800:scroll-400"
film held-out article-light-720x1280-60-hevc-s292 720 1280 60 hevc 1 \
  "app=article&theme=light&seed=292&steps=1500:ph-grey-one-relayout-120,2300:fade2-linear-200,3100:blank3,3900:cut,4700:fade1-easein-250"

# Round 17's fresh held-out half: seeds 301-312, six of each page, scripted (this list) before any
# take and committed alone; recorded with APP_FILM_FRESH into Datasets/films/apps/fresh-r17/ apart
# from round 17's rules, checked by the truth probe only, never run through the detector: scored
# once after round 17's rules are committed. Every take with round 10's last encodes, one setting
# per codec; VP9 and AV1 on settings lists, maps and a dark article only, as in rounds 11 to 16.
# Weighted to what round 16's scoring of its fresh half missed, on other seeds and sizes:
# placeholders on a light map at 60 fps (a grey grid in place in VP9 at 540 x 1200, a black grid
# in place in AV1 at 900 x 1000; `-s289`'s was named nothing); a theme fade of a settings list at
# 60 fps in AV1 (720 x 1280, then a push, as `-s282`'s, whose end was read as a cut); one-layer
# ease-in-out fades at a variable rate (`-s281`'s started 34 ms early); pushes at 60 fps twice (five
# in all). Every screen in both themes (settings lists and maps twice in each, the others once);
# each codec and each size three times; 60 fps five times, 30 fps four, a variable rate three
# (HEVC twice, H.264 once); 4 cuts and 3 theme switches; 22 fades (7 one-layer, 7 two-layer, 8
# theme; each kind on linear, ease-in and ease-in-out; 150-500 ms); 8 placeholders (every
# combination of grey and black, grid and one picture, in place and with a relayout); 12 blank
# pages (four each of 1, 2 and 3 frames); push x5, sheet x2, spinner x2, scroll x2 (no settings
# list scrolled).
page=screens.html
film held-out settings-light-720x1280-60-av1-s301 720 1280 60 av1 1 \
  "app=settings&theme=light&keys=buttons&chrome=32,48&seed=301&steps=1500:fadetheme-easeinout-300,2400:push-300,3200:blank1,4000:fade2-easein-250,4900:cut"
film held-out map-light-540x1200-60-vp9-s302 540 1200 60 vp9 0 \
  "app=map&theme=light&chrome=32,24&seed=302&steps=1500:ph-grey-grid-inplace-120,2300:fade1-easeinout-300,3200:blank2,4000:theme,4800:spinner-500"
film held-out grid-dark-720x1280-vfr-hevc-s303 720 1280 60 hevc-vfr 0 \
  "app=grid&theme=dark&keys=buttons&chrome=32,48&seed=303&steps=1500:ph-black-grid-relayout-150,2300:fade1-easeinout-250,3100:blank3,3900:sheet-300,4700:fadetheme-linear-350"
film held-out settings-dark-900x1000-30-vp9-s304 900 1000 30 vp9 1 \
  "app=settings&theme=dark&chrome=32,24&seed=304&steps=1500:fade2-linear-300,2400:blank1,3200:push-300,4000:fadetheme-easein-400,5000:cut"
film held-out article-light-960x540-30-hevc-s305 960 540 30 hevc 1 \
  "app=article&theme=light&keys=buttons&chrome=32,48&seed=305&steps=1500:ph-grey-one-relayout-120,2300:fade2-easeinout-400,3300:blank2,4100:scroll-400,5000:fade1-linear-200"
film held-out map-dark-960x540-60-av1-s306 960 540 60 av1 0 \
  "app=map&theme=dark&chrome=32,24&seed=306&steps=1500:fade2-easein-350,2400:ph-black-one-inplace-120,3200:blank3,4000:push-300,4800:fadetheme-easeinout-250"
page=app.html
film held-out settings-dark-720x1280-vfr-hevc-s307 720 1280 60 hevc-vfr 1 \
  "app=settings&theme=dark&nav=buttons&seed=307&steps=1500:fade1-easeinout-350,2400:blank2,3200:theme,4000:fade2-linear-200,4800:push-300"
film held-out map-light-900x1000-60-av1-s308 900 1000 60 av1 1 \
  "app=map&theme=light&seed=308&steps=1500:ph-black-grid-inplace-120,2300:fade1-easein-300,3200:blank1,4000:sheet-300,4800:fadetheme-linear-450"
film held-out grid-light-540x1200-30-h264-s309 540 1200 30 h264 0 \
  "app=grid&theme=light&nav=buttons&seed=309&steps=1500:ph-grey-grid-relayout-120,2300:fadetheme-easeinout-200,3100:blank3,3900:cut,4700:spinner-500"
film held-out settings-light-540x1200-vfr-h264-s310 540 1200 60 h264-vfr 0 \
  "app=settings&theme=light&seed=310&steps=1500:fade2-easeinout-500,2600:blank1,3400:fadetheme-easein-150,4200:push-300,5000:fade1-linear-400"
film held-out article-dark-900x1000-60-h264-s311 900 1000 60 h264 1 \
  "app=article&theme=dark&nav=buttons&seed=311&steps=1500:ph-grey-one-inplace-100,2300:fade1-easein-150,3100:blank2,3900:theme,4700:scroll-400"
film held-out map-dark-960x540-30-vp9-s312 960 540 30 vp9 0 \
  "app=map&theme=dark&seed=312&steps=1500:cut,2300:ph-black-one-relayout-150,3100:fadetheme-easeinout-350,4100:blank3,4900:fade2-easein-300"

# Round 18's fresh held-out half: seeds 321-332, six of each page, scripted (this list) before any
# take and committed alone; recorded with APP_FILM_FRESH into Datasets/films/apps/fresh-r18/ apart
# from round 18's rules, checked by the truth probe only, never run through the detector: scored
# once after round 18's rules are committed. Every take with round 10's last encodes, one setting
# per codec; VP9 and AV1 on settings lists, maps and a dark article only, as in rounds 11 to 17.
# Weighted to what round 17's scoring of its fresh half missed, on other seeds and sizes: a cut on
# a map at 30 fps (dark in VP9 at 720 x 1280, light in AV1 at 540 x 1200; `-s312`'s, dark, was read
# as a two-frame crossfade), a black placeholder with a relayout on a dark map (`-s312`'s was read as a cut); an
# ease-in two-layer fade of a dark map at 60 fps (`-s306`'s end was read 234 ms late); a linear
# two-layer fade of a dark settings list at a variable rate (`-s307`'s was named nothing); an
# ease-in theme fade of a dark settings list at 30 fps (`-s304`'s start was read 200 ms late).
# Every screen in both themes (settings lists and maps twice in each, the others once); each codec
# and each size three times; 60 fps four times, 30 fps five, a variable rate three (HEVC twice,
# H.264 once); 4 cuts and 3 theme switches; 22 fades (7 one-layer, 8 two-layer, 7 theme; each kind
# on linear, ease-in and ease-in-out; 150-500 ms); 8 placeholders (every combination of grey and
# black, grid and one picture, in place and with a relayout); 12 blank pages (four each of 1, 2
# and 3 frames); push x4, sheet x3, spinner x2, scroll x2 (no settings list scrolled).
page=screens.html
film held-out map-dark-720x1280-30-vp9-s321 720 1280 30 vp9 1 \
  "app=map&theme=dark&keys=buttons&chrome=32,48&seed=321&steps=1500:cut,2300:ph-black-one-relayout-150,3100:fade2-easein-300,4000:blank1,4800:sheet-300"
film held-out settings-dark-540x1200-vfr-hevc-s322 540 1200 60 hevc-vfr 0 \
  "app=settings&theme=dark&chrome=32,24&seed=322&steps=1500:fade2-linear-250,2400:blank2,3200:theme,4000:fade1-easeinout-300,4900:push-300"
film held-out grid-light-900x1000-60-hevc-s323 900 1000 60 hevc 1 \
  "app=grid&theme=light&keys=buttons&chrome=32,48&seed=323&steps=1500:ph-grey-grid-inplace-120,2300:fadetheme-linear-300,3200:blank3,4000:cut,4800:spinner-500"
film held-out settings-light-960x540-30-av1-s324 960 540 30 av1 0 \
  "app=settings&theme=light&chrome=32,24&seed=324&steps=1500:fade1-linear-400,2500:blank1,3300:push-300,4100:fade2-easeinout-350,5000:fadetheme-easein-200"
film held-out article-dark-540x1200-60-vp9-s325 540 1200 60 vp9 1 \
  "app=article&theme=dark&keys=buttons&chrome=32,48&seed=325&steps=1500:ph-grey-one-relayout-120,2300:fade2-easein-250,3100:blank2,3900:scroll-400,4800:fade1-easeinout-150"
film held-out map-light-720x1280-vfr-h264-s326 720 1280 60 h264-vfr 0 \
  "app=map&theme=light&chrome=32,24&seed=326&steps=1500:ph-black-grid-inplace-120,2300:fade1-easein-350,3200:blank3,4000:sheet-300,4800:fadetheme-easeinout-450"
page=app.html
film held-out settings-dark-900x1000-30-vp9-s327 900 1000 30 vp9 1 \
  "app=settings&theme=dark&nav=buttons&seed=327&steps=1500:fadetheme-easein-400,2500:blank2,3300:fade2-linear-300,4200:push-300,5000:cut"
film held-out map-dark-960x540-60-av1-s328 960 540 60 av1 0 \
  "app=map&theme=dark&seed=328&steps=1500:fade2-easein-350,2400:ph-black-grid-relayout-150,3200:blank1,4000:push-300,4800:fadetheme-linear-250"
film held-out grid-dark-960x540-30-h264-s329 960 540 30 h264 1 \
  "app=grid&theme=dark&nav=buttons&seed=329&steps=1500:ph-grey-grid-relayout-120,2300:fade1-linear-200,3100:blank3,3900:theme,4700:scroll-400"
film held-out settings-light-720x1280-vfr-hevc-s330 720 1280 60 hevc-vfr 0 \
  "app=settings&theme=light&seed=330&steps=1500:fade2-linear-200,2300:blank1,3100:fadetheme-easeinout-300,4000:sheet-300,4800:fade1-easein-500"
film held-out article-light-900x1000-60-h264-s331 900 1000 60 h264 0 \
  "app=article&theme=light&nav=buttons&seed=331&steps=1500:ph-grey-one-inplace-100,2300:fade2-easeinout-400,3300:blank2,4100:spinner-500,5000:fadetheme-easein-350"
film held-out map-light-540x1200-30-av1-s332 540 1200 30 av1 1 \
  "app=map&theme=light&seed=332&steps=1500:cut,2300:ph-black-one-inplace-150,3100:fade1-easeinout-250,4000:blank3,4800:theme"

exit "$failed"
