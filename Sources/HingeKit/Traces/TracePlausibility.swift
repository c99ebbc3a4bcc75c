/// Signs that a trace that reads without error still does not say what its header claims:
/// times in milliseconds under a `time` column, radians under an `angle` column, or no angle
/// at all.
///
/// ```swift
/// var plausibility = TracePlausibility()
/// while let record = try reader.next() { plausibility.add(record.sample) }
/// for warning in plausibility.warnings(for: reader.columns!) { print("warning:", warning) }
/// ```
///
/// Nothing here is an error: each heuristic can be fooled by a real trace, so a tool warns and
/// goes on. The heuristics, with the reasoning behind their thresholds:
///
/// - **Rate.** Judged from at least 16 intervals between rows. If half or more are 2 s or
///   longer the trace runs below 0.5 Hz for most of its rows: a hinge sensor reports every few
///   milliseconds while the hinge moves (Android's `TYPE_HINGE_ANGLE` is on-change;
///   AOSP's HingeSensorAngleProvider.kt reads it at `SENSOR_DELAY_FASTEST`), and a resting
///   on-change sensor sends nothing at all, so such a trace is almost certainly milliseconds
///   labelled as seconds (120 Hz in ms reads as 8.3 s steps). If half or more are shorter than
///   50 µs (above 20 kHz), the reverse: seconds under `time_ms`.
/// - **Angle range.** Judged from at least 16 angles. If every angle in a degrees column lies
///   in 0…2π, they span at least 0.5, and some are not whole numbers, the column is most likely
///   radians (Apple's `UIHinge.angle` is in radians): a hinge in degrees that never opens past
///   6.3° is a closed phone, whose sensor reports whole degrees or nothing.
/// - **No angle.** Rows with a status and no angle, and not a single angle: the hinge reading
///   and the animator have nothing to follow.
///
/// - Complexity: O(1) per sample, fixed memory.
public struct TracePlausibility: Hashable, Sendable {
    /// Intervals between consecutive samples seen.
    public private(set) var intervals = 0
    /// Intervals of 2 s or longer.
    public private(set) var slowIntervals = 0
    /// Intervals shorter than 50 µs (zero excluded: a duplicate time is not a rate).
    public private(set) var fastIntervals = 0
    /// Samples with an angle.
    public private(set) var angles = 0
    /// Angles that are not whole degrees.
    public private(set) var fractionalAngles = 0
    /// The smallest angle seen.
    public private(set) var lowestAngle = Double.infinity
    /// The largest angle seen.
    public private(set) var highestAngle = -Double.infinity
    /// Rows with a status but no angle.
    public private(set) var statusOnlyRows = 0
    private var lastTime: Double?

    /// The fewest intervals or angles a heuristic judges from.
    public static let minimumEvidence = 16

    /// No evidence yet.
    public init() {}

    /// Adds the next sample, in time order.
    public mutating func add(_ sample: HingeSample) {
        if let lastTime, sample.time > lastTime {
            let interval = sample.time - lastTime
            intervals += 1
            if interval >= 2 { slowIntervals += 1 }
            if interval < 50e-6 { fastIntervals += 1 }
        }
        lastTime = sample.time
        guard let angle = sample.angle else {
            if sample.status != nil { statusOnlyRows += 1 }
            return
        }
        angles += 1
        if angle != angle.rounded() { fractionalAngles += 1 }
        lowestAngle = min(lowestAngle, angle)
        highestAngle = max(highestAngle, angle)
    }

    /// The warnings for a trace read with `columns`, each a sentence without a location.
    public func warnings(for columns: TraceColumns) -> [String] {
        var warnings: [String] = []
        let timeName = columns.names[columns.time]
        let angleName = columns.names[columns.angle]
        if intervals >= Self.minimumEvidence {
            if columns.timeUnit == .seconds, 2 * slowIntervals >= intervals {
                warnings.append(
                    "\(slowIntervals) of \(intervals) intervals between rows are 2 s or longer, an implausible rate "
                        + "for a hinge sensor: if '\(timeName)' holds milliseconds, name the column 'time_ms'")
            }
            if 2 * fastIntervals >= intervals {
                let hint =
                    columns.timeUnit == .milliseconds
                    ? "if '\(timeName)' holds seconds, name the column 'time'"
                    : "check the unit of '\(timeName)'"
                warnings.append(
                    "\(fastIntervals) of \(intervals) intervals between rows are shorter than 50 µs, an implausible "
                        + "rate for a hinge sensor: \(hint)")
            }
        }
        if columns.angleUnit == .degrees, angles >= Self.minimumEvidence, lowestAngle >= 0,
            highestAngle <= 2 * Double.pi, highestAngle - lowestAngle >= 0.5, fractionalAngles > 0
        {
            warnings.append(
                "every angle lies in 0…2π (\(DecimalNumber.shortest(lowestAngle))…"
                    + "\(DecimalNumber.shortest(highestAngle))), an implausible range in degrees: if '\(angleName)' "
                    + "holds radians, name the column 'angle_rad'")
        }
        if angles == 0, statusOnlyRows > 0 {
            warnings.append(
                "no row has an angle (\(statusOnlyRows) rows have only a status): there is no hinge angle to read")
        }
        return warnings
    }
}
