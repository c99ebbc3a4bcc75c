/// HingeKit's default velocity estimator: a Kalman filter that follows the hinge as a smooth
/// motion (constant jerk between reports, changed by white noise in the fourth derivative) and
/// reads an on-change sensor's silence as what it is — polls that found the same angle.
///
/// Every report is a measurement of the angle whose variance is `measurementNoise` times the
/// square of the sensor's step (the smallest change it has reported), so a 1° and a 5° sensor
/// are read alike. Between reports the velocity runs on with the estimated acceleration (for at
/// most 20 ms) until the next report is due (1.5 × the mean of the last four intervals). After
/// that each missed poll counts as a report of the unchanged angle (the newest in proportion to
/// how long ago it was missed, so the velocity is continuous), the velocity only decays and is
/// tapered to exactly 0 over `stopHorizon` seconds of overdue silence; it never freezes at its
/// last value.
///
/// - A report after a silence that changes the angle by more than one and a half steps is a
///   dropout, not a hold: the missed polls are not invented, the filter predicts across gaps of
///   up to 1 s. (After a 0.6–1 s dropout of a moving hinge the first velocity can overshoot
///   several times; the snap's reach caps what that does to the projection.)
/// - A hold longer than `spread` seconds, or any silence longer than 1 s, starts again from
///   rest: the change the next report announces happened within the last `spread` seconds.
/// - The answer is shrunk towards 0 by its own uncertainty, `v·v²/(v² + shrinkage·σᵥ²)`, so a
///   velocity the reports cannot yet tell from noise stays small.
///
/// A report costs one prediction and one update of a 4-state filter, plus one of each per poll
/// missed since the report before (at most about 67 with the defaults): O(1), no allocation.
public struct KalmanVelocity: Hashable, Sendable {
    /// Spectral density of the white noise in the motion's fourth derivative, °²/s⁷
    /// (default 1e8): larger follows faster changes of acceleration, smaller smooths more.
    public var jerkNoise: Double
    /// Variance of a report in squared sensor steps (default 0.05).
    public var measurementNoise: Double
    /// How strongly an uncertain velocity is shrunk towards 0 (default 2; 0 turns it off).
    public var shrinkage: Double
    /// Seconds of overdue silence over which the velocity tapers to exactly 0 (default 0.12).
    public var stopHorizon: Double
    /// The longest time one change is spread over (default 0.25 s), as in ``LeastSquaresVelocity``.
    public var spread: Double

    /// An estimator; the defaults are the ones docs/reading.md tunes.
    public init(
        jerkNoise: Double = 1e8, measurementNoise: Double = 0.05, shrinkage: Double = 2, stopHorizon: Double = 0.12,
        spread: Double = 0.25
    ) {
        precondition(jerkNoise > 0 && jerkNoise.isFinite, "jerkNoise must be positive")
        precondition(measurementNoise > 0 && measurementNoise.isFinite, "measurementNoise must be positive")
        precondition(shrinkage >= 0 && shrinkage.isFinite, "shrinkage must be zero or positive")
        precondition((0.001...60).contains(stopHorizon), "stopHorizon must be 0.001…60 s")
        precondition((0.001...60).contains(spread), "spread must be 0.001…60 s")
        self.jerkNoise = jerkNoise
        self.measurementNoise = measurementNoise
        self.shrinkage = shrinkage
        self.stopHorizon = stopHorizon
        self.spread = spread
    }
}
