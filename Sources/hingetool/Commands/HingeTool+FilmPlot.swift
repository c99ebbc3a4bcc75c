import Foundation

extension HingeTool {
    /// `hingetool plot film DIR|VIDEO`: the difference over time with the events shaded, and
    /// the hinge angle below it with `--hinge`.
    struct FilmPlot: Subcommand {
        static let spec = Plot.kindSpec(
            "film", abstract: "A film's frame differences over time, events shaded; the hinge below with --hinge.",
            base: CommandSpec(
                name: "film", abstract: "",
                arguments: Film.spec.arguments,
                options: Film.spec.options.filter { !["events", "format", "output"].contains($0.key) }))

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolFailure) {
            var arguments = arguments
            arguments.flags.insert("events")
            arguments.values["format"] = "text"
            let hinge = arguments.has("hinge")
            try Plot.render("film", base: Film.self, arguments: arguments, context: context) { title in
                script(data: "film.dat", title: title, hinge: hinge)
            }
        }

        /// The gnuplot commands (after the terminal) for data written by `film --events`:
        /// series 0 the rows, 1 the events, 2 (with a hinge) the hinge angle.
        static func script(data: String, title: String, hinge: Bool) -> String {
            var text = """
                set datafile missing '-'
                kind(s) = s eq 'cut' ? 1 : s eq 'crossfade' ? 2 : s eq 'blank-frame' ? 3 : \\
                    s eq 'placeholder-flash' ? 4 : s eq 'late-motion' ? 5 : 6
                colour(k) = word("#d62728 #1f77b4 #9467bd #ff7f0e #8c564b #bbbbbb", k)
                stats '\(data)' index 0 using 1 nooutput
                left = STATS_min - 50
                right = STATS_max + 50
                stats '\(data)' index 0 using 3 nooutput
                top = STATS_max > 0 ? STATS_max * 1.15 : 1

                """
            if hinge {
                text += """
                    stats '\(data)' index 2 using 1 nooutput
                    left = STATS_min < left ? STATS_min : left
                    right = STATS_max > right ? STATS_max : right
                    set multiplot layout 2,1 title \(title)
                    set lmargin 10
                    unset title

                    """
            } else {
                text += "set title \(title)\n"
            }
            text += """
                set xrange [left:right]
                set yrange [0:top]
                set grid
                set ylabel 'RMSE to the previous frame'
                set key top left box opaque
                set style fill transparent solid 0.25 noborder
                plot for [k=1:6] '\(data)' index 1 using 1:(0):1:($2 + 6):(0):(kind(strcol(3)) == k ? top : 0) \\
                         with boxxyerror linecolor rgb colour(k) \\
                         title (k == 1 ? 'cut' : k == 2 ? 'crossfade' : k == 3 ? 'blank frame' : \\
                                k == 4 ? 'placeholder flash' : k == 5 ? 'late motion' : 'settle'), \\
                     '\(data)' index 0 using 1:3 with impulses linewidth 2 linecolor 'black' title 'difference', \\
                     '\(data)' index 0 using 1:3 with points pointtype 7 pointsize 0.5 linecolor 'black' notitle

                """
            if hinge {
                text += """
                    set xlabel 'time (ms)'
                    set ylabel 'hinge angle (°)'
                    set yrange [*:*]
                    plot '\(data)' index 2 using 1:2 with lines linewidth 2 linecolor '#2ca02c' title 'hinge (position)'
                    unset multiplot

                    """
            } else {
                text = text.replacingOccurrences(
                    of: "set ylabel 'RMSE", with: "set xlabel 'time (ms)'\nset ylabel 'RMSE")
            }
            return text
        }
    }
}
