import HingeKit

extension HingeTool {
    /// `hingetool plot animate`.
    struct AnimatePlot: Subcommand {
        static let spec = Plot.kindSpec(
            "animate", abstract: "A spring chasing a trace: targets and the animated value.", base: Animate.spec)

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let quantity = GnuplotText.quoted(EffectOptions.quantity(of: try arguments[Animate.effect]))
            try Plot.render("animate", base: Animate.self, arguments: arguments, context: context) { title in
                """
                set title \(title)
                set xlabel 'time (s)'
                set ylabel \(quantity)
                set grid
                \(GnuplotText.keyBelow())
                plot 'animate.dat' using 1:2 with steps linewidth 1 title 'target', \\
                     'animate.dat' using 1:3 with lines linewidth 2 title 'animated value'

                """
            }
        }
    }
}
