#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// Where the hinge probably is, from a step sensor's level changes read as threshold crossings.
///
/// ```swift
/// var tracker = StepSensorTracker(sensor: .galaxyZFold8)
/// tracker.ingest(time: 0, angle: 0)
/// tracker.ingest(time: 0.45, angle: 90)      // crossed 30° opening, about 0.2 s ago
/// let angle = tracker.angle(at: 0.6)         // the estimate, smoothed for display
/// ```
///
/// A change from level i up to level j means the evaluated angle passed `up[j − 1]` since the
/// previous evaluation: about `lag + grid/2` before the report. From that crossing the hinge
/// is assumed to keep moving, slowing down: angle(τ) = crossing + v·T·(1 − e^(−τ/T)), with τ
/// the time since the crossing, T = ``Parameters/coast`` and v the speed between this
/// crossing and the previous one in the same direction (a skipped level gives at least the
/// distance between the two thresholds per grid step; a first crossing uses
/// ``Parameters/priorSpeed``). The estimate never leaves the band the reported level allows —
/// between the thresholds that would have changed it — and the lowest and highest levels rest
/// at ``StepSensor/closedRest`` and ``StepSensor/openRest``.
///
/// Each report changes the estimate. The shown angle (``angle(at:)``) moves from the old
/// estimate to the new one without a jump: the difference in value and slope at the report
/// decays as a critically damped error, (Δ + (Δv + ωΔ)τ)·e^(−ωτ), ω = ``Parameters/omega``. All
/// of it is closed form in the time since the last report, so a frame's value does not depend
/// on how often frames are asked for. Fixed-size state, no allocation.
///
/// **Input policy.** A report whose time is NaN or infinite or lies before the previous
/// report's, or whose angle is NaN or infinite (no level is nearest to it), is passed over and
/// counted in ``ignoredReports``. ``angle(at:)`` and ``estimateAngle(at:)`` are finite for every
/// time: a NaN time or one before the last report reads as the last report's time, and one more
/// than 10⁹ s after it as 10⁹ s after it (every decay is long over by then).
public struct StepSensorTracker: Sendable {
    /// The tunable parts of the estimate (docs/reading.md, "Step sensors", says how they were
    /// chosen and frozen).
    public struct Parameters: Hashable, Sendable {
        /// Speed assumed for a first crossing, °/s.
        public var priorSpeed: Double
        /// How long a move keeps its speed after a crossing: the time constant of the coast, s.
        public var coast: Double
        /// The rate the shown angle converges to a new estimate at, rad/s.
        public var omega: Double
        /// Crossings further apart than this do not share a move, s.
        public var moveWindow: Double
        /// The speed of a snap, °/s: a move's first crossing may be a snap's (``fastShare``).
        public var fastSpeed: Double
        /// How likely a move's first crossing is a snap's before any move was measured (0…1).
        /// The estimate is the blend of the two coasts, prior and snap, weighted by it, until
        /// a snap would have crossed the next threshold and been reported: then the snap is
        /// ruled out within a grid step.
        public var fastShare: Double
        /// How much the newest measured move (between two crossings) moves that share toward 1
        /// (a snap: faster than the geometric mean of ``priorSpeed`` and ``fastSpeed``) or 0
        /// (0…1): people fold a phone the way they just did.
        public var carry: Double
        /// How the snap is ruled out, s. 0: its weight holds until the latest time a snap would
        /// have been reported (a lag and a grid step after it reached the band's edge), then
        /// decays by e per third of a grid step (the first rule: a kink and a fast fall). A
        /// positive time fades it from the earliest time a snap would have been reported (a
        /// lag after the edge) as (1 + u)·e^(−u), u the time since then over `ruleOut`: no kink,
        /// its steepest fall ``fastShare``/(e·ruleOut).
        public var ruleOut: Double
        /// How much the snap speeds up into the stop (0…1): 0 is the coast at ``fastSpeed``; b
        /// runs the same coast on a bent clock, τ·(1 − b + b·τ/τₑ) until it reaches the band's
        /// edge at τₑ, so it reaches the edge at the same time, starting at 1 − b and ending at
        /// 1 + b times the coast's speed (a real snap accelerates into the detent).
        public var snapBend: Double
        /// Whether the shown angle's correction at a report also carries the acceleration on
        /// (the difference is then (Δ + rτ + qτ²)·e^(−ωτ), q taking the acceleration's jump):
        /// no jump in the shown acceleration at a report, and at most about a quarter of the
        /// critically damped error's acceleration for a jump of the estimate. `false`: the
        /// critically damped error, value and slope only.
        public var matchesAcceleration: Bool
        /// Whether a coast runs on past the band's edge for the sensor's ``StepSensor/lag``. The
        /// reported level bounds the angle the sensor evaluated, a lag before the report, not the
        /// angle now: a hinge that reached the next threshold is a lag further on before its
        /// report can come, and a snap is at its stop. The coast then holds where it is a lag
        /// after the edge, never past the next level's far edge (its rest for an outer level).
        /// `false`: the coast stops at the edge.
        public var coastsPastEdge: Bool

        /// Parameters; the defaults are ``fittedOnFold8``'s (docs/reading.md, "Step sensors",
        /// says how they were fitted and which figures are held out).
        /// - Precondition: speeds, coast, omega and window positive and finite; `fastShare`,
        ///   `carry` and `snapBend` in 0…1; `ruleOut` finite, not negative.
        public init(
            priorSpeed: Double = Parameters.fittedOnFold8.priorSpeed, coast: Double = Parameters.fittedOnFold8.coast,
            omega: Double = Parameters.fittedOnFold8.omega, moveWindow: Double = 3,
            fastSpeed: Double = Parameters.fittedOnFold8.fastSpeed,
            fastShare: Double = Parameters.fittedOnFold8.fastShare, carry: Double = Parameters.fittedOnFold8.carry,
            ruleOut: Double = Parameters.fittedOnFold8.ruleOut, snapBend: Double = Parameters.fittedOnFold8.snapBend,
            matchesAcceleration: Bool = Parameters.fittedOnFold8.matchesAcceleration,
            coastsPastEdge: Bool = Parameters.fittedOnFold8.coastsPastEdge
        ) {
            precondition(
                [priorSpeed, coast, omega, moveWindow, fastSpeed].allSatisfy { $0 > 0 && $0.isFinite },
                "parameters must be positive")
            precondition(
                [fastShare, carry, snapBend].allSatisfy { (0...1).contains($0) },
                "fastShare, carry and snapBend must be in 0…1")
            precondition(ruleOut >= 0 && ruleOut.isFinite, "ruleOut must be finite, not negative")
            self.priorSpeed = priorSpeed
            self.coast = coast
            self.omega = omega
            self.moveWindow = moveWindow
            self.fastSpeed = fastSpeed
            self.fastShare = fastShare
            self.carry = carry
            self.ruleOut = ruleOut
            self.snapBend = snapBend
            self.matchesAcceleration = matchesAcceleration
            self.coastsPastEdge = coastsPastEdge
        }

        private init(
            fitted priorSpeed: Double, coast: Double, omega: Double, fastSpeed: Double, fastShare: Double,
            carry: Double, ruleOut: Double = 0, snapBend: Double = 0, matchesAcceleration: Bool = false,
            coastsPastEdge: Bool = false
        ) {
            self.priorSpeed = priorSpeed
            self.coast = coast
            self.omega = omega
            self.moveWindow = 3
            self.fastSpeed = fastSpeed
            self.fastShare = fastShare
            self.carry = carry
            self.ruleOut = ruleOut
            self.snapBend = snapBend
            self.matchesAcceleration = matchesAcceleration
            self.coastsPastEdge = coastsPastEdge
        }

        /// The setting fitted on both real Galaxy Z Fold 8 logs (`Datasets/real/`, every fold,
        /// the fused angle read change-triggered): the lowest pooled unfold RMSE among the grid
        /// `hingetool score --unfold --leave-one-fold-out` searches whose 99th-percentile chop
        /// stays at or below Android's pipeline's on each log. Its figures on those logs are
        /// in-sample; the held-out ones are the leave-one-fold-out figures (docs/reading.md).
        public static let fittedOnFold8 = Parameters(
            fitted: 45, coast: 2.5, omega: 10, fastSpeed: 400, fastShare: 0, carry: 0.5, ruleOut: 0.3, snapBend: 0.6,
            coastsPastEdge: true)

        /// The setting frozen on the synthetic Galaxy Z Fold 8 (`fold8-folds`, seeds 2–6) before
        /// the tracker saw any real log (the defaults until the refit on the real logs).
        public static let frozenOnSyntheticFold8 = Parameters(
            fitted: 45, coast: 2.5, omega: 25, fastSpeed: 400, fastShare: 0, carry: 0)
    }

    /// The sensor.
    public let sensor: StepSensor
    /// The parameters.
    public let parameters: Parameters

    /// The reported level's index, once a report came.
    public private(set) var level: Int?
    /// The current estimate's start: the crossing's time and angle, and the speed after it.
    private var anchorTime = 0.0
    private var anchorAngle = 0.0
    private var speed = 0.0
    /// The band the reported level allows.
    private var lower = 0.0
    private var upper = 0.0
    /// How far a coast may run past the band (``Parameters/coastsPastEdge``): the next level's
    /// far edge in the direction of travel, and when (after the anchor) the slow and the snap's
    /// coast stop, a lag after each reaches the band's edge.
    private var outerLower = 0.0
    private var outerUpper = 0.0
    private var slowStop = Double.infinity
    private var fastStop = Double.infinity
    /// The last crossing's time, angle and direction (+1 up, −1 down), for the speed.
    private var crossingTime = -Double.infinity
    private var crossingAngle = 0.0
    private var crossingDirection = 0.0
    /// How likely the next first crossing is a snap's (``Parameters/fastShare`` moved by each
    /// measured move).
    private var share: Double?
    /// The snap's weight in the current estimate (0 after a measured crossing), its signed
    /// speed, when (after the anchor) it reaches the band's edge, and when it is ruled out.
    private var fastWeight = 0.0
    private var fastVelocity = 0.0
    private var reached = Double.infinity
    private var refuted = Double.infinity
    /// The shown angle's correction at the last report: value, slope, the τ² term that carries
    /// the acceleration on (``Parameters/matchesAcceleration``), and when.
    private var reportTime = 0.0
    private var correction = 0.0
    private var correctionSlope = 0.0
    private var correctionCurvature = 0.0

    /// Reports passed over: a time that is not finite or lies before the previous report's, or
    /// an angle that is not finite.
    public private(set) var ignoredReports = 0
    /// The newest accepted report's time (−∞ before the first).
    private var lastReport = -Double.infinity

    /// A tracker with no report yet.
    public init(sensor: StepSensor, parameters: Parameters = Parameters()) {
        self.sensor = sensor
        self.parameters = parameters
    }

    /// Takes the next report (time in seconds, increasing; the level as reported, snapped to
    /// the nearest of the sensor's levels). A report of the level already held changes nothing;
    /// one out of order or not finite is counted in ``ignoredReports`` and changes nothing else.
    public mutating func ingest(time: Double, angle: Double) {
        guard admits(time: time, angle: angle) else { return }
        let next = sensor.levels.indices.min { abs(sensor.levels[$0] - angle) < abs(sensor.levels[$1] - angle) } ?? 0
        guard let previous = level else {
            // The first report (possibly a stale one): the level's rest, or its middle.
            level = next
            anchorTime = time
            anchorAngle = rest(next)
            speed = 0
            setBand(next, direction: 0)
            (slowStop, fastStop) = (.infinity, .infinity)
            reportTime = time
            return
        }
        guard next != previous else { return }
        let shown = shownState(at: time)
        let direction: Double = next > previous ? 1 : -1
        let crossed = direction > 0 ? sensor.up[next - 1] : sensor.down[next]
        let crossedTime = min(time, time - sensor.lag - sensor.grid / 2)
        var estimate = parameters.priorSpeed
        var measured = false
        if crossingDirection == direction, crossedTime - crossingTime > 0,
            crossedTime - crossingTime < parameters.moveWindow
        {
            estimate = abs(crossed - crossingAngle) / (crossedTime - crossingTime)
            measured = true
        }
        if abs(next - previous) >= 2 {
            let first = direction > 0 ? sensor.up[previous] : sensor.down[previous - 1]
            estimate = max(estimate, abs(crossed - first) / max(sensor.grid, 0.05))
            measured = true
        }
        var snapShare = share ?? parameters.fastShare
        if measured {
            let snap = estimate > (parameters.priorSpeed * parameters.fastSpeed).squareRoot()
            snapShare += parameters.carry * ((snap ? 1 : 0) - snapShare)
            share = snapShare
        }
        level = next
        anchorTime = crossedTime
        anchorAngle = crossed
        speed = direction * estimate
        crossingTime = crossedTime
        crossingAngle = crossed
        crossingDirection = direction
        setBand(next, direction: direction)
        fastWeight = measured ? 0 : snapShare
        fastVelocity = direction * parameters.fastSpeed
        // A snap would reach the band's edge, cross the next threshold there (when there is a
        // next level) and be reported a lag and a grid step later.
        let edge = direction > 0 ? upper : lower
        let hasNext = direction > 0 ? next < sensor.levels.count - 1 : next > 0
        let reach = abs(edge - crossed) / (parameters.fastSpeed * parameters.coast)
        reached = reach < 1 ? -parameters.coast * log(1 - reach) : .infinity
        refuted = hasNext ? reached + sensor.lag + sensor.grid : .infinity
        let slowReach = abs(edge - crossed) / (estimate * parameters.coast)
        slowStop = (slowReach < 1 ? -parameters.coast * log(1 - slowReach) : .infinity) + sensor.lag
        fastStop = reached + sensor.lag
        correct(at: time, from: shown)
    }

    /// Whether a report is taken: its time finite and not before the previous report's, its
    /// angle finite; otherwise it is counted in ``ignoredReports``.
    private mutating func admits(time: Double, angle: Double) -> Bool {
        guard time.isFinite, time >= lastReport, angle.isFinite else {
            ignoredReports += 1
            return false
        }
        lastReport = time
        return true
    }

    /// Starts the shown angle's correction at a report at `time`: what was shown then, less the
    /// new estimate, in value and slope (and acceleration, ``Parameters/matchesAcceleration``).
    private mutating func correct(at time: Double, from shown: (angle: Double, slope: Double, acceleration: Double)) {
        reportTime = time
        let new = estimate(at: time)
        correction = shown.angle - new.value
        correctionSlope = shown.slope - new.slope
        correctionCurvature = 0
        if parameters.matchesAcceleration {
            // (c + rτ + qτ²)·e^(−ωτ) has second derivative 2q − 2ωr + ω²c at τ = 0.
            let omega = parameters.omega
            let rate = correctionSlope + omega * correction
            let jump = shown.acceleration - new.acceleration
            correctionCurvature = (jump + 2 * omega * rate - omega * omega * correction) / 2
        }
    }

    /// The angle to show at `time` (at or after the last report): the estimate plus the
    /// decaying correction from the one before.
    public func angle(at time: Double) -> Double { shownState(at: time).angle }

    /// The estimate itself at `time`, without the smoothing of ``angle(at:)``: the coast at the
    /// measured or prior speed, blended with a snap's while a snap is not ruled out.
    public func estimateAngle(at time: Double) -> Double { estimate(at: time).value }

    /// A curve's value and its first two derivatives in time.
    private typealias Motion = (value: Double, slope: Double, acceleration: Double)

    /// The estimate at `time`, its slope and acceleration: the slow coast S blended with the
    /// snap F by the weight W, S + W·(F − S).
    private func estimate(at time: Double) -> Motion {
        let tau = Self.elapsed(from: anchorTime, to: time)
        let slow = coast(speed, tau, stop: slowStop)
        let weight = snapWeight(tau)
        guard weight.value > 0 else { return slow }
        let fast = snap(tau)
        let (gap, gapSlope) = (fast.value - slow.value, fast.slope - slow.slope)
        return (
            slow.value + weight.value * gap,
            slow.slope + weight.value * gapSlope + weight.slope * gap,
            slow.acceleration + weight.value * (fast.acceleration - slow.acceleration) + 2 * weight.slope * gapSlope
                + weight.acceleration * gap
        )
    }

    /// The coast at `velocity` after `tau` s, within the band, and its derivatives; with
    /// ``Parameters/coastsPastEdge``, held from `stop` on and within the next level's far edge.
    private func coast(_ velocity: Double, _ tau: Double, stop: Double) -> Motion {
        if parameters.coastsPastEdge {
            let clock = min(tau, stop)
            let decay = exp(-clock / parameters.coast)
            let value = anchorAngle + velocity * parameters.coast * (1 - decay)
            if value <= outerLower { return (outerLower, 0, 0) }
            if value >= outerUpper { return (outerUpper, 0, 0) }
            if tau >= stop { return (value, 0, 0) }
            return (value, velocity * decay, -velocity * decay / parameters.coast)
        }
        let decay = exp(-tau / parameters.coast)
        let value = anchorAngle + velocity * parameters.coast * (1 - decay)
        if value <= lower { return (lower, 0, 0) }
        if value >= upper { return (upper, 0, 0) }
        return (value, velocity * decay, -velocity * decay / parameters.coast)
    }

    /// The snap's coast after `tau` s and its derivatives: the coast at ``fastVelocity`` on the
    /// clock ``Parameters/snapBend`` bends until the snap reaches the band's edge.
    private func snap(_ tau: Double) -> Motion {
        let bend = parameters.snapBend
        guard bend > 0, reached.isFinite, tau < reached else { return coast(fastVelocity, tau, stop: fastStop) }
        let clock = tau * (1 - bend + bend * tau / reached)
        let (pace, pull) = (1 - bend + 2 * bend * tau / reached, 2 * bend / reached)
        let fast = coast(fastVelocity, clock, stop: fastStop)
        return (fast.value, fast.slope * pace, fast.acceleration * pace * pace + fast.slope * pull)
    }

    /// The snap's weight after `tau` s and its derivatives: ``fastWeight`` until the snap is
    /// ruled out, then falling (``Parameters/ruleOut``).
    private func snapWeight(_ tau: Double) -> Motion {
        guard fastWeight > 0 else { return (0, 0, 0) }
        let fade = parameters.ruleOut
        if fade > 0 {
            // From the earliest report a snap could have made: (1 + u)·e^(−u), zero slope at u = 0.
            let start = refuted - sensor.grid
            guard tau > start else { return (fastWeight, 0, 0) }
            let u = (tau - start) / fade
            let decay = exp(-u)
            return (
                fastWeight * (1 + u) * decay, -fastWeight * u * decay / fade,
                -fastWeight * (1 - u) * decay / (fade * fade)
            )
        }
        guard tau > refuted else { return (fastWeight, 0, 0) }
        let scale = max(sensor.grid, 0.05) / 3
        let value = fastWeight * exp(-(tau - refuted) / scale)
        return (value, -value / scale, value / (scale * scale))
    }

    private func shownState(at time: Double) -> (angle: Double, slope: Double, acceleration: Double) {
        guard level != nil else { return (0, 0, 0) }
        let omega = parameters.omega
        let tau = Self.elapsed(from: reportTime, to: time)
        let decay = exp(-omega * tau)
        let estimate = estimate(at: time)
        // Once the correction has decayed to nothing its polynomial may have overflowed.
        guard decay > 0 else { return (estimate.value, estimate.slope, estimate.acceleration) }
        let rate = correctionSlope + omega * correction
        let curvature = correctionCurvature
        // (c + rτ + qτ²)·e^(−ωτ) and its derivatives.
        let poly = correction + (rate + curvature * tau) * tau
        let polySlope = rate + 2 * curvature * tau
        let value = poly * decay
        let slope = (polySlope - omega * poly) * decay
        let acceleration = (2 * curvature - 2 * omega * polySlope + omega * omega * poly) * decay
        return (estimate.value + value, estimate.slope + slope, estimate.acceleration + acceleration)
    }

    /// The seconds from `start` to `time` the curves are evaluated at: 0 for a NaN time or one
    /// before `start`, at most 10⁹ s (every decay is over long before; beyond, τ² and
    /// (1 + u)·e^(−u) would overflow into NaN).
    private static func elapsed(from start: Double, to time: Double) -> Double {
        let tau = time - start
        return tau > 0 ? min(tau, 1e9) : 0
    }

    /// Where a hinge at level `index` rests.
    private func rest(_ index: Int) -> Double {
        if index == 0 { return sensor.closedRest }
        if index == sensor.levels.count - 1 { return sensor.openRest }
        return (sensor.down[index - 1] + sensor.up[index]) / 2
    }

    /// The band level `index` allows; the outer levels end at their rests, in the direction
    /// of travel.
    private mutating func setBand(_ index: Int, direction: Double) {
        lower = index == 0 ? sensor.closedRest : sensor.down[index - 1]
        upper = index == sensor.levels.count - 1 ? sensor.openRest : sensor.up[index]
        if direction == 0 {
            lower = min(lower, rest(index))
            upper = max(upper, rest(index))
        }
        let last = sensor.levels.count - 1
        outerLower = direction < 0 && index > 0 ? (index == 1 ? sensor.closedRest : sensor.down[index - 2]) : lower
        outerUpper =
            direction > 0 && index < last ? (index == last - 1 ? sensor.openRest : sensor.up[index + 1]) : upper
    }
}
