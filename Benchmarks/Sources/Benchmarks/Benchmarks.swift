#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// `make bench`: the library's online cost per call (with heap allocations counted), the
/// closed-form spring against the GSL oracle, and hingetool on big traces beside a pandas
/// pipeline. Prints a table, writes `Benchmarks/results.json`, and exits 1 when a call
/// allocates after warm-up (a bug); a figure that misses its time or memory target is marked
/// MISSED in the table and the JSON, and docs/performance.md says by how much and why.
///
/// Options: `--tool PATH` (the release hingetool), `--peer PATH` (the pandas script, or `none`
/// to leave it out), `--work DIR` (scratch space for the big traces and frames), `--data DIR`
/// (the frozen inputs, `Benchmarks/data`), `--results PATH`, `--runs N` (timed runs per figure,
/// at least 5), `--rows N` and `--big-rows N` (trace sizes; 0 skips), `--film-peer PATH` (the
/// compare loop), `--film-frames N` (frames of the film case; 0 skips), `--video-seconds N`
/// (length of the film-from-a-video case; 0 skips), `--only micro` (the per-call cases alone; `--only ID`, one of them, for a profiler;
/// `--only import.spaces`, `import.section` or `import.logcat`, one import case with its budget;
/// with `--results`, its figure written there; `--only film.video`, `film VIDEO` and ffmpeg's
/// raw decode alone in paired runs on a video of `--video-seconds`, nothing else)
/// and `--commit TEXT` (recorded with the run).
///
/// Every input is a frozen file or made from one (``FrozenInputs``), never by the library under
/// test, so `make bench-compare` can build this harness against another commit's library and
/// time the same work; results.json lists each input with its SHA-256.
///
/// `Benchmarks/results.json` is the one source of every published figure (scripts/figures.sh
/// writes the tables in README.md and docs/performance.md from it), so it only ever holds a
/// whole run: a run that skips a case writes `WORK/results-partial.json` instead, unless
/// `--results` names a file.
@main
struct Benchmarks {
    static func main() {
        var options = [
            "tool": ".build/release/hingetool", "peer": "Benchmarks/peers/pandas_pipeline.py",
            "work": ".build/bench", "results": "Benchmarks/results.json", "runs": "5", "rows": "1000000",
            "big-rows": "10000000", "film-peer": "Benchmarks/peers/compare_loop.sh", "film-frames": "60",
            "video-seconds": "10", "commit": "", "data": "Benchmarks/data", "only": "",
        ]
        var resultsGiven = false
        var arguments = CommandLine.arguments.dropFirst()
        while let key = arguments.popFirst() {
            guard key.hasPrefix("--"), options[String(key.dropFirst(2))] != nil, let value = arguments.popFirst() else {
                fail("unknown option or missing value: \(key)")
            }
            options[String(key.dropFirst(2))] = value
            if key == "--results" { resultsGiven = true }
        }
        guard let runs = Int(options["runs"]!), runs >= 5, let rows = Int(options["rows"]!),
            let bigRows = Int(options["big-rows"]!)
        else { fail("--runs must be at least 5; --rows and --big-rows whole numbers") }
        mkdir(options["work"]!, 0o755)
        FrozenInputs.folder = options["data"]!
        // `--only micro` runs the per-call cases alone (what `make bench-compare` times by default).
        let microOnly = options["only"]! == "micro"
        let frameCount = Int(options["film-frames"]!) ?? 0
        let videoSeconds = Int(options["video-seconds"]!) ?? 0
        let whole = rows > 0 && bigRows > 0 && frameCount > 1 && videoSeconds > 0
        let results = whole || resultsGiven ? options["results"]! : options["work"]! + "/results-partial.json"
        let run = RunRecord(commit: options["commit"]!)

        var figures: [Figure] = []
        var budgetChecks: [Figure] = []
        var checksum = 0.0
        do {
            let only = options["only"]!
            for online in OnlineCases.all + StandInCases.all where microOnly || only.isEmpty || only == online.id {
                let (figure, sum) = online.run(runs)
                checksum += sum
                show(figure)
                figures.append(figure)
            }
            if ImportCases.budgets.contains(where: { $0.id == only }) {
                // One import case alone (`--only import.spaces`), its budget checked.
                let cases = ImportCases(tool: options["tool"]!, work: options["work"]!, runs: runs)
                let figures = try cases.run([only])
                figures.forEach(show)
                // Written only when asked for (`make bench-compare CASES=import` compares them).
                // A missed budget is shown either way; it fails the run only when nothing is written.
                if resultsGiven { write(figures, run: run.ended(), to: results) }
                exit(resultsGiven || figures.allSatisfy(\.meetsTarget) ? 0 : 1)
            }
            if only == "film.video" {
                // `film VIDEO` against ffmpeg's raw decode alone, paired runs, without the PNG
                // route and the long film (what `make bench-compare CASES=film` times).
                let video = FilmVideoCase(
                    tool: options["tool"]!, work: options["work"]!, runs: runs, seconds: max(1, videoSeconds))
                let figures = try video.timings()
                figures.forEach(show)
                write(figures, run: run.ended(), to: results)
                exit(0)
            }
            if !only.isEmpty && !microOnly {
                // One per-call case alone (`--only reader.ingest`), for a profiler.
                print("(checksum \(checksum))")
                exit(0)
            }
            for figure in try SpringOracleCase.run(runs: runs) {
                show(figure)
                figures.append(figure)
            }
            if microOnly {
                print("(checksum \(checksum))")
                write(figures, run: run.ended(), to: results)
                exit(0)
            }
            let tool = ToolCases(tool: options["tool"]!, peer: options["peer"]!, work: options["work"]!, runs: runs)
            if rows > 0 {
                for figure in try tool.oneMillion(rows: rows) {
                    show(figure)
                    figures.append(figure)
                }
            }
            if rows > 0 {
                // Budget checks, not quoted figures: shown and held to their budgets, kept out of
                // results.json (whose every figure a document quotes).
                for figure in try ImportCases(tool: options["tool"]!, work: options["work"]!, runs: runs).run() {
                    show(figure)
                    budgetChecks.append(figure)
                }
            }
            if bigRows > 0 {
                for figure in try tool.tenMillion(rows: bigRows) {
                    show(figure)
                    figures.append(figure)
                }
            }
            if frameCount > 1 {
                let film = FilmCase(
                    tool: options["tool"]!, peer: options["film-peer"]!, work: options["work"]!, runs: runs,
                    frameCount: frameCount)
                for figure in try film.run() {
                    show(figure)
                    figures.append(figure)
                }
            }
            if videoSeconds > 0 {
                let video = FilmVideoCase(
                    tool: options["tool"]!, work: options["work"]!, runs: runs, seconds: videoSeconds)
                for figure in try video.run() {
                    show(figure)
                    figures.append(figure)
                }
            }
        } catch {
            fail("\(error)")
        }
        print("(checksum \(checksum))")
        write(figures, run: run.ended(), to: results)
        print("wrote \(results)\(whole ? "" : " (a partial run: Benchmarks/results.json is left as it is)")")
        let allocating = figures.filter { ($0.allocationsPerCall ?? 0) > 0 }
        let missed = (figures + budgetChecks).filter { !$0.meetsTarget }
        for figure in allocating {
            print("FAIL: \(figure.name) allocates \(figure.allocationsPerCall!) times per call")
        }
        for figure in missed {
            print("MISSED: \(figure.name): \(format(figure.median)) \(figure.unit), target \(format(figure.target!))")
        }
        exit(allocating.isEmpty ? 0 : 1)
    }

    static func fail(_ message: String) -> Never {
        print("Benchmarks: \(message)")
        exit(2)
    }

    static func show(_ figure: Figure) {
        var line = figure.name.padding(62) + (format(figure.median) + " " + figure.unit).padding(18)
        line += "min " + format(figure.min) + ", max " + format(figure.max) + ", \(figure.runs) runs"
        if let ratio = figure.peerRatio { line += "; ratio \(format(ratio))×" }
        if let allocations = figure.allocationsPerCall { line += "; \(format(allocations)) allocations/call" }
        if let target = figure.target {
            line +=
                "; target \(figure.targetIsUpperBound ? "≤" : "≥") \(format(target)) \(figure.meetsTarget ? "met" : "MISSED")"
        }
        if !figure.note.isEmpty { line += " (\(figure.note))" }
        print(line)
        fflush(nil)
    }

    /// Three significant digits, enough for figures that vary by a few per cent between runs.
    static func format(_ value: Double) -> String {
        guard value.isFinite, value != 0 else { return "\(value)" }
        let digits = max(0, 2 - Int(log10(abs(value)).rounded(.down)))
        let scale = pow(10, Double(digits))
        let rounded = (value * scale).rounded() / scale
        let text = "\(rounded)"
        return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
    }

    static func write(_ figures: [Figure], run: RunRecord, to path: String) {
        func number(_ value: Double?) -> String { value.map { $0.isFinite ? "\($0)" : "null" } ?? "null" }
        func string(_ text: String) -> String {
            "\"" + text.replacing("\\", with: "\\\\").replacing("\"", with: "\\\"") + "\""
        }
        var text = "{\n  \"schema\": 1,\n"
        text += "  \"run\": {\"started\": \(string(run.started)), \"finished\": \(string(run.finished)), "
        text += "\"commit\": \(string(run.commit)), \"cores\": \(run.cores), "
        text += "\"load_average_start\": \(number(run.loadAtStart)), \"load_average_end\": \(number(run.loadAtEnd))},\n"
        text += "  \"inputs\": [\n"
        for (index, input) in FrozenInputs.used.enumerated() {
            text += "    {\"path\": \(string(input.path)), \"sha256\": \(string(input.sha256))}"
            text += index + 1 < FrozenInputs.used.count ? ",\n" : "\n"
        }
        text += "  ],\n"
        text += "  \"figures\": [\n"
        for (index, figure) in figures.enumerated() {
            text +=
                "    {\"id\": \(string(figure.id)), \"name\": \(string(figure.name)), \"unit\": \(string(figure.unit)), "
            text += "\"median\": \(number(figure.median)), \"min\": \(number(figure.min)), "
            text += "\"max\": \(number(figure.max)), \"runs\": \(figure.runs), "
            text += "\"peer_ratio\": \(number(figure.peerRatio)), "
            text += "\"allocations_per_call\": \(number(figure.allocationsPerCall)), "
            text += "\"target\": \(number(figure.target)), \"meets_target\": \(figure.meetsTarget), "
            text += "\"note\": \(string(figure.note))}"
            text += index + 1 < figures.count ? ",\n" : "\n"
        }
        text += "  ]\n}\n"
        guard let file = fopen(path, "w") else { fail("cannot write \(path)") }
        fputs(text, file)
        fclose(file)
    }
}

extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(1, width - count)) }
}
