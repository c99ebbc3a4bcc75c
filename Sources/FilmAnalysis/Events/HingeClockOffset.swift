import HingeKit

/// Where a hinge trace sits on a film's clock, estimated from the film itself.
///
/// ```swift
/// let estimate = HingeClockOffset(frames: frames, samples: trace)
/// print(estimate.offset, "±", estimate.uncertainty)   // milliseconds: film time = trace time + offset
/// ```
///
/// A screen recording carries no boot clock, so a trace and a film of one session start at
/// unrelated times. The screen changes while the hinge moves (the interface follows it), so
/// the offset is the shift that best lines up the film's *activity* — the sum of the frame
/// differences (RMSE) in each 10 ms bin — with the hinge's *speed*, |velocity| from
/// `HingeReader` read every 10 ms: the shift with the highest Pearson correlation between the
/// two series over their overlap, searched in 10 ms steps over every shift that leaves at least
/// half of the shorter series overlapping.
///
/// The uncertainty is the half-width at half height of the correlation peak: the contiguous
/// shifts around the best whose correlation stays above halfway between the peak and the median
/// correlation, at least half a bin (5 ms). It measures how sharply the film pins the trace
/// down; the interface's own response to the hinge (a spring's delay of tens of milliseconds)
/// shifts the peak within it. A flat correlation (a film that does not follow the hinge) shows
/// as a wide uncertainty and a low ``correlation``.
public struct HingeClockOffset: Sendable {
    /// The bin width of both series, milliseconds.
    public static let bin = 10

    /// Film time minus trace time, milliseconds.
    public let offset: Int
    /// Half the width of the correlation peak, milliseconds.
    public let uncertainty: Int
    /// The correlation at ``offset`` (−1…1).
    public let correlation: Double

    /// Estimates the offset of `samples` (seconds, in time order) on the clock of `frames`
    /// (milliseconds); `nil` when either has fewer than three bins or never changes.
    ///
    /// - Complexity: O(n·m) in the bins of film and trace.
    public init?(
        frames: [(time: Int, rmse: Double)], samples: [HingeSample],
        configuration: HingeReader.Configuration = .init()
    ) {
        guard let firstFrame = frames.first?.time, let lastFrame = frames.last?.time,
            let firstSample = samples.first?.time, let lastSample = samples.last?.time
        else { return nil }
        let bin = Self.bin
        let filmStart = firstFrame - firstFrame.mod(bin)
        var activity = [Double](repeating: 0, count: (lastFrame - filmStart) / bin + 1)
        for frame in frames { activity[(frame.time - filmStart) / bin] += frame.rmse }
        let traceStart = Int((firstSample * 1000).rounded(.down))
        let traceBins = Int(((lastSample - firstSample) * 1000).rounded(.up)) / bin + 1
        var speed = [Double](repeating: 0, count: traceBins)
        var reader = HingeReader(configuration: configuration)
        var next = 0
        for k in 0..<traceBins {
            let time = Double(traceStart + k * bin) / 1000
            while next < samples.count, samples[next].time <= time {
                try? reader.ingest(samples[next])
                next += 1
            }
            speed[k] = abs(reader.reading(at: time)?.velocity ?? 0)
        }
        guard activity.count >= 3, speed.count >= 3 else { return nil }
        // Shift s (bins): activity[k] is compared with speed[k − s]; film time = trace time +
        // filmStart − traceStart + s·bin.
        let minimumOverlap = max(3, min(activity.count, speed.count) / 2)
        var correlations: [(shift: Int, value: Double)] = []
        for shift in (minimumOverlap - speed.count)...(activity.count - minimumOverlap) {
            let low = max(0, shift)
            let high = min(activity.count, speed.count + shift)
            guard high - low >= minimumOverlap,
                let value = Self.pearson(activity[low..<high], speed[(low - shift)..<(high - shift)])
            else { continue }
            correlations.append((shift, value))
        }
        guard let best = correlations.indices.max(by: { correlations[$0].value < correlations[$1].value }) else {
            return nil
        }
        let sorted = correlations.map(\.value).sorted()
        let median = sorted[sorted.count / 2]
        let floor = correlations[best].value - 0.5 * (correlations[best].value - median)
        var left = best
        while left > 0, correlations[left - 1].value >= floor { left -= 1 }
        var right = best
        while right < correlations.count - 1, correlations[right + 1].value >= floor { right += 1 }
        let width = (correlations[right].shift - correlations[left].shift) * bin
        offset = filmStart - traceStart + correlations[best].shift * bin
        uncertainty = max(bin / 2, width / 2)
        correlation = correlations[best].value
    }

    /// The Pearson correlation of two series of equal length, `nil` when either is constant.
    static func pearson(_ a: ArraySlice<Double>, _ b: ArraySlice<Double>) -> Double? {
        let count = Double(a.count)
        let meanA = a.reduce(0, +) / count
        let meanB = b.reduce(0, +) / count
        var covariance = 0.0
        var varianceA = 0.0
        var varianceB = 0.0
        for (x, y) in zip(a, b) {
            covariance += (x - meanA) * (y - meanB)
            varianceA += (x - meanA) * (x - meanA)
            varianceB += (y - meanB) * (y - meanB)
        }
        guard varianceA > 0, varianceB > 0 else { return nil }
        return covariance / (varianceA * varianceB).squareRoot()
    }
}

extension Int {
    /// The remainder of floor division: always in 0..<divisor.
    fileprivate func mod(_ divisor: Int) -> Int { ((self % divisor) + divisor) % divisor }
}
