import HingeKit

extension HingeTool {
    /// `hingetool spring`: a spring's motion as gnuplot-ready rows, or its report.
    struct Spring: Subcommand {
        static let spec = CommandSpec(
            name: "spring",
            abstract: "Print a damped spring's motion, or its report, from any parameterisation.",
            discussion: """
                Describe the spring one way only, in any platform's words: physically (--mass, \
                --stiffness, --damping), by --stiffness and --damping-ratio (Compose, Android), \
                by --tension and --friction (react-spring), by --visual-duration and --bounce \
                (Motion), by --duration and --bounce (SwiftUI, Flutter), by --response and \
                --damping-ratio, by --settling-duration, or by --preset (default: smooth; \
                --list prints every preset with its source). Rows 't value velocity' follow at \
                t = k/rate until the motion has settled (or for --length seconds). --report \
                prints the figures for unit tests instead: regime, overshoot, peak and rise \
                time, settling duration, frames to settle at 60 and 120 Hz, and the spring in \
                every platform's words with the time each platform's rest rule stops it. \
                --format css prints the motion as a CSS linear() easing with its duration.

                Velocities are in value units per second, positive = increasing value. An \
                overdamped --damping is treated as critical unless --allow-overdamping is given, \
                as SwiftUI does.
                """,
            options: SpringOptions.options + [
                from.option,
                to.option,
                initialVelocity.option,
                length.option,
                rateOption.helped("Rows per second.").defaulting(to: displayRate),
                report.option,
                list.option,
                format.option,
                outputOption,
            ],
            examples: [[]],
            usageOverride: [
                "[<spring>] [--from <a>] [--to <b>]",
                "                        [--initial-velocity <v>] [--length <s>] [--rate <hz>]",
                "                        [--report] [--format <format>] [-o <file>]",
                "       hingetool spring --list [--format <format>] [-o <file>]",
            ] + SpringOptions.usage)

        static let from = OptionKey(["--from"], value: "a", help: "Start value.", in: SpringOptions.finite, default: 0)
        static let to = OptionKey(["--to"], value: "b", help: "Target value.", in: SpringOptions.finite, default: 1)
        static let initialVelocity = OptionKey(
            ["--initial-velocity"], value: "v", help: "Start velocity, units per second.",
            in: SpringOptions.finite, default: 0)
        static let length = OptionKey<Double?>(
            ["--length"], value: "s", help: "Seconds of motion to print.", in: 0...1e7
        )
        .defaulting(toNote: "until settled")
        static let report = OptionKey(flag: ["--report"], help: "Print the spring's report instead of its motion.")
        static let list = OptionKey(
            flag: ["--list"], help: "Print every preset with its source, in every platform's words, and stop."
        ).standalone()

        /// What `--format` takes; which apply depends on `--report` and `--list`.
        enum Format: String, OptionChoice {
            case dat, csv, json, jsonl, markdown, css

            var help: String {
                switch self {
                case .dat: "gnuplot-ready dat (the report and list as text)"
                case .csv: "comma-separated values"
                case .json: "JSON"
                case .jsonl: "JSON Lines (a header line, then a row a line)"
                case .markdown: "a Markdown table (with --list)"
                case .css: "a CSS linear() easing and its duration"
                }
            }
        }
        static let format = OptionKey(
            ["--format"], value: "format",
            help: "The motion as gnuplot-ready dat, csv, JSON, JSON Lines (jsonl), or css (a linear() easing and "
                + "its duration); with --report, the report as text (dat), csv or JSON; with --list, the presets as "
                + "text (dat), csv, JSON, JSON Lines or a Markdown table (markdown).",
            default: Format.dat)

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let format = try arguments[Self.format]
            if arguments.isGiven(Self.list) {
                guard format != .css else {
                    throw .usage(
                        "'--format css' is a motion's easing; '--list' takes dat, csv, json, jsonl or markdown")
                }
                try context.emit(presetList(format: format), to: try arguments[Keys.output])
                return
            }
            if format == .markdown { throw .usage("'--format markdown' goes with '--list'") }
            if format == .css || format == .jsonl, arguments.isGiven(Self.report) {
                throw .usage(
                    "'--format \(format.rawValue)' prints the motion, not a report; '--report' takes dat, csv or json")
            }
            let spring = try SpringOptions.makeSpring(arguments)
            let from = try arguments[Self.from]
            let to = try arguments[Self.to]
            let velocity = try arguments[Self.initialVelocity]
            let epsilon = try arguments[SpringOptions.epsilon]
            let rate = try arguments.declared(Keys.rate)
            // Checked whether or not the motion is printed: every value given is validated.
            let givenLength = try arguments[Self.length]
            guard (to - from).isFinite, (velocity * 0.5).isFinite else {
                throw .usage(
                    "'--from', '--to' and '--initial-velocity' describe a motion beyond the largest number "
                        + "(\(DecimalNumber.shortest(Double.greatestFiniteMagnitude))); keep |to − from| finite")
            }
            let report = spring.report(from: from, to: to, initialVelocity: velocity, epsilon: epsilon)
            let text: String
            if format == .css {
                text = try css(spring, from: from, to: to, velocity: velocity, epsilon: epsilon)
            } else if arguments.isGiven(Self.report) {
                text =
                    format == .json
                    ? reportJSON(report).withSchema("hingetool/spring-report/1").rendered() + "\n"
                    : reportText(report, format: format)
            } else {
                let length = givenLength ?? defaultLength(report, rate: rate)
                let frames = Int((length * rate).rounded(.down))
                guard frames <= 10_000_000 else {
                    throw .usage("--length × --rate asks for \(frames + 1) rows; the limit is 10,000,001")
                }
                text = try motion(
                    spring, from: from, to: to, velocity: velocity, rate: rate, frames: frames, format: format,
                    report: report)
            }
            try context.emit(text, to: try arguments[Keys.output])
        }

        /// The settling time rounded up to a whole frame; one second for a spring that never
        /// settles (undamped), so the command still ends.
        private static func defaultLength(_ report: SpringReport, rate: Double) -> Double {
            guard let frames = report.framesToSettle(atRate: rate), frames <= 10_000_000 else { return 1 }
            return Double(frames) / rate
        }

        private static func motion(
            _ spring: DampedSpring, from: Double, to: Double, velocity: Double, rate: Double, frames: Int,
            format: Format, report: SpringReport
        ) throws(ToolError) -> String {
            var text = ""
            switch format {
            case .csv: text = "t,value,velocity\n"
            case .json:
                // Parameters as in --report, then one [t, value, velocity] row per line.
                let members = ([("schema", JSONValue.string("hingetool/spring/1"))] + parameters(report)).map {
                    "  \"\($0.0)\": \($0.1.rendered())"
                }
                text = "{\n" + members.joined(separator: ",\n") + ",\n  \"samples\": [\n"
            case .jsonl:
                // The JSON document's parameters and the columns on the first line (docs/schemas/spring.json).
                let columns = JSONValue.array(["t", "value", "velocity"].map(JSONValue.string))
                text =
                    JSONValue.object(parameters(report) + [("columns", columns)]).withSchema("hingetool/spring/1")
                    .compact() + "\n"
            case .dat, .markdown, .css:
                let d = DecimalNumber.shortest
                text =
                    CommentHeader(
                        "spring",
                        summary:
                            "\(SpringOptions.describe(spring)), from \(d(from)) to \(d(to)), initial velocity \(d(velocity))"
                    ).text
                text += "# t value velocity\n"
            }
            for k in 0...frames {
                let t = Double(k) / rate
                let value = spring.value(from: from, to: to, initialVelocity: velocity, time: t)
                let v = spring.velocity(from: from, to: to, initialVelocity: velocity, time: t)
                // A distance near the largest Double times k/m is a velocity beyond it: refused
                // rather than printed as inf.
                guard value.isFinite, v.isFinite else {
                    throw .usage(
                        "'--from', '--to' and '--initial-velocity' give a motion whose velocity passes the largest "
                            + "number at t = \(DecimalNumber.shortest(t)) s; use a smaller distance or velocity")
                }
                let columns = [t, value, v].map(DecimalNumber.shortest)
                switch format {
                case .csv: text += columns.joined(separator: ",") + "\n"
                case .json:
                    text += "    [" + columns.joined(separator: ", ") + "]" + (k < frames ? ",\n" : "\n")
                case .jsonl:
                    text += "{\"t\":\(columns[0]),\"value\":\(columns[1]),\"velocity\":\(columns[2])}\n"
                case .dat, .markdown, .css: text += columns.joined(separator: " ") + "\n"
                }
            }
            if format == .json { text += "  ]\n}\n" }
            return text
        }

        private static func parameters(_ report: SpringReport) -> [(String, JSONValue)] {
            let spring = report.spring
            return [
                ("mass", .number(spring.mass)), ("stiffness", .number(spring.stiffness)),
                ("damping", .number(spring.damping)), ("damping_ratio", .number(spring.dampingRatio)),
                ("response", .number(spring.response)), ("bounce", .number(spring.bounce)),
                ("regime", .string(spring.regime.rawValue)),
            ]
        }

        static func reportJSON(_ report: SpringReport) -> JSONValue {
            .object(
                parameters(report) + [
                    ("overshoot", .number(report.overshoot)), ("peak_time", .optional(report.peakTime)),
                    ("rise_time", .optional(report.riseTime)),
                    ("settling_duration", .optional(report.settlingTime.isFinite ? report.settlingTime : nil)),
                    ("frames_to_settle_60", report.framesToSettleAt60Hz.map(JSONValue.integer) ?? .null),
                    ("frames_to_settle_120", report.framesToSettleAt120Hz.map(JSONValue.integer) ?? .null),
                    ("oscillations", report.oscillationCount.map(JSONValue.integer) ?? .null),
                    ("from", .number(report.from)), ("to", .number(report.to)),
                    ("initial_velocity", .number(report.initialVelocity)), ("epsilon", .number(report.epsilon)),
                    ("as", translationJSON(report.spring.translation)),
                ])
        }

        static func reportText(_ report: SpringReport, format: Format) -> String {
            let spring = report.spring
            func seconds(_ value: Double?) -> String {
                guard let value, value.isFinite else { return "never" }
                return DecimalNumber.fixed(value * 1000, places: 3) + " ms"
            }
            func frames(_ value: Int?) -> String { value.map(String.init) ?? "never" }
            let rows: [(String, String)] = [
                ("mass", DecimalNumber.shortest(spring.mass)),
                ("stiffness", DecimalNumber.shortest(spring.stiffness)),
                ("damping", DecimalNumber.shortest(spring.damping)),
                ("damping ratio", DecimalNumber.fixed(spring.dampingRatio, places: 6)),
                ("response", seconds(spring.response)),
                ("bounce", DecimalNumber.fixed(spring.bounce, places: 6)),
                ("regime", spring.regime.rawValue),
                ("overshoot", DecimalNumber.fixed(report.overshoot * 100, places: 4) + " %"),
                ("peak time", report.peakTime.map { seconds($0) } ?? "none"),
                ("rise time", seconds(report.riseTime)),
                ("settling duration", seconds(report.settlingTime)),
                ("oscillations", report.oscillationCount.map(String.init) ?? "too many to count"),
                ("frames at 60 Hz", frames(report.framesToSettleAt60Hz)),
                ("frames at 120 Hz", frames(report.framesToSettleAt120Hz)),
            ]
            let d = DecimalNumber.shortest
            var text = CommentHeader(
                "spring --report",
                summary: "from \(d(report.from)) to \(d(report.to)), initial velocity \(d(report.initialVelocity)), "
                    + "ε \(d(report.epsilon))"
            ).text
            let translation = spring.translation
            if format == .csv {
                let all = rows + translationCSV(translation)
                return text + "name,value\n" + all.map { "\($0.0),\($0.1)" }.joined(separator: "\n") + "\n"
            }
            for (label, value) in rows {
                text += label + String(repeating: " ", count: max(1, 20 - label.count)) + value + "\n"
            }
            return text + "\n" + translationText(translation)
        }
    }
}
