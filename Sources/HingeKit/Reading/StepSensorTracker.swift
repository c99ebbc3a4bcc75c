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

        /// Parameters; the defaults were frozen on the synthetic Galaxy Z Fold 8 (`fold8-folds`,
        /// seeds 2–6) before the tracker ever saw the real Fold 8 log: the lowest mean ratio of
        /// HingeKit's unfold RMSE to Android's whole pipeline (0.55) among 82 settings whose
        /// 99th-percentile chop stays below the pipeline's (docs/reading.md, "Step sensors").
        /// - Precondition: all positive and finite.
        public init(priorSpeed: Double = 45, coast: Double = 2.5, omega: Double = 25, moveWindow: Double = 3) {
            precondition(
                [priorSpeed, coast, omega, moveWindow].allSatisfy { $0 > 0 && $0.isFinite },
                "parameters must be positive")
            self.priorSpeed = priorSpeed
            self.coast = coast
            self.omega = omega
            self.moveWindow = moveWindow
        }
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
    /// The last crossing's time, angle and direction (+1 up, −1 down), for the speed.
    private var crossingTime = -Double.infinity
    private var crossingAngle = 0.0
    private var crossingDirection = 0.0
    /// The shown angle's correction at the last report: value, slope, and when.
    private var reportTime = 0.0
    private var correction = 0.0
    private var correctionSlope = 0.0

    /// A tracker with no report yet.
    public init(sensor: StepSensor, parameters: Parameters = Parameters()) {
        self.sensor = sensor
        self.parameters = parameters
    }

    /// Takes the next report (time in seconds, increasing; the level as reported, snapped to
    /// the nearest of the sensor's levels). A report of the level already held changes nothing.
    public mutating func ingest(time: Double, angle: Double) {
        let levels = sensor.levels
        let next = levels.indices.min { abs(levels[$0] - angle) < abs(levels[$1] - angle) } ?? 0
        guard let previous = level else {
            // The first report (possibly a stale one): the level's rest, or its middle.
            level = next
            anchorTime = time
            anchorAngle = rest(next)
            speed = 0
            setBand(next, direction: 0)
            reportTime = time
            return
        }
        guard next != previous else { return }
        let (shown, slope) = shownState(at: time)
        let direction: Double = next > previous ? 1 : -1
        let crossed = direction > 0 ? sensor.up[next - 1] : sensor.down[next]
        let crossedTime = min(time, time - sensor.lag - sensor.grid / 2)
        var estimate = parameters.priorSpeed
        if crossingDirection == direction, crossedTime - crossingTime > 0,
            crossedTime - crossingTime < parameters.moveWindow
        {
            estimate = abs(crossed - crossingAngle) / (crossedTime - crossingTime)
        }
        if abs(next - previous) >= 2 {
            let first = direction > 0 ? sensor.up[previous] : sensor.down[previous - 1]
            estimate = max(estimate, abs(crossed - first) / max(sensor.grid, 0.05))
        }
        level = next
        anchorTime = crossedTime
        anchorAngle = crossed
        speed = direction * estimate
        crossingTime = crossedTime
        crossingAngle = crossed
        crossingDirection = direction
        setBand(next, direction: direction)
        reportTime = time
        correction = shown - estimateAngle(at: time)
        correctionSlope = slope - estimateSlope(at: time)
    }

    /// The angle to show at `time` (at or after the last report): the estimate plus the
    /// decaying correction from the one before.
    public func angle(at time: Double) -> Double { shownState(at: time).angle }

    /// The estimate itself at `time`, without the smoothing of ``angle(at:)``.
    public func estimateAngle(at time: Double) -> Double {
        let tau = max(0, time - anchorTime)
        let travelled = speed * parameters.coast * (1 - exp(-tau / parameters.coast))
        return min(max(anchorAngle + travelled, lower), upper)
    }

    private func estimateSlope(at time: Double) -> Double {
        let tau = max(0, time - anchorTime)
        let value = anchorAngle + speed * parameters.coast * (1 - exp(-tau / parameters.coast))
        return value > lower && value < upper ? speed * exp(-tau / parameters.coast) : 0
    }

    private func shownState(at time: Double) -> (angle: Double, slope: Double) {
        guard level != nil else { return (0, 0) }
        let omega = parameters.omega
        let tau = max(0, time - reportTime)
        let decay = exp(-omega * tau)
        let rate = correctionSlope + omega * correction
        let value = (correction + rate * tau) * decay
        let slope = (rate - omega * (correction + rate * tau)) * decay
        return (estimateAngle(at: time) + value, estimateSlope(at: time) + slope)
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
    }
}
