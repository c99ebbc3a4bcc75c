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
                NAME.dat, NAME.gp and (when gnuplot is installed) NAME.png or NAME.svg into \
                --out-dir. NAME is --name, by default KIND followed by the input's file name \
                (reading-flat-to-laptop), or KIND for a plot without an input file, so plots of \
                different traces share a folder. Re-run the script with plain 'gnuplot NAME.gp' \
                after editing it. \
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
            outDirOption.defaulting(to: "."), name.option, terminal.option, forceOption,
        ]
        static let name = OptionKey<String?>(
            ["--name"], value: "name", help: "The files' name, before .dat, .gp and .png."
        ).defaulting(toNote: "KIND-TRACE, or KIND without an input file")
        static let terminal = OptionKey(
            ["--terminal"], value: "terminal", help: "The picture's format.", default: Terminal.png)

        /// `--terminal`'s choices: gnuplot's terminals for a picture, or text in the terminal.
        enum Terminal: String, OptionChoice {
            case png, svg, dumb

            var help: String {
                switch self {
                case .png: "a PNG picture"
                case .svg: "an SVG picture"
                case .dumb: "text in the terminal"
                }
            }
        }

        /// The spec of a plot kind: the plotted command's arguments and options, without its
        /// `-o` (the files are named after the kind), its `--format` and its standalone flags
        /// (`spring --list` prints text, which is no plot's data), plus the plot options.
        /// `defaults` are the kind's own defaults for numeric options of the base command. Its
        /// example is the base command's first, drawn as text into `plot/`.
        static func kindSpec(
            _ name: String, abstract: String, base: CommandSpec, defaults: [String: Double] = [:]
        ) -> CommandSpec {
            let withheld = [Keys.output.option.key, Keys.rowFormat.option.key]
            return CommandSpec(
                name: name, abstract: abstract, arguments: base.arguments,
                options: base.options.filter { !withheld.contains($0.key) && !$0.isStandalone }.map { option in
                    defaults[option.key].map { option.defaulting(to: $0) } ?? option
                } + options,
                examples: base.examples.prefix(1).map { line in
                    line + [outDirOption.longName, "plot", terminal.option.longName, Terminal.dumb.rawValue]
                })
        }

        /// `arguments` with the base command's options a plot withholds from its user (`-o`,
        /// `--format`) declared again, at their defaults unless the kind set them: the base
        /// command reads every key it declares, and writes its default rows to the plot's data.
        static func withheld(from base: any Subcommand.Type, _ arguments: ParsedArguments) -> ParsedArguments {
            var arguments = arguments
            for option in base.spec.options where arguments.declarations[option.key] == nil {
                arguments.declarations[option.key] = option
                arguments.defaults[option.key] = option.defaultValue
            }
            return arguments
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
            let folder = (try arguments[Keys.outDir] ?? "")
            let terminal = try arguments[Plot.terminal]
            let stem = try fileStem(kind, arguments)
            let picture = terminal == .dumb ? nil : "\(stem).\(terminal.rawValue)"
            let outputs = ["\(stem).dat", "\(stem).gp"] + (picture.map { [$0] } ?? [])
            // One owner per name: plots of different traces in one folder keep their own files.
            let set = try OutputSet(
                folder: folder, owner: "plot-\(stem)", command: "plot \(kind)", names: outputs,
                force: try arguments[Keys.force])
            let data = try set.open("\(stem).dat")
            var rows = DataRowCounter()
            var writeFailure: ToolError?
            let capture = ToolContext(
                write: { text in
                    var text = text
                    text.withUTF8 { bytes in
                        rows.count(bytes)
                        if writeFailure == nil, !data.write(bytes) {
                            writeFailure = .failure(
                                "cannot write '\(folder)/\(stem).dat': \(String(cString: strerror(errno)))")
                        }
                    }
                }, writeError: context.writeError, openStandardInput: context.openStandardInput)
            try base.run(withheld(from: base, arguments), context: capture)
            if let writeFailure { throw writeFailure }
            try data.commit()
            let title = GnuplotText.quoted(
                try subject(arguments).map { "\(kind): \(fileName($0))" } ?? plotTitle(kind, arguments))
            var text = "# \(stem).gp — written by hingetool plot \(kind); edit and re-run with: gnuplot \(stem).gp\n"
            // Panels stacked one above the other get 60 % of the first one's height each.
            let height = 600 + (panels - 1) * 360
            switch terminal {
            case .dumb: text += "set terminal dumb size 100,\(32 + (panels - 1) * 20)\n"
            case .svg: text += "set terminal svg size 1000,\(height) dynamic\nset output '\(stem).svg'\n"
            case .png:
                text += "set terminal pngcairo size 1000,\(height) font 'DejaVu Sans,11'\nset output '\(stem).png'\n"
            }
            text += GnuplotText.literal
            // Lines that run along 0 or the top of the range (bloom 0 and 1, a hinge at 0° or
            // 180°) would hide in the frame: a margin of 5 % above and below.
            text += "set offsets 0, 0, graph 0.05, graph 0.05\n"
            // The kinds write their scripts against KIND.dat; the files here are named STEM.
            text += rows.rows > 0 ? script(title).replacing("'\(kind).dat'", with: "'\(stem).dat'") : emptyScript(title)
            try set.write("\(stem).gp", text)
            var written = ["\(folder)/\(stem).dat", "\(folder)/\(stem).gp"]
            guard let gnuplot = Gnuplot.executable() else {
                try set.finish()
                context.write("wrote \(written.map { Echo.comment($0) }.joined(separator: ", "))\n")
                context.writeError(
                    "note: gnuplot is not installed, so no picture was drawn. Install it (make deps, "
                        + "apt-get install gnuplot-nox, or brew install gnuplot) and run: "
                        + "cd \(ShellWord.line(["--", folder])) && gnuplot \(ShellWord.line([ChildProgram.Argument.file("\(stem).gp").text(.plain)]))\n"
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
            context.write("wrote \(written.map { Echo.comment($0) }.joined(separator: ", "))\n")
        }

        /// Where a kind's data goes: NAME.dat in the `--out-dir` folder (``fileStem(_:_:)``).
        static func dataPath(_ kind: String, _ arguments: ParsedArguments) throws(ToolError) -> String {
            "\((try arguments[Keys.outDir] ?? ""))/\(try fileStem(kind, arguments)).dat"
        }

        /// The script for a plot without data rows: a frame that says why it is empty.
        static func emptyScript(_ title: String) -> String {
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
            let given = arguments.values.filter {
                ![outDirOption.key, name.option.key, terminal.option.key, Keys.rowFormat.option.key].contains($0.key)
            }
            .sorted { $0.key < $1.key }.map { "--\($0.key) \($0.value)" }
            let flags = arguments.flags.sorted().map { "--\($0)" }
            let words = given + flags
            return words.isEmpty ? "\(kind) (defaults)" : "\(kind): " + words.joined(separator: " ")
        }

        /// The name of the plot's files: `--name`, or the kind followed by the input's file name
        /// without its extension (`reading-flat-to-laptop`), or the kind alone without an input.
        /// The name goes into the gnuplot script in quotes, so it keeps to letters, digits and
        /// `- _ .`: a `--name` with anything else is refused, a file name has it replaced by `_`.
        static func fileStem(_ kind: String, _ arguments: ParsedArguments) throws(ToolError) -> String {
            if let name = try arguments[Plot.name] {
                guard !name.isEmpty, name.first != ".", name.count <= 200, safeName(name) == name else {
                    throw .usage(
                        "The value '\(Echo.quoted(name))' is invalid for '--name': expected letters, digits, "
                            + "'-', '_' and '.' (not first)")
                }
                return name
            }
            guard let input = try subject(arguments), input != "-" else { return kind }
            var stem = fileName(input)
            if let dot = stem.lastIndex(of: "."), dot != stem.startIndex { stem = String(stem[..<dot]) }
            return "\(kind)-\(safeName(String(stem.prefix(200))))"
        }

        /// What the plot is of: its input, or for `plot curve --effect NAME` the effect (the
        /// deprecated word form, `plot curve NAME`, is the input's place), so both spellings
        /// name and label the plot alike.
        static func subject(_ arguments: ParsedArguments) throws(ToolError) -> String? {
            if let input = arguments.positionals.first { return input }
            return arguments.isGiven(Curve.effect) ? try arguments[Curve.effect] : nil
        }

        /// `name` with every character but letters, digits and `- _ .` replaced by `_`.
        static func safeName(_ name: String) -> String {
            String(name.map { $0.isASCII && ($0.isLetter || $0.isNumber || "-_.".contains($0)) ? $0 : "_" })
        }

        static func fileName(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
    }
}
