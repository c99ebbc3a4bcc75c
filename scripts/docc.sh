#!/usr/bin/env bash
# Builds the DocC documentation of the library modules without the docc plugin (run by
# `make docs` and `make test`): symbol graphs from `swift package dump-symbol-graph`, then
# `docc convert` with warnings as errors, so a broken link or an unknown symbol fails the build.
# It also fails when a public symbol has no documentation comment (scripts/DocCoverage.swift),
# and when the public API differs from docs/api/*.txt (scripts/api.sh --check; `make api`).
set -euo pipefail
out=.build/docs
rm -rf "$out"
mkdir -p "$out"
# dump-symbol-graph loads every module of the package, the test modules too: on a fresh clone
# they must be built first (a no-op after `swift build --build-tests`).
swift build --build-tests >/dev/null
swift package dump-symbol-graph --minimum-access-level public >/dev/null
all=$(swift build --show-bin-path)/../symbolgraph
API_GRAPHS=$all scripts/api.sh --check
for module in HingeKit HingeAnalysis ImageStandIns Frames FilmAnalysis; do
  graphs="$out/symbol-graphs/$module"
  mkdir -p "$graphs"
  # Only the module's own graph: what it adds to other modules is documented where it lives.
  cp "$all/$module.symbols.json" "$graphs/"
  docc convert "Sources/$module/$module.docc" --additional-symbol-graph-dir "$graphs" \
    --fallback-display-name "$module" --fallback-bundle-identifier "org.hingekit.$module" \
    --output-path "$out/$module.doccarchive" --warnings-as-errors >/dev/null
  swift scripts/DocCoverage.swift "$graphs/$module.symbols.json"
  echo "docs: $out/$module.doccarchive"
done
