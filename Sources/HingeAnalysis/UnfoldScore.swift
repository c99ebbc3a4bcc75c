public import HingeKit

/// How well a displayed unfold progress matches the true progress, clamp(true angle / 165°).
///
/// ```swift
/// let score = UnfoldScorer.score(display: { t in driver.value(at: t) }, ...)
/// ```
///
/// Definitions (docs/effects.md):
/// - ``rmse``: root mean square of shown − true progress on a 1 kHz grid;
/// - ``lag``: the shift (0…300 ms, 1 ms steps) of the true progress that best matches the
///   shown one over the frames where the true angle moves (faster than 0.5 °/s) below 165°;
/// - ``jitterAtRest``: how far the shown progress travels per second of settled rest (300 ms
///   or more after a move), per second;
/// - *chop*: |second difference| of the progress per 120 Hz frame — a step shows as a spike of
///   its height, a kink as its change of slope per frame — as the largest (``chopMax``) and the
///   99th percentile (``chopP99``), beside the truth's own (``truthChopMax``,
///   ``truthChopP99``).
public struct UnfoldScore: Hashable, Sendable {
    /// Root mean square error against the true progress.
    public var rmse: Double
    /// Seconds the shown progress trails the true one while moving.
    public var lag: Double
    /// Progress travelled per second of settled rest.
    public var jitterAtRest: Double
    /// The largest |second difference| per 120 Hz frame.
    public var chopMax: Double
    /// Its 99th percentile.
    public var chopP99: Double
    /// The truth's largest |second difference| per frame.
    public var truthChopMax: Double
    /// The truth's 99th percentile.
    public var truthChopP99: Double
}

/// Scores displayed unfold progress against ground truth.
public enum UnfoldScorer {
    /// The rate chop is measured at, frames per second.
    public static let frameRate = 120.0

    /// The true progress at an angle: clamp(angle / 165).
    public static func trueProgress(_ angle: Double) -> Double { min(max(angle / 165, 0), 1) }

    /// Scores a display.
    ///
    /// - Parameters:
    ///   - grid: the 1 kHz times (``ReadingScorer/grid(for:)``) and the progress shown at each.
    ///   - frames: the 120 Hz frame times over the same span and the progress shown at each.
    ///   - truth: the motion behind the trace.
    public static func score(
        grid: (times: [Double], values: [Double]), frames: (times: [Double], values: [Double]), truth: GroundTruth
    ) -> UnfoldScore {
        let count = grid.times.count
        var trueValues = [Double](repeating: 0, count: count)
        var moving = [Bool](repeating: false, count: count)
        var resting = [Bool](repeating: false, count: count)
        for k in 0..<count {
            let state = truth.state(at: grid.times[k])
            trueValues[k] = trueProgress(state.angle)
            moving[k] = abs(state.velocity) > 0.5 && state.angle < 165
            resting[k] = abs(state.velocity) <= 0.5
        }
        var squares = 0.0
        for k in 0..<count {
            let error = grid.values[k] - trueValues[k]
            squares += error * error
        }
        let moves = ReadingScorer.moves(resting.map { !$0 })
        var settled = [Bool](repeating: false, count: count)
        var lastEnd = -Int.max / 2
        var index = 0
        for k in 0..<count {
            while index < moves.count, moves[index].upperBound < k {
                lastEnd = moves[index].upperBound
                index += 1
            }
            let inMove = index < moves.count && moves[index].contains(k)
            settled[k] = !inMove && resting[k] && k - lastEnd >= 300
        }
        var travel = 0.0
        var settledFrames = 0
        for k in 1..<max(1, count) where settled[k] && settled[k - 1] {
            travel += abs(grid.values[k] - grid.values[k - 1])
            settledFrames += 1
        }
        let truthFrames = frames.times.map { trueProgress(truth.state(at: $0).angle) }
        let shown = chop(frames.values)
        let expected = chop(truthFrames)
        return UnfoldScore(
            rmse: count > 0 ? (squares / Double(count)).squareRoot() : 0,
            lag: lag(grid.values, trueValues, moving: moving),
            jitterAtRest: settledFrames > 0 ? travel / (Double(settledFrames) / ReadingScorer.gridRate) : 0,
            chopMax: shown.max, chopP99: shown.p99, truthChopMax: expected.max, truthChopP99: expected.p99)
    }

    /// Frame times at `rate` from the first sample to the last.
    public static func frames(for samples: [HingeSample], rate: Double) -> [Double] {
        guard let first = samples.first?.time, let last = samples.last?.time, last >= first else { return [] }
        let count = Int(((last - first) * rate).rounded(.down)) + 1
        return (0..<count).map { first + Double($0) / rate }
    }

    /// The largest and the 99th-percentile |second difference| of a series.
    public static func chop(_ values: [Double]) -> (max: Double, p99: Double) {
        guard values.count >= 3 else { return (0, 0) }
        var differences: [Double] = []
        differences.reserveCapacity(values.count - 2)
        for k in 1..<(values.count - 1) {
            let second: Double = values[k + 1] - 2 * values[k] + values[k - 1]
            differences.append(abs(second))
        }
        differences.sort()
        let rank = Int((0.99 * Double(differences.count - 1)).rounded())
        return (differences[differences.count - 1], differences[rank])
    }

    static func lag(_ values: [Double], _ truth: [Double], moving: [Bool]) -> Double {
        var best = (shift: 0, error: Double.infinity)
        for shift in 0...300 {
            var squares = 0.0
            var count = 0
            for k in shift..<values.count where moving[k] {
                let error = values[k] - truth[k - shift]
                squares += error * error
                count += 1
            }
            guard count > 0 else { return 0 }
            if squares / Double(count) < best.error { best = (shift, squares / Double(count)) }
        }
        return Double(best.shift) / ReadingScorer.gridRate
    }
}
