/// How a hand moves the hinge over time: holds at poses joined by minimum-jerk moves.
///
/// ```swift
/// let motion = HandMotion(start: 180, [.hold(0.5), .move(to: 110, over: 0.6), .hold(2.5)])
/// let (angle, velocity) = motion.state(at: 0.8)
/// ```
///
/// A minimum-jerk move (Flash and Hogan, 1985) is the smooth profile human reaching movements
/// follow: x(s) = a + (b − a)(10s³ − 15s⁴ + 6s⁵) with s = t/T, so velocity and acceleration are
/// zero at both ends and the peak speed is 1.875·|b − a|/T.
public struct HandMotion: Hashable, Sendable {
    /// One step of a hand motion.
    public enum Step: Hashable, Sendable {
        /// Stay at the current angle for a duration in seconds.
        case hold(Double)
        /// Move to an angle (degrees) over a duration (seconds).
        case move(to: Double, over: Double)
    }

    private struct Segment: Hashable, Sendable {
        var start: Double
        var duration: Double
        var from: Double
        var to: Double
    }

    /// The angle before the first step.
    public let startAngle: Double
    private let segments: [Segment]

    /// - Precondition: every duration is positive and finite.
    public init(start: Double, _ steps: [Step]) {
        startAngle = start
        var segments: [Segment] = []
        var time = 0.0
        var angle = start
        for step in steps {
            switch step {
            case .hold(let duration):
                precondition(duration > 0 && duration.isFinite, "hold durations must be positive")
                segments.append(Segment(start: time, duration: duration, from: angle, to: angle))
                time += duration
            case .move(let target, let duration):
                precondition(duration > 0 && duration.isFinite, "move durations must be positive")
                segments.append(Segment(start: time, duration: duration, from: angle, to: target))
                time += duration
                angle = target
            }
        }
        self.segments = segments
    }

    /// The total length in seconds.
    public var duration: Double { segments.last.map { $0.start + $0.duration } ?? 0 }

    /// The angle the hand is holding or moving to at `time`: the end of the step under way
    /// (after the last step, the final angle).
    public func destination(at time: Double) -> Double {
        guard let segment = segments.last(where: { $0.start <= time }) else { return startAngle }
        return segment.to
    }

    /// The angle (degrees) and angular velocity (degrees per second) at `time`; before the
    /// start and after the end the hand rests.
    /// - Complexity: O(number of steps).
    public func state(at time: Double) -> (angle: Double, velocity: Double) {
        guard let segment = segments.last(where: { $0.start <= time }) else { return (startAngle, 0) }
        let s = (time - segment.start) / segment.duration
        guard s < 1 else { return (segment.to, 0) }
        let distance = segment.to - segment.from
        let position = s * s * s * (10 - 15 * s + 6 * s * s)
        let speed = 30 * s * s * (1 - s) * (1 - s)
        return (segment.from + distance * position, distance * speed / segment.duration)
    }
}
