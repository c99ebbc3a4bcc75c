import HingeKit

/// The options that configure a ``HingeReader``, shared by `read` and `score`.
enum ReadOptions {
    /// `--position`'s choices: each with its legend, so that a switch over them is exhaustive
    /// and a new choice cannot fall into a `default:` with another's name.
    enum Position: String, CaseIterable {
        case oneEuro = "one-euro"
        case oneEuroClassic = "one-euro-classic"
        case raw

        /// The name a plot's legend gives it.
        var legend: String {
            switch self {
            case .oneEuro: "1€, on-change"
            case .oneEuroClassic: "1€, classic"
            case .raw: "raw angle"
            }
        }
    }

    /// `--velocity`'s choices, with their legends.
    enum Velocity: String, CaseIterable {
        case kalman
        case lsq
        case lsq2Android = "lsq2-android"
        case lsq2AndroidHeld = "lsq2-android-held"
        case difference

        /// The name a plot's legend gives it.
        var legend: String {
            switch self {
            case .kalman: "Kalman filter"
            case .lsq: "least squares"
            case .lsq2Android: "Android LSQ2"
            case .lsq2AndroidHeld: "Android LSQ2, held"
            case .difference: "finite difference"
            }
        }
    }

    /// The `--position` given (or its default), typed.
    static func position(_ arguments: ParsedArguments) -> Position {
        // The parser admits only the declared choices, and the default is one of them.
        Position(rawValue: arguments.declaredValue("position")) ?? .oneEuro
    }

    /// The `--velocity` given (or its default), typed.
    static func velocity(_ arguments: ParsedArguments) -> Velocity {
        Velocity(rawValue: arguments.declaredValue("velocity")) ?? .kalman
    }

    /// HingeKit's defaults, which the declarations below show and fall back to.
    private static let library = HingeReader.Configuration()
    private static let oneEuro = OneEuroFilter.Parameters.hinge
    private static let kalman = KalmanVelocity()
    private static let leastSquares = LeastSquaresVelocity()
    private static let snap = SnapConfiguration()

    static let options: [CommandSpec.Option] = [
        CommandSpec.Option(
            ["--position"], value: "filter", help: "Position: the 1€ filter or the raw angle.",
            default: Position.oneEuro.rawValue, allowed: Position.allCases.map(\.rawValue)),
        CommandSpec.Option(
            ["--min-cutoff"], value: "hz", help: "1€ cutoff at rest.", in: 1e-3...1e3, default: oneEuro.minCutoff),
        CommandSpec.Option(
            ["--beta"], value: "b", help: "1€ cutoff increase per °/s of speed.", in: 0...1e3, default: oneEuro.beta),
        CommandSpec.Option(
            ["--d-cutoff"], value: "hz", help: "1€ cutoff of the speed it adapts to.", in: 1e-3...1e3,
            default: oneEuro.derivativeCutoff),
        CommandSpec.Option(
            ["--velocity"], value: "method", help: "Velocity estimator.", default: Velocity.kalman.rawValue,
            allowed: Velocity.allCases.map(\.rawValue)),
        CommandSpec.Option(
            ["--jerk-noise"], value: "q", help: "Kalman: white-noise density of the 4th derivative (°²/s⁷).",
            in: 1...1e15, default: kalman.jerkNoise),
        CommandSpec.Option(
            ["--measurement-noise"], value: "r", help: "Kalman: report variance in squared sensor steps.",
            in: 1e-6...1e3, default: kalman.measurementNoise),
        CommandSpec.Option(
            ["--shrinkage"], value: "s", help: "Kalman: shrinking of uncertain velocities towards 0.", in: 0...1e3,
            default: kalman.shrinkage),
        CommandSpec.Option(
            ["--horizon"], value: "s", help: "Seconds of signal the lsq estimator fits.", in: 0.005...1,
            default: leastSquares.horizon),
        CommandSpec.Option(
            ["--degree"], value: "n", help: "The lsq fit: 2 (quadratic) or 1 (line).",
            default: String(leastSquares.degree), allowed: ["1", "2"]),
        CommandSpec.Option(
            ["--spread"], value: "s", help: "Longest time one change is spread over.", in: 0.001...10,
            default: kalman.spread),
        CommandSpec.Option(
            ["--coarse-step"], value: "deg", help: "Smallest change of a sensor read as levels ('inf': never).",
            in: 0.001...360, default: library.coarseStep, words: ["inf"]),
        CommandSpec.Option(
            ["--oldest-weight"], value: "w", help: "Weight of the horizon's oldest instant.", in: 0...1,
            default: leastSquares.oldestWeight),
        CommandSpec.Option(
            ["--detents"], value: "list", help: "Resting poses in degrees, comma separated.",
            default: snap.detents.map(DecimalNumber.shortest).joined(separator: ",")),
        CommandSpec.Option(
            ["--hysteresis"], value: "deg", help: "Degrees past a midpoint before the snap moves.", in: 0...180,
            default: snap.hysteresis),
        CommandSpec.Option(
            ["--projection"], value: "s", help: "Seconds of velocity projected for the snap.", in: 0...5,
            default: snap.projectionTime),
        CommandSpec.Option(
            ["--reach"], value: "deg", help: "The farthest a projection reaches.", in: 0...360,
            default: snap.maximumProjection),
    ]

    static func configuration(_ arguments: ParsedArguments) throws(ToolError) -> HingeReader.Configuration {
        var configuration = HingeReader.Configuration()
        let minCutoff = try HingeTool.declaredNumber(arguments, "min-cutoff")
        let beta = try HingeTool.declaredNumber(arguments, "beta")
        let derivativeCutoff = try HingeTool.declaredNumber(arguments, "d-cutoff")
        let parameters = OneEuroFilter.Parameters(minCutoff: minCutoff, beta: beta, derivativeCutoff: derivativeCutoff)
        switch position(arguments) {
        case .raw: configuration.position = .raw
        case .oneEuroClassic: configuration.position = .oneEuro(parameters, .classic)
        case .oneEuro: configuration.position = .oneEuro(parameters, .onChange)
        }
        let spread = try HingeTool.declaredNumber(arguments, "spread")
        // Every estimator's options are checked, whichever one is chosen: a typo in an option the
        // chosen method ignores is still a typo.
        let kalman = KalmanVelocity(
            jerkNoise: try HingeTool.declaredNumber(arguments, "jerk-noise"),
            measurementNoise: try HingeTool.declaredNumber(arguments, "measurement-noise"),
            shrinkage: try HingeTool.declaredNumber(arguments, "shrinkage"), spread: spread)
        let leastSquares = LeastSquaresVelocity(
            horizon: try HingeTool.declaredNumber(arguments, "horizon"),
            degree: arguments.value("degree") == "1" ? 1 : 2,
            oldestWeight: try HingeTool.declaredNumber(arguments, "oldest-weight"),
            spread: spread)
        switch velocity(arguments) {
        case .lsq2Android: configuration.velocity = .androidLSQ2
        case .lsq2AndroidHeld: configuration.velocity = .androidLSQ2Held
        case .difference: configuration.velocity = .finiteDifference
        case .kalman: configuration.velocity = .kalman(kalman)
        case .lsq: configuration.velocity = .leastSquares(leastSquares)
        }
        configuration.coarseStep = try HingeTool.declaredNumber(arguments, "coarse-step")
        var snap = SnapConfiguration()
        if let text = arguments.value("detents") {
            let values = text.split(separator: ",", omittingEmptySubsequences: false).map {
                String($0).trimmingCharacters(in: " ")
            }
            let detents = values.compactMap { DecimalNumber.isPlainDecimal($0.utf8) ? Double($0) : nil }
            guard !values.isEmpty, detents.count == values.count, detents.allSatisfy({ (0...360).contains($0) }) else {
                throw .usage(
                    "The value '\(text)' is invalid for '--detents': expected angles 0…360 separated by commas")
            }
            snap.detents = detents
        }
        snap.hysteresis = try HingeTool.declaredNumber(arguments, "hysteresis")
        snap.projectionTime = try HingeTool.declaredNumber(arguments, "projection")
        snap.maximumProjection = try HingeTool.declaredNumber(arguments, "reach")
        configuration.snap = snap
        return configuration
    }
}

extension String {
    func trimmingCharacters(in characters: Character) -> String {
        String(drop { $0 == characters }.reversed().drop { $0 == characters }.reversed())
    }
}
