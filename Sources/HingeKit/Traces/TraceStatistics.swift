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
///
/// **Input policy.** A sample whose time or angle is NaN or infinite is passed over and
/// counted in ``nonFiniteCount``, so that every figure stays finite; an interval between two
/// finite times too far apart for a `Double` (−10³⁰⁸ s to 10³⁰⁸ s) counts as the largest
/// finite one.
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
    public static let levelLimit = 5

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
    /// Samples passed over because their time or angle is NaN or infinite.
    public private(set) var nonFiniteCount = 0
    /// The longest time between consecutive samples, and the time it ended at.
    public private(set) var largestGap: (length: Double, endingAt: Double)?

    private var intervals = LogHistogram()
    private var distinctAngles: Set<Double> = []
    private var tooManyAngles = false

    /// How far apart two angles may be and still count as one value, degrees.
    public let angleTolerance: Double

    /// Statistics of no samples yet.
    ///
    /// - Parameter angleTolerance: how far apart two angles may be and still count as one
    ///   value, degrees (``angleTolerance(for:)``): 10⁻⁶° for degrees as written; more for
    ///   radians, which a recorder rounds before they are converted.
    public init(angleTolerance: Double = 1e-6) {
        self.angleTolerance = max(0, angleTolerance)
    }

    /// The tolerance for angles read in `unit`: 10⁻⁶° for degrees; 10⁻³° for radians, since
    /// `UIHinge.angle` written with 5 or more decimals is off its whole degree by up to
    /// 5 × 10⁻⁶ rad (2.9 × 10⁻⁴°) once converted, while real steps are 1° or more.
    public static func angleTolerance(for unit: TraceColumns.AngleUnit) -> Double {
        unit == .radians ? 1e-3 : 1e-6
    }

    /// Adds the next sample; samples must come in time order. A sample with a NaN or infinite
    /// time or angle is counted in ``nonFiniteCount`` and changes nothing else.
    /// - Complexity: O(1).
    public mutating func add(_ sample: HingeSample) {
        guard sample.time.isFinite, sample.angle?.isFinite ?? true else {
            nonFiniteCount += 1
            return
        }
        if let lastTime {
            let interval = min(sample.time - lastTime, .greatestFiniteMagnitude)
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
    public var duration: Double { min((lastTime ?? 0) - (firstTime ?? 0), .greatestFiniteMagnitude) }

    /// The median time between samples, or `nil` with fewer than two samples.
    public var medianInterval: Double? { intervals.quantile(0.5) }

    /// The 95th percentile of the time between samples.
    public var percentile95Interval: Double? { intervals.quantile(0.95) }

    /// The interval below which a fraction `q` of the intervals lie (0.01 % resolution).
    public func intervalQuantile(_ q: Double) -> Double? { intervals.quantile(q) }

    /// How the angles are spaced; see ``Quantisation``.
    ///
    /// Angles within ``angleTolerance`` of each other count as one (radians converted to
    /// degrees: 3.141592 rad is 179.99996°, read as 180°). A step is the smallest gap between
    /// neighbouring distinct angles, accepted when every angle is a whole multiple of it
    /// (within the tolerance), and reported as the thousandth of a degree it is within the tolerance of (1°, not 0.99998°).
    public var quantisation: Quantisation {
        let tolerance = max(angleTolerance, 1e-6)
        var sorted: [Double] = []
        for angle in distinctAngles.sorted() {
            if let last = sorted.last, angle - last <= tolerance { continue }
            sorted.append(angle)
        }
        guard !sorted.isEmpty else { return .none }
        // Within the tolerance of a thousandth of a degree, an angle is that thousandth.
        func rounded(_ value: Double) -> Double {
            guard tolerance > 1e-6 else { return value }
            let thousandths = (value * 1000).rounded() / 1000
            return abs(thousandths - value) <= tolerance ? thousandths : value
        }
        if !tooManyAngles, sorted.count <= Self.levelLimit { return .levels(sorted.map(rounded)) }
        var smallest = Double.infinity
        for (lower, upper) in zip(sorted, sorted.dropFirst()) { smallest = min(smallest, upper - lower) }
        guard !tooManyAngles else { return .continuous(smallestChange: smallest) }
        let step = rounded(smallest)
        let onGrid = sorted.allSatisfy { angle in
            let multiple = (angle / step).rounded()
            return abs(angle - multiple * step) <= tolerance
        }
        return onGrid && step >= 1e-3 ? .step(step) : .continuous(smallestChange: smallest)
    }
}
