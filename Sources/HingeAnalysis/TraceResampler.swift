public import HingeKit

/// The angles of an irregular hinge trace, interpolated onto any times or a uniform grid.
///
/// ```swift
/// let resampler = try TraceResampler(samples)              // Steffen by default
/// let grid = try resampler.grid(rate: 1000)                // every millisecond
/// let angle = try resampler.angle(at: 1.2345)
/// ```
///
/// The knots are the samples that carry an angle, in time order:
///
/// - A sample without an angle (no hinge, or a status-only report) says nothing about the
///   angle, so it is skipped, and the curve runs on from the angle before it to the angle after
///   it. ``samplesWithoutAngle`` counts them.
/// - Samples at the same time are merged first, because `gsl_interp` needs strictly increasing
///   times: the later sample wins, as it does in `HingeReader`, since a sensor that reports
///   twice at one instant has corrected itself. ``mergedDuplicateCount`` counts the samples
///   replaced.
///
/// An on-change sensor's literal value between two reports is the one it last reported: the
/// hinge moved, but by less than the sensor's step. The hand itself moves continuously, so the
/// resampler interpolates between the reports as `gsl_interp` does. Steffen's method, the
/// default, is monotone between knots: a quantised step is never overshot, and a plateau stays
/// flat. Before the first angle and after the last, ``angle(at:)`` holds the nearest angle, which
/// is what a sensor that reports only on change means.
public struct TraceResampler {
    /// The interpolant through the merged knots.
    public let interpolator: Interpolator
    /// Samples replaced by a later sample at the same time.
    public let mergedDuplicateCount: Int
    /// Samples skipped because they carry no angle.
    public let samplesWithoutAngle: Int

    /// Merges and checks the samples and builds the interpolant through them.
    ///
    /// - Parameters:
    ///   - samples: the trace in time order; equal times are allowed and merged.
    ///   - method: the interpolation scheme; Steffen by default.
    /// - Throws: ``Interpolator/InputError``: `notIncreasing` with the index into `samples` when a
    ///   time goes backwards, `notFinite` for a non-finite time or angle, `tooFewPoints` when
    ///   fewer angles remain after merging than the method needs (2 for linear, 3 for cspline
    ///   and steffen, 5 for akima).
    /// - Complexity: O(n) for n samples.
    public init(_ samples: [HingeSample], method: Interpolator.Method = .steffen) throws(Interpolator.InputError) {
        let knots = try Self.knots(of: samples)
        interpolator = try Interpolator(x: knots.times, y: knots.angles, method: method)
        mergedDuplicateCount = knots.mergedDuplicateCount
        samplesWithoutAngle = knots.samplesWithoutAngle
    }

    /// The strictly increasing knots of `samples`: angle-less samples skipped, equal times
    /// merged with the later sample winning.
    ///
    /// - Throws: ``Interpolator/InputError/notFinite(index:)`` or
    ///   ``Interpolator/InputError/notIncreasing(index:previous:value:)`` with the index into
    ///   `samples`.
    /// - Complexity: O(n).
    public static func knots(
        of samples: [HingeSample]
    ) throws(Interpolator.InputError) -> (
        times: [Double], angles: [Double], mergedDuplicateCount: Int, samplesWithoutAngle: Int
    ) {
        var times: [Double] = []
        var angles: [Double] = []
        times.reserveCapacity(samples.count)
        angles.reserveCapacity(samples.count)
        var merged = 0
        var withoutAngle = 0
        var previousTime = -Double.infinity
        for (index, sample) in samples.enumerated() {
            guard sample.time.isFinite else { throw .notFinite(index: index) }
            // Time order is checked over every sample, with or without an angle, so the index
            // names the row that went backwards.
            guard sample.time >= previousTime else {
                throw .notIncreasing(index: index, previous: previousTime, value: sample.time)
            }
            previousTime = sample.time
            guard let angle = sample.angle else {
                withoutAngle += 1
                continue
            }
            guard angle.isFinite else { throw .notFinite(index: index) }
            if let last = times.last, last == sample.time {
                angles[angles.count - 1] = angle
                merged += 1
            } else {
                times.append(sample.time)
                angles.append(angle)
            }
        }
        return (times, angles, merged, withoutAngle)
    }

    /// The interpolation scheme.
    public var method: Interpolator.Method { interpolator.method }

    /// The interpolated angle at `time`; the first or last angle outside the knots.
    ///
    /// - Throws: ``Interpolator/InputError/outsideRange(x:range:)`` only for a non-finite time.
    /// - Complexity: O(log n) at worst; O(1) for nearby successive calls.
    public func angle(at time: Double) throws(Interpolator.InputError) -> Double {
        let domain = interpolator.domain
        guard time.isFinite else { throw .outsideRange(x: time, range: domain) }
        if time <= domain.lowerBound { return interpolator.y[0] }
        if time >= domain.upperBound { return interpolator.y[interpolator.y.count - 1] }
        return try interpolator.value(at: time)
    }

    /// The interpolated angles at `times` (see ``angle(at:)``).
    /// - Complexity: O(n + m) for m increasing times.
    public func angles(at times: [Double]) throws(Interpolator.InputError) -> [Double] {
        var angles: [Double] = []
        angles.reserveCapacity(times.count)
        for time in times { angles.append(try angle(at: time)) }
        return angles
    }

    /// The angles on the uniform grid `t₀ + k/rate`, k = 0, 1, …, from the first angle's time
    /// t₀ to the last grid point at or before the last angle.
    ///
    /// `k/rate` rather than repeated addition, so the grid does not drift; at 1 kHz it is the
    /// grid of ``ReadingScorer/grid(for:)`` when the trace starts and ends with an angle.
    ///
    /// - Parameter rate: grid points per second; positive and finite.
    /// - Throws: ``Interpolator/InputError/invalidStep(_:)`` with `1/rate` for a bad rate.
    /// - Complexity: O(n + m) for m grid points.
    public func grid(rate: Double) throws(Interpolator.InputError) -> (times: [Double], angles: [Double]) {
        guard rate.isFinite, rate > 0 else { throw .invalidStep(1 / rate) }
        let times = Self.gridTimes(from: interpolator.domain, rate: rate)
        return (times, try angles(at: times))
    }

    /// `lower + k/rate` for k = 0, 1, … up to `upper`.
    static func gridTimes(from span: ClosedRange<Double>, rate: Double) -> [Double] {
        let count = Int(((span.upperBound - span.lowerBound) * rate).rounded(.down)) + 1
        return (0..<count).map { span.lowerBound + Double($0) / rate }
    }
}
