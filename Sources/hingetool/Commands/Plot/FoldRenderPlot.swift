import HingeKit

extension HingeTool {
    /// `hingetool plot fold-render`.
    struct FoldRenderPlot: Subcommand {
        static let spec = Plot.kindSpec(
            "fold-render", abstract: "The frosted-glass fold rendered at a tilt.", base: FoldRender.spec)

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let tilt = GnuplotText.quoted("fold-render: tilt \(arguments.spelling(of: FoldRender.tilt) ?? "") degrees")
            try Plot.render("fold-render", base: FoldRender.self, arguments: arguments, context: context) { _ in
                """
                set title \(tilt)
                set xlabel 'x on the glass (mm)'
                set ylabel 'y on the glass (mm)'
                set size ratio -1
                unset key
                # The image fills the frame (no margins, no range rounded out to the next tick), and
                # the x ticks are 4–10 to the width, so a narrow glass's labels do not run together.
                set offsets 0, 0, 0, 0
                set autoscale fix
                set tics out
                stats 'fold-render.dat' using 1 nooutput
                quarter = (STATS_max - STATS_min) / 4
                magnitude = 10 ** floor(log10(quarter))
                step = (quarter / magnitude >= 5 ? 5 : quarter / magnitude >= 2 ? 2 : 1) * magnitude
                set xtics step
                plot 'fold-render.dat' using 1:2:3:4:5 with rgbimage

                """
            }
        }
    }
}
