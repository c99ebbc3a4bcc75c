/// How a hand moves the hinge over time: holds at poses joined by minimum-jerk moves.
///
/// ```swift
/// let motion = try HandMotion(start: 180, [.hold(0.5), .move(to: 110, over: 0.6), .hold(2.5)])
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

    /// A motion from `start` through `steps`, checked.
    ///
    /// - Throws: ``ParameterError`` for the first value that breaks its rule: angles (the start
    ///   and every move's target) within 0…360; durations positive and finite, and their sum
    ///   finite.
    public init(start: Double, _ steps: [Step]) throws(ParameterError) {
        try ParameterError.require(start, .start, step: nil, "within 0…360") { $0 >= 0 && $0 <= 360 }
        var time = 0.0
        for (index, step) in steps.enumerated() {
            let (parameter, duration): (ParameterError.Parameter, Double)
            switch step {
            case .hold(let hold): (parameter, duration) = (.holdDuration, hold)
            case .move(let target, let move):
                try ParameterError.require(target, .moveTarget, step: index, "within 0…360") { $0 >= 0 && $0 <= 360 }
                (parameter, duration) = (.moveDuration, move)
            }
            try ParameterError.require(duration, parameter, step: index, "positive and finite") {
                $0 > 0 && $0.isFinite
            }
            time += duration
            try ParameterError.require(
                duration, parameter, step: index, "short enough that the motion's length stays finite"
            ) { _ in time.isFinite }
        }
        self.init(checkedStart: start, steps)
    }

    /// The library's own motions, whose steps are a constant list that passes
    /// ``init(start:_:)``'s rules (`SynthesisValidationTests` builds every one), or a draw
    /// that ``SyntheticTrace/MotionDraw``'s checks keep within them: a refusal is a bug in that
    /// list, not in anyone's input.
    init(valid start: Double, _ steps: [Step]) {
        do {
            try self.init(start: start, steps)
        } catch {
            preconditionFailure("\(error)")
        }
    }

    /// Steps that pass ``init(start:_:)``'s rules.
    private init(checkedStart start: Double, _ steps: [Step]) {
        startAngle = start
        var segments: [Segment] = []
        var time = 0.0
        var angle = start
        for step in steps {
            switch step {
            case .hold(let duration):
                segments.append(Segment(start: time, duration: duration, from: angle, to: angle))
                time += duration
            case .move(let target, let duration):
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
