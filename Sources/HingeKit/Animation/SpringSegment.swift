internal import HingeSupport

/// One spring motion in flight inside a ``SpringAnimator``: a displacement from the animator's
/// target and a velocity, released at ``start`` and decaying under one spring.
///
/// The animator's value is its target plus the sum of its segments' displacements, so each
/// segment is the homogeneous solution `y = y₀·Φ(t) + v₀·Ψ(t)` of ``SpringMotion``: linear in
/// `(y₀, v₀)`, which is what lets segments that run the same spring merge into one.
struct SpringSegment: Sendable {
    /// The time the segment was released, in seconds.
    let start: Double
    /// The closed form of the motion, `y` and `y′` at `start`.
    let motion: SpringMotion
    /// The spring the caller asked for; under Reduce Motion the motion may run its tightened
    /// version, and switching the policy back needs the original.
    let spring: DampedSpring
    /// The first time, from `start`, at which the velocity vanishes (or the largest finite time,
    /// when the turn comes later: ``SpringMotion/boundingTurn``); `nil` when it never does.
    let firstTurn: Double?
    /// |y| at ``firstTurn``, or 0 without one.
    let turnPeak: Double
    /// The largest |y| the motion reaches from `start` on: what a residual is small against.
    let scale: Double

    /// - Parameters:
    ///   - start: the release time.
    ///   - displacement: y₀, the value minus the target at `start`.
    ///   - velocity: v₀ at `start`, value units per second.
    ///   - spring: the spring the caller asked for.
    ///   - running: the spring the motion follows (`spring`, or its tightened version).
    init(
        start: Double, displacement: Double, velocity: Double, spring: DampedSpring,
        running: DampedSpring
    ) {
        self.start = start
        self.spring = spring
        let motion = SpringMotion(spring: running, displacement: displacement, velocity: velocity)
        var turn = motion.boundingTurn
        var turnPeak = turn.map { abs(motion.state(at: $0).displacement) } ?? 0
        // A turning point or a distance there that is not a number counts as unbounded: the
        // segment never reads as settled (`max` would drop a NaN and keep the distance now,
        // which let a spring with ω_d = 0 read as settled while moving at 7.5e293, found by
        // fuzzing), and the animator refuses the event that would set it up.
        if turn?.isNaN == true || turnPeak.isNaN {
            turn = .infinity
            turnPeak = .infinity
        }
        self.motion = motion
        self.firstTurn = turn
        self.turnPeak = turnPeak
        scale = Swift.max(abs(displacement), turnPeak)
    }

    /// A segment at rest, to fill unused storage.
    static let rest = SpringSegment(
        start: 0, displacement: 0, velocity: 0, spring: .smooth, running: .smooth)

    /// y and y′ at `time`, which must not be before ``start``.
    @inline(__always)
    func state(at time: Double) -> (displacement: Double, velocity: Double) {
        // At the release time the stored state itself, bit for bit, as DampedSpring does.
        let elapsed = time - start
        guard elapsed > 0 else { return (motion.displacement, motion.velocity) }
        return motion.state(at: elapsed)
    }

    /// The largest |y(s)| for s ≥ `time`, given `displacement` = y(`time`).
    ///
    /// Between two turning points y is monotone, and every turning point of an oscillating
    /// spring is smaller than the one before by the factor `e^(−λπ/ω_d)`; a decaying spring
    /// turns at most once and then approaches the target monotonically. So the largest
    /// distance still to come is |y| now or at the next turning point: two evaluations, no
    /// search.
    @inline(__always)
    func peak(after time: Double, displacement: Double) -> Double {
        let now = abs(displacement)
        guard let firstTurn else { return now }
        let elapsed = time - start
        if elapsed <= firstTurn { return Swift.max(now, turnPeak) }
        guard let halfPeriod = motion.halfPeriod else { return now }
        let swings = ((elapsed - firstTurn) / halfPeriod).rounded(.up)
        return Swift.max(now, turnPeak * exp(-motion.decay * halfPeriod * swings))
    }
}
