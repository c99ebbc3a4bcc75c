#!/usr/bin/env bash
# Prints a `swift test --skip` pattern for the tests tagged `.slow` (the function declared after
# each `.tags(.slow)`), so `make test-fast` skips exactly what the tags say.
set -euo pipefail
names=$(grep -rh -A3 '\.tags(\.slow)' Tests | sed -n 's/.*func \([A-Za-z0-9_]*\)(.*/\1/p' | sort -u | paste -sd'|')
[ -n "$names" ] || { echo "slow-tests: no test is tagged .slow" >&2; exit 1; }
echo "/($names)\\("
