import HingeKit

extension HingeTool {
    /// `hingetool plot fold-render`.
    struct FoldRenderPlot: Subcommand {
        static let spec = Plot.kindSpec(
            "fold-render", abstract: "The frosted-glass fold rendered at a tilt.", base: FoldRender.spec)

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let tilt = GnuplotText.quoted("fold-render: tilt \(arguments.value("tilt") ?? "") degrees")
            try Plot.render("fold-render", base: FoldRender.self, arguments: arguments, context: context) { _ in
                """
                set title \(tilt)
                set xlabel 'x on the glass (mm)'
                set ylabel 'y on the glass (mm)'
                set size ratio -1
                unset key
                plot 'fold-render.dat' using 1:2:3:4:5 with rgbimage

                """
            }
        }
    }
}
