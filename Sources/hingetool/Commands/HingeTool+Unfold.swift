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
                Prints rows 't angle hingekit android' (--format: gnuplot-ready dat, csv, JSON \
                Lines or a trace CSV): the newest raw angle, the \
                progress HingeKit's UnfoldDriver shows and the progress Android's pipeline shows \
                (device state, DeviceFoldStateProvider events, the physics-based spring and its \
                canned finish), one per sample or with --rate one per frame; a column truth \
                (clamp(true angle / 165)) is added when the trace has ground truth or --truth names \
                a reference recording (as for 'score --unfold'). t follows the clock rule (--clock): \
                from zero (the first sample) by default, or on the recorder's clock, exactly \
                (integer time columns keep every digit). On a trace from a known step \
                sensor (Samsung's 0/90/180 on its 200 ms grid, a Razr's ladder) HingeKit's \
                driver is told of the sensor, as 'score --unfold' does, and the header says so. With \
                --events, the fold updates follow as a second series of lines 't EVENT angle' \
                (START_OPENING, START_CLOSING, FINISH_HALF_OPEN, FINISH_FULL_OPEN, \
                FINISH_CLOSED; in json under "events" after "rows", in jsonl objects with the key 'event' after the rows; csv \
                and trace hold one series, so not the events). Rows where the trace has no hinge are left out. docs/effects.md \
                explains both pipelines.
                """,
            arguments: [traceArgument],
            options: [
                rateOption,
                events.option,
                overApps.option,
                halfFoldedTimeout.option,
            ] + Score.truthOptions + [
                Clock.option, maxRowsOption, maxPointsOption, quietOption, rowFormatOption(), outputOption,
            ],
            examples: [["Datasets/flat-to-laptop.csv"], ["Datasets/flat-to-laptop.csv", "--rate", "60"]])

        static let events = OptionKey(flag: ["--events"], help: "Also print Android's fold updates.")
        static let overApps = OptionKey(
            flag: ["--over-apps"], help: "An app is on screen: Android starts a transition only below 60°.")
        static let halfFoldedTimeout = OptionKey(
            ["--half-folded-timeout"], value: "ms",
            help: "Android's half-folded timeout in milliseconds.", in: 1...600_000,
            default: AndroidFoldStateEvents.Configuration().halfFoldedTimeout * 1000)

        /// The columns, named once (a column `truth` follows when the trace has ground truth).
        static let columns: [RowWriter.Column] = [
            .init("t"), .init("angle"), .init("hingekit", places: 5), .init("android", places: 5),
        ]
        /// The columns of the fold updates `--events` adds.
        static let eventColumns: [RowWriter.Column] = [.init("t"), .init("event"), .init("angle")]

        /// The comment lines: the command, and the step sensor HingeKit's driver was told of.
        static func header(_ path: String, sensor: StepSensor?) -> CommentHeader {
            var header = CommentHeader("unfold", source: path)
            if let sensor {
                let levels = sensor.levels.map { DecimalNumber.shortest($0) }.joined(separator: "/")
                header.add(
                    "step sensor: levels \(levels)°"
                        + (sensor.grid > 0 ? " on a \(DecimalNumber.shortest(sensor.grid * 1000)) ms grid" : "")
                        + " (HingeKit's driver reads a level change as a threshold crossing)")
            }
            return header
        }

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let path = arguments.positionals[0]
            let rate = try arguments[Keys.rate]
            let timeout = try arguments[Self.halfFoldedTimeout]
            let events = AndroidFoldStateEvents.Configuration(
                halfFoldedTimeout: timeout / 1000, overApps: arguments.isGiven(Self.overApps))
            let limits = (rows: try rowLimit(arguments), points: try pointLimit(arguments))
            let reference = try Score.referenceTruth(arguments, context: context)
            let trace = try Score.loadTrace(path, context: context, rowLimit: limits.rows)
            let samples = trace.samples
            let truth = reference?.truth(traceOrigin: trace.integerOrigin) ?? trace.truth
            if let rate, let first = samples.first?.time, let last = samples.last?.time {
                try checkGrid(
                    duration: last - first, rate: rate, limit: limits.points, file: ToolContext.displayName(path))
            }
            let times = rate.map { UnfoldScorer.frames(for: samples, rate: $0) } ?? samples.map(\.time)
            let sensor = StepSensor.detect(in: samples)
            let (values, updates, refused) = UnfoldComparison.run(
                samples, at: times, events: events, stepSensor: sensor)
            let format = try RowWriter.format(arguments)
            if arguments.isGiven(Self.events), format == .csv || format == .trace {
                throw .usage(
                    "'--events' adds a second series, which '--format \(format)' cannot hold: use dat, json or jsonl")
            }
            var header = header(path, sensor: sensor)
            header.add(refused.summary)
            var clock = ClockedTimes(try Clock(arguments))
            if let first = samples.first { clock.start(at: first.time, integerOrigin: trace.integerOrigin) }
            let columns = self.columns + (truth == nil ? [] : [.init("truth", places: 5)])
            try RowWriter.write(
                header, schema: "hingetool/unfold/2", columns: columns, arguments,
                context: context
            ) { rows in
                var next = 0
                var angle: Double?
                for (index, time) in times.enumerated() {
                    while next < samples.count, samples[next].time <= time {
                        angle = samples[next].angle
                        next += 1
                    }
                    // Rows without an angle (no hinge yet) are left out, as in 'read'.
                    guard let angle else { continue }
                    clock.write(time, to: rows)
                    rows.add(angle)
                    rows.add(values[0][index])
                    rows.add(values[2][index])
                    if let truth { rows.add(UnfoldScorer.trueProgress(truth.state(at: time).angle)) }
                    rows.endRow()
                }
                guard arguments.isGiven(Self.events) else { return }
                let events = RowWriter(format, columns: eventColumns, output: rows.output)
                events.writeSeriesHeader(key: "events")
                for update in updates {
                    clock.write(update.time, to: events)
                    events.add(word: update.kind.rawValue)
                    events.add(update.angle)
                    events.endRow()
                }
            }
        }
    }
}
