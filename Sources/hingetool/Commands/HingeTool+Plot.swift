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

        /// Runs `base` on the parsed arguments, streams its output into KIND.dat, writes the
        /// script, and renders it when gnuplot is present.
        ///
        /// Nothing an input is read from is written: when KIND.dat, KIND.gp or the picture
        /// would be one of the inputs, the command stops before it starts (exit 64). The data
        /// goes straight to a temporary file beside KIND.dat (bounded memory, whatever the
        /// size); the picture is drawn into a temporary file and renamed over KIND.png only
        /// when gnuplot succeeds, so a failed run keeps the previous picture. A plot without
        /// a single data row (a trace with no hinge angle) is drawn as an empty frame that
        /// says so, not refused.
        static func render(
            _ kind: String, base: any Subcommand.Type, arguments: ParsedArguments, context: ToolContext,
            script: (_ title: String) -> String
        ) throws(ToolFailure) {
            let folder = arguments.value("out") ?? "."
            let terminal = arguments.value("terminal") ?? "png"
            let picture = terminal == "dumb" ? nil : "\(kind).\(terminal)"
            let outputs = ["\(kind).dat", "\(kind).gp"] + (picture.map { [$0] } ?? [])
            try refuseOverwritingInputs(
                outputs.map { "\(folder)/\($0)" },
                inputs: arguments.positionals + [arguments.value("image")].compactMap { $0 })
            do {
                try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
            } catch {
                throw .failure("cannot create '\(folder)': \(error.localizedDescription)")
            }
            let data = try FileOutput(path: "\(folder)/\(kind).dat")
            var rows = DataRowCounter()
            var writeFailure: ToolFailure?
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
            switch terminal {
            case "dumb": text += "set terminal dumb size 100,32\n"
            case "svg": text += "set terminal svg size 1000,600 dynamic\nset output '\(kind).svg'\n"
            default: text += "set terminal pngcairo size 1000,600 font 'DejaVu Sans,11'\nset output '\(kind).png'\n"
            }
            // Lines that run along 0 or the top of the range (bloom 0 and 1, a hinge at 0° or
            // 180°) would hide in the frame: a margin of 5 % above and below.
            text += "set offsets 0, 0, graph 0.05, graph 0.05\n"
            text += rows.rows > 0 ? script(title) : emptyScript(title, kind: kind)
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
            let output = try Gnuplot.render(gnuplot, script: text, picture: picture, in: folder)
            if let picture {
                written.append("\(folder)/\(picture)")
            } else {
                context.write(output)
            }
            context.write("wrote \(written.joined(separator: ", "))\n")
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

        /// A title for kinds without an input file: the command's options, e.g.
        /// `spring: --preset bouncy`.
        static func plotTitle(_ kind: String, _ arguments: ParsedArguments) -> String {
            let given = arguments.values.filter { !["out", "terminal", "format"].contains($0.key) }
                .sorted { $0.key < $1.key }.map { "--\($0.key) \($0.value)" }
            let flags = arguments.flags.sorted().map { "--\($0)" }
            let words = given + flags
            return words.isEmpty ? "\(kind) (defaults)" : "\(kind): " + words.joined(separator: " ")
        }

        /// Stops before anything is written when an output file is one of the inputs.
        static func refuseOverwritingInputs(_ outputs: [String], inputs: [String]) throws(ToolFailure) {
            for input in inputs where input != "-" {
                var inputStatus = stat()
                guard stat(input, &inputStatus) == 0 else { continue }
                for output in outputs {
                    var outputStatus = stat()
                    guard stat(output, &outputStatus) == 0 else { continue }
                    if inputStatus.st_dev == outputStatus.st_dev, inputStatus.st_ino == outputStatus.st_ino {
                        throw .usage(
                            "'\(Echo.quoted(output, limit: 200))' is the input '\(Echo.quoted(input, limit: 200))': "
                                + "writing the plot would replace it; choose another '--out' folder")
                    }
                }
            }
        }

        static func fileName(_ path: String) -> String { path.split(separator: "/").last.map(String.init) ?? path }
    }

    struct TracePlot: Subcommand {
        static let spec = Plot.kindSpec(
            "trace", abstract: "The reports of a trace: angle against time.", base: Read.spec)

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolFailure) {
            // With --rate the rows are frames between the reports, not the reports themselves.
            let points = arguments.has("rate") ? "frames at \(arguments.value("rate") ?? "") Hz" : "reports"
            try Plot.render("trace", base: Read.self, arguments: arguments, context: context) { title in
                """
                set title \(title)
                set xlabel 'time (s)'
                set ylabel 'angle (°)'
                set grid
                set key bottom right box opaque
                plot 'trace.dat' using 1:2 with steps linewidth 1 title 'reported angle (held)', \\
                     'trace.dat' using 1:2 with points pointtype 7 pointsize 0.5 title \(GnuplotText.quoted(points))

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
            let position = GnuplotText.quoted("position: \(positionName(arguments.value("position")))")
            let velocity = GnuplotText.quoted("velocity: \(velocityName(arguments.value("velocity")))")
            try Plot.render("reading", base: Read.self, arguments: arguments, context: context) { title in
                """
                set multiplot layout 2,1 title \(title)
                set grid
                set key bottom right box opaque
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
    }
}

extension HingeTool.ReadingPlot {
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

extension HingeTool {
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
    /// `_ . , : / + - = ° % €` are kept; anything else becomes `_`.
    static func quoted(_ text: String) -> String {
        let allowed = Set(" _.,:/+-=°%€")
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

    /// Runs gnuplot on `script` (given on its standard input) in `folder`. The picture, when
    /// there is one, is drawn into a temporary file (removed on failure or interrupt) and
    /// renamed over `picture` only when gnuplot succeeds. Returns what gnuplot printed.
    static func render(
        _ gnuplot: String, script: String, picture: String?, in folder: String
    ) throws(ToolFailure) -> String {
        var script = script
        var temporary: (path: String, slot: Int?)?
        if let picture {
            let name = ".\(picture).\(getpid()).tmp"
            script = script.replacing("set output '\(picture)'", with: "set output '\(name)'")
            let path = "\(folder)/\(name)"
            temporary = (path, TemporaryFiles.register(path))
        }
        defer {
            if let temporary {
                unlink(temporary.path)
                TemporaryFiles.release(temporary.slot)
            }
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: gnuplot)
        process.arguments = ["-"]
        process.currentDirectoryURL = URL(fileURLWithPath: folder)
        let input = Pipe()
        let output = Pipe()
        let errors = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = errors
        do {
            try process.run()
        } catch {
            throw .failure("cannot run \(gnuplot): \(error.localizedDescription)")
        }
        // The script is small (the data is in its own file), so it fits in the pipe's buffer.
        input.fileHandleForWriting.write(Data(script.utf8))
        try? input.fileHandleForWriting.close()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        let complaints = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw .failure(
                "gnuplot failed in \(folder) (the previous picture is kept): \(String(decoding: complaints, as: UTF8.self))"
            )
        }
        if let temporary, let picture {
            let target = try FileOutput.resolve("\(folder)/\(picture)")
            guard rename(temporary.path, target) == 0 else {
                throw .failure("cannot write '\(folder)/\(picture)': \(String(cString: strerror(errno)))")
            }
        }
        return String(decoding: printed, as: UTF8.self)
    }
}

/// Counts the lines of gnuplot data that hold data: not blank, not a `#` comment.
struct DataRowCounter {
    private(set) var rows = 0
    private var atLineStart = true

    mutating func count(_ bytes: UnsafeBufferPointer<UInt8>) {
        for byte in bytes {
            if byte == 0x0A {
                atLineStart = true
            } else if atLineStart {
                atLineStart = false
                if byte != UInt8(ascii: "#") { rows += 1 }
            }
        }
    }
}
