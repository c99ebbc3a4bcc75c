#!/usr/bin/env bash
# Installs the system packages HingeAnalysis and the plots need, only when they are missing:
# GSL (found through pkg-config) and gnuplot. Debian/Ubuntu use apt-get, macOS uses Homebrew.
set -euo pipefail

need_gsl=0
need_gnuplot=0
need_pkgconfig=0
command -v pkg-config >/dev/null 2>&1 || need_pkgconfig=1
if [ "$need_pkgconfig" = 1 ] || ! pkg-config --exists gsl; then need_gsl=1; fi
command -v gnuplot >/dev/null 2>&1 || need_gnuplot=1

if [ "$need_gsl$need_gnuplot$need_pkgconfig" = 000 ]; then
  echo "deps: gsl $(pkg-config --modversion gsl) and $(gnuplot --version) already present"
  exit 0
fi

if command -v apt-get >/dev/null 2>&1; then
  packages=()
  [ "$need_pkgconfig" = 1 ] && packages+=(pkg-config)
  [ "$need_gsl" = 1 ] && packages+=(libgsl-dev)
  [ "$need_gnuplot" = 1 ] && packages+=(gnuplot-nox)
  sudo=""
  if [ "$(id -u)" != 0 ]; then
    if command -v sudo >/dev/null 2>&1; then sudo="sudo"; else
      echo "deps: need root (or sudo) to install: ${packages[*]}" >&2
      exit 1
    fi
  fi
  echo "deps: installing ${packages[*]} with apt-get"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "${packages[@]}"
elif command -v brew >/dev/null 2>&1; then
  packages=()
  [ "$need_pkgconfig" = 1 ] && packages+=(pkg-config)
  [ "$need_gsl" = 1 ] && packages+=(gsl)
  [ "$need_gnuplot" = 1 ] && packages+=(gnuplot)
  echo "deps: installing ${packages[*]} with brew"
  brew install "${packages[@]}"
else
  echo "deps: GSL and gnuplot are missing and neither apt-get nor brew is available." >&2
  echo "deps: install GSL (with its pkg-config file 'gsl.pc') and gnuplot by hand, then re-run make." >&2
  exit 1
fi

pkg-config --exists gsl || { echo "deps: GSL still not visible to pkg-config" >&2; exit 1; }
command -v gnuplot >/dev/null 2>&1 || { echo "deps: gnuplot still missing" >&2; exit 1; }
echo "deps: gsl $(pkg-config --modversion gsl), $(gnuplot --version)"
