import HingeAnalysis
import HingeKit
internal import HingeSupport

extension HingeTool {
    /// `hingetool unfold TRACE`: HingeKit's unfold progress beside Android's.
    struct Unfold: Subcommand {
        static let spec = CommandSpec(
            name: "unfold",
            abstract: "Show HingeKit's unfold progress beside Android's fold pipeline on a trace.",
            discussion: """
                Prints gnuplot-ready rows 't angle hingekit android': the newest raw angle, the \
                progress HingeKit's UnfoldDriver shows and the progress Android's pipeline shows \
                (device state, DeviceFoldStateProvider events, the physics-based spring and its \
                canned finish), one per sample or with --rate one per frame; a column truth \
                (clamp(true angle / 165)) is added when the trace has ground truth. With \
                --events, the fold updates follow as a second series of lines 't EVENT angle' \
                (START_OPENING, START_CLOSING, FINISH_HALF_OPEN, FINISH_FULL_OPEN, \
                FINISH_CLOSED). Rows where the trace has no hinge are left out. docs/effects.md \
                explains both pipelines.
                """,
            arguments: [traceArgument],
            options: [
                rateOption,
                CommandSpec.Option(["--events"], help: "Also print Android's fold updates."),
                CommandSpec.Option(
                    ["--over-apps"], help: "An app is on screen: Android starts a transition only below 60°."),
                CommandSpec.Option(
                    ["--half-folded-timeout"], value: "ms",
                    help: "Android's half-folded timeout in milliseconds.", in: 1...600_000,
                    default: AndroidFoldStateEvents.Configuration().halfFoldedTimeout * 1000),
                maxRowsOption, maxPointsOption, quietOption, outputOption,
            ])

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let path = arguments.positionals[0]
            let rate = try number(arguments, "rate")
            let timeout = try declaredNumber(arguments, "half-folded-timeout")
            let events = AndroidFoldStateEvents.Configuration(
                halfFoldedTimeout: timeout / 1000, overApps: arguments.has("over-apps"))
            let limits = (rows: try rowLimit(arguments), points: try pointLimit(arguments))
            let (samples, truth) = try Score.loadWithOptionalTruth(path, context: context, rowLimit: limits.rows)
            if let rate, let first = samples.first?.time, let last = samples.last?.time {
                try checkGrid(
                    duration: last - first, rate: rate, limit: limits.points, file: ToolContext.displayName(path))
            }
            let times = rate.map { UnfoldScorer.frames(for: samples, rate: $0) } ?? samples.map(\.time)
            let (values, updates) = UnfoldComparison.run(samples, at: times, events: events)
            var text =
                "# hingetool unfold \(Echo.comment(path))\n# t angle hingekit android\(truth == nil ? "" : " truth")\n"
            var next = 0
            var angle: Double?
            for (index, time) in times.enumerated() {
                while next < samples.count, samples[next].time <= time {
                    angle = samples[next].angle
                    next += 1
                }
                // Rows without an angle (no hinge yet) are left out, as in 'read'.
                guard let angle else { continue }
                var cells = [
                    DecimalNumber.shortest(time), DecimalNumber.shortest(angle),
                    DecimalNumber.fixed(values[0][index], places: 5), DecimalNumber.fixed(values[2][index], places: 5),
                ]
                if let truth {
                    cells.append(DecimalNumber.fixed(UnfoldScorer.trueProgress(truth.state(at: time).angle), places: 5))
                }
                text += cells.joined(separator: " ") + "\n"
            }
            if arguments.has("events") {
                text += "\n\n# t event angle\n"
                for update in updates {
                    text +=
                        "\(DecimalNumber.shortest(update.time)) \(update.kind.rawValue) \(DecimalNumber.shortest(update.angle))\n"
                }
            }
            try context.emit(text, to: arguments.value("output"))
        }
    }
}
