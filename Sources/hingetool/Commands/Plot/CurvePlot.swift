import HingeKit

extension HingeTool {
    /// `hingetool plot curve`.
    struct CurvePlot: Subcommand {
        static let spec = Plot.kindSpec(
            "curve", abstract: "An effect's value against the hinge angle.", base: Curve.spec)

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            try Plot.render("curve", base: Curve.self, arguments: arguments, context: context) { title in
                """
                set title \(title)
                set xlabel 'hinge angle (°)'
                set ylabel 'effect value'
                set grid
                set key bottom right box opaque
                plot 'curve.dat' using 1:2 with lines linewidth 2 title 'effect value'

                """
            }
        }
    }
}
