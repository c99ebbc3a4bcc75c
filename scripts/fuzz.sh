#!/usr/bin/env bash
# make fuzz: builds one libFuzzer binary per target from HingeKit's sources (FilmAnalysis's
# frame decoders and libpng/libdeflate for png_decoder), HingeSupport and a target file in
# Fuzz/Targets, then runs each for FUZZ_SECONDS (default 60) from its seed corpus in
# Fuzz/corpus/<target>. New inputs go to .build/fuzz/corpus/<target> (the checked-in seeds
# are only read); a crash, a NaN or a broken invariant stops the run and leaves the input in
# .build/fuzz/artifacts/. Exit status: 0 when every target ran clean.
set -euo pipefail
cd "$(dirname "$0")/.."
# Swift's backtracer takes minutes per crash under AddressSanitizer; libFuzzer's report suffices.
export SWIFT_BACKTRACE=enable=no
SWIFTC=${SWIFTC:-$(command -v swiftc || echo /opt/swift/usr/bin/swiftc)}
SECONDS_PER_TARGET=${FUZZ_SECONDS:-60}
OUT=.build/fuzz
mkdir -p "$OUT/artifacts"
declare -A TARGETS=(
  [trace_reader]=TraceReaderFuzz.swift
  [hinge_reader]=HingeReaderFuzz.swift
  [spring_animator]=SpringAnimatorFuzz.swift
  [png_decoder]=PNGDecoderFuzz.swift
  [argument_parser]=ArgumentParserFuzz.swift
  [tool_readers]=ToolReadersFuzz.swift
  [dumpsys]=DumpsysFuzz.swift
  [logcat]=LogcatFuzz.swift
  [unfold_driver]=UnfoldDriverFuzz.swift
  [android_fold_events]=AndroidFoldEventsFuzz.swift
  [film_events]=FilmEventsFuzz.swift
)
# The hingetool files a target needs beside HingeKit (compiled into one module named HingeKit,
# so their `import HingeKit` is a no-op).
declare -A TOOL_SOURCES=(
  [argument_parser]="CommandLine/ArgumentParser.swift CommandLine/CommandSpec.swift CommandLine/ParsedArguments.swift CommandLine/UsageError.swift CommandLine/HelpFormatter.swift CommandLine/ValueKind.swift"
  [dumpsys]="Formats/DumpsysSensorLog.swift Formats/ExactTime.swift"
  [logcat]="Formats/SamsungHALLog.swift Formats/DumpsysSensorLog.swift Formats/ExactTime.swift"
  [tool_readers]="Formats/StageLogReader.swift Output/ToolError.swift Output/ExitCode.swift CommandLine/UsageError.swift"
)
# The FilmAnalysis files a target needs beside HingeKit (compiled into the same module):
# fold-render's image decoder for tool_readers, the whole film pipeline but the reader for
# film_events.
declare -A FILM_SOURCES=(
  [tool_readers]="Frames/*.swift"
  [film_events]="Frames/*.swift Differences/*.swift Events/*.swift Films/FilmFrame.swift"
)
# HingeSupport (the echo rule, lock, PATH search and platform import every module imports) is
# compiled once into its own module and object, instrumented like the rest, and linked in.
SUPPORT="$OUT/support"
mkdir -p "$SUPPORT"
"$SWIFTC" -sanitize=fuzzer,address -parse-as-library -O -g -wmo -module-name HingeSupport -package-name HingeKit \
  Sources/HingeSupport/*.swift -emit-module -emit-module-path "$SUPPORT/HingeSupport.swiftmodule" \
  -c -o "$SUPPORT/HingeSupport.o" 2> "$SUPPORT/build.log" || { cat "$SUPPORT/build.log"; exit 1; }
# FUZZ_TARGETS picks some targets (space separated), e.g. to run two halves side by side.
SELECTED=${FUZZ_TARGETS:-trace_reader hinge_reader spring_animator png_decoder argument_parser tool_readers unfold_driver android_fold_events film_events dumpsys logcat}
status=0
for target in $SELECTED; do
  echo "== $target: building"
  if [ "$target" = png_decoder ]; then
    # FilmAnalysis's frame decoders with libpng and libdeflate, instrumented, internal access.
    "$SWIFTC" -sanitize=fuzzer,address -parse-as-library -O -g -module-name HingeKitFuzz -package-name HingeKit \
      Sources/FilmAnalysis/Frames/*.swift -I Sources/CPNG -I Sources/CDeflate \
      -I "$SUPPORT" "$SUPPORT/HingeSupport.o" \
      "Fuzz/Targets/${TARGETS[$target]}" -o "$OUT/$target" 2> "$OUT/$target.build.log" \
      || { cat "$OUT/$target.build.log"; exit 1; }
  else
    tool_sources=()
    for file in ${TOOL_SOURCES[$target]:-}; do tool_sources+=("Sources/hingetool/$file"); done
    if [ -n "${FILM_SOURCES[$target]:-}" ]; then
      for pattern in ${FILM_SOURCES[$target]}; do
        for file in Sources/FilmAnalysis/$pattern; do tool_sources+=("$file"); done
      done
      tool_sources+=(-I Sources/CPNG -I Sources/CDeflate)
    fi
    # HingeKit's sources compiled into the fuzzer itself, instrumented, with internal access.
    "$SWIFTC" -sanitize=fuzzer,address -parse-as-library -O -g -module-name HingeKit -package-name HingeKit \
      $(find Sources/HingeKit -name '*.swift' | sort) "${tool_sources[@]}" Fuzz/Targets/FuzzInput.swift \
      -I "$SUPPORT" "$SUPPORT/HingeSupport.o" \
      "Fuzz/Targets/${TARGETS[$target]}" -o "$OUT/$target" 2> "$OUT/$target.build.log" \
      || { cat "$OUT/$target.build.log"; exit 1; }
  fi
  mkdir -p "$OUT/corpus/$target" "Fuzz/corpus/$target"
  echo "== $target: fuzzing for ${SECONDS_PER_TARGET} s"
  if ! "$OUT/$target" -max_total_time="$SECONDS_PER_TARGET" -print_final_stats=1 -timeout=10 \
    -rss_limit_mb=2048 -artifact_prefix="$OUT/artifacts/$target-" \
    "$OUT/corpus/$target" "Fuzz/corpus/$target" 2> "$OUT/$target.log"; then
    echo "== $target: FAILED (see $OUT/$target.log and $OUT/artifacts/)"
    grep -E "invariant broken|ERROR: AddressSanitizer|Fatal error|deadly signal" "$OUT/$target.log" | head -5 || true
    status=1
  fi
  grep -E "stat::number_of_executed_units|stat::peak_rss_mb|cov: .* ft:" "$OUT/$target.log" | tail -3
done
exit $status
