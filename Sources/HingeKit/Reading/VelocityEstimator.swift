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
    /// Android's default `VelocityTracker` strategy (LSQ2), as AOSP computes it (see
    /// `AndroidLSQ2`): an unweighted quadratic fit in single precision over a 100 ms horizon,
    /// at most 20 samples, ages in integer nanoseconds from the newest sample; a gap over
    /// 40 ms between samples ends the history, and 40 ms without a sample reads as stopped
    /// (velocity 0) — the reading of a pointer that lifted off.
    case androidLSQ2
    /// LSQ2 as Android reads it between events: the same fit, kept until the next sample.
    /// Since Android 14 the 40 ms stop applies only at lift-off, so a velocity asked for
    /// between events is the last fit, however old (ANCHORS.md).
    case androidLSQ2Held
    /// The slope between the last two samples, held until the next one.
    case finiteDifference

    /// HingeKit's default.
    public static let standard = VelocityEstimator.kalman(KalmanVelocity())

    /// How many samples any estimator looks back at most.
    static let historyCapacity = 32

    /// The velocity at `time` (at or after the newest sample), in degrees per second: from the
    /// sample history, or for ``kalman(_:)`` from the filter the reader keeps beside it (`step`
    /// is the sensor's smallest change so far).
    func velocity(at time: Double, history: SampleHistory, tracker: KalmanTracker, step: Double) -> Double {
        guard let newest = history.newest else { return 0 }
        guard history.count >= 2 else { return 0 }
        switch self {
        case .finiteDifference:
            let previous = history.sample(back: 1)
            // Reports less than a microsecond apart (a batched burst, or times so close that
            // the slope would overflow) are taken as a microsecond apart: found by fuzzing.
            return (newest.angle - previous.angle) / max(newest.time - previous.time, 1e-6)
        case .androidLSQ2:
            if AndroidLSQ2.hasStopped(at: time, newest: newest.time) { return 0 }
            return AndroidLSQ2.velocity(history)
        case .androidLSQ2Held:
            return AndroidLSQ2.velocity(history)
        case .leastSquares(let estimator):
            return estimator.velocity(at: time, history: history)
        case .kalman(let parameters):
            return tracker.velocity(at: time, step: step, parameters)
        }
    }
}
