import HingeKit

extension HingeTool {
    /// `hingetool plot curve`.
    struct CurvePlot: Subcommand {
        static let spec = Plot.kindSpec(
            "curve", abstract: "An effect's value against the hinge angle.", base: Curve.spec)

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let quantity = GnuplotText.quoted(EffectOptions.quantity(of: try Plot.subject(arguments)))
            try Plot.render("curve", base: Curve.self, arguments: arguments, context: context) { title in
                """
                set title \(title)
                set xlabel 'hinge angle (°)'
                set ylabel \(quantity)
                set grid
                \(GnuplotText.keyBelow())
                plot 'curve.dat' using 1:2 with lines linewidth 2 title \(quantity)

                """
            }
        }
    }
}
