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
                FoldRenderPlot.self,
                FilmPlot.self,
            ]
        }

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolFailure) {}

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
        ) throws(ToolFailure) {
            var data = ""
            let capture = ToolContext(
                write: { data += $0 }, writeError: context.writeError, openStandardInput: context.openStandardInput)
            try base.run(arguments, context: capture)
            let folder = arguments.value("out") ?? "."
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .failure("cannot create '\(folder)': \(error.localizedDescription)")
            }
            let terminal = arguments.value("terminal") ?? "png"
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

    struct TracePlot: Subcommand {
        static let spec = Plot.kindSpec(
            "trace", abstract: "The reports of a trace: angle against time.", base: Read.spec)

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolFailure) {
            try Plot.render("trace", base: Read.self, arguments: arguments, context: context) { title in
                """
                set title \(title)
                set xlabel 'time (s)'
                set ylabel 'angle (°)'
                set grid
                set key bottom right box opaque
                plot 'trace.dat' using 1:2 with steps linewidth 1 title 'reported angle (held)', \\
                     'trace.dat' using 1:2 with points pointtype 7 pointsize 0.5 title 'reports'

                """
            }
        }
    }

    struct ReadingPlot: Subcommand {
        static let spec = Plot.kindSpec(
            "reading", abstract: "The reader's position, snap and velocity over a trace.", base: Read.spec)

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolFailure) {
            var arguments = arguments
            if arguments.value("rate") == nil { arguments.values["rate"] = "120" }
            try Plot.render("reading", base: Read.self, arguments: arguments, context: context) { title in
                """
                set multiplot layout 2,1 title \(title)
                set grid
                set key bottom right box opaque
                set ylabel 'angle (°)'
                plot 'reading.dat' using 1:2 with steps linewidth 1 title 'reported angle', \\
                     'reading.dat' using 1:3 with lines linewidth 2 title 'position (1€, on-change)', \\
                     'reading.dat' using 1:6 with steps linewidth 2 dashtype 2 title 'snap (detent)'
                set xlabel 'time (s)'
                set ylabel 'velocity (°/s)'
                plot 'reading.dat' using 1:4 with lines linewidth 2 title 'velocity (Kalman filter)'
                unset multiplot

                """
            }
        }
    }

    struct SpringPlot: Subcommand {
        static let spec = Plot.kindSpec(
            "spring", abstract: "A spring's value and velocity against time.", base: Spring.spec)

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolFailure) {
            guard !arguments.has("report") else { throw .usage("'--report' prints figures, not a curve; leave it out") }
            var arguments = arguments
            arguments.values["format"] = "dat"
            try Plot.render("spring", base: Spring.self, arguments: arguments, context: context) { title in
                """
                set title \(title)
                set xlabel 'time (s)'
                set ylabel 'value'
                set y2label 'velocity (units/s)'
                set ytics nomirror
                set y2tics
                set grid
                set key bottom right box opaque
                plot 'spring.dat' using 1:2 with lines linewidth 2 title 'value', \\
                     'spring.dat' using 1:3 axes x1y2 with lines linewidth 1 title 'velocity'

                """
            }
        }
    }

    struct AnimatePlot: Subcommand {
        static let spec = Plot.kindSpec(
            "animate", abstract: "A spring chasing a trace: targets and the animated value.", base: Animate.spec)

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolFailure) {
            try Plot.render("animate", base: Animate.self, arguments: arguments, context: context) { title in
                """
                set title \(title)
                set xlabel 'time (s)'
                set ylabel 'angle (°)'
                set grid
                set key bottom right box opaque
                plot 'animate.dat' using 1:2 with steps linewidth 1 title 'target', \\
                     'animate.dat' using 1:3 with lines linewidth 2 title 'animated value'

                """
            }
        }
    }

    struct CurvePlot: Subcommand {
        static let spec = Plot.kindSpec(
            "curve", abstract: "An effect's value against the hinge angle.", base: Curve.spec)

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolFailure) {
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

    struct FoldRenderPlot: Subcommand {
        static let spec = Plot.kindSpec(
            "fold-render", abstract: "The frosted-glass fold rendered at a tilt.", base: FoldRender.spec)

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolFailure) {
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

/// Text that goes into gnuplot scripts.
enum GnuplotText {
    /// `text` as a single-quoted gnuplot string that cannot run anything.
    ///
    /// Gnuplot runs shell commands from back-quotes and `system(…)`, expands `@` macros, and
    /// lets a quote end the string; a title made from a file name or a CSV header could carry any
    /// of them. Rather than escape each construct, only letters, digits, spaces and
    /// `_ . , : / + - = ° %` are kept; anything else becomes `_`.
    static func quoted(_ text: String) -> String {
        let allowed = Set(" _.,:/+-=°%")
        let safe = String(text.map { $0.isLetter || $0.isNumber || allowed.contains($0) ? $0 : "_" })
        return "'" + safe + "'"
    }
}

/// Finding and running gnuplot.
enum Gnuplot {
    /// The gnuplot on `PATH`, or `nil`. `HINGETOOL_GNUPLOT` overrides the search (tests use it
    /// to stand for a machine without gnuplot).
    static func executable() -> String? {
        let environment = ProcessInfo.processInfo.environment
        if let forced = environment["HINGETOOL_GNUPLOT"] {
            return FileManager.default.isExecutableFile(atPath: forced) ? forced : nil
        }
        for folder in (environment["PATH"] ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(folder)/gnuplot"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Runs `gnuplot script` in `folder`; returns what it printed on standard output.
    static func run(_ gnuplot: String, script: String, in folder: String) throws(ToolFailure) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gnuplot)
        process.arguments = [script]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let output = Pipe()
        let errors = Pipe()
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw .failure("cannot run \(gnuplot): \(error.localizedDescription)")
        }
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complaints = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw .failure("gnuplot failed on \(folder)/\(script): \(String(decoding: complaints, as: UTF8.self))")
        }
        return String(decoding: printed, as: UTF8.self)
    }
}
