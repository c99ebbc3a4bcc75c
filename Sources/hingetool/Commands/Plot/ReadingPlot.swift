import HingeKit

extension HingeTool {
    /// `hingetool plot reading`.
    struct ReadingPlot: Subcommand {
        static let spec = Plot.kindSpec(
            "reading", abstract: "The reader's position, snap and velocity over a trace.", base: Read.spec)

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            var arguments = arguments
            if arguments.value("rate") == nil { arguments.values["rate"] = "120" }
            let position = GnuplotText.quoted("position: \(positionName(arguments.value("position")))")
            let velocity = GnuplotText.quoted("velocity: \(velocityName(arguments.value("velocity")))")
            try Plot.render("reading", base: Read.self, arguments: arguments, context: context, panels: 2) {
                title in
                """
                set multiplot layout 2,1 title \(title)
                set grid
                \(GnuplotText.keyBelow())
                set ylabel 'angle (°)'
                plot 'reading.dat' using 1:2 with steps linewidth 1 title 'reported angle', \\
                     'reading.dat' using 1:3 with lines linewidth 2 title \(position), \\
                     'reading.dat' using 1:6 with steps linewidth 2 dashtype 2 title 'snap (detent)'
                set xlabel 'time (s)'
                set ylabel 'velocity (°/s)'
                plot 'reading.dat' using 1:4 with lines linewidth 2 title \(velocity)
                unset multiplot

                """
            }
        }

        /// The legend's name of a `--position` value.
        static func positionName(_ value: String?) -> String {
            switch value {
            case "raw": "raw angle"
            case "one-euro-classic": "1€, classic"
            default: "1€, on-change"
            }
        }

        /// The legend's name of a `--velocity` value.
        static func velocityName(_ value: String?) -> String {
            switch value {
            case "lsq": "least squares"
            case "lsq2-android": "Android LSQ2"
            case "difference": "finite difference"
            default: "Kalman filter"
            }
        }
    }
}
