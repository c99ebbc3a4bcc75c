import HingeAnalysis
import HingeKit
internal import HingeSupport

extension HingeTool {
    /// `hingetool score TRACE`: a reading against the trace's ground truth, with baselines.
    struct Score: Subcommand {
        static let spec = CommandSpec(
            name: "score",
            abstract: "Score the hinge reading of traces against their ground truth, beside baselines.",
            discussion: """
                Each trace needs ground truth: either it was made by 'hingetool synth' (its first \
                comment names the scenario, whose hand motion is rebuilt exactly), or it has \
                true_angle and true_velocity columns (and true_pose for the snap). Every reading \
                is sampled on a 1 kHz grid. Rows: the reading configured by the options \
                ('hingekit'), then Android's LSQ2 velocity (read as at lift-off, and held \
                between events as Android 14 reads it), finite differences, the 1€ filter \
                with the paper's defaults, the raw angle, the Noveum/hinge lid-angle app's follower \
                ('noveum-hinge': its 0.6° band, velocity low-pass, look-ahead and critically damped \
                follower; no snap) and the offline Gaussian reading (the non-causal best case, no snap). docs/reading.md defines each \
                column; '--format markdown' prints the tables and the targets it keeps. \
                With --unfold, the displayed unfold progress is scored instead: HingeKit's \
                UnfoldDriver, Android's spring alone, Android's whole fold pipeline and the \
                noveum-hinge follower, against \
                clamp(true angle / 165) (RMSE, the RMSE ratio to Android's spring, lag, jitter at \
                rest and chop per 120 Hz frame beside the truth's; docs/effects.md). On a trace \
                from a known step sensor (Samsung's 0/90/180 on its 200 ms grid, a Razr's \
                ladder) HingeKit's driver is told of the sensor (docs/reading.md, "Step sensors"). \
                --truth FILE scores against another recording of the same motion instead (its \
                angle column, e.g. 'import logcat --stream fused'), held or linearly \
                interpolated (--truth-interpolation); --per-move (with --unfold) scores each \
                move of the truth (faster than 5 °/s) on its own, from 0.5 s before it to 1 s after; \
                --leave-one-fold-out (with --unfold) fits the step tracker on pairs of trace and \
                reference and reports it on every fold and on each fold held out, beside the causal \
                floor (the particle filter on the synthetic Fold 8's sensor model; docs/reading.md).
                """,
            arguments: [
                CommandSpec.Argument(
                    "trace", help: "Trace CSVs with ground truth, or '-' for standard input.", repeating: true)
            ],
            options: ReadOptions.options + [
                unfold.option
            ] + truthOptions + [
                perMove.option,
                leaveOneFoldOut.option,
                frontier.option,
                particles.option,
                seeds.option,
                reportFormatOption(),
                maxRowsOption, maxPointsOption, quietOption, outputOption,
            ],
            examples: [["Datasets/flat-to-laptop.csv"]])

        static let unfold = OptionKey(
            flag: ["--unfold"], help: "Score the unfold progress of HingeKit and Android instead.")
        static let perMove = OptionKey(flag: ["--per-move"], help: "With --unfold: one score per move of the truth.")
        static let leaveOneFoldOut = OptionKey(
            flag: ["--leave-one-fold-out"],
            help:
                "With --unfold: the traces are pairs (a step sensor's trace, then its reference); fit the step "
                + "tracker on every fold and score each fold with a fit without it, beside the causal floor.")
        static let frontier = OptionKey(
            flag: ["--frontier"],
            help: "Score whole families of unfold displays (RMSE and chop) with the bounds instead.")
        static let particles = OptionKey(
            ["--particles"], value: "n",
            help: "Particles in each of the three runs of the particle filter (the causal floor) of --frontier and "
                + "--leave-one-fold-out.",
            whole: 8...1_000_000,
            default: 1000)
        static let seeds = OptionKey<String?>(
            ["--seeds"], value: "list",
            help: "With --frontier: each synthetic trace's scenario at these seeds instead (e.g. 2-6).")

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            // The frontier scores families of unfold displays: `--unfold --frontier` is the
            // frontier too (it printed the plain --unfold report, --frontier ignored).
            if arguments.isGiven(Self.frontier) { return try runFrontier(arguments, context: context) }
            if arguments.isGiven(Self.unfold) { return try runUnfold(arguments, context: context) }
            let configuration = try ReadOptions.configuration(arguments)
            var results: [ScoreReport.Result] = []
            let limits = (rows: try rowLimit(arguments), points: try pointLimit(arguments))
            // Standard input can be read once: a second '-' would read an empty stream.
            if arguments.positionals.filter({ $0 == "-" }).count > 1 {
                throw .usage("'-' (standard input) is given more than once; it can be read only once")
            }
            let reference = try referenceTruth(arguments, context: context)
            for path in arguments.positionals {
                let (samples, truth) = try load(path, reference: reference, context: context, rowLimit: limits.rows)
                try checkScoringGrid(samples, limit: limits.points, file: ToolContext.displayName(path))
                // A trace without a single angle (no hinge) has nothing to score: no rows, said
                // in the table, rather than zeros and a flicker count of every frame.
                let hasAngle = samples.contains { $0.angle != nil }
                results.append(
                    (
                        path, ScoreReport.sensorStep(samples), ScoreReport.reportsOnlyEndStates(samples),
                        hasAngle
                            ? scores(samples, truth: truth, configuration: configuration, path: path, context: context)
                            : []
                    ))
            }
            let text: String
            switch try arguments[Keys.reportFormat] {
            case .json:
                let files = results.map { result in
                    JSONValue.object([
                        ("file", .string(result.path)), ("rows", .array(result.rows.map { json($0.name, $0.score) })),
                        ("sensor_reports_only_end_states", .bool(result.endStatesOnly)),
                    ])
                }
                text = JSONValue.files(files, schema: "hingetool/score/2").rendered() + "\n"
            case .markdown:
                text = ScoreReport.markdown(results)
            case .text:
                text = results.map { table($0.rows, title: $0.path) }.joined(separator: "\n")
            }
            try context.emit(text, to: try arguments[Keys.output])
        }

        /// The readings compared, by name.
        static func scores(
            _ samples: [HingeSample], truth: GroundTruth, configuration: HingeReader.Configuration, path: String,
            context: ToolContext
        )
            -> [(name: String, score: ReadingScore)]
        {
            // The baselines are read as they are, without HingeKit's rule for coarse sensors.
            var lsq2 = configuration
            lsq2.velocity = .androidLSQ2
            lsq2.coarseStep = .infinity
            var held = lsq2
            held.velocity = .androidLSQ2Held
            var difference = configuration
            difference.velocity = .finiteDifference
            difference.coarseStep = .infinity
            var paper = configuration
            paper.position = .oneEuro(.paperDefaults, .classic)
            paper.coarseStep = .infinity
            var raw = configuration
            raw.position = .raw
            let readings: [(String, HingeReader.Configuration)] = [
                ("hingekit", configuration), ("android-lsq2", lsq2), ("android-lsq2-held", held),
                ("difference", difference),
                ("one-euro-paper", paper), ("raw", raw),
            ]
            var refused = RefusedSamples()
            var rows = readings.map { name, configuration in
                let series = ReadingScorer.read(samples, configuration: configuration)
                refused.add(series.refused)
                return (name: name, score: ReadingScorer.score(series, truth: truth))
            }
            // A peer that reads the same sensors: the Noveum/hinge lid-angle app's follower.
            let peer = NoveumHingeFollower.series(samples)
            refused.add(peer.refused)
            rows.append((name: "noveum-hinge", score: ReadingScorer.score(peer, truth: truth)))
            warnRefused(refused, path: path, context: context)
            // The non-causal best case: the whole trace smoothed at once (docs/offline.md).
            if let offline = try? OfflineReading.series(samples) {
                rows.append((name: "offline-gaussian", score: ReadingScorer.score(offline, truth: truth)))
            }
            return rows
        }

        /// The exact truth of a trace `hingetool synth` made, from the provenance line that
        /// opens it (``GroundTruth/init(provenance:)``).
        static func synthesisedTruth(_ reader: TraceReader) -> GroundTruth? {
            reader.leadingComments.first.flatMap(GroundTruth.init(provenance:))
        }

        /// A reference recording (`--truth`) as ground truth: its angles at its times.
        /// `--truth` and `--truth-interpolation`, declared once for `score` and `unfold`.
        static let truthOptions = [truth.option, truthInterpolation.option]
        static let truth = OptionKey<String?>(
            ["--truth"], value: "trace", kind: .inputFile,
            help: "A reference recording of the same motion, on the same clock, to score against.")
        static let truthInterpolation = OptionKey<GroundTruth.Interpolation?>(
            ["--truth-interpolation"], value: "mode",
            help:
                "How --truth is read between its samples: 'held', 'linear', or 'change' (a gap over 0.5 s is a "
                + "rest, then a 0.2 s ramp into the next sample)."
        ).defaulting(toNote: "change for a reference that declares itself change-triggered, else linear")

        /// The `--truth` recording, read as `--truth-interpolation` says (by default `change`
        /// when the recording declares itself change-triggered, `linear` otherwise), its rows
        /// counted against `--max-rows`; `nil` without `--truth`.
        static func referenceTruth(
            _ arguments: ParsedArguments, context: ToolContext
        ) throws(ToolError) -> ReferenceRecording? {
            guard let path = try arguments[truth] else { return nil }
            return try reference(path, arguments: arguments, context: context)
        }

        /// The reference recording at `path`, read as ``referenceTruth(_:context:)`` reads
        /// `--truth`.
        static func reference(
            _ path: String, arguments: ParsedArguments, context: ToolContext
        ) throws(ToolError) -> ReferenceRecording {
            let reader = try context.openTrace(path)
            var times: [Double] = []
            var angles: [Double] = []
            try context.readRecords(of: reader, rowLimit: try rowLimit(arguments)) { record in
                guard let angle = record.sample.angle else { return }
                times.append(record.sample.time)
                angles.append(angle)
            }
            guard !times.isEmpty else { throw .data("\(ToolContext.displayName(path)): no row has an angle") }
            // One sample is a constant, not a recording of a motion: every move would be scored
            // against a hinge that never moved (issue 32).
            guard times.count >= 2 else {
                throw .data(
                    "\(Echo.quoted(ToolContext.displayName(path), limit: 200)): one row has an angle (at "
                        + "\(DecimalNumber.shortest(times[0])) s); a truth needs at least two to score against")
            }
            let declared = ReferenceRecording.declaresChangeTriggered(reader.leadingComments)
            let mode =
                try arguments[truthInterpolation]
                ?? (declared ? .change : .linear)
            return ReferenceRecording(
                times: times, angles: angles, interpolation: mode, declaredChangeTriggered: declared,
                integerOrigin: ClockedTimes.integerOrigin(of: reader))
        }

        /// Reads a trace and its ground truth: `reference` when given (`--truth`), else its own.
        static func load(
            _ path: String, reference: ReferenceRecording?, context: ToolContext, rowLimit: Int = defaultMaxRows
        ) throws(ToolError) -> ([HingeSample], GroundTruth) {
            guard let reference else { return try loadWithTruth(path, context: context, rowLimit: rowLimit) }
            let trace = try loadTrace(path, context: context, rowLimit: rowLimit)
            return (trace.samples, reference.truth(traceOrigin: trace.integerOrigin))
        }

        /// Reads a trace and its ground truth.
        static func loadWithTruth(
            _ path: String, context: ToolContext, rowLimit: Int = defaultMaxRows
        ) throws(ToolError) -> (
            [HingeSample], GroundTruth
        ) {
            let (samples, truth) = try loadWithOptionalTruth(path, context: context, rowLimit: rowLimit)
            guard let truth else {
                throw .data(
                    "\(ToolContext.displayName(path)): no ground truth: the trace needs true_angle and true_velocity "
                        + "columns")
            }
            return (samples, truth)
        }

        /// Reads a trace and its ground truth, if it has any.
        static func loadWithOptionalTruth(
            _ path: String, context: ToolContext, rowLimit: Int = defaultMaxRows
        ) throws(ToolError) -> (
            [HingeSample], GroundTruth?
        ) {
            let trace = try loadTrace(path, context: context, rowLimit: rowLimit)
            return (trace.samples, trace.truth)
        }

        /// Reads a trace, its ground truth if it has any, and its integer time origin
        /// (``ClockedTimes/integerOrigin(of:)``), which a reference recording is aligned to.
        static func loadTrace(
            _ path: String, context: ToolContext, rowLimit: Int = defaultMaxRows
        ) throws(ToolError) -> (samples: [HingeSample], truth: GroundTruth?, integerOrigin: Int64?) {
            let reader = try context.openTrace(path, options: TraceReadOptions(keepsExtraColumns: true))
            // Samples and the truth columns are kept as numbers as each row arrives, never the
            // rows' text: 32 bytes a sample plus 40 a truth row (docs/performance.md).
            var samples: [HingeSample] = []
            var truth = TruthColumns()
            try context.readRecords(of: reader, rowLimit: rowLimit) { (record) throws(ToolError) in
                if samples.isEmpty { truth.locate(reader) }
                samples.append(record.sample)
                truth.add(record)
            }
            let origin = ClockedTimes.integerOrigin(of: reader)
            if let exact = synthesisedTruth(reader) { return (samples, exact, origin) }
            guard truth.positions != nil else { return (samples, nil, origin) }
            guard !truth.times.isEmpty else {
                throw .data("\(reader.fileName ?? path): no row has a true_angle and a true_velocity")
            }
            return (
                samples,
                .columns(times: truth.times, angles: truth.angles, velocities: truth.velocities, poses: truth.poses),
                origin
            )
        }

        /// The ground-truth columns of a trace (`true_angle`, `true_velocity`, optional
        /// `true_pose`), read as numbers row by row.
        struct TruthColumns {
            var positions: (angle: Int, velocity: Int, pose: Int?)?
            var times: [Double] = []
            var angles: [Double] = []
            var velocities: [Double] = []
            var poses: [Double?] = []

            /// Finds the columns once the header is read; a synthesised trace needs none.
            mutating func locate(_ reader: TraceReader) {
                guard synthesisedTruth(reader) == nil, let columns = reader.columns,
                    let angle = columns.extraPosition(named: "true_angle"),
                    let velocity = columns.extraPosition(named: "true_velocity")
                else { return }
                positions = (angle, velocity, columns.extraPosition(named: "true_pose"))
            }

            /// Keeps the row's truth when both its angle and velocity are finite numbers.
            mutating func add(_ record: TraceRecord) {
                guard let positions else { return }
                let fields = record.extraFields
                guard let trueAngle = Double(fields[positions.angle]),
                    let trueVelocity = Double(fields[positions.velocity]), trueAngle.isFinite, trueVelocity.isFinite
                else { return }
                times.append(record.sample.time)
                angles.append(trueAngle)
                velocities.append(trueVelocity)
                poses.append(positions.pose.flatMap { Double(fields[$0]) })
            }
        }

        /// Refuses a trace whose scoring grid (``ReadingScorer/gridRate`` frames per second
        /// from the first sample to the last) would pass `limit`, before it is computed.
        static func checkScoringGrid(_ samples: [HingeSample], limit: Int, file: String) throws(ToolError) {
            guard let first = samples.first?.time, let last = samples.last?.time else { return }
            try checkGrid(
                duration: last - first, rate: ReadingScorer.gridRate, limit: limit, file: file,
                what: "the scoring grid", remedy: "raise it with '--max-points'")
        }

        static func json(_ name: String, _ score: ReadingScore) -> JSONValue {
            .object([
                // The text table's column names (``columnNames``), in its units: lag and lead in ms.
                ("reading", .string(name)), ("vel_rmse_moving", .number(score.velocityRMSEMoving)),
                ("vel_rmse_rest", .number(score.velocityRMSEResting)),
                ("pos_rmse", .number(score.positionRMSE)), ("lag_ms", .number(score.lag * 1000)),
                ("jitter", .number(score.jitterAtRest)), ("moves", .integer(score.moves)),
                ("snap_right", .integer(score.snapRight)), ("lead_ms", .optional(score.meanLeadTime.map { $0 * 1000 })),
                ("flicker", .integer(score.flickerAtRest)),
            ])
        }

        /// The column names of the text table, each as wide as its cells.
        static let columnNames = [
            "vel_rmse_moving", "vel_rmse_rest", "pos_rmse", "lag_ms", "jitter", "snap_right", "lead_ms", "flicker",
        ]

        static func table(_ rows: [(name: String, score: ReadingScore)], title: String) -> String {
            var header = CommentHeader("score", source: title)
            guard !rows.isEmpty else {
                header.add("no sample has a hinge angle (the trace has no hinge): nothing to score")
                return header.text
            }
            var text = header.text
            text += "# reading".padding(18) + columnNames.dropLast().map { $0.padding(16) }.joined() + "flicker\n"
            for (name, score) in rows {
                let cells = [
                    DecimalNumber.fixed(score.velocityRMSEMoving, places: 2),
                    DecimalNumber.fixed(score.velocityRMSEResting, places: 2),
                    DecimalNumber.fixed(score.positionRMSE, places: 3),
                    DecimalNumber.fixed(score.lag * 1000, places: 0),
                    DecimalNumber.fixed(score.jitterAtRest, places: 3),
                    score.hasSnap ? "\(score.snapRight)/\(score.moves)" : "-",
                    score.meanLeadTime.map { DecimalNumber.fixed($0 * 1000, places: 0) } ?? "-",
                    "\(score.flickerAtRest)",
                ]
                text +=
                    name.padding(18) + cells.dropLast().map { $0.padding(16) }.joined() + cells[cells.count - 1] + "\n"
            }
            return text
        }
    }
}

extension String {
    func padding(_ width: Int) -> String { self + String(repeating: " ", count: max(1, width - count)) }
}

/// `--truth-interpolation`'s choices are the library's interpolations.
extension GroundTruth.Interpolation: OptionChoice {
    var help: String {
        switch self {
        case .held: "each value holds until the next"
        case .linear: "straight lines between samples"
        case .change: "change-triggered: rests across gaps, then a ramp"
        }
    }
}
