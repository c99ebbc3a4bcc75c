import HingeKit

extension HingeTool {
    /// `hingetool plot trace`.
    struct TracePlot: Subcommand {
        static let spec = Plot.kindSpec(
            "trace", abstract: "The reports of a trace: angle against time.", base: Read.spec)

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            // With --rate the rows are frames between the reports, not the reports themselves.
            let points =
                arguments.isGiven(Keys.rate) ? "frames at \(arguments.spelling(of: Keys.rate) ?? "") Hz" : "reports"
            try Plot.render("trace", base: Read.self, arguments: arguments, context: context) { title in
                """
                set title \(title)
                set xlabel 'time (s)'
                set ylabel 'angle (°)'
                set grid
                \(GnuplotText.keyBelow())
                plot 'trace.dat' using 1:2 with steps linewidth 1 title 'reported angle (held)', \\
                     'trace.dat' using 1:2 with points pointtype 7 pointsize 0.5 title \(GnuplotText.quoted(points))

                """
            }
        }
    }
}
