import Foundation
import HingeAnalysis
import HingeKit

extension HingeTool {
    /// `hingetool demo [TRACE]`: the main job — read a trace, report on it, animate bloom and
    /// lean with and without Reduce Motion, and write data, scripts and pictures.
    struct Demo: Subcommand {
        static let defaultTrace = "Datasets/flat-to-laptop.csv"
        static let defaultScenario = "flat-to-laptop"
        static let defaultFolder = "Plots/demo"
        static let frameRate = 120.0

        static let spec = CommandSpec(
            name: "demo",
            abstract: "Read a trace, report on it, animate bloom and lean, and plot it all.",
            discussion: """
                Reads TRACE (by default \(defaultTrace) when it exists, otherwise the same trace \
                generated in memory: 'hingetool synth \(defaultScenario) --seed 1' is \
                byte-identical to the file). Prints the trace's statistics, the reading's scores \
                where the trace has ground truth, the springs used and how fast they settle; \
                animates bloom and lean at 120 Hz with and without Reduce Motion; and writes \
                the data, editable gnuplot scripts and (with gnuplot installed) the pictures to \
                --out-dir, named at the end.
                """,
            arguments: [CommandSpec.Argument("trace", help: "A trace CSV, or '-' for standard input.", optional: true)],
            options: [
                outDirOption.defaulting(to: defaultFolder),
                skipBadRowsOption, angleUnitOption, maxRowsOption, maxPointsOption, forceOption,
            ])

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let folder = arguments.declaredValue("out-dir")
            let limits = (rows: try rowLimit(arguments), points: try pointLimit(arguments))
            let (source, samples, summary, truth) = try load(arguments, context: context, rowLimit: limits.rows)
            // The animation's frames (and the scoring grid, with ground truth) are counted
            // before any is computed.
            if let first = samples.first?.time, let last = samples.last?.time {
                try checkGrid(
                    duration: last - first, rate: frameRate, limit: limits.points, file: source,
                    what: "the animation", remedy: "raise it with '--max-points'")
                if truth != nil { try Score.checkScoringGrid(samples, limit: limits.points, file: source) }
            }
            context.progress("demo: read \(samples.count) samples from \(source)\n")

            var statistics = TraceStatistics()
            for sample in samples { statistics.add(sample) }
            var text = "HingeKit demo: \(source)\n\n"
            // The report's header escapes the name itself: given the name as typed, not `source`
            // (already escaped for messages), so a backslash or a Latin-1 byte is escaped once.
            let typed = arguments.positionals.first.map { $0 == "-" ? "<stdin>" : $0 } ?? source
            text += Stats.report(statistics, summary: summary, path: typed)
            if let truth {
                text +=
                    samples.contains { $0.angle != nil }
                    ? "\n" + scores(samples, truth: truth, source: source, context: context)
                    : "\nReading: no sample has a hinge angle, so there is nothing to score.\n"
            }
            let effects = animateEffects(samples)
            Score.warnRefused(effects.refused, path: source, context: context)
            text += "\n" + springs(effects)
            let written = try write(
                effects, truth: truth, into: folder, source: source, force: arguments.has("force"), context: context)
            text += "\nWrote \(written.count) files to \(folder)/:\n"
            for file in written { text += "  \(file)\n" }
            if Gnuplot.executable() == nil {
                text += "gnuplot is not installed, so the pictures were not drawn: install it (make deps) "
                text += "and run 'gnuplot demo-reading.gp demo-effects.gp' in \(folder).\n"
            } else {
                text += "Open \(folder)/demo-effects.png and \(folder)/demo-reading.png.\n"
            }
            context.write(text)
        }

        /// The samples, where they came from, the read summary and the ground truth if any.
        static func load(
            _ arguments: ParsedArguments, context: ToolContext, rowLimit: Int = defaultMaxRows
        ) throws(ToolError) -> (
            String, [HingeSample], TraceReadSummary, GroundTruth?
        ) {
            let options = readOptions(arguments)
            let reader: TraceReader
            let source: String
            if let path = arguments.positionals.first {
                reader = try context.openTrace(path, options: options)
                source = ToolContext.displayName(path)
            } else if let file = try? context.openInput(defaultTrace) {
                reader = TraceReader(source: file, fileName: defaultTrace, options: options)
                source = defaultTrace
            } else {
                // flat-to-laptop is one of SyntheticScenario.all (the demo's tests run without the file).
                // swift-format-ignore: NeverForceUnwrap
                let scenario = SyntheticScenario.named(defaultScenario)!
                reader = TraceReader(
                    bytes: Array(Synth.csv(scenario, seed: 1).utf8), fileName: "<embedded \(defaultScenario)>",
                    options: options)
                source = "embedded \(defaultScenario) (hingetool synth \(defaultScenario) --seed 1)"
            }
            var samples: [HingeSample] = []
            // The demo's report lists the skipped rows.
            try context.readRecords(of: reader, rowLimit: rowLimit, listsSkippedRows: false) {
                (record) throws(ToolError) in
                samples.append(record.sample)
                if samples.count % 1_000_000 == 0 { context.progress("demo: \(samples.count) rows…\r") }
            }
            let truth = Score.synthesisedScenario(reader).map { GroundTruth.synthetic($0.trace) }
            return (source, samples, reader.summary, truth)
        }

        static func scores(_ samples: [HingeSample], truth: GroundTruth, source: String, context: ToolContext) -> String
        {
            let rows = Score.scores(
                samples, truth: truth, configuration: HingeReader.Configuration(), path: source, context: context)
            func row(_ name: String) -> ReadingScore? { rows.first { $0.name == name }?.score }
            guard let ours = row("hingekit"), let lsq2 = row("android-lsq2"), let paper = row("one-euro-paper") else {
                return ""
            }
            func f(_ value: Double, _ places: Int) -> String { DecimalNumber.fixed(value, places: places) }
            var text = "Reading (ground truth from the synthetic scenario; docs/reading.md):\n"
            text += "  velocity RMSE moving   \(f(ours.velocityRMSEMoving, 1)) °/s (Android LSQ2 "
            text += "\(f(lsq2.velocityRMSEMoving, 1)))\n"
            text += "  velocity RMSE at rest  \(f(ours.velocityRMSEResting, 1)) °/s (Android LSQ2 "
            text += "\(f(lsq2.velocityRMSEResting, 1)))\n"
            text +=
                "  position lag           \(f(ours.lag * 1000, 0)) ms (1€ paper defaults \(f(paper.lag * 1000, 0)))\n"
            text += "  snap                   right on \(ours.snapRight) of \(ours.moves) moves, decided "
            text += "\(f((ours.meanLeadTime ?? 0) * 1000, 0)) ms before the hinge stops\n"
            return text
        }

        /// Bloom and lean over the trace at 120 Hz, with and without Reduce Motion, from the first
        /// sample until every animation has settled (at most 3 s after the last sample).
        struct EffectRows {
            var rows: [[Double]] = []
            /// `t angle position velocity snap` from the drivers' own reader, where it has a reading.
            var readings: [[Double]] = []
            var bloomSpring: DampedSpring
            var leanSpring: DampedSpring
            var bloomSettled: Double?
            var leanSettled: Double?
            /// The samples the drivers refused.
            var refused = RefusedSamples()
        }

        static func animateEffects(_ samples: [HingeSample]) -> EffectRows {
            var bloom = EffectDriver(effect: BloomEffect())
            var bloomReduced = EffectDriver(effect: BloomEffect(), reduceMotion: true)
            var lean = EffectDriver(effect: LeanEffect())
            var leanReduced = EffectDriver(effect: LeanEffect(), reduceMotion: true)
            var result = EffectRows(bloomSpring: bloom.spring, leanSpring: lean.spring)
            guard let first = samples.first?.time, let last = samples.last?.time else { return result }
            var next = 0
            var frame = 0
            while true {
                let time = first + Double(frame) / frameRate
                while next < samples.count, samples[next].time <= time {
                    // A refused sample changes nothing and is counted.
                    bloom.ingest(samples[next], noting: &result.refused)
                    bloomReduced.ingest(samples[next], noting: &result.refused)
                    lean.ingest(samples[next], noting: &result.refused)
                    leanReduced.ingest(samples[next], noting: &result.refused)
                    next += 1
                }
                let reading = bloom.reading(at: time)
                let angle = reading?.angle ?? .nan
                if let reading {
                    result.readings.append([time, reading.angle, reading.position, reading.velocity, reading.snap])
                }
                result.rows.append([
                    time, angle, bloom.value(at: time), bloomReduced.value(at: time), lean.value(at: time),
                    leanReduced.value(at: time),
                ])
                if time >= last {
                    if result.bloomSettled == nil, bloom.isSettled(at: time) { result.bloomSettled = time - last }
                    if result.leanSettled == nil, lean.isSettled(at: time) { result.leanSettled = time - last }
                    if (result.bloomSettled != nil && result.leanSettled != nil) || time > last + 3 { break }
                }
                frame += 1
            }
            return result
        }

        static func springs(_ effects: EffectRows) -> String {
            func describe(_ name: String, _ spring: DampedSpring, _ settled: Double?) -> String {
                let report = spring.report()
                func f(_ value: Double, _ places: Int) -> String { DecimalNumber.fixed(value, places: places) }
                var line = "  \(name)".padding(9) + "m \(f(spring.mass, 2)), k \(f(spring.stiffness, 1)), "
                line += "c \(f(spring.damping, 2)) (ζ \(f(spring.dampingRatio, 2))); 0→1 settles in "
                line += "\(f(report.settlingTime * 1000, 0)) ms, overshoot \(f(report.overshoot * 100, 1)) %\n"
                if let settled {
                    line += String(repeating: " ", count: 9) + "on this trace: at rest \(f(settled * 1000, 0)) ms "
                    line += "after the last sample\n"
                }
                return line
            }
            var text = "Springs (Reduce Motion: bloom follows the hinge directly, lean stays upright at 0°):\n"
            text += describe("bloom", effects.bloomSpring, effects.bloomSettled)
            text += describe("lean", effects.leanSpring, effects.leanSettled)
            return text
        }

        /// Writes the data and scripts, renders the pictures, and returns the files written.
        static func write(
            _ effects: EffectRows, truth: GroundTruth?, into folder: String, source: String, force: Bool,
            context: ToolContext
        ) throws(ToolError) -> [String] {
            let names = ["demo-effects.dat", "demo-reading.dat", "demo-effects.gp", "demo-reading.gp"]
            let set = try OutputSet(
                folder: folder, owner: "demo",
                names: names + (Gnuplot.executable() == nil ? [] : ["demo-effects.png", "demo-reading.png"]),
                force: force)
            var effectsData = CommentHeader(
                "demo", summary: "bloom and lean at 120 Hz, without and with Reduce Motion"
            ).text
            effectsData += "# t angle bloom bloom_reduce_motion lean lean_reduce_motion\n"
            // No hinge (no angle) is written '-', which the script reads as missing.
            for row in effects.rows {
                effectsData += row.map { $0.isFinite ? DecimalNumber.shortest($0) : "-" }.joined(separator: " ") + "\n"
            }
            var readingData = CommentHeader("demo", summary: "the hinge reading at 120 Hz").text
            readingData += "# t angle position velocity snap" + (truth == nil ? "\n" : " true_angle\n")
            for row in effects.readings {
                var columns = row
                if let truth { columns.append(truth.state(at: row[0]).angle) }
                readingData += columns.map(DecimalNumber.shortest).joined(separator: " ") + "\n"
            }
            var files: [(String, String)] = [
                ("demo-effects.dat", effectsData), ("demo-reading.dat", readingData),
                (
                    "demo-effects.gp",
                    effects.rows.isEmpty ? emptyScript("demo-effects", source: source) : effectsScript(source)
                ),
                (
                    "demo-reading.gp",
                    effects.readings.isEmpty
                        ? emptyScript("demo-reading", source: source)
                        : readingScript(withTruth: truth != nil, source: source)
                ),
            ]
            for (name, text) in files {
                try set.write(name, text)
                context.progress("demo: wrote \(folder)/\(name)\n")
            }
            if let gnuplot = Gnuplot.executable() {
                for (script, text) in files.filter({ $0.0.hasSuffix(".gp") }) {
                    let picture = script.replacingOccurrences(of: ".gp", with: ".png")
                    _ = try Gnuplot.render(gnuplot, script: text, picture: picture, in: set)
                    files.append((picture, ""))
                    context.progress("demo: drew \(folder)/\(picture)\n")
                }
            }
            try set.finish()
            return files.map(\.0)
        }

        /// A picture for a trace without a single hinge angle: a frame that says so.
        static func emptyScript(_ name: String, source: String) -> String {
            """
            # \(name).gp — written by hingetool demo; edit and re-run with: gnuplot \(name).gp
            set terminal pngcairo size 1000,860 font 'DejaVu Sans,11' noenhanced
            set output '\(name).png'
            set title \(GnuplotText.quoted(Plot.fileName(source)))
            set label 1 'no hinge angle in this trace: nothing to read or animate' at graph 0.5, 0.5 center
            set xrange [0:1]
            set yrange [0:1]
            plot NaN notitle

            """
        }

        static func effectsScript(_ source: String) -> String {
            let title = GnuplotText.quoted(
                "Bloom and lean following the hinge, with and without Reduce Motion: \(Plot.fileName(source))")
            return """
                # demo-effects.gp — written by hingetool demo; edit and re-run with: gnuplot demo-effects.gp
                set terminal pngcairo size 1000,860 font 'DejaVu Sans,11' noenhanced
                set output 'demo-effects.png'
                set multiplot layout 2,1 title \(title)
                set datafile missing '-'
                set grid
                \(GnuplotText.keyBelow())
                set ylabel 'bloom (0…1)'
                set yrange [-0.05:1.1]
                plot 'demo-effects.dat' using 1:3 with lines linewidth 2 title 'bloom (smooth spring)', \\
                     'demo-effects.dat' using 1:4 with lines linewidth 2 dashtype 2 title 'bloom, Reduce Motion (tracks the hinge)'
                set xlabel 'time (s)'
                set ylabel 'lean (°)'
                set yrange [-0.5:8]
                plot 'demo-effects.dat' using 1:5 with lines linewidth 2 title 'lean (soft critically damped spring)', \\
                     'demo-effects.dat' using 1:6 with lines linewidth 2 dashtype 2 title 'lean, Reduce Motion (upright)'
                unset multiplot

                """
        }

        static func readingScript(withTruth: Bool, source: String) -> String {
            let title = GnuplotText.quoted("The hinge read as position, snap and velocity: \(Plot.fileName(source))")
            var text = """
                # demo-reading.gp — written by hingetool demo; edit and re-run with: gnuplot demo-reading.gp
                set terminal pngcairo size 1000,860 font 'DejaVu Sans,11' noenhanced
                set output 'demo-reading.png'
                set multiplot layout 2,1 title \(title)
                set offsets 0, 0, graph 0.05, graph 0.05
                set grid
                \(GnuplotText.keyBelow())
                set ylabel 'angle (°)'
                plot 'demo-reading.dat' using 1:2 with steps linewidth 1 title 'reported angle', \\
                     'demo-reading.dat' using 1:3 with lines linewidth 2 title 'position', \\
                     'demo-reading.dat' using 1:5 with steps linewidth 2 dashtype 2 title 'snap'
                """
            if withTruth {
                text += ", \\\n     'demo-reading.dat' using 1:6 with lines linewidth 1 title 'true angle'"
            }
            text += """

                set xlabel 'time (s)'
                set ylabel 'velocity (°/s)'
                plot 'demo-reading.dat' using 1:4 with lines linewidth 2 title 'velocity'
                unset multiplot

                """
            return text
        }
    }
}
