/// A spring's motion as a piecewise-linear easing: the stops of a CSS `linear()` function.
///
/// ```swift
/// let easing = DampedSpring.bouncy.linearEasing()
/// // transition-duration: easing.duration s
/// // transition-timing-function: linear(0 0%, …, stop.value stop.progress·100%, …)
/// ```
///
/// The web has no spring: a browser draws `linear()` as straight lines between its stops, over
/// the transition's duration. The duration here is the spring's settling duration (SwiftUI's
/// rule: the last time the value is more than ε from the target), and the stops are placed
/// where the curve bends most, so that the straight lines never stray from the spring by more
/// than ``maximumError``. Values past 1 are kept: an overshooting spring overshoots in CSS too.
public struct LinearEasing: Sendable, Hashable {
    /// One stop: at `progress` (0…1, a fraction of the duration) the easing is `value`.
    public struct Stop: Sendable, Hashable {
        /// A fraction of the duration, 0…1.
        public var progress: Double
        /// The spring's normalised value: 0 at the start, 1 at the target.
        public var value: Double
    }

    /// Seconds: the spring's settling duration.
    public var duration: Double
    /// At least two stops, the first at progress 0 and the last at progress 1, in order.
    public var stops: [Stop]
    /// The largest distance between the lines and the spring, found on a dense check of every
    /// segment.
    public var maximumError: Double

    /// The easing at `progress`, as a browser draws it: the straight line between the stops on
    /// either side.
    ///
    /// - Parameter progress: a fraction of the duration; clamped to 0…1.
    /// - Complexity: O(log n) in the number of stops.
    public func value(atProgress progress: Double) -> Double {
        let p = Swift.min(Swift.max(progress, 0), 1)
        var low = 0
        var high = stops.count - 1
        while high - low > 1 {
            let middle = (low + high) / 2
            if stops[middle].progress <= p { low = middle } else { high = middle }
        }
        let (a, b) = (stops[low], stops[high])
        guard b.progress > a.progress else { return b.value }
        return a.value + (b.value - a.value) * (p - a.progress) / (b.progress - a.progress)
    }
}

extension DampedSpring {
    /// The spring's move from 0 to 1 as a ``LinearEasing``, or `nil` for a spring that never
    /// settles (undamped).
    ///
    /// The stops are spread so that each holds the same share of `∫√|x″|`: the error of a
    /// straight line over a short stretch is `h²·|x″|/8`, so this spacing makes the errors equal
    /// and puts the stops where the curve bends most. Their number starts at `minimumStops` and
    /// grows by a fifth until every segment, checked at 24 points between its stops, is within
    /// `tolerance`.
    ///
    /// - Parameters:
    ///   - initialVelocity: the starting speed in fractions of the distance per second (as
    ///     SwiftUI's `interpolatingSpring(initialVelocity:)`), finite.
    ///   - epsilon: the settling band that sets the duration, 0 < ε < 1.
    ///   - tolerance: the largest distance allowed between the lines and the spring, positive.
    ///   - minimumStops: at least 2.
    /// - Complexity: O(n) evaluations of the closed form for n stops, a few times over.
    public func linearEasing(
        initialVelocity: Double = 0, epsilon: Double = 0.001, tolerance: Double = 8e-4, minimumStops: Int = 30
    ) -> LinearEasing? {
        precondition(initialVelocity.isFinite, "initialVelocity must be finite")
        precondition(epsilon > 0 && epsilon < 1, "epsilon must be greater than 0 and less than 1")
        precondition(tolerance > 0 && tolerance.isFinite, "tolerance must be positive and finite")
        precondition(minimumStops >= 2, "minimumStops must be at least 2")
        let duration = settlingDuration(from: 0, to: 1, initialVelocity: initialVelocity, epsilon: epsilon)
        guard duration.isFinite, duration > 0 else { return nil }
        let value = { (u: Double) in self.value(from: 0, to: 1, initialVelocity: initialVelocity, time: u * duration) }
        let weights = bendWeights(initialVelocity: initialVelocity, duration: duration)
        var count = minimumStops
        while true {
            let stops = Self.spread(count, over: weights).map { LinearEasing.Stop(progress: $0, value: value($0)) }
            let error = Self.largestError(stops, value)
            // Past 100,000 stops the spring oscillates beyond what a CSS easing can carry.
            if error <= tolerance || count > 100_000 {
                return LinearEasing(duration: duration, stops: stops, maximumError: error)
            }
            count += Swift.max(1, count / 5)
        }
    }

    /// The running integral of √|x″| over the move, on 4,096 equal steps of progress, with a
    /// floor of a twentieth of its mean so that straight stretches still get stops.
    private func bendWeights(initialVelocity: Double, duration: Double) -> [Double] {
        let steps = 4096
        let bends = (0...steps).map { i -> Double in
            let t = Double(i) / Double(steps) * duration
            let acceleration = force(from: 0, to: 1, initialVelocity: initialVelocity, time: t) / mass
            return (abs(acceleration) * duration * duration).squareRoot()
        }
        let floor = bends.reduce(0, +) / Double(bends.count) / 20 + 1e-300
        var running = [0.0]
        for i in 1...steps {
            running.append(running[i - 1] + (bends[i - 1] + bends[i]) / 2 + floor)
        }
        return running
    }

    /// `count` progresses from 0 to 1 that split `running` (a running integral on equal steps)
    /// into equal shares.
    private static func spread(_ count: Int, over running: [Double]) -> [Double] {
        let steps = running.count - 1
        guard let total = running.last else { return [0, 1] }
        var result: [Double] = [0]
        var i = 0
        for j in 1..<(count - 1) {
            let share = total * Double(j) / Double(count - 1)
            while i < steps - 1, running[i + 1] < share { i += 1 }
            let fraction = (share - running[i]) / Swift.max(running[i + 1] - running[i], .leastNormalMagnitude)
            let progress = (Double(i) + Swift.min(Swift.max(fraction, 0), 1)) / Double(steps)
            // Equal progresses would give a zero-length segment, which a browser ignores anyway.
            if let last = result.last, progress > last { result.append(progress) }
        }
        result.append(1)
        return result
    }

    /// The largest distance between the lines through `stops` and `value`, at 24 points inside
    /// each segment.
    private static func largestError(_ stops: [LinearEasing.Stop], _ value: (Double) -> Double) -> Double {
        var largest = 0.0
        for (a, b) in zip(stops, stops.dropFirst()) {
            for k in 1...24 {
                let fraction = Double(k) / 25
                let progress = a.progress + (b.progress - a.progress) * fraction
                let line = a.value + (b.value - a.value) * fraction
                largest = Swift.max(largest, abs(value(progress) - line))
            }
        }
        return largest
    }
}
