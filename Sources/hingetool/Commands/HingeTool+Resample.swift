import HingeAnalysis
import HingeKit
internal import HingeSupport

extension HingeTool {
    /// `hingetool resample TRACE --rate HZ`: the trace's angles on a uniform grid.
    struct Resample: Subcommand {
        static let spec = CommandSpec(
            name: "resample",
            abstract: "Interpolate a trace's angles onto a uniform grid.",
            discussion: """
                Prints rows 't angle' (--format: gnuplot-ready dat, csv, JSON, JSON Lines, or a trace \
                CSV every command reads back) at t = t0 + k/rate, from the first sample \
                with an angle to the last, printed from the input's first timestamp \
                (--clock zero, the default) or on its own clock (--clock recorder; \
                docs/recording.md, "Clocks"). Rows without an angle are skipped and samples at the \
                same time merged, the later one winning; a comment counts both. steffen (the \
                default) is monotone between samples, so it never overshoots a quantised step; \
                cspline and akima can. Methods need 2 (linear), 3 (steffen, cspline) or 5 \
                (akima) angles. See docs/offline.md.
                """,
            arguments: [traceArgument],
            options: [
                rateOption,
                method.option,
                Clock.option,
                maxRowsOption, maxPointsOption, rowFormatOption(), outputOption,
            ],
            examples: [["Datasets/flat-to-laptop.csv", "--rate", "50"]],
            usageOverride: [
                "<trace> --rate <hz> [--method <method>]",
                "                        [--max-rows <n>] [--max-points <n>] [--format <format>]",
                "                        [--clock <clock>] [-o <file>]",
            ])

        static let rateOption = HingeTool.rateOption.helped("Grid points per second.").required()
        static let method = OptionKey(
            ["--method"], value: "method", help: "The interpolation method.", default: MethodChoice.steffen)

        /// `--method`'s choices, in the order `--help` lists them (steffen, the default, first).
        enum MethodChoice: String, OptionChoice {
            case steffen, linear, cspline, akima

            var help: String {
                switch self {
                case .steffen: "Steffen's monotone cubic (no overshoot)"
                case .linear: "straight lines"
                case .cspline: "a natural cubic spline"
                case .akima: "Akima's cubic"
                }
            }

            var method: Interpolator.Method {
                switch self {
                case .steffen: .steffen
                case .linear: .linear
                case .cspline: .cspline
                case .akima: .akima
                }
            }
        }

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let path = arguments.positionals[0]
            let rate = try requiredRate(arguments)
            let method = try arguments[Self.method].method
            var clock = ClockedTimes(try Clock(arguments))
            let resampled = try resample(
                path, rate: rate, method: method, limits: (try rowLimit(arguments), try pointLimit(arguments)),
                clock: &clock, context: context)
            var header = CommentHeader(
                "resample", source: path, options: ["--rate", DecimalNumber.shortest(rate), "--method", "\(method)"])
            header.add(resampled.map { provenance($0.0) } ?? noHingeNote)
            try RowWriter.write(header, schema: "hingetool/resample/2", columns: columns, arguments, context: context) {
                rows in
                for (time, angle) in zip(resampled?.1.times ?? [], resampled?.1.angles ?? []) {
                    clock.write(time, to: rows)
                    rows.add(angle)
                    rows.endRow()
                }
            }
        }

        /// The columns, named once.
        static let columns: [RowWriter.Column] = [.init("t"), .init("angle", places: 4)]

        /// `--rate`, which these commands cannot do without.
        static func requiredRate(_ arguments: ParsedArguments) throws(ToolError) -> Double {
            guard let rate = try arguments[Keys.rate] else {
                throw .malformed("Missing expected option '--rate <hz>'")
            }
            return rate
        }

        /// What `resample` and `smooth` say about a trace without a single angle (and print no row).
        static let noHingeNote = "no sample has a hinge angle (the trace has no hinge): nothing to resample"

        /// Reads the trace at `path` (equal times kept for the resampler to merge) and puts its
        /// angles on the grid t0 + k/rate (times as read; `clock` starts at the first sample, so
        /// it writes them under `--clock`); `nil` when no sample has an angle (a trace of a
        /// device without a hinge is not malformed: there is just nothing to put on a grid).
        static func resample(
            _ path: String, rate: Double, method: Interpolator.Method, limits: (rows: Int, points: Int),
            clock: inout ClockedTimes, context: ToolContext
        ) throws(ToolError) -> (TraceResampler, (times: [Double], angles: [Double]))? {
            let reader = try context.openTrace(path, options: TraceReadOptions(duplicateTimes: .keep))
            var samples: [HingeSample] = []
            try context.readRecords(of: reader, rowLimit: limits.rows) { (record) throws(ToolError) in
                samples.append(record.sample)
            }
            let name = reader.fileName ?? path
            if let first = samples.first?.time {
                clock.start(at: first, integerOrigin: ClockedTimes.integerOrigin(of: reader))
            }
            guard samples.contains(where: { $0.angle != nil }) else { return nil }
            do {
                let resampler = try TraceResampler(samples, method: method)
                let span = resampler.interpolator.domain
                try checkGrid(
                    duration: span.upperBound - span.lowerBound, rate: rate, limit: limits.points, file: name)
                return (resampler, try resampler.grid(rate: rate))
            } catch let failure as ToolError {
                throw failure
            } catch Interpolator.InputError.tooFewPoints(let method, let count) {
                throw .data(
                    "\(name): \(count) \(count == 1 ? "angle" : "angles") at distinct times, but \(method) interpolation needs at least "
                        + "\(method.minimumPointCount)")
            } catch {
                throw .data("\(name): \(error)")
            }
        }

        /// The note that says what the resampler merged and skipped, if anything.
        static func provenance(_ resampler: TraceResampler) -> String? {
            guard resampler.mergedDuplicateCount > 0 || resampler.samplesWithoutAngle > 0 else { return nil }
            return "\(resampler.mergedDuplicateCount) samples replaced by a later one at the same time, "
                + "\(resampler.samplesWithoutAngle) rows without an angle skipped"
        }
    }
}
