/// What a step sensor is: the few levels it reports, the thresholds that move it between them,
/// how often it looks and how late it is.
///
/// ```swift
/// var tracker = StepSensorTracker(sensor: .galaxyZFold8)
/// tracker.ingest(time: 0.45, angle: 90)      // the hinge just passed ~30°, opening
/// tracker.angle(at: 0.60)                    // where it probably is now
/// ```
///
/// On such a sensor a reading is not a position: Samsung's 0→90 means the hinge has just
/// passed its up-threshold (~35°), not that it is at 90°. The description lets a reader turn
/// level changes into threshold crossings (``StepSensorTracker``).
public struct StepSensor: Hashable, Sendable {
    /// The levels reported, increasing.
    public var levels: [Double]
    /// `up[i]`: the angle at which level `i` gives way to `i + 1`.
    public var up: [Double]
    /// `down[i]`: the angle at which level `i + 1` gives way to `i`.
    public var down: [Double]
    /// Seconds between the sensor's evaluations (a fixed grid), or 0 for one that reports as
    /// soon as a threshold is crossed.
    public var grid: Double
    /// Seconds the angle the sensor evaluates trails the hinge by.
    public var lag: Double
    /// Where a hinge rests when the sensor reports its lowest and its highest level, degrees.
    public var closedRest: Double
    /// See ``closedRest``.
    public var openRest: Double

    /// A description.
    /// - Precondition: at least two increasing levels; one up and one down threshold per gap,
    ///   down below up, both within the gap; `grid` and `lag` finite and not negative; the rests
    ///   within the lowest and the highest band.
    public init(
        levels: [Double], up: [Double], down: [Double], grid: Double = 0, lag: Double = 0, closedRest: Double? = nil,
        openRest: Double? = nil
    ) {
        let (closedRest, openRest) = (closedRest ?? levels.first ?? 0, openRest ?? levels.last ?? 0)
        if let broken = Self.brokenRule(levels, up, down, grid, lag, closedRest, openRest) {
            preconditionFailure(broken)
        }
        self.levels = levels
        self.up = up
        self.down = down
        self.grid = grid
        self.lag = lag
        self.closedRest = closedRest
        self.openRest = openRest
    }

    /// The first rule of ``init(levels:up:down:grid:lag:closedRest:openRest:)`` the values break,
    /// or `nil`: the one place those rules are written (``inferred(levels:times:)`` asks it too).
    private static func brokenRule(
        _ levels: [Double], _ up: [Double], _ down: [Double], _ grid: Double, _ lag: Double, _ closedRest: Double,
        _ openRest: Double
    ) -> String? {
        do {
            try SensorModel.Ladder.check(levels: levels, up: up, down: down)
        } catch {
            return "\(error)"
        }
        guard grid >= 0, grid.isFinite, lag >= 0, lag.isFinite else {
            return "grid and lag must be finite, not negative"
        }
        guard closedRest >= levels[0], closedRest < up[0] else { return "closedRest must be in the lowest band" }
        guard openRest > down[down.count - 1], openRest <= levels[levels.count - 1] else {
            return "openRest must be in the highest band"
        }
        return nil
    }

    /// Samsung Galaxy Z Fold 8's public `TYPE_HINGE_ANGLE`, from a public vendor HAL logcat
    /// (gizmax/FoldDuo): 0/90/180 on a fixed 200 ms grid; 0→90 when the hinge passes ~32–42°
    /// in slow folds, 90→180 at ~165–178°, 180→90 at ~137–148°, 90→0 at ~9–20°; the evaluated
    /// angle trails the hinge by a median 5° (~100 ms at the speed of a slow fold); rests read
    /// 0–11° closed and 171–179° open. The thresholds a tracker reads crossings at were fitted
    /// with its parameters on both real logs (`hingetool score --unfold --leave-one-fold-out`,
    /// docs/reading.md): 40/165 up, 135/20 down (the synthetic model's were 30/165 and 146/20).
    public static let galaxyZFold8 = StepSensor(
        levels: [0, 90, 180], up: [40, 165], down: [20, 135], grid: 0.2, lag: 0.1, closedRest: 6, openRest: 175)

    /// Motorola Razr 50 Ultra's hinge sensor (public sensor logs): only 0, 70, 90, 110 and 180.
    /// Its thresholds are not public; these sit between the levels with hysteresis.
    public static let motorolaRazr = StepSensor(
        levels: [0, 70, 90, 110, 180], up: [45, 82, 102, 150], down: [25, 76, 96, 135], grid: 0, lag: 0.05,
        closedRest: 6, openRest: 175)

    /// The known sensors, in the order ``inferred(levels:times:)`` tries them.
    public static let known: [StepSensor] = [.galaxyZFold8, .motorolaRazr]

    /// The description of a step sensor that reported `levels` (its distinct values) at
    /// `times` (increasing, seconds), or `nil` when the values are no step sensor's (more than
    /// six levels, or two closer than 10°).
    ///
    /// A known sensor (``known``) with the same levels gives its thresholds; otherwise the up
    /// threshold of each gap sits at a third of it and the down threshold at a sixth. The grid
    /// is inferred from the times: the longest period in 50…500 ms that every interval between
    /// reports is a whole multiple of, within 2 ms (else the known sensor's, else 0). Values no
    /// ladder can be built from give `nil`, never a trap: one not finite, and gaps too wide for
    /// a `Double` or too narrow for its precision there (1e20 and 1e20 + 16384, one ulp apart, leave no room for
    /// a threshold strictly inside their gap).
    public static func inferred(levels: [Double], times: [Double]) -> StepSensor? {
        let sorted = Array(Set(levels)).sorted()
        guard sorted.count >= 2, sorted.count <= 6, zip(sorted, sorted.dropFirst()).allSatisfy({ $1 - $0 >= 10 })
        else { return nil }
        if let sensor = known.first(where: { $0.levels == sorted }) {
            return sensor.onGrid(of: times)
        }
        let up = zip(sorted, sorted.dropFirst()).map { $0 + ($1 - $0) / 3 }
        let down = zip(sorted, sorted.dropFirst()).map { $0 + ($1 - $0) / 6 }
        let (closed, open) = (sorted[0], sorted[sorted.count - 1])
        guard brokenRule(sorted, up, down, 0, 0, closed, open) == nil else { return nil }
        return StepSensor(levels: sorted, up: up, down: down).onGrid(of: times)
    }

    /// This sensor with the grid `times` show (``inferredGrid(_:)``), or unchanged without one.
    private func onGrid(of times: [Double]) -> StepSensor {
        var sensor = self
        if let grid = Self.inferredGrid(times) { sensor.grid = grid }
        return sensor
    }

    /// The longest period in 50…500 ms (1 ms steps) that every interval between `times` is a
    /// whole, non-zero multiple of, within 2 ms; `nil` with fewer than three intervals or none.
    public static func inferredGrid(_ times: [Double]) -> Double? {
        let intervals = zip(times, times.dropFirst()).map { $1 - $0 }.filter { $0 > 0 }
        guard intervals.count >= 3 else { return nil }
        for milliseconds in stride(from: 500, through: 50, by: -1) {
            let period = Double(milliseconds) / 1000
            let fits = intervals.allSatisfy { interval in
                let multiple = (interval / period).rounded()
                return multiple >= 1 && abs(interval - multiple * period) <= 0.002
            }
            if fits { return period }
        }
        return nil
    }

    /// The known step sensor (``known``) behind `samples`, or `nil`: its levels must be the
    /// trace's, and if it evaluates on a grid, the times of the trace's changes must show that
    /// grid (within 2 ms; a stale first value off the grid is allowed). What a driver is told
    /// about (``UnfoldDriver/init(configuration:reduceMotion:reader:stepSensor:stepParameters:)``); without it, the
    /// driver reads the levels as angles.
    ///
    /// ```swift
    /// let driver = UnfoldDriver(stepSensor: StepSensor.detect(in: recordedSamples))
    /// ```
    ///
    /// - Complexity: O(*n* log *n*) in the number of samples.
    public static func detect(in samples: [HingeSample]) -> StepSensor? {
        // The reports are the changes of value: a recorder's closing row repeats the last one.
        var changes: [HingeSample] = []
        for sample in samples where sample.angle != nil && sample.angle != changes.last?.angle {
            changes.append(sample)
        }
        let times = changes.map(\.time)
        guard let inferred = inferred(levels: changes.compactMap(\.angle), times: times),
            let known = known.first(where: { $0.levels == inferred.levels })
        else { return nil }
        if known.grid == 0 { return known }
        guard let grid = inferredGrid(times), abs(grid - known.grid) <= 0.002 else { return nil }
        return known
    }
}
