import Foundation
import HingeKit

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
        ]

        /// The spec of a plot kind: the plotted command's arguments and options, without its
        /// `-o` (the files are named after the kind), plus the plot options.
        static func kindSpec(_ name: String, abstract: String, base: CommandSpec) -> CommandSpec {
            CommandSpec(
                name: name, abstract: abstract, arguments: base.arguments,
                options: base.options.filter { $0.key != "output" } + options)
        }

        /// Runs `base` on the parsed arguments, captures its output, writes it and the script,
        /// and renders the script when gnuplot is present.
        static func render(
            _ kind: String, base: any Subcommand.Type, arguments: ParsedArguments, context: ToolContext,
            script: (_ title: String) -> String
        ) throws(ToolError) {
            var data = ""
            let capture = ToolContext(
                write: { data += $0 }, writeError: context.writeError, openStandardInput: context.openStandardInput)
            try base.run(arguments, context: capture)
            let folder = arguments.declaredValue("out")
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .failure("cannot create '\(folder)': \(error.localizedDescription)")
            }
            let terminal = arguments.declaredValue("terminal")
            let title = GnuplotText.quoted(arguments.positionals.first.map { "\(kind): \(fileName($0))" } ?? kind)
            var text = "# \(kind).gp — written by hingetool plot \(kind); edit and re-run with: gnuplot \(kind).gp\n"
            switch terminal {
            case "dumb": text += "set terminal dumb size 100,32\n"
            case "svg": text += "set terminal svg size 1000,600 dynamic\nset output '\(kind).svg'\n"
            default: text += "set terminal pngcairo size 1000,600 font 'DejaVu Sans,11'\nset output '\(kind).png'\n"
            }
            text += script(title)
            try AtomicFile.replace(folder + "/\(kind).dat", with: data)
            try AtomicFile.replace(folder + "/\(kind).gp", with: text)
            var written = ["\(folder)/\(kind).dat", "\(folder)/\(kind).gp"]
            guard let gnuplot = Gnuplot.executable() else {
                context.write("wrote \(written.joined(separator: ", "))\n")
                context.writeError(
                    "note: gnuplot is not installed, so no picture was drawn. Install it (make deps, "
                        + "apt-get install gnuplot-nox, or brew install gnuplot) and run: cd \(folder) && gnuplot \(kind).gp\n"
                )
                return
            }
            let output = try Gnuplot.run(gnuplot, script: "\(kind).gp", in: folder)
            if terminal == "dumb" {
                context.write(output)
            } else {
                written.append("\(folder)/\(kind).\(terminal)")
            }
            context.write("wrote \(written.joined(separator: ", "))\n")
        }

        static func fileName(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
    }
}
