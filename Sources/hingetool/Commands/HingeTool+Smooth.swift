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
                'resample' does), then filtered, looking both ways in time. Prints gnuplot-ready \
                rows 't angle', or 't velocity' (°/s) with --derivative. Near the ends the \
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
                CommandSpec.Option(
                    ["--gaussian"], value: "s", help: "Gaussian smoothing with this sigma in seconds.",
                    in: 0.0001...3600),
                CommandSpec.Option(
                    ["--derivative"], help: "With --gaussian: the velocity (the Gaussian derivative) instead."),
                CommandSpec.Option(
                    ["--median"], value: "s", help: "Running median over a window this many seconds wide.",
                    in: 0.0001...3600),
                CommandSpec.Option(["--impulses"], help: "Add a 0/1 column marking outliers."),
                maxRowsOption, maxPointsOption, outputOption,
            ],
            usageOverride: [
                "<trace> --rate <hz> [--impulses] [-o <file>]",
                "                        (--gaussian <s> [--derivative] | --median <s>)",
                "                        [--max-rows <n>] [--max-points <n>]",
            ])

        /// The impulse threshold, in scales: Hampel's customary 3.
        static let impulseThreshold = 3.0

        static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError) {
            let path = arguments.positionals[0]
            let rate = try Resample.requiredRate(arguments)
            let sigma = try number(arguments, "gaussian")
            let window = try number(arguments, "median")
            let derivative = arguments.has("derivative")
            let filter = try chooseFilter(sigma: sigma, window: window, derivative: derivative)

            let resampled = try Resample.resample(
                path, rate: rate, method: .steffen, limits: (try rowLimit(arguments), try pointLimit(arguments)),
                context: context)
            let step = 1 / rate
            var command = "hingetool smooth \(Echo.comment(path)) --rate \(DecimalNumber.shortest(rate))"
            guard let (resampler, grid) = resampled else {
                try context.emit("# \(command)\n" + Resample.noHingeComment, to: arguments.value("output"))
                return
            }
            if let sigma = filter.sigma {
                command += " --gaussian \(DecimalNumber.shortest(sigma))" + (derivative ? " --derivative" : "")
            } else {
                command += " --median \(DecimalNumber.shortest(filter.window))"
            }
            let values = try filtered(
                grid.angles, filter: filter, derivative: derivative, rate: rate, limit: try pointLimit(arguments),
                path: path)
            // The impulse window is the median's, or ±3σ around each Gaussian sample.
            let impulseWindow = filter.window
            var text = "# \(command)\(arguments.has("impulses") ? " --impulses" : "")\n"
            text += Resample.provenance(resampler)
            var impulses: ImpulseDetection?
            if arguments.has("impulses") {
                let floor = quantisationStep(of: resampler.interpolator.y)
                do {
                    impulses = try GridFilter.impulses(
                        in: grid.angles, step: step, window: impulseWindow, threshold: impulseThreshold,
                        scaleFloor: floor)
                } catch {
                    throw failure(error, path: path)
                }
                text +=
                    "# impulse: |angle - median| > 3 max(MAD, \(DecimalNumber.shortest(floor))°) over "
                    + "\(DecimalNumber.shortest(impulseWindow)) s; \(impulses?.outlierCount ?? 0) found\n"
            }
            text += "# t \(derivative ? "velocity" : "angle")\(impulses == nil ? "" : " impulse")\n"
            // The rows stream out (up to --max-points of them, never held as text).
            let output = try OutputWriter(path: arguments.value("output"), context: context)
            output.write(text)
            for index in grid.times.indices {
                var row = DecimalNumber.shortest(grid.times[index]) + " "
                row += DecimalNumber.fixed(values[index], places: derivative ? 3 : 4)
                if let impulses { row += impulses.isOutlier[index] ? " 1" : " 0" }
                output.write(row + "\n")
            }
            try output.commit()
        }

        /// The angles on the grid through the chosen filter; a Gaussian is first checked against
        /// `limit` (``checkGaussian(sigma:points:rate:limit:path:)``).
        static func filtered(
            _ angles: [Double], filter: (sigma: Double?, window: Double), derivative: Bool, rate: Double, limit: Int,
            path: String
        ) throws(ToolError) -> [Double] {
            let step = 1 / rate
            do {
                guard let sigma = filter.sigma else {
                    return try GridFilter.median(angles, step: step, window: filter.window)
                }
                try checkGaussian(sigma: sigma, points: angles.count, rate: rate, limit: limit, path: path)
                return derivative
                    ? try GridFilter.gaussianDerivative(angles, step: step, sigma: sigma)
                    : try GridFilter.gaussian(angles, step: step, sigma: sigma)
            } catch let error as GridFilter.InputError {
                throw failure(error, path: path)
            } catch let error as ToolError {
                throw error
            } catch {
                throw .failure("\(error)")
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

        /// Exactly one filter: the Gaussian's σ (and its ±3σ window) or the median's window; the
        /// derivative belongs to the Gaussian.
        private static func chooseFilter(
            sigma: Double?, window: Double?, derivative: Bool
        ) throws(ToolError) -> (sigma: Double?, window: Double) {
            switch (sigma, window) {
            case (let sigma?, nil): return (sigma, 6 * sigma)
            case (nil, let window?) where !derivative: return (nil, window)
            case (nil, _?): throw .usage("'--derivative' needs '--gaussian <s>'")
            case (nil, nil): throw .usage("Missing expected option '--gaussian <s>' or '--median <s>'")
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
