#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

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

/// A fixed number of ``SpringSegment``s stored inline, so that a ``SpringAnimator`` never
/// allocates: retargeting replaces slots instead of growing an array.
///
/// The order of the live segments is not kept (removal moves the last one into the gap); the
/// animator only ever sums over them.
struct SegmentStore: Sendable {
    /// How many segments can be in flight at once.
    static let capacity = 8

    private var slots:
        (
            SpringSegment, SpringSegment, SpringSegment, SpringSegment, SpringSegment,
            SpringSegment, SpringSegment, SpringSegment
        )
    /// The number of live segments, at the front of the storage.
    private(set) var count = 0

    init() {
        let rest = SpringSegment.rest
        slots = (rest, rest, rest, rest, rest, rest, rest, rest)
    }

    var isFull: Bool { count == Self.capacity }

    subscript(index: Int) -> SpringSegment {
        // Inlined, a read loads only the fields its caller uses; called, it returns all of a
        // segment (more than 128 bytes) through memory.
        @inline(__always)
        get {
            precondition(index >= 0 && index < count, "segment index out of range")
            // A switch reads the one slot in place; taking a pointer to the tuple
            // (`withUnsafePointer(to: slots)`) copied all eight slots, 960 bytes, on every read.
            switch index {
            case 0: return slots.0
            case 1: return slots.1
            case 2: return slots.2
            case 3: return slots.3
            case 4: return slots.4
            case 5: return slots.5
            case 6: return slots.6
            default: return slots.7
            }
        }
        set {
            precondition(index >= 0 && index < count, "segment index out of range")
            switch index {
            case 0: slots.0 = newValue
            case 1: slots.1 = newValue
            case 2: slots.2 = newValue
            case 3: slots.3 = newValue
            case 4: slots.4 = newValue
            case 5: slots.5 = newValue
            case 6: slots.6 = newValue
            default: slots.7 = newValue
            }
        }
    }

    /// Calls `body` with each live segment, in order.
    ///
    /// Slot by slot with no loop: the per-frame sum reads only the slots in use, where a loop
    /// over the subscript lets the optimiser load all eight before it starts.
    @inline(__always)
    func forEach(_ body: (SpringSegment) -> Void) {
        guard count > 0 else { return }
        body(slots.0)
        guard count > 1 else { return }
        body(slots.1)
        guard count > 2 else { return }
        body(slots.2)
        guard count > 3 else { return }
        body(slots.3)
        guard count > 4 else { return }
        body(slots.4)
        guard count > 5 else { return }
        body(slots.5)
        guard count > 6 else { return }
        body(slots.6)
        guard count > 7 else { return }
        body(slots.7)
    }

    mutating func append(_ segment: SpringSegment) {
        precondition(count < Self.capacity, "segment storage is full")
        count += 1
        self[count - 1] = segment
    }

    /// Removes the segment at `index` by moving the last one into its place.
    mutating func remove(at index: Int) {
        self[index] = self[count - 1]
        count -= 1
    }

    mutating func removeAll() { count = 0 }
}
