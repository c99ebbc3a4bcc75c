#!/usr/bin/env bash
# Records the real films of Datasets/films/real/ (make films): each page of
# Datasets/films/pages/ is drawn by Chromium in kiosk mode on a virtual X display (Xvfb) and
# grabbed by ffmpeg's x11grab, as a screen recorder would, then encoded H.264 (two qualities)
# and VP9; a few get variable-frame-rate and rotated copies. Beside each recording,
# NAME.json holds the truth measured on that recording by scripts/film-probe.sh and
# scripts/film-truth.awk (not the page's timers). Needs chromium, xvfb and ffmpeg; runs as
# root too (hence --no-sandbox). The tests use the committed recordings and never re-record.
# Usage: record-film.sh [OUT_DIR [NAME_FILTER]]   (default Datasets/films/real, every film)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/Datasets/films/real}
filter=${2:-}
pages=$root/Datasets/films/pages
width=540 height=960 seconds=5 grab_seconds=10
mkdir -p "$out"
work=$(mktemp -d)
xpid="" cpid=""
cleanup() {
  [ -n "$cpid" ] && kill "$cpid" 2>/dev/null && wait "$cpid" 2>/dev/null
  [ -n "$xpid" ] && kill "$xpid" 2>/dev/null && wait "$xpid" 2>/dev/null
  rm -rf "$work"
}
trap cleanup EXIT
trap 'exit 130' INT TERM

# grab PAGE?QUERY FPS MASTER: an uncompressed grab of the page at FPS frames per second.
grab() {
  local disp=:$((70 + RANDOM % 20))
  Xvfb "$disp" -screen 0 "${width}x${height}x24" -br -nolisten tcp >/dev/null 2>&1 & xpid=$!
  sleep 1
  rm -rf "$work/profile"
  DISPLAY=$disp chromium --no-sandbox --kiosk --window-size="$width,$height" --window-position=0,0 \
    --no-first-run --disable-gpu --noerrdialogs --disable-infobars --hide-scrollbars \
    --user-data-dir="$work/profile" "file://$pages/$1" >/dev/null 2>&1 & cpid=$!
  sleep 0.5
  ffmpeg -nostdin -loglevel error -y -f x11grab -framerate "$2" -video_size "${width}x${height}" -draw_mouse 0 \
    -i "$disp" -t "$grab_seconds" -c:v rawvideo "$work/grab.nut"
  kill "$cpid" "$xpid" 2>/dev/null || true
  wait "$cpid" "$xpid" 2>/dev/null || true
  cpid="" xpid=""
  # The page is black for 1.5 s once Chromium shows it (its window may be white or not mapped
  # before): the film starts 1 s before the app's first layout (the first frame that is not
  # black), so it opens with a second of black lead-in.
  local start
  start=$(ffmpeg -nostdin -loglevel error -i "$work/grab.nut" -vf signalstats,metadata=print:file=- -f null - |
    awk '/^frame:/ { split($3, p, ":"); t = p[2] } /YAVG=/ { sub(/.*=/, ""); if ($0 + 0 > 30) { print t - 1; exit } }')
  awk -v s="$start" 'BEGIN { exit !(s > 0) }' || { echo "record-film: no first layout, or too early" >&2; return 1; }
  ffmpeg -nostdin -loglevel error -y -ss "$start" -i "$work/grab.nut" -t "$seconds" -c:v rawvideo "$3"
}

# encode MASTER FPS CODEC QUALITY OUT: a constant-rate recording (frames the grabber could not
# take in time are repeated, as constant-rate recorders do).
encode() {
  local codec
  case $3 in
    h264) codec=(-c:v libx264 -preset medium -crf "$4" -tune animation) ;;
    vp9) codec=(-c:v libvpx-vp9 -b:v 0 -crf "$4" -deadline good -cpu-used 4 -row-mt 1) ;;
  esac
  ffmpeg -nostdin -loglevel error -y -i "$1" -fps_mode cfr -r "$2" "${codec[@]}" -pix_fmt yuv420p -an "$5"
}

# truth RECORDING NAME EXPECTED PAGE: the truth JSON in $work/truth.json, or a failure when the
# recording does not show the expected kinds (then the film is taken again). The late-motion
# page's hinge stops 1000 ms after the visible start.
truth() {
  local stop=""
  [[ $4 == late.html* ]] && stop=1000
  "$root/scripts/film-probe.sh" "$1" >"$work/probe.txt"
  awk -v name="$2" -v expected="$3" -v page="$4" -v hinge_stop="$stop" -f "$root/scripts/film-truth.awk" \
    "$work/probe.txt" >"$work/truth.json"
}

# hinge_trace TRUTH: the hinge trace filmed with late.html, on the film's clock: 180° → 90°
# (smoothstep) from the visible start to 1000 ms after it, reported on change in whole
# degrees about every 10 ms, then silent (an on-change sensor while the hinge rests).
hinge_trace() {
  awk -F'[:,]' '/"visible_start_ms"/ { v = $2 + 0 }
    END {
      print "time,angle,status"; printf "%.3f,180,fullyOpen\n", v / 1000 - 0.5; last = 180
      for (t = 10; t <= 1000; t += 10) {
        p = t / 1000; a = int(180 - 90 * p * p * (3 - 2 * p) + 0.5)
        if (a != last) { printf "%.3f,%d,partiallyOpen\n", (v + t) / 1000, a; last = a }
      }
    }' "$1"
}

# copy SOURCE NAME EXPECTED PAGE FFMPEG_ARGS…: a copy of a recording made by ffmpeg with
# FFMPEG_ARGS (a variable-frame-rate or rotated copy), with its own truth.
copy() {
  local source=$out/$1 name=$2 expected=$3 page=$4
  shift 4
  [ -n "$filter" ] && [[ $name != *$filter* ]] && return 0
  local take=$work/copy.${name##*.}
  ffmpeg -nostdin -loglevel error -y -i "$source" "$@" "$take"
  truth "$take" "$name" "$expected" "$page"
  mv "$take" "$out/$name"
  mv "$work/truth.json" "$out/${name%.*}.json"
  [[ $page == late.html* ]] && hinge_trace "$out/${name%.*}.json" >"$out/${name%.*}.csv"
  echo "record-film: $name $(stat -c %s "$out/$name") bytes"
}

# film NAME PAGE?QUERY EXPECTED VARIANTS: grabs at 60 and 30 fps and writes the variants
# (60-h264-hq, 60-h264-lq, 30-h264-hq, 30-vp9) it is asked for.
film() {
  local name=$1 page=$2 expected=$3 variants=$4 fps variant tries
  [ -n "$filter" ] && [[ $name != *$filter* ]] && return 0
  for fps in 60 30; do
    [[ " $variants " == *" $fps-"* ]] || continue
    for tries in 1 2 3 4; do
      grab "$page" "$fps" "$work/master.nut" || continue
      local ok=1
      for variant in $variants; do
        [[ $variant == "$fps-"* ]] || continue
        local file="$out/$name-$variant"
        case $variant in
          *-h264-hq) encode "$work/master.nut" "$fps" h264 23 "$work/take.mp4"; file+=.mp4 ;;
          *-h264-lq) encode "$work/master.nut" "$fps" h264 35 "$work/take.mp4"; file+=.mp4 ;;
          *-vp9) encode "$work/master.nut" "$fps" vp9 40 "$work/take.mp4"; file+=.webm ;;
        esac
        if truth "$work/take.mp4" "$(basename "$file")" "$expected" "$page"; then
          mv "$work/take.mp4" "$file"
          mv "$work/truth.json" "${file%.*}.json"
          [[ $page == late.html* ]] && hinge_trace "${file%.*}.json" >"${file%.*}.csv"
          echo "record-film: $(basename "$file") $(stat -c %s "$file") bytes"
        else
          echo "record-film: $name-$variant (take $tries) does not show '$expected' as scripted; taking it again" >&2
          ok=0
          break
        fi
      done
      [ "$ok" = 1 ] && break
      [ "$tries" = 4 ] && { echo "record-film: $name at $fps fps failed four times" >&2; exit 1; }
    done
  done
}

# The films: name, page and query, the scripted kinds in order, the variants.
all="60-h264-hq 60-h264-lq 30-h264-hq 30-vp9"
film cut cut.html "cut cut cut" "$all"
film crossfade-two-linear "crossfade.html?mode=two&curve=linear&ms=100,200,300" "crossfade crossfade crossfade" "$all"
film crossfade-two-ease "crossfade.html?mode=two&curve=ease-in-out&ms=150,250,300" "crossfade crossfade crossfade" "60-h264-hq 30-h264-hq"
film crossfade-one-linear "crossfade.html?mode=one&curve=linear&ms=120,200,300" "crossfade crossfade crossfade" "60-h264-hq 30-vp9"
film crossfade-one-ease "crossfade.html?mode=one&curve=ease-in-out&ms=100,180,260" "crossfade crossfade crossfade" "60-h264-lq 30-h264-hq"
film placeholder-grey "placeholder.html?colour=grey&ms=50,110" "placeholder-flash placeholder-flash" "$all"
film placeholder-black "placeholder.html?colour=black&ms=80,150" "placeholder-flash placeholder-flash" "60-h264-hq 30-h264-hq"
film blank "blank.html?ms=20,70" "blank-frame blank-frame" "$all"
film blank-long "blank.html?ms=45,95" "blank-frame blank-frame" "60-h264-hq 30-h264-hq"
film late-motion "late.html?late=2000" "settle late-motion" "60-h264-hq 30-h264-hq"
# A second take of it at CRF 35 and in VP9 (the hinge-offset estimate is tested on every
# late-motion recording).
film late-motion-2 "late.html?late=2000" "settle late-motion" "60-h264-lq 30-vp9"
film controls controls.html "" "60-h264-hq 30-h264-hq 30-vp9"
film repeated "repeated.html?fps=30" "settle" "60-h264-hq 60-h264-lq"
# A large clock ticking every 500 ms below the layouts, and one cut: `film --ignore` leaves the clock out.
film clock clock.html "cut" "30-h264-hq"

# Variable frame rate, as Android's screenrecord and simctl io recordVideo write: a frame only
# where the picture changed (ffmpeg's mpdecimate drops the others), at irregular times.
vfr=(-vf mpdecimate -fps_mode vfr -c:v libx264 -preset medium -crf 23 -tune animation -pix_fmt yuv420p)
copy crossfade-two-linear-60-h264-hq.mp4 crossfade-two-linear-vfr.mp4 "crossfade crossfade crossfade" \
  "crossfade.html?mode=two&curve=linear&ms=100,200,300" "${vfr[@]}"
copy placeholder-grey-60-h264-hq.mp4 placeholder-grey-vfr.mp4 "placeholder-flash placeholder-flash" \
  "placeholder.html?colour=grey&ms=50,110" "${vfr[@]}"
copy blank-60-h264-hq.mp4 blank-vfr.mp4 "blank-frame blank-frame" "blank.html?ms=20,70" "${vfr[@]}"
# The late-motion film at a variable frame rate too (the hinge-offset estimate is tested on each
# late-motion recording).
copy late-motion-60-h264-hq.mp4 late-motion-vfr.mp4 "settle late-motion" "late.html?late=2000" "${vfr[@]}"
# Rotation metadata (a phone held sideways): the same frames, displayed turned by 90°.
copy cut-60-h264-hq.mp4 cut-rotated.mp4 "cut cut cut" cut.html -c copy -metadata:s:v:0 rotate=90
