import HingeKit

extension HingeTool {
    /// `hingetool plot spring`.
    struct SpringPlot: Subcommand {
        static let spec = Plot.kindSpec(
            "spring", abstract: "A spring's value and velocity against time.", base: Spring.spec)

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            guard !arguments.isGiven(Spring.report) else {
                throw .usage("'--report' prints figures, not a curve; leave it out")
            }
            var arguments = arguments
            arguments.values[Spring.format.option.key] = Spring.Format.dat.rawValue
            try Plot.render("spring", base: Spring.self, arguments: arguments, context: context) { title in
                """
                set title \(title)
                set xlabel 'time (s)'
                set ylabel 'value'
                set y2label 'velocity (units/s)'
                set ytics nomirror
                set y2tics
                set grid
                \(GnuplotText.keyBelow())
                plot 'spring.dat' using 1:2 with lines linewidth 2 title 'value', \\
                     'spring.dat' using 1:3 axes x1y2 with lines linewidth 1 title 'velocity'

                """
            }
        }
    }
}
