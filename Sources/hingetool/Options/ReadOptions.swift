import HingeKit

/// The options that configure a ``HingeReader``, shared by `read` and `score`.
enum ReadOptions {
    /// `--position`'s choices: each with its legend, so that a switch over them is exhaustive
    /// and a new choice cannot fall into a `default:` with another's name.
    enum Position: String, OptionChoice {
        case oneEuro = "one-euro"
        case oneEuroClassic = "one-euro-classic"
        case raw

        var help: String {
            switch self {
            case .oneEuro: "the 1€ filter, cutoff updated on each change"
            case .oneEuroClassic: "the 1€ filter as published, updated on every sample"
            case .raw: "the angle as reported"
            }
        }

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
    enum Velocity: String, OptionChoice {
        case kalman
        case lsq
        case lsq2Android = "lsq2-android"
        case lsq2AndroidHeld = "lsq2-android-held"
        case difference

        var help: String {
            switch self {
            case .kalman: "a Kalman filter (constant jerk)"
            case .lsq: "least squares over the horizon"
            case .lsq2Android: "Android's quadratic least squares (LSQ2)"
            case .lsq2AndroidHeld: "Android's LSQ2, held between changes"
            case .difference: "the finite difference of the last two samples"
            }
        }

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

    /// HingeKit's defaults, which the declarations below show and fall back to.
    private static let library = HingeReader.Configuration()
    private static let oneEuro = OneEuroFilter.Parameters.hinge
    private static let kalman = KalmanVelocity()
    private static let leastSquares = LeastSquaresVelocity()
    private static let snap = SnapConfiguration()

    static let position = OptionKey(
        ["--position"], value: "filter", help: "Position: the 1€ filter or the raw angle.", default: Position.oneEuro)
    static let minCutoff = OptionKey(
        ["--min-cutoff"], value: "hz", help: "1€ cutoff at rest.", in: 1e-3...1e3, default: oneEuro.minCutoff)
    static let beta = OptionKey(
        ["--beta"], value: "b", help: "1€ cutoff increase per °/s of speed.", in: 0...1e3, default: oneEuro.beta)
    static let derivativeCutoff = OptionKey(
        ["--d-cutoff"], value: "hz", help: "1€ cutoff of the speed it adapts to.", in: 1e-3...1e3,
        default: oneEuro.derivativeCutoff)
    static let velocity = OptionKey(
        ["--velocity"], value: "method", help: "Velocity estimator.", default: Velocity.kalman)
    static let jerkNoise = OptionKey(
        ["--jerk-noise"], value: "q", help: "Kalman: white-noise density of the 4th derivative (°²/s⁷).",
        in: 1...1e15, default: kalman.jerkNoise)
    static let measurementNoise = OptionKey(
        ["--measurement-noise"], value: "r", help: "Kalman: report variance in squared sensor steps.",
        in: 1e-6...1e3, default: kalman.measurementNoise)
    static let shrinkage = OptionKey(
        ["--shrinkage"], value: "s", help: "Kalman: shrinking of uncertain velocities towards 0.", in: 0...1e3,
        default: kalman.shrinkage)
    static let horizon = OptionKey(
        ["--horizon"], value: "s", help: "Seconds of signal the lsq estimator fits.", in: 0.005...1,
        default: leastSquares.horizon)
    /// `--degree`'s choices: the lsq fit's polynomial degree.
    enum Degree: String, OptionChoice {
        case line = "1"
        case quadratic = "2"

        var help: String { self == .line ? "a line" : "a quadratic" }
    }
    static let degree = OptionKey(
        ["--degree"], value: "n", help: "The lsq fit: 2 (quadratic) or 1 (line).",
        default: leastSquares.degree == 1 ? Degree.line : .quadratic)
    static let spread = OptionKey(
        ["--spread"], value: "s", help: "Longest time one change is spread over.", in: 0.001...10,
        default: kalman.spread)
    static let coarseStep = OptionKey(
        ["--coarse-step"], value: "deg", help: "Smallest change of a sensor read as levels ('inf': never).",
        in: 0.001...360, default: library.coarseStep, words: ["inf"])
    static let oldestWeight = OptionKey(
        ["--oldest-weight"], value: "w", help: "Weight of the horizon's oldest instant.", in: 0...1,
        default: leastSquares.oldestWeight)
    static let detents = OptionKey(
        ["--detents"], value: "list", help: "Resting poses in degrees, comma separated.",
        default: snap.detents.map(DecimalNumber.shortest).joined(separator: ","))
    static let hysteresis = OptionKey(
        ["--hysteresis"], value: "deg", help: "Degrees past a midpoint before the snap moves.", in: 0...180,
        default: snap.hysteresis)
    static let projection = OptionKey(
        ["--projection"], value: "s", help: "Seconds of velocity projected for the snap.", in: 0...5,
        default: snap.projectionTime)
    static let reach = OptionKey(
        ["--reach"], value: "deg", help: "The farthest a projection reaches.", in: 0...360,
        default: snap.maximumProjection)

    static let options: [CommandSpec.Option] = [
        position.option, minCutoff.option, beta.option, derivativeCutoff.option, velocity.option, jerkNoise.option,
        measurementNoise.option, shrinkage.option, horizon.option, degree.option, spread.option, coarseStep.option,
        oldestWeight.option, detents.option, hysteresis.option, projection.option, reach.option,
    ]

    static func configuration(_ arguments: ParsedArguments) throws(ToolError) -> HingeReader.Configuration {
        var configuration = HingeReader.Configuration()
        let minCutoff = try arguments[Self.minCutoff]
        let beta = try arguments[Self.beta]
        let derivativeCutoff = try arguments[Self.derivativeCutoff]
        let parameters = OneEuroFilter.Parameters(minCutoff: minCutoff, beta: beta, derivativeCutoff: derivativeCutoff)
        switch try arguments[Self.position] {
        case .raw: configuration.position = .raw
        case .oneEuroClassic: configuration.position = .oneEuro(parameters, .classic)
        case .oneEuro: configuration.position = .oneEuro(parameters, .onChange)
        }
        let spreadTime = try arguments[Self.spread]
        // Every estimator's options are checked, whichever one is chosen: a typo in an option the
        // chosen method ignores is still a typo.
        let kalmanFilter = KalmanVelocity(
            jerkNoise: try arguments[Self.jerkNoise],
            measurementNoise: try arguments[Self.measurementNoise],
            shrinkage: try arguments[Self.shrinkage], spread: spreadTime)
        let leastSquaresFit = LeastSquaresVelocity(
            horizon: try arguments[Self.horizon],
            degree: try arguments[Self.degree] == .line ? 1 : 2,
            oldestWeight: try arguments[Self.oldestWeight],
            spread: spreadTime)
        switch try arguments[Self.velocity] {
        case .lsq2Android: configuration.velocity = .androidLSQ2
        case .lsq2AndroidHeld: configuration.velocity = .androidLSQ2Held
        case .difference: configuration.velocity = .finiteDifference
        case .kalman: configuration.velocity = .kalman(kalmanFilter)
        case .lsq: configuration.velocity = .leastSquares(leastSquaresFit)
        }
        configuration.coarseStep = try arguments[Self.coarseStep]
        var snapping = SnapConfiguration()
        if let text = try arguments[Self.detents] {
            let values = text.split(separator: ",", omittingEmptySubsequences: false).map {
                String($0).trimmingCharacters(in: " ")
            }
            let detents = values.compactMap { DecimalNumber.isPlainDecimal($0.utf8) ? Double($0) : nil }
            guard !values.isEmpty, detents.count == values.count, detents.allSatisfy({ (0...360).contains($0) }) else {
                throw .usage(
                    "The value '\(text)' is invalid for '--detents': expected angles 0…360 separated by commas")
            }
            snapping.detents = detents
        }
        snapping.hysteresis = try arguments[Self.hysteresis]
        snapping.projectionTime = try arguments[Self.projection]
        snapping.maximumProjection = try arguments[Self.reach]
        configuration.snap = snapping
        return configuration
    }
}

extension String {
    func trimmingCharacters(in characters: Character) -> String {
        String(drop { $0 == characters }.reversed().drop { $0 == characters }.reversed())
    }
}
