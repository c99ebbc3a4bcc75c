#!/usr/bin/env bash
# Records the real hitch films of Datasets/films/hitches/real/ (issue 35): the page
# Datasets/films/hitches/pages/raf-block.html moves a square by requestAnimationFrame while its
# main thread is blocked at known times; Chromium draws it on a virtual X display (Xvfb) and
# ffmpeg's x11grab grabs it losslessly at 60 fps (NAME-grab.mkv), and an H.264 copy is made as a
# recorder would (NAME-h264.mp4). NAME.json is the truth measured on the lossless grab by
# scripts/hitch-truth.py: the square's position in every frame. Needs chromium, xvfb, ffmpeg and
# python3 with numpy; runs as root too (hence --no-sandbox).
# Usage: record-hitch-films.sh [OUT_DIR]   (default Datasets/films/hitches/real)
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
out=${1:-$root/Datasets/films/hitches/real}
page=$root/Datasets/films/hitches/pages/raf-block.html
width=480 height=270 fps=60 seconds=5
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

# record NAME QUERY: one recording of the page with QUERY (block=AT:MS,… from the motion's start).
record() {
  local disp=:$((150 + RANDOM % 50))
  Xvfb "$disp" -screen 0 "${width}x${height}x24" -br -nolisten tcp >/dev/null 2>&1 & xpid=$!
  sleep 1
  rm -rf "$work/profile"
  DISPLAY=$disp chromium --no-sandbox --kiosk --window-size="$width,$height" --window-position=0,0 \
    --no-first-run --disable-gpu --noerrdialogs --disable-infobars --hide-scrollbars \
    --user-data-dir="$work/profile" "file://$page?$2" >/dev/null 2>&1 & cpid=$!
  sleep 0.3
  ffmpeg -nostdin -loglevel error -y -f x11grab -framerate "$fps" -video_size "${width}x${height}" -draw_mouse 0 \
    -i "$disp" -t "$seconds" -c:v libx264rgb -preset ultrafast -qp 0 "$out/$1-grab.mkv"
  kill "$cpid" "$xpid" 2>/dev/null || true
  wait "$cpid" "$xpid" 2>/dev/null || true
  cpid="" xpid=""
  ffmpeg -nostdin -loglevel error -y -i "$out/$1-grab.mkv" -c:v libx264 -crf 20 -pix_fmt yuv420p "$out/$1-h264.mp4"
  python3 "$root/scripts/hitch-truth.py" "$out/$1-grab.mkv" "$fps" >"$out/$1.json"
}

# Tuning half: blocks of 50, 100 and 34 ms. Held out: other times and lengths, and none at all.
record tune-blocks "block=500:50,1200:100,1800:34"
record held-out-blocks "block=300:120,900:67,1500:40"
record held-out-none ""
