import HingeAnalysis
import HingeKit
internal import HingeSupport

extension HingeTool {
    /// `hingetool smooth TRACE --rate HZ (--gaussian S [--derivative] | --median S)`: a filter
    /// over the trace's angles on a uniform grid.
    struct Smooth: Subcommand {
        static let spec = CommandSpec(
            name: "smooth",
            abstract: "Smooth a trace on a uniform grid: Gaussian, Gaussian derivative or median.",
            discussion: """
                The angles are first put on the grid t = t0 + k/rate with Steffen's method (as \
                'resample' does), then filtered, looking both ways in time. Prints rows 't angle', \
                or 't velocity' (°/s) with --derivative (--format: gnuplot-ready dat, csv, JSON \
                Lines, or for angles a trace CSV). Near the ends the \
                Gaussian repeats the first and last angle (the hinge rests before and after the \
                trace); the median uses the samples inside the trace only.

                --impulses adds a column 'impulse': 1 where the resampled angle is an outlier, \
                more than 3 scales from the median of its window (the median's window, or ±3σ), \
                the scale being the window's MAD but never less than the trace's quantisation \
                step, so a quantised plateau does not make every flicker an outlier. The other \
                columns are not changed. See docs/offline.md.
                """,
            arguments: [traceArgument],
            options: [
                Resample.rateOption,
                gaussian.option,
                derivative.option,
                median.option,
                impulses.option,
                Clock.option,
                maxRowsOption, maxPointsOption, rowFormatOption(), outputOption,
            ],
            examples: [
                ["Datasets/flat-to-laptop.csv", "--rate", "50", "--gaussian", "0.05"],
                ["Datasets/flat-to-laptop.csv", "--rate", "100", "--median", "0.1"],
            ],
            usageOverride: [
                "<trace> --rate <hz> [--impulses] [-o <file>]",
                "                        (--gaussian <s> [--derivative] | --median <s>)",
                "                        [--clock <clock>]",
                "                        [--max-rows <n>] [--max-points <n>] [--format <format>]",
            ])

        static let gaussian = OptionKey<Double?>(
            ["--gaussian"], value: "s", help: "Gaussian smoothing with this sigma in seconds.",
            in: 0.0001...3600)
        static let derivative = OptionKey(
            flag: ["--derivative"], help: "With --gaussian: the velocity (the Gaussian derivative) instead.")
        static let median = OptionKey<Double?>(
            ["--median"], value: "s", help: "Running median over a window this many seconds wide.",
            in: 0.0001...3600)
        static let impulses = OptionKey(flag: ["--impulses"], help: "Add a 0/1 column marking outliers.")

        /// The impulse threshold, in scales: Hampel's customary 3.
        static let impulseThreshold = 3.0

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let path = arguments.positionals[0]
            let rate = try Resample.requiredRate(arguments)
            let sigma = try arguments[Self.gaussian]
            let window = try arguments[Self.median]
            let derivative = arguments.isGiven(Self.derivative)
            let filter = try chooseFilter(sigma: sigma, window: window, derivative: derivative)

            var clock = ClockedTimes(try Clock(arguments))
            let resampled = try Resample.resample(
                path, rate: rate, method: .steffen, limits: (try rowLimit(arguments), try pointLimit(arguments)),
                clock: &clock, context: context)
            let step = 1 / rate
            var header = try header(path, rate: rate, filter: filter, arguments)
            var columns = [
                RowWriter.Column("t"), derivative ? .init("velocity", places: 3) : .init("angle", places: 4),
            ]
            guard let (resampler, grid) = resampled else {
                header.add(Resample.noHingeNote)
                try RowWriter.write(header, schema: "hingetool/smooth/2", columns: columns, arguments, context: context)
                { _ in }
                return
            }
            if let sigma = filter.sigma {
                try checkGaussian(
                    sigma: sigma, points: grid.times.count, rate: rate, limit: try pointLimit(arguments), path: path)
            }
            let values = try filtered(grid.angles, step: step, filter: filter, derivative: derivative, path: path)
            // The impulse window is the median's, or ±3σ around each Gaussian sample.
            let impulseWindow = filter.window
            header.add(Resample.provenance(resampler))
            var impulses: ImpulseDetection?
            if arguments.isGiven(Self.impulses) {
                let floor = quantisationStep(of: resampler.interpolator.y)
                do {
                    impulses = try GridFilter.impulses(
                        in: grid.angles, step: step, window: impulseWindow, threshold: impulseThreshold,
                        scaleFloor: floor)
                } catch {
                    throw failure(error, path: path)
                }
                header.add(
                    "impulse: |angle - median| > 3 max(MAD, \(DecimalNumber.shortest(floor))°) over "
                        + "\(DecimalNumber.shortest(impulseWindow)) s; \(impulses?.outlierCount ?? 0) found")
                columns.append(.init("impulse"))
            }
            try RowWriter.write(header, schema: "hingetool/smooth/2", columns: columns, arguments, context: context) {
                rows in
                for index in grid.times.indices {
                    clock.write(grid.times[index], to: rows)
                    rows.add(values[index])
                    if let impulses { rows.add(impulses.isOutlier[index] ? 1 : 0) }
                    rows.endRow()
                }
            }
        }

        /// Refuses a Gaussian whose padded grid and kernel pass `limit` points, before they are
        /// made. The Gaussian pads the grid by ±4σ and convolves it with a kernel of ±4σ: its
        /// memory grows with σ·rate whatever the trace's length (a 30-row trace at σ 3600 s once
        /// took 2 GB), so they count against --max-points with the grid.
        static func checkGaussian(
            sigma: Double, points: Int, rate: Double, limit: Int, path: String
        ) throws(ToolError) {
            try checkGrid(
                duration: Double(points - 1) / rate + 4 * GridFilter.gaussianReach * sigma, rate: rate,
                limit: limit, file: ToolContext.displayName(path),
                what: "the grid padded and the Gaussian's kernel (±4σ each)",
                remedy: "raise it with '--max-points', or lower '--rate' or '--gaussian'")
        }

        /// The angles through the chosen filter.
        private static func filtered(
            _ angles: [Double], step: Double, filter: (sigma: Double?, window: Double), derivative: Bool, path: String
        ) throws(ToolError) -> [Double] {
            do {
                guard let sigma = filter.sigma else {
                    return try GridFilter.median(angles, step: step, window: filter.window)
                }
                return derivative
                    ? try GridFilter.gaussianDerivative(angles, step: step, sigma: sigma)
                    : try GridFilter.gaussian(angles, step: step, sigma: sigma)
            } catch {
                throw failure(error, path: path)
            }
        }

        /// The command line as the header echoes it; `--format trace` refused for velocities.
        private static func header(
            _ path: String, rate: Double, filter: (sigma: Double?, window: Double), _ arguments: ParsedArguments
        ) throws(ToolError) -> CommentHeader {
            let derivative = arguments.isGiven(Self.derivative)
            if derivative, try RowWriter.format(arguments) == .trace {
                throw .usage(
                    "'--format trace' writes angles; '--derivative' prints velocities (use dat, csv, json or jsonl)")
            }
            var options = ["--rate", DecimalNumber.shortest(rate)]
            options +=
                filter.sigma.map { ["--gaussian", DecimalNumber.shortest($0)] } ?? [
                    "--median", DecimalNumber.shortest(filter.window),
                ]
            if derivative { options.append("--derivative") }
            if arguments.isGiven(Self.impulses) { options.append("--impulses") }
            return CommentHeader("smooth", source: path, options: options)
        }

        /// Exactly one filter: the Gaussian's σ (and its ±3σ window) or the median's window; the
        /// derivative belongs to the Gaussian.
        private static func chooseFilter(
            sigma: Double?, window: Double?, derivative: Bool
        ) throws(ToolError) -> (sigma: Double?, window: Double) {
            switch (sigma, window) {
            case (let sigma?, nil): return (sigma, 6 * sigma)
            case (nil, let window?) where !derivative: return (nil, window)
            case (nil, _?): throw .usage("'--derivative' needs '--gaussian <s>'")
            case (nil, nil): throw .malformed("Missing expected option '--gaussian <s>' or '--median <s>'")
            case (_?, _?): throw .usage("'--gaussian' and '--median' cannot be used together")
            }
        }

        /// A width the grid cannot hold is the command line's fault; anything else the data's.
        static func failure(_ error: GridFilter.InputError, path: String) -> ToolError {
            switch error {
            case .widthTooShort, .widthTooLong: .usage("\(error) (see --rate)")
            default: .data("\(path): \(error)")
            }
        }

        /// The sensor's step, the least scale an impulse window may have: the quantisation
        /// step, the smallest gap between levels, or the smallest change of a continuous trace.
        static func quantisationStep(of angles: [Double]) -> Double {
            var statistics = TraceStatistics()
            for (index, angle) in angles.enumerated() { statistics.add(HingeSample(time: Double(index), angle: angle)) }
            switch statistics.quantisation {
            case .none: return 0
            case .step(let step): return step
            case .levels(let levels):
                return zip(levels, levels.dropFirst()).map { $1 - $0 }.min() ?? 0
            case .continuous(let change): return change
            }
        }
    }
}
