#!/usr/bin/env bash
# make fuzz-build (`scripts/fuzz.sh build`) and make fuzz (`scripts/fuzz.sh`): libFuzzer targets
# over the package's own library modules.
#
# Build. A target is one file in Fuzz/Targets with a `// fuzz-target: NAME` line; the other files
# there (FuzzInput.swift) are compiled into every target. The modules a target needs come from
# the `import` lines of its files, and their dependencies, paths, C sources, module maps and
# pkg-config names from Package.swift (`swift package dump-package`, read by python3), so a new
# library, C or system-library target is picked up without editing this script. Each needed
# library module is built once into .build/fuzz/modules/<module>/, instrumented for the fuzzer
# and AddressSanitizer and with -enable-testing (so targets may `@testable import` it): a Swift
# module with `swiftc -sanitize=fuzzer,address -O -wmo`, a C target with /opt/swift's clang and
# `-fsanitize=fuzzer-no-link,address`. A system library contributes its module map and its
# pkg-config flags. Each target is then compiled and linked against the objects of the modules
# it imports (and theirs). An executable target cannot be imported: a target lists the few of
# its files it needs on `// fuzz-sources: Sources/hingetool/…` lines and they are compiled into
# the target. A module or target whose inputs (sources, flags, dependencies) have not changed
# since the last build is not rebuilt.
#
# Run. Each target selected by FUZZ_TARGETS (space separated; default all) runs for
# FUZZ_SECONDS (default 60) from its seeds in Fuzz/corpus/<target>. New inputs go to
# .build/fuzz/corpus/<target> (the checked-in seeds are only read); a crash, a sanitizer
# report, a NaN or a broken invariant stops that target and leaves the input in
# .build/fuzz/artifacts/; its log is .build/fuzz/<target>.log. The executions per target are
# printed at the end. Exit status: 0 when every target built (and ran) clean.
set -euo pipefail
cd "$(dirname "$0")/.."
MODE=${1:-run}
case "$MODE" in
  build | run) ;;
  *) echo "usage: scripts/fuzz.sh [build|run]" >&2; exit 64 ;;
esac
# Swift's backtracer takes minutes per crash under AddressSanitizer; libFuzzer's report suffices.
export SWIFT_BACKTRACE=enable=no
SWIFTC=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}
SWIFT=${SWIFT:-$(dirname "$SWIFTC")/swift}
# The clang that ships with the Swift toolchain: the same LLVM as swiftc, so its coverage
# instrumentation and sanitizer runtime match.
CLANG=${CLANG:-$(dirname "$SWIFTC")/clang}
SECONDS_PER_TARGET=${FUZZ_SECONDS:-60}
OUT=.build/fuzz
TARGETS_DIR=Fuzz/Targets
mkdir -p "$OUT/modules" "$OUT/targets" "$OUT/artifacts"
ROOT=$PWD

# The targets and the helper files every target compiles.
declare -A TARGET_FILE=()
HELPERS=()
for file in "$TARGETS_DIR"/*.swift; do
  name=$(sed -n 's|^// fuzz-target: *\([a-z0-9_]*\) *$|\1|p' "$file" | head -1)
  if [ -n "$name" ]; then TARGET_FILE[$name]=$file; else HELPERS+=("$file"); fi
done
ALL_TARGETS=$(printf '%s\n' "${!TARGET_FILE[@]}" | sort | xargs)
SELECTED=${FUZZ_TARGETS:-$ALL_TARGETS}
for target in $SELECTED; do
  [ -n "${TARGET_FILE[$target]:-}" ] || { echo "fuzz: no target '$target' (targets: $ALL_TARGETS)" >&2; exit 64; }
done

# The files of executable targets a target compiles in, from its `// fuzz-sources:` lines.
extra_sources() { sed -n 's|^// fuzz-sources: *||p' "$1" | tr ' ' '\n' | sed '/^$/d'; }
# The modules a set of Swift files imports (the manifest decides which are ours).
imports() {
  sed -nE 's/^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*((public|package|internal|fileprivate|private)[[:space:]]+)?import[[:space:]]+((struct|class|enum|protocol|typealias|func|let|var)[[:space:]]+)?([A-Za-z_][A-Za-z0-9_]*).*/\6/p' \
    "$@" | sort -u
}
target_sources() {
  local target=$1
  printf '%s\n' "${HELPERS[@]}"
  extra_sources "${TARGET_FILE[$target]}"
  echo "${TARGET_FILE[$target]}"
}

hash_of() { sha256sum | cut -c1-64; }

# The manifest, read again only when Package.swift changes (dump-package waits while a swift
# build holds the package's lock), through a file of this process's own, as two runs may start
# side by side.
MANIFEST="$OUT/package.json"
MANIFEST_KEY=$({ "$SWIFTC" --version 2>&1; cat Package.swift; } | hash_of)
if [ "$(cat "$MANIFEST.key" 2> /dev/null)" != "$MANIFEST_KEY" ] || [ ! -s "$MANIFEST" ]; then
  "$SWIFT" package dump-package > "$MANIFEST.$$"
  mv "$MANIFEST.$$" "$MANIFEST"
  echo "$MANIFEST_KEY" > "$MANIFEST.key"
fi
# Prints the library modules `roots` need, dependencies first, one a line:
# NAME KIND DIRECTORY DEPENDENCIES(comma separated or -) PKG-CONFIG(or -), KIND being swift, c or
# system. Names that are not targets of the package (Glibc, Dispatch) are left out; an executable
# target is an error (its files belong on a `// fuzz-sources:` line).
plan() {
  python3 - "$MANIFEST" "$@" << 'PYTHON'
import json, os, sys

manifest = json.load(open(sys.argv[1]))
targets = {target["name"]: target for target in manifest["targets"]}


def dependencies(target):
    names = []
    for dependency in target.get("dependencies", []):
        for kind in ("byName", "target"):
            if kind in dependency:
                names.append(dependency[kind][0])
    return [name for name in names if name in targets]


def directory(target):
    if target.get("path"):
        return target["path"]
    return os.path.join("Tests" if target["type"] == "test" else "Sources", target["name"])


def kind(target):
    if target["type"] == "system":
        return "system"
    for folder, _, files in os.walk(directory(target)):
        if any(name.endswith(".swift") for name in files):
            return "swift"
    return "c"


order, seen = [], set()


def visit(name, chain):
    target = targets[name]
    if target["type"] not in ("regular", "system"):
        sys.exit(f"fuzz: {' → '.join(chain + [name])}: {name} is not a library ({target['type']} target) and "
                 "cannot be imported; list the files a target needs on '// fuzz-sources:' lines")
    if name in seen:
        return
    seen.add(name)
    for dependency in dependencies(target):
        visit(dependency, chain + [name])
    order.append(name)


for root in sys.argv[2:]:
    if root in targets:
        visit(root, [])
for name in order:
    target = targets[name]
    print(name, kind(target), directory(target), ",".join(dependencies(target)) or "-",
          target.get("pkgConfig") or "-")
PYTHON
}

LANGUAGE_MODE=$(jq -r '(.swiftLanguageVersions // .swiftLanguageModes // ["6"]) | max_by(tonumber? // 0)' "$MANIFEST")
COMMON_SWIFT=(-swift-version "$LANGUAGE_MODE" -sanitize=fuzzer,address -parse-as-library -O -g -package-name HingeKit)
C_FLAGS=(-fsanitize=fuzzer-no-link,address -O2 -g -fPIC)

# What a built module hands on to whatever imports it: search paths, compiler flags and objects
# and libraries to link; a key that changes whenever the module or a dependency changes.
declare -A SEARCH=() XCC=() OBJECTS=() LIBS=() KEY=() DEPENDS=()
# Everything a module brings, its dependencies' included, in dependency order.
closure_of() {
  local name dependency
  declare -A taken=()
  local order=()
  visit_closure() {
    local module=$1
    [ -n "${taken[$module]:-}" ] && return
    taken[$module]=1
    for dependency in ${DEPENDS[$module]//,/ }; do [ "$dependency" = - ] || visit_closure "$dependency"; done
    order+=("$module")
  }
  for name in "$@"; do visit_closure "$name"; done
  echo "${order[@]}"
}

# Runs a compile whose key differs from the one stored in `stamp` (or whose outputs are
# missing), printing its log on failure.
build_step() {
  local label=$1 stamp=$2 key=$3 log=$4
  shift 4
  if [ -f "$stamp" ] && [ "$(cat "$stamp")" = "$key" ]; then return 0; fi
  rm -f "$stamp"
  echo "== $label"
  if ! "$@" > "$log" 2>&1; then
    cat "$log"
    echo "== $label: FAILED (log: $log)" >&2
    exit 1
  fi
  echo "$key" > "$stamp"
}

build_module() {
  local name=$1 kind=$2 dir=$3 deps=$4 pkg=$5
  local out="$ROOT/$OUT/modules/$name"
  mkdir -p "$out"
  DEPENDS[$name]=$deps
  local search=() xcc=() libs=() objects=() dependency module
  local dependency_keys=""
  for dependency in ${deps//,/ }; do
    [ "$dependency" = - ] && continue
    dependency_keys+="${KEY[$dependency]} "
  done
  # Swift and clang need every module below this one (an internal import is loaded too).
  for module in $(closure_of "$name"); do
    [ "$module" = "$name" ] && continue
    search+=(${SEARCH[$module]}) xcc+=(${XCC[$module]})
  done
  case "$kind" in
    system)
      # The module map in its folder and the C flags pkg-config gives; linked by the map's
      # `link` line and pkg-config's libraries.
      SEARCH[$name]="-I $ROOT/$dir"
      if [ "$pkg" != - ]; then
        pkg-config --exists "$pkg" || { echo "fuzz: pkg-config knows no '$pkg' (make deps)" >&2; exit 1; }
        local flag cflags=()
        for flag in $(pkg-config --cflags "$pkg"); do cflags+=(-Xcc "$flag"); done
        XCC[$name]="${cflags[*]:-}"
        LIBS[$name]=$(pkg-config --libs "$pkg")
      else
        XCC[$name]="" LIBS[$name]=""
      fi
      OBJECTS[$name]=""
      KEY[$name]=$(echo "$name ${XCC[$name]} ${LIBS[$name]} $(cat "$dir"/*)" | hash_of)
      ;;
    c)
      # SwiftPM's rules for a C target's module: the include folder's own module map, else an
      # umbrella header named after the target, else the include folder as an umbrella.
      local include="$ROOT/$dir/include"
      if [ -f "$include/module.modulemap" ]; then
        SEARCH[$name]="-I $include"
      else
        if [ -f "$include/$name.h" ]; then
          printf 'module %s {\n    umbrella header "%s"\n    export *\n}\n' "$name" "$include/$name.h"
        else
          printf 'module %s {\n    umbrella "%s"\n    export *\n}\n' "$name" "$include"
        fi > "$out/module.modulemap.$$"
        cmp -s "$out/module.modulemap.$$" "$out/module.modulemap" || mv "$out/module.modulemap.$$" "$out/module.modulemap"
        rm -f "$out/module.modulemap.$$"
        SEARCH[$name]="-I $out -Xcc -I$include"
      fi
      XCC[$name]="" LIBS[$name]=""
      local sources=() source
      mapfile -t sources < <(find "$dir" \( -name '*.c' -o -name '*.cc' -o -name '*.cpp' \) | sort)
      local key
      key=$(echo "${C_FLAGS[*]} $dependency_keys $(cat "$include"/* "${sources[@]}" 2> /dev/null)" | hash_of)
      for source in "${sources[@]}"; do objects+=("$out/$(basename "${source%.*}").o"); done
      OBJECTS[$name]="${objects[*]:-}"
      KEY[$name]=$key
      compile_c() {
        local source
        for source in "${sources[@]}"; do
          "$CLANG" "${C_FLAGS[@]}" -I "$include" -I "$dir" -c "$source" -o "$out/$(basename "${source%.*}").o"
        done
      }
      build_step "$name (C)" "$out/key" "$key" "$out/build.log" compile_c
      ;;
    swift)
      local sources=()
      mapfile -t sources < <(find "$dir" -name '*.swift' | sort)
      local command=("$SWIFTC" "${COMMON_SWIFT[@]}" -enable-testing -wmo -module-name "$name"
        ${search[@]+"${search[@]}"} ${xcc[@]+"${xcc[@]}"} "${sources[@]}"
        -emit-module -emit-module-path "$out/$name.swiftmodule" -c -o "$out/$name.o")
      KEY[$name]=$(echo "${command[*]} $dependency_keys $(cat "${sources[@]}")" | hash_of)
      SEARCH[$name]="-I $out" XCC[$name]="" LIBS[$name]="" OBJECTS[$name]="$out/$name.o"
      build_step "$name (Swift)" "$out/key" "${KEY[$name]}" "$out/build.log" "${command[@]}"
      ;;
  esac
}

SECONDS=0
# Every library module the selected targets need, each built once.
declare -A TARGET_IMPORTS=()
for target in $SELECTED; do
  mapfile -t files < <(target_sources "$target")
  TARGET_IMPORTS[$target]=$(imports "${files[@]}" | tr '\n' ' ')
done
PLAN=$(plan $(printf '%s\n' "${TARGET_IMPORTS[@]}" | tr ' ' '\n' | sort -u))
while read -r name kind dir deps pkg; do
  build_module "$name" "$kind" "$dir" "$deps" "$pkg"
done <<< "$PLAN"

# Each target: its files and the objects and libraries of the modules it imports.
build_target() {
  local target=$1 module
  local files=() search=() xcc=() objects=() libs=() keys=""
  mapfile -t files < <(target_sources "$target")
  for module in $(closure_of $(for module in ${TARGET_IMPORTS[$target]}; do
    [ -n "${KEY[$module]:-}" ] && echo "$module"; done)); do
    search+=(${SEARCH[$module]}) xcc+=(${XCC[$module]}) objects+=(${OBJECTS[$module]}) libs+=(${LIBS[$module]})
    keys+="${KEY[$module]} "
  done
  # Warnings are errors, as `make lint` makes them for the package's own targets.
  local command=("$SWIFTC" "${COMMON_SWIFT[@]}" -warnings-as-errors -module-name "${target}_fuzz" ${search[@]+"${search[@]}"}
    ${xcc[@]+"${xcc[@]}"} "${files[@]}" ${objects[@]+"${objects[@]}"} ${libs[@]+"${libs[@]}"}
    -o "$OUT/targets/$target")
  local key
  key=$(echo "${command[*]} $keys $(cat "${files[@]}")" | hash_of)
  build_step "$target" "$OUT/targets/$target.key" "$key" "$OUT/targets/$target.build.log" "${command[@]}"
}
for target in $SELECTED; do build_target "$target"; done
echo "== built $(echo $SELECTED | wc -w) targets in ${SECONDS} s: $OUT/targets/"
[ "$MODE" = build ] && exit 0

status=0
for target in $SELECTED; do
  mkdir -p "$OUT/corpus/$target" "Fuzz/corpus/$target"
  echo "== $target: fuzzing for ${SECONDS_PER_TARGET} s"
  if ! "$OUT/targets/$target" -max_total_time="$SECONDS_PER_TARGET" -print_final_stats=1 -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix="$OUT/artifacts/$target-" \
    "$OUT/corpus/$target" "Fuzz/corpus/$target" 2> "$OUT/$target.log"; then
    echo "== $target: FAILED (see $OUT/$target.log and $OUT/artifacts/)"
    grep -E "invariant broken|ERROR: AddressSanitizer|Fatal error|deadly signal" "$OUT/$target.log" | head -5 || true
    status=1
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb|cov: .* ft:" "$OUT/$target.log" | tail -3
done
echo "== executions per target (${SECONDS_PER_TARGET} s each)"
for target in $SELECTED; do
  printf '%-22s %s\n' "$target" "$(sed -n 's/^stat::number_of_executed_units: *//p' "$OUT/$target.log" | tail -1)"
done
exit $status
