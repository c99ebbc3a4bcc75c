#!/usr/bin/env bash
# Installs the system packages the build, the tests and the plots need, only when they are
# missing: GSL, libpng, libdeflate and Cairo (found through pkg-config; Cairo draws the effect previews),
# gnuplot, ImageMagick (the tests compare hingetool film's RMSE with its `compare`), ffmpeg (hingetool film
# reads videos through it) and jq (scripts/figures.sh reads Benchmarks/results.json with it).
# Debian/Ubuntu use apt-get, macOS uses Homebrew. When everything is present it only checks.
set -euo pipefail

missing_apt=()
missing_brew=()
need() { missing_apt+=("$1"); missing_brew+=("$2"); }

have_pkgconfig=1
command -v pkg-config >/dev/null 2>&1 || { have_pkgconfig=0; need pkg-config pkg-config; }
if [ "$have_pkgconfig" = 0 ] || ! pkg-config --exists gsl; then need libgsl-dev gsl; fi
if [ "$have_pkgconfig" = 0 ] || ! pkg-config --exists libpng; then need libpng-dev libpng; fi
if [ "$have_pkgconfig" = 0 ] || ! pkg-config --exists libdeflate; then need libdeflate-dev libdeflate; fi
if [ "$have_pkgconfig" = 0 ] || ! pkg-config --exists cairo; then need libcairo2-dev cairo; fi
command -v gnuplot >/dev/null 2>&1 || need gnuplot-nox gnuplot
command -v compare >/dev/null 2>&1 || need imagemagick imagemagick
command -v ffmpeg >/dev/null 2>&1 || need ffmpeg ffmpeg
command -v jq >/dev/null 2>&1 || need jq jq
# `make test` (TESTS=1) also checks the generated shell completions and the man page: zsh -n,
# fish -n and `complete -C`, and `man --warnings -l` (man-db, with groff).
if [ "${TESTS:-0}" = 1 ]; then
  command -v zsh >/dev/null 2>&1 || need zsh zsh
  command -v fish >/dev/null 2>&1 || need fish fish
  command -v man >/dev/null 2>&1 || need man-db man-db
  command -v groff >/dev/null 2>&1 || need groff-base groff
fi
# `make test` (CHROMIUM=1) opens film --report's page in headless Chromium; only `make films`
# (FILMS=1) records a screen: Chromium drawn on a virtual X display (Xvfb).
if [ "${CHROMIUM:-0}" = 1 ] || [ "${FILMS:-0}" = 1 ]; then
  command -v chromium >/dev/null 2>&1 || need chromium chromium
fi
if [ "${FILMS:-0}" = 1 ]; then command -v Xvfb >/dev/null 2>&1 || need xvfb xquartz; fi

if [ "${#missing_apt[@]}" = 0 ]; then
  echo "deps: gsl $(pkg-config --modversion gsl), libpng $(pkg-config --modversion libpng), libdeflate $(pkg-config --modversion libdeflate), cairo $(pkg-config --modversion cairo), $(gnuplot --version), ImageMagick compare, ffmpeg and jq already present"
  exit 0
fi

if command -v apt-get >/dev/null 2>&1; then
  sudo=""
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
      echo "deps: need root (or sudo) to install: ${missing_apt[*]}" >&2
      exit 1
    fi
  fi
  echo "deps: installing ${missing_apt[*]} with apt-get"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${missing_apt[@]}"
elif command -v brew >/dev/null 2>&1; then
  echo "deps: installing ${missing_brew[*]} with brew"
  brew install "${missing_brew[@]}"
else
  echo "deps: missing ${missing_apt[*]}, and neither apt-get nor brew is available." >&2
  echo "deps: install GSL, libpng and libdeflate (with gsl.pc, libpng.pc, libdeflate.pc), gnuplot," >&2
  echo "deps: ImageMagick, ffmpeg and jq by hand, then re-run make." >&2
  exit 1
fi

pkg-config --exists gsl || { echo "deps: GSL still not visible to pkg-config" >&2; exit 1; }
pkg-config --exists libpng || { echo "deps: libpng still not visible to pkg-config" >&2; exit 1; }
pkg-config --exists libdeflate || { echo "deps: libdeflate still not visible to pkg-config" >&2; exit 1; }
pkg-config --exists cairo || { echo "deps: cairo still not visible to pkg-config" >&2; exit 1; }
command -v gnuplot >/dev/null 2>&1 || { echo "deps: gnuplot still missing" >&2; exit 1; }
command -v compare >/dev/null 2>&1 || { echo "deps: ImageMagick's compare still missing" >&2; exit 1; }
command -v ffmpeg >/dev/null 2>&1 || { echo "deps: ffmpeg still missing" >&2; exit 1; }
command -v jq >/dev/null 2>&1 || { echo "deps: jq still missing" >&2; exit 1; }
echo "deps: gsl $(pkg-config --modversion gsl), libpng $(pkg-config --modversion libpng), libdeflate $(pkg-config --modversion libdeflate), $(gnuplot --version), compare, ffmpeg and jq"
