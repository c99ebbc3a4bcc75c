#!/usr/bin/env bash
# Fails on a habit the project removed, so that it cannot come back unnoticed (run by make lint).
# Each rule: a pattern (grep -E), where to look, and what to write instead.
set -euo pipefail
cd "$(dirname "$0")/.."
failed=0
rule() {
  local pattern=$1 instead=$2
  shift 2
  local hits
  hits=$(grep -rnE --include='*.swift' --include='*.md' -e "$pattern" "$@" || true)
  if [ -n "$hits" ]; then
    printf '%s\n' "$hits" >&2
    echo "habits.sh: the lines above match '$pattern': $instead" >&2
    failed=1
  fi
}
rule 'NSLock' "share state between threads through HingeSupport's LockedBuffer (docs/architecture.md)" Sources
rule 'try\? [A-Za-z_.]*ingest\(' \
  "a display reports refused samples (ingest(_:noting:) and RefusedSamples), it never passes over them" \
  Sources docs
exit $failed
