import HingeKit

extension HingeTool {
    /// `hingetool plot reading`.
    struct ReadingPlot: Subcommand {
        static let spec = Plot.kindSpec(
            "reading", abstract: "The reader's position, snap and velocity over a trace.", base: Read.spec,
            defaults: ["rate": displayRate])

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            // gnuplot's column numbers, from the one column list `read` writes.
            let (t, angle, position, velocity, snap) = (
                Read.column("t"), Read.column("angle"), Read.column("position"), Read.column("velocity"),
                Read.column("snap")
            )
            let (positionChoice, velocityChoice) = (
                try arguments[ReadOptions.position], try arguments[ReadOptions.velocity]
            )
            let positionTitle = GnuplotText.quoted("position: \(positionChoice.legend)")
            let velocityTitle = GnuplotText.quoted("velocity: \(velocityChoice.legend)")
            try Plot.render("reading", base: Read.self, arguments: arguments, context: context, panels: 2) {
                title in
                """
                set multiplot layout 2,1 title \(title)
                set grid
                \(GnuplotText.keyBelow())
                set ylabel 'angle (°)'
                plot 'reading.dat' using \(t):\(angle) with steps linewidth 1 title 'reported angle', \\
                     'reading.dat' using \(t):\(position) with lines linewidth 2 title \(positionTitle), \\
                     'reading.dat' using \(t):\(snap) with steps linewidth 2 dashtype 2 title 'snap (detent)'
                set xlabel 'time (s)'
                set ylabel 'velocity (°/s)'
                plot 'reading.dat' using \(t):\(velocity) with lines linewidth 2 title \(velocityTitle)
                unset multiplot

                """
            }
        }
    }
}
