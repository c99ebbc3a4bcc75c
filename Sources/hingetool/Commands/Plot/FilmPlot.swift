import FilmAnalysis
import Foundation

extension HingeTool {
    /// `hingetool plot film DIR|VIDEO`: the difference over time with the events shaded, the
    /// crossfades' blend α on the right axis, and the hinge angle below it with `--hinge`, its
    /// stops marked in both panels.
    struct FilmPlot: Subcommand {
        static let spec = Plot.kindSpec(
            "film", abstract: "A film's frame differences over time, events shaded; the hinge below with --hinge.",
            base: CommandSpec(
                name: "film", abstract: "",
                arguments: Film.spec.arguments,
                options: Film.spec.options.filter { !filmOnly.contains($0.key) },
                examples: Film.spec.examples))

        /// `film`'s options that `plot film` does not take: it prints the events, and no hitches.
        static let filmOnly: Set<String> = [
            Film.events.option.key, Keys.rowFormat.option.key, Keys.output.option.key,
            FilmHitchOutput.hitches.option.key, FilmHitchOutput.displayRate.option.key,
            FilmHitchOutput.maxHitchRatio.option.key,
        ]

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            var arguments = arguments
            arguments.flags.insert(Film.events.option.key)
            arguments.values[Keys.rowFormat.option.key] = RowWriter.Format.dat.rawValue
            // The hinge's samples, read as `film` reads them (the whole trace, within --max-rows
            // and --max-points) before the film; its stops are placed at the offset `film`
            // reports in its header (the film is not read twice).
            let hinge = try arguments[Film.hinge].map { (trace) throws(ToolError) in
                let samples = try Film.hingeSamples(trace, arguments: arguments, context: context)
                let limit = try pointLimit(arguments)
                _ = try Film.timeline(samples, offset: 0, film: nil, path: trace, pointLimit: limit)
                return (samples: samples, path: trace, limit: limit)
            }
            let dataPath = try Plot.dataPath("film", arguments)
            try Plot.render(
                "film", base: Film.self, arguments: arguments, context: context,
                panels: hinge == nil ? 1 : 2
            ) { title in
                let written = (try? context.readAll(dataPath)).map { String(decoding: $0, as: UTF8.self) } ?? ""
                let offset = Film.reportedOffset(in: written) ?? 0
                let stops = hinge.flatMap {
                    try? Film.timeline($0.samples, offset: offset, film: nil, path: $0.path, pointLimit: $0.limit).stops
                }
                return script(
                    data: "film.dat", title: title, events: FilmEventRows(written), hingeStops: stops, hitches: [])
            }
        }

        /// The colour an event kind is shaded with.
        static func colour(_ kind: FilmEvent.Kind) -> String {
            switch kind {
            case .leadIn: "#000000"
            case .cut: "#d62728"
            case .crossfade: "#1f77b4"
            case .blankFrame: "#9467bd"
            case .placeholderFlash: "#ff7f0e"
            case .lateMotion: "#8c564b"
            case .settle: "#bbbbbb"
            }
        }

        /// The gnuplot commands (after the terminal) for data written by `film --events`:
        /// series 0 the rows, 1 the events, 2 (with a hinge) the hinge angle. The key lists the
        /// kinds that occur, nothing else; a crossfade's α per frame goes on the right axis
        /// (0…1); `hingeStops` (ms, `nil` without a trace) are dashed lines in both panels.
        // Long: one gnuplot script, written in the order gnuplot reads it.
        /// `hitches` (`film --hitches`, the report): each hitch's start and time (ms), drawn as a
        /// red bar from the held frame's time for as long as it stayed beyond the period.
        static func script(
            data: String, title: String, events: FilmEventRows, hingeStops: [Int]?,
            hitches: [FilmHitches.Hitch] = []
        ) -> String {
            let hinge = hingeStops != nil
            let stopped = hingeStops?.isEmpty == false
            var text = preamble(data: data, events: events, hingeStops: hingeStops)
            if !hitches.isEmpty {
                text +=
                    "# Each hitch: the held frame's time and how long it stayed beyond the period, ms.\n$hitch << EOD\n"
                text += hitches.map { "\($0.start) \($0.time)\n" }.joined() + "EOD\n"
            }
            text += layout(data: data, title: title, hinge: hinge, alphas: !events.alphas.isEmpty)
            var plotted = series(data: data, events: events, stopped: stopped)
            if !hitches.isEmpty {
                plotted.append(
                    "$hitch using 1:(top * 0.97):2:(0) with vectors nohead linewidth 6 linecolor '#e00000' "
                        + "title 'hitch (from the held frame, for its time beyond the period)'")
                plotted.append(
                    "$hitch using 1:(0):(0):(top) with vectors nohead dashtype 3 linewidth 1 linecolor '#e00000' notitle"
                )
            }
            text += "plot " + plotted.joined(separator: ", \\\n     ") + "\n"
            if hinge { text += hingePanel(data: data, stopped: stopped) }
            return text
        }

        /// The data ranges, and the crossfade α and hinge stops as inline data blocks.
        private static func preamble(data: String, events: FilmEventRows, hingeStops: [Int]?) -> String {
            var text = """
                set datafile missing '-'
                stats '\(data)' index 0 using 1 nooutput
                left = STATS_min - 50
                right = STATS_max + 50
                stats '\(data)' index 0 using 3 nooutput
                top = STATS_max > 0 ? STATS_max * 1.15 : 1

                """
            if !events.alphas.isEmpty {
                // A blank line between crossfades: gnuplot draws each as its own line, not one
                // line joining fades seconds apart.
                text += "# The blend α of each crossfade frame (film --format json has them too).\n$alpha << EOD\n"
                text += events.fades.map { $0.map { "\($0.time) \($0.alpha)\n" }.joined() }.joined(separator: "\n")
                text += "EOD\n"
            }
            if let hingeStops, !hingeStops.isEmpty {
                text += "# When the hinge came to rest (HingeReader's isResting), ms.\n$stops << EOD\n"
                text += hingeStops.map { "\($0)\n" }.joined() + "EOD\n"
            }
            return text
        }

        /// One panel, or the upper of two with a hinge; the axes of the differences panel.
        private static func layout(data: String, title: String, hinge: Bool, alphas: Bool) -> String {
            var text = ""
            if hinge {
                text += """
                    stats '\(data)' index 2 using 1 nooutput
                    left = STATS_min < left ? STATS_min : left
                    right = STATS_max > right ? STATS_max : right
                    set multiplot layout 2,1 title \(title)
                    set lmargin 10
                    set rmargin 10
                    unset title

                    """
            } else {
                text += "set title \(title)\nset xlabel 'time (ms)'\n"
            }
            text += """
                set xrange [left:right]
                set yrange [0:top]
                set grid
                set ylabel 'RMSE to the previous frame'
                \(GnuplotText.keyBelow(rows: 2))
                set style fill transparent solid 0.25 noborder

                """
            if alphas {
                text += "set y2range [0:1.15]\nset y2tics 0, 0.2, 1\nset ytics nomirror\nset y2label 'crossfade α'\n"
            }
            return text
        }

        /// The differences panel's series: a shaded box per kind that occurs, the differences,
        /// the crossfade α and the hinge stops.
        private static func series(data: String, events: FilmEventRows, stopped: Bool) -> [String] {
            var series = FilmEvent.Kind.allCases.filter(events.kinds.contains).map { kind in
                "'\(data)' index 1 using 1:(0):1:($2 + 6):(0):(strcol(3) eq '\(kind.rawValue)' ? top : 0) "
                    + "with boxxyerror linecolor rgb '\(colour(kind))' "
                    + "title '\(kind.rawValue.replacingOccurrences(of: "-", with: " "))'"
            }
            series += [
                "'\(data)' index 0 using 1:3 with impulses linewidth 2 linecolor 'black' title 'difference'",
                "'\(data)' index 0 using 1:3 with points pointtype 7 pointsize 0.5 linecolor 'black' notitle",
            ]
            if !events.alphas.isEmpty {
                series.append(
                    "$alpha using 1:2 axes x1y2 with linespoints pointtype 6 linewidth 1.5 linecolor '#1f77b4' "
                        + "title 'crossfade α (right axis)'")
            }
            if stopped {
                series.append(
                    "$stops using 1:(0):(0):(top) with vectors nohead dashtype 2 linewidth 1.5 linecolor '#2ca02c' "
                        + "title 'hinge stopped'")
            }
            return series
        }

        /// The lower panel: the hinge angle, with its stops.
        private static func hingePanel(data: String, stopped: Bool) -> String {
            var text = ""
            text += """
                unset y2tics
                unset y2label
                set ytics mirror
                set xlabel 'time (ms)'
                set ylabel 'hinge angle (°)'
                set yrange [*:*]
                stats '\(data)' index 2 using 2 nooutput
                low = STATS_min - 5
                high = STATS_max + 5
                set yrange [low:high]
                plot '\(data)' index 2 using 1:2 with lines linewidth 2 linecolor '#2ca02c' title 'hinge (position)'
                """
            text +=
                stopped
                ? """
                , \\
                     $stops using 1:(low):(0):(high - low) with vectors nohead dashtype 2 linewidth 1.5 \\
                     linecolor '#2ca02c' title 'hinge stopped'

                """ : "\n"
            text += "unset multiplot\n"
            return text
        }
    }

    /// What a plot of a film needs from the events `film --events` wrote: the kinds that occur,
    /// and each crossfade frame's time and blend α (the event's alphas belong, in order, to
    /// the rows from its start to its end), crossfade by crossfade.
    struct FilmEventRows {
        var kinds: Set<FilmEvent.Kind> = []
        var fades: [[(time: Int, alpha: String)]] = []
        /// Every crossfade frame's time and α, in film order.
        var alphas: [(time: Int, alpha: String)] { fades.flatMap { $0 } }

        /// Reads the text `film --events` writes: the rows (`t_ms dt_ms rmse`), two blank lines,
        /// then the events (`start_ms end_ms kind frames peak alphas …`).
        init(_ text: String) {
            var times: [Int] = []
            var crossfades: [(start: Int, end: Int, alphas: [Substring])] = []
            // Sections are gnuplot's indices: two blank lines end one.
            var section = 0
            var blankLines = 0
            for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
                if line.isEmpty {
                    blankLines += 1
                    continue
                }
                if blankLines >= 2 { section += 1 }
                blankLines = 0
                guard !line.hasPrefix("#") else { continue }
                let fields = line.split(separator: " ")
                if section == 0, let time = fields.first.flatMap({ Int($0) }) {
                    times.append(time)
                } else if section == 1, fields.count >= 6, let kind = FilmEvent.Kind(rawValue: String(fields[2])) {
                    kinds.insert(kind)
                    if kind == .crossfade, let start = Int(fields[0]), let end = Int(fields[1]) {
                        crossfades.append((start, end, fields[5].split(separator: ",")))
                    }
                }
            }
            for fade in crossfades {
                let frames = times.filter { $0 >= fade.start && $0 <= fade.end }
                let points = zip(frames, fade.alphas).map { (time: $0, alpha: String($1)) }
                if !points.isEmpty { fades.append(points) }
            }
        }
    }
}
