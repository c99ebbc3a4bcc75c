import HingeKit
internal import HingeSupport

extension HingeTool {
    /// `hingetool synth SCENARIO`: a realistic synthetic trace with ground truth.
    struct Synth: Subcommand {
        static let spec = CommandSpec(
            name: "synth",
            abstract: "Write a synthetic hinge trace with ground truth (true_angle, true_velocity).",
            discussion: """
                A hand moves between poses with minimum-jerk motion and holds; a sensor polls it \
                at irregular intervals (jitter and bursts), adds latency and noise, quantises \
                (1°, 5°, 0/90/180° only, or a ladder of levels with hysteresis) and reports only \
                changes. --device puts a real device's sensor under any scenario: \
                \(SensorModel.Device.allCases.map(\.rawValue).joined(separator: ", ")) (each also has a \
                '<device>-folds' scenario of human folds). The same scenario and seed give \
                byte-identical output on every platform. A seed draws new sensor noise over the \
                scenario's one hand motion, except in dropouts-varied, where it also draws a new \
                motion (a fold and return of its own speed, size, pause and direction) and where \
                its dropouts fall. --format csv, json and jsonl give the same rows \
                without the comments, as CSV, one JSON document or JSON Lines; so does --list.

                Scenarios: \(SyntheticScenario.all.map(\.name).joined(separator: ", ")). \
                'hingetool synth --list' describes them.
                """,
            arguments: [
                CommandSpec.Argument(
                    "scenario", help: "The scenario to generate.", optional: true,
                    kind: .choice(SyntheticScenario.all.map(\.name)),
                    wordHelp: Dictionary(uniqueKeysWithValues: SyntheticScenario.all.map { ($0.name, $0.summary) }))
            ],
            options: [
                seed.option,
                interval.option,
                noise.option,
                latency.option,
                step.option,
                device.option,
                repetitions.option,
                list.option,
                rowFormatOption([.trace, .csv, .json, .jsonl]), outputOption,
            ],
            examples: [["flat-to-laptop"]])

        static let device = OptionKey<SensorModel.Device?>(
            ["--device"], value: "device",
            help: "A real device's sensor model instead of the scenario's (before the other overrides).")
        static let seed = OptionKey(
            ["--seed"], value: "n", help: "Seed of the random generator.", anyWhole: 0...UInt64.max, default: 1)
        static let interval = OptionKey<Double?>(
            ["--interval"], value: "ms", help: "Mean time between sensor polls, overriding the scenario's.",
            in: 0.1...10_000)
        static let noise = OptionKey<Double?>(
            ["--noise"], value: "degrees", help: "Noise standard deviation, overriding the scenario's.",
            in: 0...90)
        static let latency = OptionKey<Double?>(
            ["--latency"], value: "ms", help: "Sensor latency, overriding the scenario's.", in: 0...10_000)
        static let step = OptionKey<Double?>(
            ["--step"], value: "deg", help: "Quantisation step, overriding the scenario's.", in: 0.001...180
        )
        static let repetitions = OptionKey(
            ["--repeat"], value: "n",
            help: "Play the scenario n times in a row (seeds seed, seed+1, …), for long traces.",
            whole: 1...1_000_000, default: 1)
        static let list = OptionKey(flag: ["--list"], help: "List the scenarios and what they model.").standalone()
        /// `--list`'s columns in csv, json and jsonl (the default prints them aligned as text).
        static let listColumns: [RowWriter.Column] = [.init("scenario"), .init("summary")]

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            if arguments.isGiven(Self.list) {
                if try RowWriter.format(arguments) != .trace { return try writeList(arguments, context: context) }
                var text = ""
                for scenario in SyntheticScenario.all {
                    text += scenario.name + String(repeating: " ", count: max(1, 20 - scenario.name.count))
                    text += scenario.summary + "\n"
                }
                try context.emit(text, to: try arguments[Keys.output])
                return
            }
            guard let name = arguments.positionals.first else {
                throw .malformed("Missing expected argument '<scenario>'")
            }
            guard var scenario = SyntheticScenario.named(name) else {
                var message = "Unknown scenario '\(Echo.quoted(name))'. 'hingetool synth --list' lists them."
                if let suggestion = ArgumentParser.closest(to: name, among: SyntheticScenario.all.map(\.name)) {
                    message += " Did you mean '\(suggestion)'?"
                }
                throw .usage(message)
            }
            let seed = try arguments[Self.seed]
            if let device = try arguments[Self.device] {
                scenario.trace.sensor = device.sensor
            }
            if let interval = try arguments[Self.interval] {
                scenario.trace.sensor.meanInterval = interval / 1000
            }
            if let noise = try arguments[Self.noise] { scenario.trace.sensor.noise = noise }
            if let latency = try arguments[Self.latency] {
                scenario.trace.sensor.latency = latency / 1000
            }
            if let step = try arguments[Self.step] {
                scenario.trace.sensor.quantisation = .step(step)
            }
            let repeats = try arguments[Self.repetitions]
            let output = try OutputWriter(path: try arguments[Keys.output], context: context)
            let format = try RowWriter.format(arguments)
            if format == .trace {
                write(scenario, seed: seed, repeats: Int(repeats), arguments: arguments, to: output.write)
            } else {
                let rows = RowWriter(format, columns: columns, output: output)
                rows.writeHeader(header(scenario, seed: seed, arguments: arguments), schema: "hingetool/synth/2")
                for (sample, truth) in samples(scenario, seed: seed, repeats: Int(repeats)) {
                    rows.add(sample.time)
                    rows.add(sample.angle)
                    if let status = sample.status { rows.add(word: status.rawValue) } else { rows.add(nil) }
                    rows.add(truth.angle)
                    rows.add(truth.velocity)
                    rows.add(truth.pose)
                    rows.endRow()
                }
                rows.finish()
            }
            try output.commit()
        }

        /// `--list` as rows, in csv, json or jsonl (docs/schemas/synth-list.json).
        static func writeList(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let header = CommentHeader("synth", options: ["--list"])
            try RowWriter.write(
                header, schema: "hingetool/synth-list/1", columns: listColumns, arguments, context: context
            ) { rows in
                for scenario in SyntheticScenario.all {
                    rows.add(word: scenario.name)
                    rows.add(word: scenario.summary)
                    rows.endRow()
                }
            }
        }

        /// The trace as CSV with a provenance comment, rounded to 1 µs and 0.001°.
        static func csv(_ scenario: SyntheticScenario, seed: UInt64) -> String {
            var text = ""
            write(scenario, seed: seed, repeats: 1, arguments: nil) { text += $0 }
            return text
        }

        /// Writes the trace a row at a time, so a long trace (`--repeat`) is never held whole.
        static func write(
            _ scenario: SyntheticScenario, seed: UInt64, repeats: Int, arguments: ParsedArguments?,
            to write: (String) -> Void
        ) {
            let writer = TraceWriter(
                extraColumns: columns.dropFirst(3).map(\.name), timeDecimals: columns[0].places,
                angleDecimals: columns[1].places)
            write(header(scenario, seed: seed, arguments: arguments).text + writer.header)
            for (sample, truth) in samples(scenario, seed: seed, repeats: repeats) {
                let extras = zip([truth.angle, truth.velocity, truth.pose], columns.dropFirst(3)).map { value, column in
                    guard let value else { return "" }
                    return column.places.map { DecimalNumber.fixed(value, places: $0) } ?? DecimalNumber.shortest(value)
                }
                write(writer.row(for: sample, extras: extras))
            }
        }

        /// The columns, named once: the trace's, then the ground truth's.
        static let columns: [RowWriter.Column] = [
            .init("time", places: 6), .init("angle", places: 3), .init("status"), .init("true_angle", places: 4),
            .init("true_velocity", places: 3), .init("true_pose"),
        ]

        /// The comment lines: the command (with the options given), the scenario, the columns.
        static func header(_ scenario: SyntheticScenario, seed: UInt64, arguments: ParsedArguments?) -> CommentHeader {
            var options = [scenario.name, "--seed", "\(seed)"]
            for key in ["interval", "noise", "latency", "step", "repeat"] {
                if let value = arguments?.values[key] { options += ["--\(key)", value] }  // given only
            }
            var header = CommentHeader("synth", options: options)
            header.add(scenario.summary)
            header.add(
                "columns: time (s), angle (°, empty = no hinge), status, true_angle (°), true_velocity (°/s),"
                    + " true_pose (° of the detent the hand is moving to)")
            return header
        }

        /// The samples of `repeats` plays and the ground truth at each.
        ///
        /// Play k (from 0) uses seed `seed + k` and is shifted by k × (the scenario's length +
        /// one mean polling interval), so its first row comes one poll after the previous
        /// play's closing row and times keep increasing.
        static func samples(
            _ scenario: SyntheticScenario, seed: UInt64, repeats: Int
        ) -> some Sequence<(HingeSample, (angle: Double?, velocity: Double?, pose: Double?))> {
            let period = scenario.trace.motion.duration + scenario.trace.sensor.meanInterval
            return (0..<repeats).lazy.flatMap { play in
                scenario.trace.samples(seed: seed &+ UInt64(play)).lazy.map { row in
                    var sample = row.sample
                    sample.time += Double(play) * period
                    return (sample, (row.trueAngle, row.trueVelocity, row.truePose))
                }
            }
        }
    }
}

/// `synth --device`'s choices are the devices whose sensors HingeKit models.
extension SensorModel.Device: OptionChoice {
    var help: String { summary }
}
