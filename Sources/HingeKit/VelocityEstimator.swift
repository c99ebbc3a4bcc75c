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
    /// stopped (velocity 0). Figures from AOSP's VelocityTracker.cpp, via ANCHORS.md.
    case androidLSQ2
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
            if time - newest.time > 0.040 { return 0 }
            return Self.androidFit(history)
        case .leastSquares(let estimator):
            return estimator.velocity(at: time, history: history)
        case .kalman(let parameters):
            return tracker.velocity(at: time, step: step, parameters)
        }
    }

    private static func androidFit(_ history: SampleHistory) -> Double {
        let newest = history.newest!
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

/// HingeKit's least-squares velocity estimator for on-change hinge sensors: a fit to the signal the
/// reports describe, in continuous time.
///
/// An on-change sensor's reports are read as a curve, not as points: between two reports the
/// angle moved from one value to the other, so each change is spread evenly over the time since
/// the report before it (at most ``spread``); after the newest report nothing is known until
/// the next one is due, and once it is overdue the angle is known to be holding still. A
/// quadratic (``degree`` 2) or a line is fitted to that curve over the last ``horizon``
/// seconds, each instant weighted from 1 (newest) down to ``oldestWeight``, and the slope is
/// read at the end of the evidence.
///
/// Three properties follow, which a fit through points lacks:
/// - **Stop detection comes out of the model.** The next report is due after 1.5 times the
///   recent mean interval between reports. Once it is overdue, the holding angle enters the fit
///   (with a weight growing from 0 to 1 over one more interval), so the velocity decays smoothly
///   and is exactly 0 once the silence exceeds the horizon: the hinge stopped, the velocity does
///   not freeze. No fixed 40 ms threshold: the threshold follows the sensor's own rate.
/// - **Bursts and flicker weigh what they last.** Two reports 0.3 ms apart (batched delivery)
///   span 0.3 ms of curve, and a one-step flicker after a long rest is spread over the horizon,
///   so neither becomes a spike of thousands of degrees per second.
/// - **Quantisation is averaged, not differentiated.** Fitting over a horizon of many steps
///   gives the slope of the motion, without a spike at each step.
///
/// The integrals over each piece of the curve are evaluated exactly by three-point
/// Gauss–Legendre quadrature (the integrands are polynomials of degree ≤ 5).
public struct LeastSquaresVelocity: Hashable, Sendable {
    /// Seconds of signal fitted (default 0.12 s). A silence longer than this, beyond the
    /// expected interval, reads as a stopped hinge (velocity exactly 0).
    public var horizon: Double
    /// 2 for a quadratic (the default: it follows the hand's acceleration), 1 for a line.
    public var degree: Int
    /// The weight of the oldest instant in the horizon relative to the newest (default 0.5).
    public var oldestWeight: Double
    /// The longest time a change is spread over (default 0.25 s): a report after a longer
    /// silence moved the angle within the last `spread` seconds.
    public var spread: Double

    /// An estimator; the defaults are the ones docs/reading.md tunes.
    public init(horizon: Double = 0.12, degree: Int = 2, oldestWeight: Double = 0.5, spread: Double = 0.25) {
        precondition(spread >= 0 && spread.isFinite, "spread must be zero or positive")
        precondition(horizon > 0 && horizon.isFinite, "horizon must be positive")
        precondition(degree == 1 || degree == 2, "degree must be 1 or 2")
        precondition((0...1).contains(oldestWeight), "oldestWeight must be in 0…1")
        self.horizon = horizon
        self.degree = degree
        self.oldestWeight = oldestWeight
        self.spread = spread
    }

    // Three-point Gauss–Legendre nodes and weights on [0, 1].
    private static let nodes = (0.5 - 0.5 * (0.6).squareRoot(), 0.5, 0.5 + 0.5 * (0.6).squareRoot())
    private static let nodeWeights = (5.0 / 18, 8.0 / 18, 5.0 / 18)

    func velocity(at time: Double, history: SampleHistory) -> Double {
        guard history.count >= 2 else { return 0 }
        let newest = history.sample(back: 0)
        let expected = expectedInterval(history)
        let silence = time - newest.time
        let holdWeight = min(1, max(0, (silence - expected) / expected))
        // The end of the evidence: the newest report, moving on with the query time as the
        // hold counts, so the answer is continuous in time.
        let evaluation = newest.time + holdWeight * silence
        let start = evaluation - horizon
        var fit = WeightedPolynomialFit(degree: degree)
        if holdWeight > 0 {
            addLine(
                from: max(newest.time, start), to: time, startTime: newest.time, startValue: newest.angle,
                endValue: newest.angle, origin: evaluation, weight: holdWeight, into: &fit)
        }
        for back in 0..<history.count {
            let sample = history.sample(back: back)
            guard back + 1 < history.count else {
                // The first report since the hinge appeared: its value is taken to have held
                // for `spread` seconds before it, so the first change is not read as a sprint.
                if history.count < history.capacity {
                    addLine(
                        from: max(sample.time - spread, start), to: sample.time, startTime: sample.time,
                        startValue: sample.angle, endValue: sample.angle, origin: evaluation, weight: 1, into: &fit)
                }
                break
            }
            let previous = history.sample(back: back + 1)
            // The change this report announces happened since the report before, at most
            // `spread` seconds ago; before that the previous value held.
            let changeStart = max(previous.time, sample.time - spread)
            addLine(
                from: max(changeStart, start), to: sample.time, startTime: changeStart, startValue: previous.angle,
                endValue: sample.angle, origin: evaluation, weight: 1, into: &fit)
            if changeStart <= start { break }
            addLine(
                from: max(previous.time, start), to: changeStart, startTime: previous.time,
                startValue: previous.angle, endValue: previous.angle, origin: evaluation, weight: 1, into: &fit)
            if previous.time <= start { break }
        }
        return fit.slopeAtZero() ?? 0
    }

    /// When the next report is due after the newest: 1.5 times the mean of the last four
    /// intervals between reports (each counted up to the horizon).
    private func expectedInterval(_ history: SampleHistory) -> Double {
        let count = min(4, history.count - 1)
        var total = 0.0
        for back in 0..<count {
            total += min(history.sample(back: back).time - history.sample(back: back + 1).time, horizon)
        }
        return max(1.5 * total / Double(count), 1e-6)
    }

    /// Adds the stretch `from…to` of the straight line that runs from `startValue` at
    /// `startTime` to `endValue` at `to`; times are measured from `origin`.
    private func addLine(
        from: Double, to: Double, startTime: Double, startValue: Double, endValue: Double, origin: Double,
        weight: Double, into fit: inout WeightedPolynomialFit
    ) {
        let length = to - from
        guard length > 0 else { return }
        // A change is taken to last at least a microsecond, so that reports 1e-308 s apart do
        // not make an infinite slope (found by fuzzing); real traces are never that dense.
        let slope = to > startTime ? (endValue - startValue) / max(to - startTime, 1e-6) : 0
        for (node, nodeWeight) in [
            (Self.nodes.0, Self.nodeWeights.0), (Self.nodes.1, Self.nodeWeights.1), (Self.nodes.2, Self.nodeWeights.2),
        ] {
            let t = from + node * length
            let age = max(0, origin - t)
            let ageWeight = max(0, 1 - (1 - oldestWeight) * age / horizon)
            fit.add(
                x: t - origin, y: startValue + slope * (t - startTime), weight: weight * nodeWeight * length * ageWeight
            )
        }
    }
}

/// Weighted least squares for a polynomial of degree 1 or 2, accumulated point by point in
/// plain stored sums, so a fit never allocates.
struct WeightedPolynomialFit {
    let degree: Int
    // Sums of w·xᵏ (k = 0…4) and of w·xᵏ·y (k = 0…2).
    private var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
    private var t0 = 0.0, t1 = 0.0, t2 = 0.0
    private var points = 0
    private var lowest = Double.infinity
    private var highest = -Double.infinity

    init(degree: Int) {
        precondition(degree == 1 || degree == 2)
        self.degree = degree
    }

    mutating func add(x: Double, y: Double, weight w: Double) {
        let x2 = x * x
        s0 += w
        s1 += w * x
        s2 += w * x2
        s3 += w * x2 * x
        s4 += w * x2 * x2
        t0 += w * y
        t1 += w * x * y
        t2 += w * x2 * y
        points += 1
        lowest = min(lowest, y)
        highest = max(highest, y)
    }

    /// The fitted slope at x = 0, falling back to a line when a quadratic is not determined;
    /// `nil` when not even a line is.
    func slopeAtZero() -> Double? {
        // A constant signal has slope 0 exactly, not a rounding residue of 1e-11.
        if points > 0, lowest == highest { return 0 }
        if degree == 2, points >= 3 {
            // Normal equations for y = a + b·x + c·x²; Cramer's rule for b.
            let det = Self.determinant(s0, s1, s2, s1, s2, s3, s2, s3, s4)
            if abs(det) > 1e-12 * max(abs(s0 * s2 * s4), .leastNormalMagnitude) {
                return Self.determinant(s0, t0, s2, s1, t1, s3, s2, t2, s4) / det
            }
        }
        let det = s0 * s2 - s1 * s1
        guard points >= 2, abs(det) > 1e-12 * max(s0 * s2, .leastNormalMagnitude) else { return nil }
        return (s0 * t1 - s1 * t0) / det
    }

    private static func determinant(
        _ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double, _ g: Double, _ h: Double,
        _ i: Double
    ) -> Double {
        a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    }
}
