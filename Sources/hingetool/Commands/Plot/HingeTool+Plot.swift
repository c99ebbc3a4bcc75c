import Foundation
import HingeKit
internal import HingeSupport

extension HingeTool {
    /// `hingetool plot KIND …`: the data, an editable gnuplot script, and the picture.
    struct Plot: Subcommand {
        static let spec = CommandSpec(
            name: "plot",
            abstract: "Write a plot's data, an editable gnuplot script and the rendered image.",
            discussion: """
                Each kind takes the inputs and options of the subcommand it plots and writes \
                KIND.dat, KIND.gp and (when gnuplot is installed) KIND.png or KIND.svg into \
                --out. Re-run the script with plain 'gnuplot KIND.gp' after editing it. \
                '--terminal dumb' draws the plot as text in the terminal. Without gnuplot the \
                data and script are still written, and the message says how to install it.
                """,
            subcommands: kinds.map { $0.spec })

        static var subcommands: [any Subcommand.Type] { kinds }
        static var kinds: [any Subcommand.Type] {
            [
                TracePlot.self, ReadingPlot.self, SpringPlot.self, AnimatePlot.self, CurvePlot.self,
                FoldRenderPlot.self, FilmPlot.self,
            ]
        }

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {}

        static let options: [CommandSpec.Option] = [
            CommandSpec.Option(
                ["--out"], value: "dir", help: "The folder to write into (created if missing).", default: "."),
            CommandSpec.Option(
                ["--terminal"], value: "terminal", help: "The picture's format.", default: "png",
                allowed: ["png", "svg", "dumb"]),
            forceOption,
        ]

        /// The spec of a plot kind: the plotted command's arguments and options, without its
        /// `-o` (the files are named after the kind), plus the plot options.
        static func kindSpec(_ name: String, abstract: String, base: CommandSpec) -> CommandSpec {
            CommandSpec(
                name: name, abstract: abstract, arguments: base.arguments,
                options: base.options.filter { $0.key != "output" } + options)
        }

        /// Runs `base` on the parsed arguments, streams its output into KIND.dat, writes the
        /// script, and renders it when gnuplot is present.
        ///
        /// The three files are an ``OutputSet``: never one of the inputs (exit 64 before
        /// anything is written), never a file of the folder the tool did not write (unless
        /// `--force`), never through a link. The data
        /// goes straight to a temporary file beside KIND.dat (bounded memory, whatever the
        /// size); the picture is drawn into a temporary file and renamed over KIND.png only
        /// when gnuplot succeeds, so a failed run keeps the previous picture. A plot without
        /// a single data row (a trace with no hinge angle) is drawn as an empty frame that
        /// says so, not refused. `panels` is how many plots the script stacks (the picture grows
        /// taller with them).
        // Long: the steps share the folder, kind and terminal, and read best in order.
        static func render(
            _ kind: String, base: any Subcommand.Type, arguments: ParsedArguments, context: ToolContext,
            panels: Int = 1, script: (_ title: String) -> String
        ) throws(ToolError) {
            let folder = arguments.declaredValue("out")
            let terminal = arguments.declaredValue("terminal")
            let picture = terminal == "dumb" ? nil : "\(kind).\(terminal)"
            let outputs = ["\(kind).dat", "\(kind).gp"] + (picture.map { [$0] } ?? [])
            let set = try OutputSet(
                folder: folder, owner: "plot-\(kind)", command: "plot \(kind)", names: outputs,
                force: arguments.has("force"))
            let data = try set.open("\(kind).dat")
            var rows = DataRowCounter()
            var writeFailure: ToolError?
            let capture = ToolContext(
                write: { text in
                    var text = text
                    text.withUTF8 { bytes in
                        rows.count(bytes)
                        if writeFailure == nil, !data.write(bytes) {
                            writeFailure = .failure(
                                "cannot write '\(folder)/\(kind).dat': \(String(cString: strerror(errno)))")
                        }
                    }
                }, writeError: context.writeError, openStandardInput: context.openStandardInput)
            try base.run(arguments, context: capture)
            if let writeFailure { throw writeFailure }
            try data.commit()
            let title = GnuplotText.quoted(
                arguments.positionals.first.map { "\(kind): \(fileName($0))" } ?? plotTitle(kind, arguments))
            var text = "# \(kind).gp — written by hingetool plot \(kind); edit and re-run with: gnuplot \(kind).gp\n"
            // Panels stacked one above the other get 60 % of the first one's height each.
            let height = 600 + (panels - 1) * 360
            switch terminal {
            case "dumb": text += "set terminal dumb size 100,\(32 + (panels - 1) * 20)\n"
            case "svg": text += "set terminal svg size 1000,\(height) dynamic\nset output '\(kind).svg'\n"
            default:
                text += "set terminal pngcairo size 1000,\(height) font 'DejaVu Sans,11'\nset output '\(kind).png'\n"
            }
            text += GnuplotText.literal
            // Lines that run along 0 or the top of the range (bloom 0 and 1, a hinge at 0° or
            // 180°) would hide in the frame: a margin of 5 % above and below.
            text += "set offsets 0, 0, graph 0.05, graph 0.05\n"
            text += rows.rows > 0 ? script(title) : emptyScript(title, kind: kind)
            try set.write("\(kind).gp", text)
            var written = ["\(folder)/\(kind).dat", "\(folder)/\(kind).gp"]
            guard let gnuplot = Gnuplot.executable() else {
                try set.finish()
                context.write("wrote \(written.joined(separator: ", "))\n")
                context.writeError(
                    "note: gnuplot is not installed, so no picture was drawn. Install it (make deps, "
                        + "apt-get install gnuplot-nox, or brew install gnuplot) and run: cd \(folder) && gnuplot \(kind).gp\n"
                )
                return
            }
            let output = try Gnuplot.render(gnuplot, script: text, picture: picture, in: set)
            try set.finish()
            if let picture {
                written.append("\(folder)/\(picture)")
            } else {
                context.write(output)
            }
            context.write("wrote \(written.joined(separator: ", "))\n")
        }

        /// Where a kind's data goes: KIND.dat in the `--out` folder.
        static func dataPath(_ kind: String, _ arguments: ParsedArguments) -> String {
            "\(arguments.declaredValue("out"))/\(kind).dat"
        }

        /// The script for a plot without data rows: a frame that says why it is empty.
        static func emptyScript(_ title: String, kind: String) -> String {
            """
            set title \(title)
            set label 1 'no data to plot: the input has no row with a value (e.g. no hinge angle)' at graph 0.5, 0.5 center
            set xrange [0:1]
            set yrange [0:1]
            plot NaN notitle

            """
        }

        /// A title for kinds without an input file: the options given, e.g.
        /// `spring: --preset bouncy` (declared defaults left out).
        static func plotTitle(_ kind: String, _ arguments: ParsedArguments) -> String {
            let given = arguments.values.filter { !["out", "terminal", "format"].contains($0.key) }
                .sorted { $0.key < $1.key }.map { "--\($0.key) \($0.value)" }
            let flags = arguments.flags.sorted().map { "--\($0)" }
            let words = given + flags
            return words.isEmpty ? "\(kind) (defaults)" : "\(kind): " + words.joined(separator: " ")
        }

        static func fileName(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
    }
}
