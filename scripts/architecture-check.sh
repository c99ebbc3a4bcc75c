#!/usr/bin/env bash
# Holds docs/architecture.md to the sources (run by make lint): every folder under Sources/ (two
# levels, DocC catalogues and C headers' include/ aside) is named in its tree as `Name/`, and the
# count of `// Long:` functions it states between <!-- lint:long-count --> and <!-- lint:end -->
# is the count in Sources/; and hingetool's Commands/ holds only `HingeTool+X.swift` files and
# folders (a subcommand's helpers live in its folder, docs/architecture.md).
set -euo pipefail
cd "$(dirname "$0")/.."
doc=docs/architecture.md
failed=0
while IFS= read -r folder; do
  name=$(basename "$folder")
  case $name in *.docc | include) continue ;; esac
  if ! grep -qE "(^| )$name/" "$doc"; then
    echo "architecture-check.sh: Sources/$folder is not in $doc's tree" >&2
    failed=1
  fi
done < <(cd Sources && find . -mindepth 1 -maxdepth 2 -type d | sed 's|^\./||' | sort)
stated=$(sed -n 's/.*<!-- lint:long-count -->\([0-9]*\)<!-- lint:end -->.*/\1/p' "$doc")
actual=$(grep -rn '// Long:' Sources | wc -l | tr -d ' ')
if [ "$stated" != "$actual" ]; then
  echo "architecture-check.sh: $doc says ${stated:-no number} functions carry '// Long:', Sources/ has $actual" >&2
  failed=1
fi
while IFS= read -r file; do
  echo "architecture-check.sh: Sources/hingetool/Commands/$file is neither a HingeTool+X.swift file nor a folder" >&2
  failed=1
done < <(cd Sources/hingetool/Commands && find . -mindepth 1 -maxdepth 1 -type f ! -name 'HingeTool+*.swift' | sed 's|^\./||' | sort)
exit $failed
