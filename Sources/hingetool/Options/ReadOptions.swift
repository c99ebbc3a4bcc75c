import HingeKit

/// The options that configure a ``HingeReader``, shared by `read` and `score`.
enum ReadOptions {
    static let options: [CommandSpec.Option] = [
        CommandSpec.Option(
            ["--position"], value: "filter", help: "Position: the 1€ filter or the raw angle.", default: "one-euro",
            allowed: ["one-euro", "one-euro-classic", "raw"]),
        CommandSpec.Option(["--min-cutoff"], value: "hz", help: "1€ cutoff at rest.", default: "0.8"),
        CommandSpec.Option(["--beta"], value: "b", help: "1€ cutoff increase per °/s of speed.", default: "0.05"),
        CommandSpec.Option(["--d-cutoff"], value: "hz", help: "1€ cutoff of the speed it adapts to.", default: "4"),
        CommandSpec.Option(
            ["--velocity"], value: "method", help: "Velocity estimator.", default: "kalman",
            allowed: ["kalman", "lsq", "lsq2-android", "lsq2-android-held", "difference"]),
        CommandSpec.Option(
            ["--jerk-noise"], value: "q", help: "Kalman: white-noise density of the 4th derivative (°²/s⁷).",
            default: "1e8"),
        CommandSpec.Option(
            ["--measurement-noise"], value: "r", help: "Kalman: report variance in squared sensor steps.",
            default: "0.05"),
        CommandSpec.Option(
            ["--shrinkage"], value: "s", help: "Kalman: shrinking of uncertain velocities towards 0.", default: "2"),
        CommandSpec.Option(
            ["--horizon"], value: "s", help: "Seconds of signal the lsq estimator fits.", default: "0.12"),
        CommandSpec.Option(
            ["--degree"], value: "n", help: "The lsq fit: 2 (quadratic) or 1 (line).", default: "2",
            allowed: ["1", "2"]),
        CommandSpec.Option(["--spread"], value: "s", help: "Longest time one change is spread over.", default: "0.25"),
        CommandSpec.Option(
            ["--coarse-step"], value: "deg", help: "Smallest change of a sensor read as levels ('inf': never).",
            default: "30"),
        CommandSpec.Option(
            ["--oldest-weight"], value: "w", help: "Weight of the horizon's oldest instant.", default: "0.5"),
        CommandSpec.Option(
            ["--detents"], value: "list", help: "Resting poses in degrees, comma separated.", default: "0,110,180"),
        CommandSpec.Option(
            ["--hysteresis"], value: "deg", help: "Degrees past a midpoint before the snap moves.", default: "8"),
        CommandSpec.Option(
            ["--projection"], value: "s", help: "Seconds of velocity projected for the snap.", default: "0.12"),
        CommandSpec.Option(["--reach"], value: "deg", help: "The farthest a projection reaches.", default: "30"),
    ]

    static func configuration(_ arguments: ParsedArguments) throws(ToolError) -> HingeReader.Configuration {
        var configuration = HingeReader.Configuration()
        let minCutoff = try HingeTool.declaredNumber(arguments, "min-cutoff", in: 1e-3...1e3)
        let beta = try HingeTool.declaredNumber(arguments, "beta", in: 0...1e3)
        let derivativeCutoff = try HingeTool.declaredNumber(arguments, "d-cutoff", in: 1e-3...1e3)
        let parameters = OneEuroFilter.Parameters(minCutoff: minCutoff, beta: beta, derivativeCutoff: derivativeCutoff)
        switch arguments.declaredValue("position") {
        case "raw": configuration.position = .raw
        case "one-euro-classic": configuration.position = .oneEuro(parameters, .classic)
        default: configuration.position = .oneEuro(parameters, .onChange)
        }
        let spread = try HingeTool.declaredNumber(arguments, "spread", in: 0.001...10)
        // Every estimator's options are checked, whichever one is chosen: a typo in an option the
        // chosen method ignores is still a typo.
        let kalman = KalmanVelocity(
            jerkNoise: try HingeTool.declaredNumber(arguments, "jerk-noise", in: 1...1e15),
            measurementNoise: try HingeTool.declaredNumber(arguments, "measurement-noise", in: 1e-6...1e3),
            shrinkage: try HingeTool.declaredNumber(arguments, "shrinkage", in: 0...1e3), spread: spread)
        let leastSquares = LeastSquaresVelocity(
            horizon: try HingeTool.declaredNumber(arguments, "horizon", in: 0.005...1),
            degree: arguments.value("degree") == "1" ? 1 : 2,
            oldestWeight: try HingeTool.declaredNumber(arguments, "oldest-weight", in: 0...1),
            spread: spread)
        switch arguments.declaredValue("velocity") {
        case "lsq2-android": configuration.velocity = .androidLSQ2
        case "lsq2-android-held": configuration.velocity = .androidLSQ2Held
        case "difference": configuration.velocity = .finiteDifference
        case "kalman": configuration.velocity = .kalman(kalman)
        default: configuration.velocity = .leastSquares(leastSquares)
        }
        if arguments.value("coarse-step") == "inf" {
            configuration.coarseStep = .infinity
        } else {
            configuration.coarseStep = try HingeTool.declaredNumber(arguments, "coarse-step", in: 0.001...360)
        }
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
        snap.hysteresis = try HingeTool.declaredNumber(arguments, "hysteresis", in: 0...180)
        snap.projectionTime = try HingeTool.declaredNumber(arguments, "projection", in: 0...5)
        snap.maximumProjection = try HingeTool.declaredNumber(arguments, "reach", in: 0...360)
        configuration.snap = snap
        return configuration
    }
}

extension String {
    func trimmingCharacters(in characters: Character) -> String {
        String(drop { $0 == characters }.reversed().drop { $0 == characters }.reversed())
    }
}
