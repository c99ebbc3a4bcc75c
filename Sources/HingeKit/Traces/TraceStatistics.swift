internal import HingeSupport

/// Summary statistics of a hinge trace, gathered one sample at a time in constant memory.
///
/// ```swift
/// var statistics = TraceStatistics()
/// while let record = try reader.next() { statistics.add(record.sample) }
/// print(statistics.quantisation)  // e.g. .step(5) for a Pixel Fold
/// ```
///
/// Interval percentiles come from a log-spaced histogram whose bins are 0.01 % wide, so they
/// are exact to 0.01 % whatever the trace length; counts, extremes and the largest gap are
/// exact. The quantisation is inferred from up to ``distinctAngleLimit`` distinct angles.
public struct TraceStatistics: Sendable {
    /// How the sensor's angles are spaced.
    public enum Quantisation: Hashable, Sendable, CustomStringConvertible {
        /// The trace holds no angle at all (no hinge).
        case none
        /// Every angle is a whole multiple of this many degrees (1° or 5° on most devices).
        case step(Double)
        /// A handful of levels only, e.g. `[0, 90, 180]` on Galaxy Fold3, Flip3 and Fold7.
        case levels([Double])
        /// No common step; the smallest change between distinct angles, in degrees.
        case continuous(smallestChange: Double)

        public var description: String {
            switch self {
            case .none: "none (no angles)"
            case .step(let step): "\(DecimalNumber.shortest(step))° steps"
            case .levels(let levels): "levels {\(levels.map(DecimalNumber.shortest).joined(separator: ", "))}"
            case .continuous(let change):
                "continuous (smallest change \(DecimalNumber.fixed(change, places: 6))°)"
            }
        }
    }

    /// Beyond this many distinct angles the trace is called continuous.
    public static let distinctAngleLimit = 4096
    /// At most this many distinct angles make a set of ``Quantisation/levels(_:)``.
    public static let levelLimit = 4

    /// Samples added.
    public private(set) var sampleCount = 0
    /// The first sample's time.
    public private(set) var firstTime: Double?
    /// The last sample's time.
    public private(set) var lastTime: Double?
    /// The smallest angle.
    public private(set) var minimumAngle: Double?
    /// The largest angle.
    public private(set) var maximumAngle: Double?
    /// Samples with a `nil` angle.
    public private(set) var noHingeCount = 0
    /// Samples with status closed.
    public private(set) var closedCount = 0
    /// Samples with status partially open.
    public private(set) var partiallyOpenCount = 0
    /// Samples with status fully open.
    public private(set) var fullyOpenCount = 0
    /// Samples without a status.
    public private(set) var noStatusCount = 0
    /// The longest time between consecutive samples, and the time it ended at.
    public private(set) var largestGap: (length: Double, endingAt: Double)?

    private var intervals = LogHistogram()
    private var distinctAngles: Set<Double> = []
    private var tooManyAngles = false

    /// Statistics of no samples yet.
    public init() {}

    /// Adds the next sample; samples must come in time order.
    /// - Complexity: O(1).
    public mutating func add(_ sample: HingeSample) {
        if let lastTime {
            let interval = sample.time - lastTime
            intervals.add(interval)
            if interval > (largestGap?.length ?? -1) { largestGap = (interval, sample.time) }
        } else {
            firstTime = sample.time
        }
        lastTime = sample.time
        sampleCount += 1
        switch sample.status {
        case .closed: closedCount += 1
        case .partiallyOpen: partiallyOpenCount += 1
        case .fullyOpen: fullyOpenCount += 1
        case nil: noStatusCount += 1
        }
        guard let angle = sample.angle else {
            noHingeCount += 1
            return
        }
        minimumAngle = min(minimumAngle ?? angle, angle)
        maximumAngle = max(maximumAngle ?? angle, angle)
        if !tooManyAngles, !distinctAngles.contains(angle) {
            if distinctAngles.count == Self.distinctAngleLimit {
                tooManyAngles = true
            } else {
                distinctAngles.insert(angle)
            }
        }
    }

    /// Last time minus first time, in seconds.
    public var duration: Double { (lastTime ?? 0) - (firstTime ?? 0) }

    /// The median time between samples, or `nil` with fewer than two samples.
    public var medianInterval: Double? { intervals.quantile(0.5) }

    /// The 95th percentile of the time between samples.
    public var percentile95Interval: Double? { intervals.quantile(0.95) }

    /// The interval below which a fraction `q` of the intervals lie (0.01 % resolution).
    public func intervalQuantile(_ q: Double) -> Double? { intervals.quantile(q) }

    /// How the angles are spaced; see ``Quantisation``.
    ///
    /// A step is the smallest gap between neighbouring distinct angles, accepted when every
    /// angle is a whole multiple of it (within 10⁻⁶°).
    public var quantisation: Quantisation {
        let sorted = distinctAngles.sorted()
        guard !sorted.isEmpty else { return .none }
        if !tooManyAngles, sorted.count <= Self.levelLimit { return .levels(sorted) }
        var smallest = Double.infinity
        for (lower, upper) in zip(sorted, sorted.dropFirst()) { smallest = min(smallest, upper - lower) }
        guard !tooManyAngles else { return .continuous(smallestChange: smallest) }
        let tolerance = 1e-6
        let onGrid = sorted.allSatisfy { angle in
            let multiple = (angle / smallest).rounded()
            return abs(angle - multiple * smallest) <= tolerance
        }
        return onGrid && smallest >= 1e-3 ? .step(smallest) : .continuous(smallestChange: smallest)
    }
}
