#!/usr/bin/env bash
# Regenerates docs/hingetool.md from hingetool's own --help texts (run by `make docs`).
# The test suite checks that every help text appears in docs/hingetool.md verbatim.
set -euo pipefail
tool=${1:-.build/debug/hingetool}
out=docs/hingetool.md
tmp=$(mktemp "$out.XXXXXX")
{
cat <<'EOF'
# hingetool — command-line reference

`hingetool <subcommand>` reads hinge traces and prints reports and curves. The conventions
follow swift-argument-parser (hand-written here, since no outside Swift package can be fetched
on the project's machines):

- every subcommand has `-h`/`--help` and `--version`, and `hingetool help <subcommand>` prints
  the same text as `--help`, which ends with EXAMPLES: command lines declared beside the
  options (`CommandSpec.examples`), each of which the test suite runs from the package root,
  also printed in the man page;
- every option is declared once, with its type, allowed values, valid range and default:
  `--help`, the man page and the shell completions are generated from the declarations, and a
  value outside the range is refused before the command starts (exit 64, naming the range);
- mistakes print `Error: …` and `See 'hingetool <sub> --help'` on standard error; the usage
  block comes between them only when the command line is malformed (see Errors below). A
  near-miss option or subcommand gets `Did you mean '…'?`;
- `hingetool help` takes every word the completions offer after it: `help help`, `help plot
  trace`, and a command's leading choice (`help import logcat` is `import logcat --help`).

### Where output goes

- **One output**: standard output, or `-o FILE` (`-o -` is standard output too). FILE is
  written to a temporary file in the same folder, flushed and renamed over FILE — a reader
  never sees half a file, and a failed run leaves an existing FILE untouched.
- **Several files** (`plot`, `demo`, `synth-film`): `--out-dir DIR`, created if missing.
  `plot` names its files `--name NAME` (`NAME.dat`, `NAME.gp`, `NAME.png`), by default the kind
  followed by the input's file name (`reading-flat-to-laptop`), so plots of different traces
  share a folder.
- **Old spellings** are hidden aliases for one minor release and print a deprecation note on
  standard error: `--out DIR` is now `--out-dir DIR`.
- Data output is gnuplot-ready: `#` comment lines (provenance, a column header), whitespace-
  separated numeric columns, two blank lines between series; reports are plain text or JSON
  (`--format json`, one document, snake_case keys named as the text columns; the contract is
  [schemas/README.md](schemas/README.md)).

### Formats

`--format` speaks one vocabulary. Where rows are the output: `dat` (the default, gnuplot-
ready), `csv` (a header of the same column names, comma separated, a missing value empty),
`json` (one document: `{"schema", "source", "version", "notes", "columns", "rows"}` — the
`#` header's lines, the hingetool version, the column names, then the rows as objects keyed by
the column names, a missing value `null`, a word a string), `jsonl` (JSON Lines, for
streaming: the same header without `rows` on the first line, then one row object a line) and
`trace` (a trace CSV — `#`
provenance, `time,angle,…` — that every command reads back: `hingetool read x.csv --format
trace | hingetool stats -`). Where a report is the output: `text` (the default), `json` and,
for `score`, `markdown`. The same word means the same thing on every command:

| command | row formats (first: default) |
|---|---|
| `read`, `resample`, `smooth`, `posture`, `unfold` | `dat`, `csv`, `json`, `jsonl`, `trace` |
| `curve`, `poses`, `animate` | `dat`, `csv`, `json`, `jsonl` |
| `spring` | `dat`, `csv`, `json` (one object, the rows under `samples`), `jsonl`, `markdown`, `css` |
| `synth`, `import` (and their `--list`) | `trace`, `csv`, `json`, `jsonl` |
| `film` | `dat`, `json` (one report object; `text`, its old name for `dat`, is deprecated), `jsonl` (that report a line at a time) |
| `synth-film --list` | `dat` (aligned text), `csv`, `json`, `jsonl` |

`stats` and `score` print reports (`text`, `json`; `score` also `markdown`); their `json` puts
every input under `files`, one input too. A second series (`unfold --events`, after two blank
lines in `dat`) goes under `events` after `rows` in `json` and follows the rows in `jsonl` as
objects with their own keys (`event`); `csv` and `trace` hold one series, so the combination is
refused.

The `#` lines that open a `dat` or `trace` output come from one builder: the command line with
the input's name (its control characters escaped, so a newline in a file name cannot end the
comment), then notes; `json` and `jsonl` carry the same lines as `source` and `notes`, with
`version` (what `--version` prints). The `#` lines leave the version out on purpose: a dat
output is then byte for byte the same from one release to the next when nothing it computes
changed, so a plain `diff` shows what did.

Every JSON output carries `"schema": "hingetool/NAME/VERSION"`, and its schema is
`docs/schemas/NAME.json` (JSON Schema 2020-12; the test suite validates the tool's output
against it): `read`, `curve`, `resample`, `smooth`, `posture`, `unfold`, `poses`, `animate`,
`synth`, `import`, `stats`, `spring`, `spring-report`, `spring-presets`, `film`, `score`,
`score-unfold`, `score-unfold-moves`, `score-unfold-lofo`, `score-frontier`, `synth-list`,
`synth-film-list`, `import-dumpsys-list`, `import-logcat-list`. `film --format jsonl` and
`spring --format jsonl` stream their report: a header line, then a line per row (for `film`
also per event and per hitch, told apart by their keys `t_ms`, `kind`, `frames_held`). A schema's version changes when a key is removed or
changes meaning; added keys keep it. The commands that take several inputs (`stats`, `score`,
`score --unfold`, `score --frontier`) put them under `files`, one input too. The whole contract
is [schemas/README.md](schemas/README.md).

Warnings about an input read without error (`file: warning: …`: an implausible rate, CTS
checks) go to standard error; `-q`/`--quiet` drops them (errors still print).

### Errors

Every mistake in the command line exits 64 and starts with one line, `Error: …`. Where the line
between the two kinds falls, mechanically (`UsageError.isMalformed`):

- **Malformed** — the words do not fit the command's shape: an unknown subcommand or option, an
  option without its value, a value given to a flag, an option given twice, a missing or extra
  argument, a missing required option. The usage block follows the error line, since the shape
  is what is wrong, then `See 'hingetool <sub> --help' for more information.`
- **Everything else** — the words fit but a value does not: a value outside its choices or range
  (`--fail-on nonsense`, `--format xml`, `--step 0`), options that clash (`--gaussian` with
  `--median`), an output in the way (`choose another output`, `add '--force'`), a name that
  is not found. The error line is followed by `See 'hingetool <sub> --help'.` and nothing
  else, so the line that matters stays on screen.

A word outside an option's choices reads the same on every option and argument, one word or
one of a comma-separated list: `--fail-on: 'nonsense' is not one of lead-in, cut, …, hitch;
give one or more, separated by commas.` (with `(in 'cut,nonsense')` when the list holds more,
and `Did you mean '…'?` for a near miss).

Exit statuses are the same for both (64). Errors from the file system name the path and the
system's reason (`cannot create 'out/x': Not a directory`, from `strerror`), never Foundation's
wording.

### One vocabulary

An option name means one thing on every subcommand: the same kind of value (a flag, a number,
a word of a list, a file read or written, a folder, text) and the same placeholder. The test
suite derives this from the command catalogue and fails on a new clash
(`Tests/hingetoolTests/CommandLine/VocabularyTests.swift`); an accepted exception that no longer
clashes fails it too. The accepted exceptions, each with its reason:

| option | meanings | why kept |
|---|---|---|
| `--report` | `spring --report` (a flag: print the report), `film --report DIR` (the folder the HTML report goes to) | both mean "the report" |
| `--truth` | `read --truth` (a flag: add the trace's own ground truth as columns), `score`/`unfold --truth TRACE` (a reference recording) | both mean "the ground truth"; a candidate for a rename |
| `--reduce-motion` | a flag on `poses` and `preview` (one behaviour follows), a policy on `animate` (`off`, and the two ways it reduces) | both mean "Reduce Motion" |
| `--from`, `--to` | an angle `<deg>` on `curve`, a value `<a>`/`<b>` on `spring` | the range's ends, in the command's unit |
| `--width`, `--height` | mm on `fold-render` (the screen), pixels on `synth-film` (the frame) | a size, in the command's unit |

`preview --effect <name>` and `synth --step <degrees>` took the placeholders of `animate`
(`<effect>`) and `curve` (`<deg>`), which the test found.

Effects are always `--effect NAME` (`curve`, `animate`, `preview`); `curve bloom`, the old
positional form, still works for one minor release with a deprecation note. An output option
names one kind of output: `-o` is the command's main output (what standard output would
get), a second kind has its own option (`fold-render --png` for the picture, `--out-dir` for a
set of files, `film --report` for the HTML report); `fold-render -o NAME.png` is refused, since
it would write rows of text into a `.png`.

### Exit statuses

| exit | meaning |
|-----:|---------|
EOF
# Generated from the tool's one table (ExitStatus.table), like the man page's EXIT STATUS.
$tool --list-exit-statuses | while IFS=$'\t' read -r code meaning; do echo "| $code | $meaning |"; done
cat <<'EOF'

### Installing, completions and the man page

`make install` builds a release `hingetool` (the Swift runtime linked in on Linux) and installs
it with its man page and completions under `PREFIX` (default `/usr/local`; `DESTDIR` stages
the tree for a package); `make uninstall` removes exactly those five files:

| file | under PREFIX |
|------|--------------|
| the tool | `bin/hingetool` |
| the man page, a section per subcommand | `share/man/man1/hingetool.1` |
| bash (bash-completion loads it on demand) | `share/bash-completion/completions/hingetool` |
| zsh (a `#compdef` function; add the folder to `fpath` if it is not there) | `share/zsh/site-functions/_hingetool` |
| fish | `share/fish/vendor_completions.d/hingetool.fish` |

`hingetool --generate-completion-script bash|zsh|fish` and `hingetool --generate-manual` print
the same files, for a shell set up by hand: `source <(hingetool --generate-completion-script
bash)`. They complete subcommands, `plot` kinds, options, the words of an option that takes one
of a list, files for traces and `-o`, and folders for `--out-dir`.

The help texts below are generated by `make docs` (`scripts/cli-reference.sh`) and checked
against the tool by the test suite (`Tests/hingetoolTests/Documentation/DocumentationTests.swift`), so they
cannot drift.

EOF
# The subcommands come from the tool itself (HingeTool.subcommands, via a hidden option).
subcommands=$($tool --list-subcommands)
top=$(grep -v ' ' <<<"$subcommands")
for sub in "" $top; do
  if [ -z "$sub" ]; then echo "## hingetool"; else echo "## hingetool $sub"; fi
  echo; echo '```'; $tool $sub --help; echo '```'; echo
  case $sub in
    stats)
      echo 'Example, on the bundled trace:'; echo; echo '```'
      $tool stats Datasets/flat-to-laptop.csv; echo '```'; echo
      cat <<'EOF'
`--format json` prints the same figures as one document, `{"schema", "files": [{…}, …]}`
with one object per trace (one trace too): `file, samples, duration, first_time,
last_time, median_interval, p95_interval, largest_gap, largest_gap_end, quantisation {kind,
step | levels | smallest_change}, angle_min, angle_max, no_hinge_samples, status_counts
{closed, partially_open, fully_open, none}, skipped_rows, skipped_errors`. Times are in
seconds. Percentiles come from a fixed histogram with 0.01 % bins, so `stats` runs in constant
memory on any trace and prints them to four significant digits; every other figure is exact.
The quantisation is `levels` when the trace holds at most four distinct angles, a `step` when
every angle is a whole multiple of the smallest gap between distinct angles, and `continuous`
otherwise (or beyond 4,096 distinct angles).

EOF
      ;;
    synth)
      echo '```'; $tool synth --list; echo '```'; echo
      cat <<'EOF'
The model behind the scenarios is described in [Datasets/README.md](../Datasets/README.md).
Times are written to 1 µs, angles to 0.001°, `true_angle` to 0.0001°, `true_velocity` to
0.001 °/s.

EOF
      ;;
    plot)
      for kind in $(sed -n 's/^plot //p' <<<"$subcommands"); do
        echo "### hingetool plot $kind"; echo; echo '```'; $tool plot $kind --help; echo '```'; echo
      done
      cat <<'EOF'
Titles made from file names pass through a whitelist (letters, digits, spaces and
`_ . , : / + - = ° %`; anything else becomes `_`), so a crafted file name cannot reach
gnuplot's back-quotes, `system()` or `@` macros. `HINGETOOL_GNUPLOT` names the gnuplot to run
(a path that does not exist stands for a machine without gnuplot).

EOF
      ;;
    spring)
      echo 'Example:'; echo; echo '```'; echo '$ hingetool spring --preset bend --report'
      $tool spring --preset bend --report; echo '```'; echo
      cat <<'EOF'
Rows (the default) are `t value velocity` at t = k/rate, k = 0, 1, …, until the settling time
rounded up to a whole frame (one second for an undamped spring), or for `--length` seconds; at
most 10,000,001 rows. `--format csv` writes a `t,value,velocity` header; `--format json` an
object with the spring's parameters and `samples: [[t, value, velocity], …]`. The spring's
forms, validation rules and report definitions are in [springs.md](springs.md).

EOF
      ;;
    animate)
      echo 'Example, the first rows and the last on the bundled trace:'; echo; echo '```'
      echo '$ hingetool animate Datasets/flat-to-laptop.csv --preset bend'
      rows=$($tool animate Datasets/flat-to-laptop.csv --preset bend)
      sed -n 1,6p <<<"$rows"; echo '…'; tail -n 2 <<<"$rows"; echo '```'; echo
      cat <<'EOF'
The animator starts resting on the first angle; every later sample retargets it at its own
time, and a sample without an angle holds the last target. Rows are `t target value velocity`
(seconds, degrees, degrees, degrees per second) at t = t0 + k/rate. Without `--tail` the rows
stop at the first frame, at or after the last sample, where the value has settled (it is then
exactly the target), or 10 s after the last sample for a spring that never settles; at most
10,000,001 rows. `--input position` retargets to the hinge reader's filtered angle
([reading.md](reading.md)); `--effect bloom|lean|unfold` maps each reading through the effect
first ([effects.md](effects.md)). The modes, the settle rule and Reduce Motion are described in
[animator.md](animator.md).

EOF
      ;;
    curve)
      echo 'Example: the bloom curve, exactly (angle − 80) / 90 between 80° and 170°:'; echo; echo '```'
      echo '$ hingetool curve --effect bloom --step 10'; $tool curve --effect bloom --step 10; echo '```'; echo
      cat <<'EOF'
The effects, their defaults and their Reduce Motion behaviour are in [effects.md](effects.md).

EOF
      ;;
    poses)
      echo 'Example, on the fold transitions log:'; echo; echo '```'
      echo '$ hingetool poses Datasets/stages/fold-transitions.csv'
      $tool poses Datasets/stages/fold-transitions.csv; echo '```'; echo
      cat <<'EOF'
The classifier, the animation decision and the posture rules are in [poses.md](poses.md).

EOF
      ;;
    film)
      echo 'Example, on the synthetic blank-frame film:'; echo; echo '```'
      echo '$ hingetool film Datasets/films/blank --events'
      $tool film Datasets/films/blank --events; echo '```'; echo
      cat <<'EOF'
Rows are `t_ms dt_ms rmse` for every frame after the first (`t_ms` the frame's time, `dt_ms`
the time since the frame before, `rmse` ImageMagick's normalised RMSE against it). The event
table (`--events`) follows two blank lines: `start_ms end_ms kind frames peak alphas`, plus
`since_hinge_stop_ms since_hinge_start_ms` with `--hinge` (`-` where there is none), and then
the hinge position every 5 ms (`t_ms angle`). `--format json` holds the rows (with file names and
`changed_tiles`, the tiles of `grid` whose own RMSE reached 0.01: where the frame changed),
every event (with `alphas` for a crossfade and the flat `tiles` of a flash) and the hinge's
stops and starts. Every bad frame exits 65 naming the file. The workflow, the RMSE formula and
the thresholds are in [film.md](film.md).

EOF
      ;;
    synth-film)
      echo '```'; $tool synth-film --list; echo '```'; echo
      cat <<'EOF'
The scenes and their ground truth are described in
[Datasets/films/README.md](../Datasets/films/README.md).

EOF
      ;;
    fold-render)
      cat <<'EOF'
`make plots` renders `Plots/fold-render-0.png`, `-15` and `-30` from this data with
`Plots/fold-render.gp`. `--png FILE` writes the same pixels as a PNG without gnuplot (through
libpng's simplified writer, via FilmAnalysis). A PPM that cannot be read exits 65 with
`file:line:column` in the header or plain (P3) data, `file: byte N` in binary (P6) data. The
model is in [effects.md](effects.md#frosted-glass-fold).

EOF
      ;;
  esac
done
} > "$tmp"
mv "$tmp" "$out"
echo "wrote $out"
