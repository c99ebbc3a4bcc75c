# HingeKit — the two commands a user needs are `make demo` and `make test`.
# Both install what is missing first (GSL and gnuplot, see scripts/deps.sh).

SHELL := /bin/bash
# The toolchain lives in /opt/swift on the project's machines; elsewhere swift is on PATH.
ifneq ($(wildcard /opt/swift/usr/bin/swift),)
export PATH := /opt/swift/usr/bin:$(PATH)
endif

SWIFT ?= swift
SWIFT_FORMAT ?= swift-format
FORMATTED := Package.swift Sources Tests Benchmarks/Sources Fuzz/Targets
TOOL := .build/debug/hingetool
# The warnings-as-errors build: ThreadSanitizer's build directory and flags, so that `make test`
# (whose TSan run of the stand-in cache builds the same) compiles the package a second time once.
STRICT_BUILD := --sanitize=thread --scratch-path .build/tsan -Xswiftc -warnings-as-errors

.PHONY: all deps build demo test test-fast bench bench-compare figures fuzz fuzz-build test-checks docc-check docs api score plots films format lint clean install install-files uninstall

all: build

## deps: install what the build needs when missing (scripts/deps.sh: apt-get or brew); `make test` adds zsh, fish and man-db
deps:
	@scripts/deps.sh

## build: build the library and hingetool
build: deps
	$(SWIFT) build

## demo: build hingetool, run the main job on Datasets/flat-to-laptop.csv, and write a short bloom
## preview (Plots/bloom-preview.gif, docs/preview.md)
demo: build
	$(TOOL) demo
	$(TOOL) preview Datasets/five-degree-steps.csv --effect bloom --rate 25 --size 160 -o Plots/bloom-preview.gif

## test: the full suite (unit, oracle, CLI; the recorded films through the release hingetool, built
## first), the stand-in cache again under ThreadSanitizer (its own build directory, warnings as
## errors: a few minutes the first time, seconds after), then lint (which reuses that build), the
## documentation build and the fuzz targets' build (make fuzz-build, no fuzzing)
test: deps
	@TESTS=1 CHROMIUM=1 scripts/deps.sh
	$(SWIFT) build --build-tests
	$(SWIFT) build -c release --product hingetool
	$(SWIFT) test
	$(SWIFT) test --filter ImageStandInsTests $(STRICT_BUILD)
	$(MAKE) --no-print-directory -j3 test-checks

## test-checks: what make test runs after the suites, side by side (each runs mostly on one core:
## swift-format and the source checks, DocC, the fuzz targets' whole-module builds; the strict
## build lint asks for is the one the TSan suite just made): lint, the DocC catalogs, fuzz-build
test-checks: lint docc-check fuzz-build

docc-check:
	scripts/docc.sh

## test-fast: the inner loop: every test but those marked .slow (HingeTestSupport's SlowTrait skips
## them when HINGEKIT_SKIP_SLOW is set), no lint or docs
test-fast: deps
	$(SWIFT) build --build-tests
	HINGEKIT_SKIP_SLOW=1 $(SWIFT) test --skip-build

## bench: release build, then the benchmark table and Benchmarks/results.json (docs/performance.md),
## then the figures README.md and docs/ quote (make figures)
bench: deps
	@python3 -c 'import pandas, scipy' 2>/dev/null || python3 -m pip install --quiet pandas scipy
	$(SWIFT) build -c release --product hingetool
	$(SWIFT) build -c release --product Benchmarks
	.build/release/Benchmarks --tool .build/release/hingetool --work .build/bench \
	  --commit "$$(git rev-parse --short HEAD)$$(git diff --quiet HEAD -- Package.swift Sources Benchmarks/Sources Benchmarks/peers || echo +changes)"
	scripts/figures.sh .build/release/hingetool

## bench-compare: an A/B of this tree against BASE (`make bench-compare BASE=c50ea83`): the same
## harness and frozen inputs built against both, run interleaved PAIRS times (default 5); prints
## the median ratio new/old per figure with its spread and names regressions (CASES=tool adds
## read and animate on 1M rows; CASES=import times import logcat alone; CASES=film, film VIDEO
## beside ffmpeg's raw decode; docs/performance.md)
bench-compare: deps
	BASE="$(BASE)" PAIRS="$(PAIRS)" CASES="$(CASES)" scripts/bench-compare.sh

## figures: rewrite every measured figure README.md and docs/ quote from its one source
## (Benchmarks/results.json, hingetool score, hingetool film, and the leave-one-fold-out and frontier
## tables make score writes, so run make score first when they change; scripts/figures.sh; make bench runs it),
## and the spring presets table in docs/springs.md (hingetool spring --list; scripts/spring-table.sh)
figures: build
	scripts/figures.sh $(TOOL)
	scripts/spring-table.sh $(TOOL)

## install: release build, then hingetool, its man page and bash/zsh/fish completions under
## $(DESTDIR)$(PREFIX) (PREFIX defaults to /usr/local; `make install PREFIX=~/.local` needs no root)
PREFIX ?= /usr/local
BINDIR = $(DESTDIR)$(PREFIX)/bin
MANDIR = $(DESTDIR)$(PREFIX)/share/man/man1
BASHDIR = $(DESTDIR)$(PREFIX)/share/bash-completion/completions
ZSHDIR = $(DESTDIR)$(PREFIX)/share/zsh/site-functions
FISHDIR = $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d
INSTALLED = $(BINDIR)/hingetool $(MANDIR)/hingetool.1 $(BASHDIR)/hingetool $(ZSHDIR)/_hingetool \
	$(FISHDIR)/hingetool.fish
# The Swift runtime and Foundation are linked in on Linux, so the installed tool runs without
# the toolchain; macOS has them in the system.
STATIC_STDLIB := $(if $(filter Linux,$(shell uname -s)),--static-swift-stdlib,)
INSTALL_TOOL ?= .build/release/hingetool
install: deps
	$(SWIFT) build -c release $(STATIC_STDLIB) --product hingetool
	$(MAKE) --no-print-directory install-files INSTALL_TOOL=$(INSTALL_TOOL)

## install-files: install an already built INSTALL_TOOL (the test suite uses the debug build)
install-files:
	install -d $(BINDIR) $(MANDIR) $(BASHDIR) $(ZSHDIR) $(FISHDIR)
	install -m 755 $(INSTALL_TOOL) $(BINDIR)/hingetool
	$(INSTALL_TOOL) --generate-manual > $(MANDIR)/hingetool.1
	$(INSTALL_TOOL) --generate-completion-script bash > $(BASHDIR)/hingetool
	$(INSTALL_TOOL) --generate-completion-script zsh > $(ZSHDIR)/_hingetool
	$(INSTALL_TOOL) --generate-completion-script fish > $(FISHDIR)/hingetool.fish
	chmod 644 $(MANDIR)/hingetool.1 $(BASHDIR)/hingetool $(ZSHDIR)/_hingetool $(FISHDIR)/hingetool.fish

## uninstall: remove exactly what install put there (same PREFIX and DESTDIR)
uninstall:
	rm -f $(INSTALLED)

## fuzz: build the libFuzzer targets (as fuzz-build) and run each for FUZZ_SECONDS (default 60) from
## Fuzz/corpus; FUZZ_TARGETS="a b" runs some of them
FUZZ_SECONDS ?= 60
fuzz: deps
	FUZZ_SECONDS=$(FUZZ_SECONDS) scripts/fuzz.sh

## fuzz-build: build every libFuzzer target in Fuzz/Targets into .build/fuzz/targets/ without fuzzing
## (scripts/fuzz.sh: the library modules from Package.swift, instrumented once; make test runs it)
fuzz-build: deps
	scripts/fuzz.sh build

## docs: regenerate docs/hingetool.md from hingetool's --help texts; build the DocC catalogs
## (warnings are errors, every public symbol must be documented) and check docs/api/*.txt
docs: build
	scripts/cli-reference.sh $(TOOL)
	scripts/docc.sh

## api: rewrite docs/api/HingeKit.txt and HingeAnalysis.txt, the public API, from the symbol graph
api: build
	scripts/api.sh

## score: score the hinge reader on every dataset and rewrite the tables in docs/reading.md
score: build
	scripts/score-table.sh $(TOOL)

## films: re-record Datasets/films/real/ (Chromium on Xvfb grabbed by ffmpeg x11grab; needs chromium and xvfb,
## which scripts/deps.sh installs with FILMS=1); the tests use the committed recordings and never re-record
films:
	FILMS=1 scripts/deps.sh
	scripts/record-film.sh

## plots: render Plots/*.png from hingetool output with the gnuplot scripts in Plots/
plots: build
	@mkdir -p Plots/data
	for name in smooth snappy bouncy interactive bend; do \
	  $(TOOL) spring --preset $$name --length 0.8 -o Plots/data/spring-$$name.dat; done
	for name in $$($(TOOL) spring --list --format csv | tail -n +2 | cut -d, -f1 | grep -E '^(material3|compose|android-springforce|react-spring|motion)-'); do \
	  $(TOOL) spring --preset $$name --length 1.2 --rate 500 -o Plots/data/preset-$$name.dat; done
	for zeta in 0.3 1 3; do \
	  $(TOOL) spring --response 0.5 --damping-ratio $$zeta --length 1.5 -o Plots/data/regime-$$zeta.dat; done
	for mode in persistent additive; do \
	  $(TOOL) animate Datasets/coarse-sensor.csv --preset interactive --change-spring 2.35:bouncy \
	    --mode $$mode -o Plots/data/animator-$$mode.dat; done
	$(TOOL) animate Datasets/five-degree-steps.csv --preset bend -o Plots/data/animator-five-degree-steps.dat
	$(TOOL) read Datasets/flat-to-laptop.csv --rate 1000 --truth -o Plots/data/reading-hingekit.dat
	$(TOOL) read Datasets/flat-to-laptop.csv -o Plots/data/reading-samples.dat
	$(TOOL) read Datasets/flat-to-laptop.csv --rate 1000 --velocity lsq2-android -o Plots/data/reading-lsq2.dat
	$(TOOL) read Datasets/flat-to-laptop.csv --rate 1000 --velocity difference -o Plots/data/reading-difference.dat
	$(TOOL) read Datasets/flat-to-laptop.csv --rate 1000 --position one-euro-classic \
	  --min-cutoff 1 --beta 0 --d-cutoff 1 -o Plots/data/reading-one-euro-paper.dat
	$(TOOL) read Datasets/coarse-sensor.csv --rate 1000 --truth -o Plots/data/reading-snap.dat
	for name in bloom unfold lean; do $(TOOL) curve --effect $$name --step 0.5 -o Plots/data/curve-$$name.dat; done
	$(TOOL) curve --effect ramp --lower 80 --upper 170 --easing smoothstep --step 0.5 -o Plots/data/curve-ramp-smoothstep.dat
	$(TOOL) animate Datasets/flat-to-laptop.csv --effect angle --reduce-motion jump -o Plots/data/bloom-angle.dat
	$(TOOL) animate Datasets/flat-to-laptop.csv --effect bloom -o Plots/data/bloom-spring.dat
	$(TOOL) animate Datasets/flat-to-laptop.csv --effect bloom --reduce-motion jump -o Plots/data/bloom-reduce-motion.dat
	$(TOOL) animate Datasets/flat-to-laptop.csv --effect lean -o Plots/data/lean-spring.dat
	$(TOOL) animate Datasets/flat-to-laptop.csv --effect lean --reduce-motion jump -o Plots/data/lean-reduce-motion.dat
	for tilt in 0 15 30; do $(TOOL) fold-render --tilt $$tilt -o Plots/data/fold-render-$$tilt.dat; done
	$(TOOL) unfold Datasets/real/fold8-public.csv --truth Datasets/real/fold8-fused.csv --rate 120 \
	  -o Plots/data/unfold-real-fold8.dat
	$(TOOL) unfold Datasets/real/fold8-session-part1-public.csv --truth Datasets/real/fold8-session-part1-fused.csv \
	  --rate 120 -o Plots/data/unfold-real-part1.dat
	for name in flat-to-laptop five-degree-steps; do \
	  $(TOOL) unfold Datasets/$$name.csv --rate 120 -o Plots/data/unfold-$$name.dat; \
	  $(TOOL) animate Datasets/$$name.csv --effect unfold -o Plots/data/unfold-spring-$$name.dat; done
	for scene in cut crossfade blank flash; do \
	  $(TOOL) film Datasets/films/$$scene --events -o Plots/data/film-$$scene.dat; done
	$(TOOL) film Datasets/films/late-motion --events --hinge Datasets/films/late-motion/hinge.csv --hinge-offset 0 \
	  -o Plots/data/film-late-motion.dat
	$(TOOL) film Datasets/films/real/crossfade-two-ease-30-h264-hq.mp4 --events -o Plots/data/film-crossfade-real.dat
	scripts/film-probe.sh Datasets/films/real/crossfade-two-ease-30-h264-hq.mp4 > Plots/data/film-crossfade-real-probe.dat
	$(TOOL) film Datasets/films/hitches/real/held-out-blocks-grab.mkv --hitches -o Plots/data/film-hitch-real.dat
	jq -r '[.times_ms, .positions] | transpose[] | "\(.[0]) \(.[1] // "-")"' \
	  Datasets/films/hitches/real/held-out-blocks.json > Plots/data/film-hitch-real-truth.dat
	for trace in $$(ls Datasets/*.csv | grep -v no-hinge); do \
	  $(TOOL) score --frontier $$trace -o Plots/data/frontier-$$(basename $$trace .csv).dat; done
	for script in Plots/*.gp; do gnuplot $$script; done

## format: rewrite the sources with swift-format and .swift-format
format:
	$(SWIFT_FORMAT) format --in-place --recursive $(FORMATTED)

## lint: fail when a source file is not formatted as .swift-format says (which also forbids a
## force-unwrap in Sources/ without a written invariant), when a function in Sources/ is over 60
## lines without a `// Long:` reason, or when any target (tests and benchmarks too) compiles
## with a warning
lint:
	$(SWIFT_FORMAT) lint --strict --recursive $(FORMATTED)
	scripts/long-functions.sh
	scripts/habits.sh
	scripts/architecture-check.sh
	$(SWIFT) build --build-tests $(STRICT_BUILD)

## clean: remove build products
clean:
	rm -rf .build
