/// The filter's state: fixed in size, copied with the reader.
struct KalmanTracker: Hashable, Sendable {
    /// Angle, velocity, acceleration and jerk at ``time``.
    private var x0 = 0.0, x1 = 0.0, x2 = 0.0, x3 = 0.0
    /// The state's covariance: symmetric, so its upper triangle (pᵢⱼ with i ≤ j) is enough.
    private var p00 = 0.0, p01 = 0.0, p02 = 0.0, p03 = 0.0, p11 = 0.0, p12 = 0.0, p13 = 0.0
    private var p22 = 0.0, p23 = 0.0, p33 = 0.0
    /// The time the state describes: the newest report's (a copy that replays missed polls
    /// moves it on).
    private var time = 0.0
    /// The newest report's angle.
    private var newestAngle = 0.0
    private var reports = 0
    /// The last four intervals between reports, each at most `spread`, newest first.
    private var interval0 = 0.0, interval1 = 0.0, interval2 = 0.0, interval3 = 0.0
    private var intervalCount = 0
    /// When the next report is due after the newest: 1.5 times the mean of the last four
    /// intervals (kept up to date by ``add(time:angle:step:_:)``).
    private var expectedInterval = KalmanTracker.firstInterval

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

    /// Takes a report. `step` is the sensor's smallest change so far, this report's included
    /// (infinity before the first change): the reader keeps it for its coarse-sensor rule.
    @inline(__always)
    mutating func add(time: Double, angle: Double, step: Double, _ parameters: KalmanVelocity) {
        guard reports > 0 else {
            restart(angle: angle, at: time, step: step, parameters)
            newestAngle = angle
            reports = 1
            return
        }
        let gap = time - self.time
        let change = abs(angle - newestAngle)
        let variance = Self.measurementVariance(step: step, parameters)
        let held = change <= 1.5 * step
        if (held && gap > parameters.spread) || gap > Self.longestDropout {
            restart(angle: newestAngle, at: time - min(gap, parameters.spread), step: step, parameters)
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
        if !(x1.isFinite && x2.isFinite && p00.isFinite && p11.isFinite && p22.isFinite && p33.isFinite) {
            // Arithmetic beyond the range of a Double (reports 1e-120 s apart 50° away, say):
            // start again from rest at the report rather than carry an infinity on.
            restart(angle: angle, at: time, step: step, parameters)
        }
        if gap > 0 {
            (interval3, interval2, interval1, interval0) = (
                interval2, interval1, interval0, min(gap, parameters.spread)
            )
            intervalCount = min(intervalCount + 1, 4)
            let sum = interval0 + interval1 + interval2 + interval3
            expectedInterval = intervalCount == 4 ? 0.375 * sum : 1.5 * sum / Double(intervalCount)
        }
        newestAngle = angle
        reports += 1
    }

    /// The velocity at `time`, at or after the newest report; `step` as in
    /// ``add(time:angle:step:_:)``.
    ///
    /// Always inlined: the reader asks at every report's own time, where the answer is the
    /// common case below, and inlined it reads the few fields it needs in place instead of
    /// receiving a copy of the whole filter.
    @inline(__always)
    func velocity(at time: Double, step: Double, _ parameters: KalmanVelocity) -> Double {
        guard reports >= 2 else { return 0 }
        let silence = max(0, time - self.time)
        if silence <= expectedInterval {
            return shrunk(x1 + x2 * min(time - self.time, Self.longestRunOn), variance: p11, parameters)
        }
        return overdueVelocity(at: time, silence: silence, step: step, parameters)
    }

    /// ``velocity(at:step:_:)`` at the newest report's own time (the same value, without the
    /// branches for later times).
    @inline(__always)
    func velocityAtReport(_ parameters: KalmanVelocity) -> Double {
        reports >= 2 ? shrunk(x1, variance: p11, parameters) : 0
    }

    /// ``velocity(at:step:_:)`` once the next report is overdue.
    @inline(never)
    private func overdueVelocity(at time: Double, silence: Double, step: Double, _ parameters: KalmanVelocity) -> Double
    {
        let expected = expectedInterval
        let overdue = silence - expected
        guard overdue < parameters.stopHorizon else { return 0 }
        // Each poll missed since the report was due found the angle unchanged. The newest of
        // them counts in proportion to how long ago it was missed (its variance divided by
        // that fraction of a spacing), so the velocity is continuous in time.
        var filter = self
        let spacing = pollSpacing(parameters)
        let variance = Self.measurementVariance(step: step, parameters)
        var poll = self.time + expected
        var polls = 0
        while poll < time, polls < Self.maximumPolls {
            polls += 1
            let weight = Swift.min(1, (time - poll) / spacing)
            filter.predict(to: poll, parameters)
            filter.update(newestAngle, variance: variance / weight)
            poll += spacing
        }
        let velocity = filter.x1 + filter.x2 * Swift.min(time - filter.time, Self.longestRunOn)
        // A silent sensor says the angle held: the hinge cannot have turned back (that would
        // have been reported), and it is not speeding up. The velocity only decays.
        let due = shrunk(
            x1 + x2 * min(self.time + expected - self.time, Self.longestRunOn), variance: p11, parameters
        )
        guard velocity * due > 0 else { return 0 }
        let decaying = due > 0 ? min(velocity, due) : max(velocity, due)
        return decaying * (1 - overdue / parameters.stopHorizon)
    }

    /// The time between the polls a silence stands for: the mean interval, but never so short
    /// that a stop horizon holds more than 32 of them.
    private func pollSpacing(_ parameters: KalmanVelocity) -> Double {
        max(expectedInterval / 1.5, parameters.stopHorizon / 32)
    }

    /// The variance of a report: `measurementNoise` squared steps, the step taken to be at
    /// least a millionth of a degree (no sensor is finer; found by fuzzing: a step of 4e-280°
    /// made the variance 0 and the gain infinite).
    private static func measurementVariance(step: Double, _ parameters: KalmanVelocity) -> Double {
        let step = step.isFinite ? Swift.max(step, 1e-6) : 1
        return parameters.measurementNoise * step * step
    }

    @inline(__always)
    private func shrunk(_ velocity: Double, variance: Double, _ parameters: KalmanVelocity) -> Double {
        guard parameters.shrinkage > 0 else { return velocity }
        let square = velocity * velocity
        guard square > 0 else { return 0 }
        // v / (1 + s·σ²/v²) = v · v²/(v² + s·σ²): one division, and no v³ (which overflows
        // past 1e102). Past 1e154 the square is infinite and the shrinkage nothing.
        guard square.isFinite else { return velocity }
        return velocity * (square / (square + parameters.shrinkage * max(variance, 0)))
    }

    private mutating func restart(angle: Double, at time: Double, step: Double, _ parameters: KalmanVelocity) {
        (x0, x1, x2, x3) = (angle, 0, 0, 0)
        let rest = Self.restVariance
        (p00, p01, p02, p03) = (Self.measurementVariance(step: step, parameters), 0, 0, 0)
        (p11, p12, p13, p22, p23, p33) = (rest, 0, 0, rest, 0, rest)
        self.time = time
    }

    // The process noise of white noise with density q in the fourth derivative over dt:
    // Q[i][j] = q·dtᵃ⁺ᵇ⁺¹ / (a!·b!·(a+b+1)) with a = 3 − i, b = 3 − j; these are the reciprocals
    // of the denominators.
    private static let q00 = 1.0 / 252, q01 = 1.0 / 72, q02 = 1.0 / 30, q03 = 1.0 / 24, q11 = 1.0 / 20
    private static let q12 = 1.0 / 8, q13 = 1.0 / 6, q22 = 1.0 / 3

    /// Moves the state to `time` along the constant-jerk motion; the covariance becomes
    /// F·P·Fᵀ + Q with F the Taylor matrix of a cubic, worked out on the upper triangle.
    @inline(__always)
    private mutating func predict(to time: Double, _ parameters: KalmanVelocity) {
        let t = time - self.time
        guard t > 0 else { return }
        let h = t * t / 2, c = t * h / 3
        x0 += t * x1 + h * x2 + c * x3
        x1 += t * x2 + h * x3
        x2 += t * x3
        // A = F·P, only the entries F·P·Fᵀ's upper triangle needs.
        let a00 = p00 + t * p01 + h * p02 + c * p03
        let a01 = p01 + t * p11 + h * p12 + c * p13
        let a02 = p02 + t * p12 + h * p22 + c * p23
        let a03 = p03 + t * p13 + h * p23 + c * p33
        let a11 = p11 + t * p12 + h * p13
        let a12 = p12 + t * p22 + h * p23
        let a13 = p13 + t * p23 + h * p33
        let a22 = p22 + t * p23
        let a23 = p23 + t * p33
        let q = parameters.jerkNoise
        let t2 = t * t, t3 = t2 * t, t4 = t3 * t, t5 = t4 * t
        p00 = a00 + t * a01 + h * a02 + c * a03 + q * t5 * t2 * Self.q00
        p01 = a01 + t * a02 + h * a03 + q * t5 * t * Self.q01
        p02 = a02 + t * a03 + q * t5 * Self.q02
        p03 = a03 + q * t4 * Self.q03
        p11 = a11 + t * a12 + h * a13 + q * t5 * Self.q11
        p12 = a12 + t * a13 + q * t4 * Self.q12
        p13 = a13 + q * t3 * Self.q13
        p22 = a22 + t * a23 + q * t3 * Self.q22
        p23 = a23 + q * t2 / 2
        p33 += q * t
        self.time = time
    }

    /// Takes a measurement of the angle with the given variance.
    @inline(__always)
    private mutating func update(_ angle: Double, variance: Double) {
        let innovation = p00 + variance
        guard innovation > 0, innovation.isFinite else { return }
        let scale = 1 / innovation
        // The gain is the covariance's first column over the innovation variance.
        let k0 = p00 * scale, k1 = p01 * scale, k2 = p02 * scale, k3 = p03 * scale
        let residual = angle - x0
        x0 += k0 * residual
        x1 += k1 * residual
        x2 += k2 * residual
        x3 += k3 * residual
        // P − K·(first row of P), upper triangle.
        let (r0, r1, r2, r3) = (p00, p01, p02, p03)
        p00 -= k0 * r0
        p01 -= k0 * r1
        p02 -= k0 * r2
        p03 -= k0 * r3
        p11 -= k1 * r1
        p12 -= k1 * r2
        p13 -= k1 * r3
        p22 -= k2 * r2
        p23 -= k2 * r3
        p33 -= k3 * r3
    }
}
