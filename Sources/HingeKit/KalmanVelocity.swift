/// HingeKit's default velocity estimator: a Kalman filter that follows the hinge as a smooth
/// motion (constant jerk between reports, changed by white noise in the fourth derivative) and
/// reads an on-change sensor's silence as what it is — polls that found the same angle.
///
/// Every report is a measurement of the angle whose variance is `measurementNoise` times the
/// square of the sensor's step (the smallest change it has reported), so a 1° and a 5° sensor
/// are read alike. Between reports the velocity runs on with the estimated acceleration until
/// the next report is due (1.5 × the mean of the last four intervals). After that each missed
/// poll counts as a report of the unchanged angle, the velocity is tapered to exactly 0 over
/// `stopHorizon` seconds of overdue silence, and it never freezes at its last value.
///
/// - A report after a silence that changes the angle by more than one and a half steps is a
///   dropout, not a hold: the missed polls are not invented, the filter only predicts across.
/// - A report after more than `spread` seconds starts again from rest: the change it announces
///   happened within the last `spread` seconds.
/// - The answer is shrunk towards 0 by its own uncertainty, `v·v²/(v² + shrinkage·σᵥ²)`, so a
///   velocity the reports cannot yet tell from noise stays small.
///
/// Each report costs one prediction and one update of a 4-state filter: O(1), no allocation.
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

/// The filter's state: fixed in size, copied with the reader.
struct KalmanTracker: Hashable, Sendable {
    /// Angle, velocity, acceleration and jerk at ``time``.
    private var state = SIMD4<Double>()
    /// The state's covariance, row by row (symmetric).
    private var p0 = SIMD4<Double>(), p1 = SIMD4<Double>(), p2 = SIMD4<Double>(), p3 = SIMD4<Double>()
    /// The time the state describes: the newest report or the last missed poll before it.
    private var time = 0.0
    /// The newest report.
    private var newestTime = 0.0
    private var newestAngle = 0.0
    private var reports = 0
    /// The smallest change reported so far (infinity before the first change).
    private var step = Double.infinity
    /// The last four intervals between reports, each at most `spread`.
    private var intervals = SIMD4<Double>()
    private var intervalCount = 0
    private var intervalNext = 0

    /// Prior variances of velocity, acceleration and jerk when the hinge is taken to be at rest.
    private static let restVariance = 1e-2
    /// The longest silence across which a moving hinge is predicted (s); after a longer one
    /// the filter starts again from rest.
    private static let longestDropout = 1.0
    /// The longest time the velocity runs on with the estimated acceleration after a report
    /// (s): after a lone flicker the next report may not be due for a quarter of a second.
    private static let longestRunOn = 0.02
    /// When the next report is due before two reports have shown the sensor's rate (s).
    private static let firstInterval = 0.02
    /// A bound on the missed polls replayed at once (the spacing keeps real cases below 81;
    /// this guards times so large that adding the spacing no longer moves them).
    private static let maximumPolls = 128

    mutating func add(time: Double, angle: Double, _ parameters: KalmanVelocity) {
        guard reports > 0 else {
            restart(angle: angle, at: time, parameters)
            newestTime = time
            newestAngle = angle
            reports = 1
            return
        }
        let gap = time - newestTime
        let change = abs(angle - newestAngle)
        if change > 0 { step = min(step, change) }
        let variance = measurementVariance(parameters)
        let held = change <= 1.5 * step
        if (held && gap > parameters.spread) || gap > Self.longestDropout {
            restart(angle: newestAngle, at: time - min(gap, parameters.spread), parameters)
        }
        if held, gap > expectedInterval {
            // The sensor held: each poll it made in the silence found the same angle.
            let spacing = pollSpacing(parameters)
            var poll = self.time + spacing
            var polls = 0
            while poll < time - spacing, polls < Self.maximumPolls {
                polls += 1
                predict(to: poll, parameters)
                update(newestAngle, variance: variance)
                poll += spacing
            }
        }
        predict(to: time, parameters)
        update(angle, variance: variance)
        if gap > 0 {
            intervals[intervalNext] = min(gap, parameters.spread)
            intervalNext = (intervalNext + 1) & 3
            intervalCount = min(intervalCount + 1, 4)
        }
        newestTime = time
        newestAngle = angle
        reports += 1
    }

    func velocity(at time: Double, _ parameters: KalmanVelocity) -> Double {
        guard reports >= 2 else { return 0 }
        let silence = max(0, time - newestTime)
        let expected = expectedInterval
        if silence <= expected {
            return shrunk(state[1] + state[2] * min(time - self.time, Self.longestRunOn), variance: p1[1], parameters)
        }
        let overdue = silence - expected
        guard overdue < parameters.stopHorizon else { return 0 }
        // Each poll missed since the newest report found the angle unchanged.
        var filter = self
        let spacing = pollSpacing(parameters)
        let variance = measurementVariance(parameters)
        var poll = newestTime + spacing
        var polls = 0
        while poll <= time, polls < Self.maximumPolls {
            polls += 1
            filter.predict(to: poll, parameters)
            filter.update(newestAngle, variance: variance)
            poll += spacing
        }
        let velocity = filter.state[1] + filter.state[2] * (time - filter.time)
        // A silent sensor says the angle held: the hinge cannot have turned back (that would
        // have been reported), and it is not speeding up. The velocity only decays.
        let due = shrunk(
            state[1] + state[2] * min(newestTime + expected - self.time, Self.longestRunOn), variance: p1[1], parameters
        )
        guard velocity * due > 0 else { return 0 }
        let decaying = due > 0 ? min(velocity, due) : max(velocity, due)
        return decaying * (1 - overdue / parameters.stopHorizon)
    }

    /// When the next report is due: 1.5 times the mean of the last four intervals.
    private var expectedInterval: Double {
        guard intervalCount > 0 else { return Self.firstInterval }
        return 1.5 * (intervals[0] + intervals[1] + intervals[2] + intervals[3]) / Double(intervalCount)
    }

    /// The time between the polls a silence stands for: the mean interval, but never so short
    /// that a stop horizon holds more than 32 of them.
    private func pollSpacing(_ parameters: KalmanVelocity) -> Double {
        max(expectedInterval / 1.5, parameters.stopHorizon / 32)
    }

    private func measurementVariance(_ parameters: KalmanVelocity) -> Double {
        parameters.measurementNoise * (step.isFinite ? step * step : 1)
    }

    private func shrunk(_ velocity: Double, variance: Double, _ parameters: KalmanVelocity) -> Double {
        guard parameters.shrinkage > 0 else { return velocity }
        let square = velocity * velocity
        let denominator = square + parameters.shrinkage * max(variance, 0)
        return denominator > 0 ? velocity * square / denominator : 0
    }

    private mutating func restart(angle: Double, at time: Double, _ parameters: KalmanVelocity) {
        state = SIMD4(angle, 0, 0, 0)
        let rest = Self.restVariance
        p0 = SIMD4(measurementVariance(parameters), 0, 0, 0)
        p1 = SIMD4(0, rest, 0, 0)
        p2 = SIMD4(0, 0, rest, 0)
        p3 = SIMD4(0, 0, 0, rest)
        self.time = time
    }

    /// Moves the state to `time` along the constant-jerk motion; the covariance grows by the
    /// white snap's contribution.
    @inline(__always)
    private mutating func predict(to time: Double, _ parameters: KalmanVelocity) {
        let dt = time - self.time
        guard dt > 0 else { return }
        let d2 = dt * dt / 2, d3 = dt * dt * dt / 6
        // x' = F x with F the Taylor matrix of a cubic.
        state = SIMD4(
            state[0] + dt * state[1] + d2 * state[2] + d3 * state[3], state[1] + dt * state[2] + d2 * state[3],
            state[2] + dt * state[3], state[3])
        // A = F P (rows), then F Aᵀ = F P Fᵀ since P is symmetric.
        let a0 = p0 + dt * p1 + d2 * p2 + d3 * p3
        let a1 = p1 + dt * p2 + d2 * p3
        let a2 = p2 + dt * p3
        let a3 = p3
        let c0 = SIMD4(a0[0], a1[0], a2[0], a3[0])
        let c1 = SIMD4(a0[1], a1[1], a2[1], a3[1])
        let c2 = SIMD4(a0[2], a1[2], a2[2], a3[2])
        let c3 = SIMD4(a0[3], a1[3], a2[3], a3[3])
        // Q for white noise of density q in the fourth derivative.
        let q = parameters.jerkNoise
        let t2 = dt * dt, t3 = t2 * dt, t4 = t3 * dt, t5 = t4 * dt, t6 = t5 * dt, t7 = t6 * dt
        p0 = c0 + dt * c1 + d2 * c2 + d3 * c3 + q * SIMD4(t7 / 252, t6 / 72, t5 / 30, t4 / 24)
        p1 = c1 + dt * c2 + d2 * c3 + q * SIMD4(t6 / 72, t5 / 20, t4 / 8, t3 / 6)
        p2 = c2 + dt * c3 + q * SIMD4(t5 / 30, t4 / 8, t3 / 3, t2 / 2)
        p3 = c3 + q * SIMD4(t4 / 24, t3 / 6, t2 / 2, dt)
        self.time = time
    }

    /// Takes a measurement of the angle with the given variance.
    @inline(__always)
    private mutating func update(_ angle: Double, variance: Double) {
        let innovation = p0[0] + variance
        guard innovation > 0, innovation.isFinite else { return }
        let gain = p0 / innovation
        state += gain * (angle - state[0])
        let row = p0
        p0 -= gain[0] * row
        p1 -= gain[1] * row
        p2 -= gain[2] * row
        p3 -= gain[3] * row
    }
}
