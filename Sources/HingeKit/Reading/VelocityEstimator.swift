/// How ``HingeReader`` estimates angular velocity from irregular samples.
///
/// ```swift
/// var configuration = HingeReader.Configuration()
/// configuration.velocity = .androidLSQ2  // the baseline to compare with
/// ```
public enum VelocityEstimator: Hashable, Sendable {
    /// HingeKit's default: a Kalman filter of a constant-jerk motion that reads silence as
    /// polls finding the same angle (see ``KalmanVelocity``).
    case kalman(KalmanVelocity)
    /// Weighted least squares on the curve the reports describe, which detects stops by itself
    /// (see ``LeastSquaresVelocity``); HingeKit's default until the Kalman filter beat it.
    case leastSquares(LeastSquaresVelocity)
    /// Android's default `VelocityTracker` strategy (LSQ2): an unweighted quadratic fit over a
    /// 100 ms horizon, at most 20 samples, age measured from the newest sample; a gap over
    /// 40 ms between samples ends the history and 40 ms without a sample means the pointer
    /// stopped (velocity 0). Figures from AOSP, frameworks/native/libs/input/VelocityTracker.cpp.
    case androidLSQ2
    /// The slope between the last two samples, held until the next one.
    case finiteDifference

    /// HingeKit's default.
    public static let standard = VelocityEstimator.kalman(KalmanVelocity())

    /// How many samples any estimator looks back at most.
    static let historyCapacity = 32

    /// The velocity at `time` (at or after the newest sample), in degrees per second: from the
    /// sample history, or for ``kalman(_:)`` from the filter the reader keeps beside it in
    /// `state` (`step` is the sensor's smallest change so far).
    func velocity(
        at time: Double, history: SampleHistory, state: HingeReader.EstimatorState, step: Double
    ) -> Double {
        guard let newest = history.newest else { return 0 }
        guard history.count >= 2 else { return 0 }
        switch self {
        case .finiteDifference:
            let previous = history.sample(back: 1)
            // Reports less than a microsecond apart (a batched burst, or times so close that
            // the slope would overflow) are taken as a microsecond apart: found by fuzzing.
            return (newest.angle - previous.angle) / max(newest.time - previous.time, 1e-6)
        case .androidLSQ2:
            if time - newest.time > 0.040 { return 0 }
            return Self.androidFit(history)
        case .leastSquares(let estimator):
            return estimator.velocity(at: time, history: history)
        case .kalman(let parameters):
            return state.kalman.velocity(at: time, step: step, parameters)
        }
    }

    private static func androidFit(_ history: SampleHistory) -> Double {
        guard let newest = history.newest else { return 0 }
        var fit = WeightedPolynomialFit(degree: 2)
        var previousTime = newest.time
        for back in 0..<min(history.count, 20) {
            let sample = history.sample(back: back)
            let age = newest.time - sample.time
            if age > 0.100 || previousTime - sample.time > 0.040 { break }
            fit.add(x: -age, y: sample.angle, weight: 1)
            previousTime = sample.time
        }
        return fit.slopeAtZero() ?? 0
    }
}
