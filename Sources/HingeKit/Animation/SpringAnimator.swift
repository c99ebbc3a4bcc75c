/// Drives a value toward the latest target with a spring, exactly, whenever targets arrive and
/// whenever frames are drawn.
///
/// ```swift
/// var animator = SpringAnimator(value: 180, time: 0, spring: .bend)
/// try animator.retarget(to: 150, at: 0.004)        // a hinge update
/// try animator.retarget(to: 140, at: 0.011)        // another, before the next frame
/// let angle = animator.value(at: 0.0167)           // the frame
/// ```
///
/// Hinge updates arrive when the system feels like it, and frames when the display wants
/// them; the animator keeps the two apart. ``retarget(to:at:spring:)`` records a new target at
/// the time it arrived, and ``value(at:)``, ``velocity(at:)`` and ``isSettled(at:)`` evaluate
/// the closed form of the springs in flight (``DampedSpring``) from the stored state. Nothing
/// is stepped, so the value at a given time is the same whether frames come at 60 Hz, 120 Hz,
/// irregularly, or not at all, and a long gap cannot make the motion unstable.
///
/// ## Modes
///
/// With ``Mode-swift.enum/persistent`` (SwiftUI's `.spring`) a retarget hands the current
/// value and velocity to one spring toward the new target: the velocity is continuous at
/// every retarget. With ``Mode-swift.enum/additive`` (SwiftUI's `.interpolatingSpring`)
/// every change of target runs its own spring from the old target to the new one, keeping the
/// spring it started with, and the displayed value is the target plus the sum of their
/// remaining displacements. The spring equation is linear, so with one unchanging spring the
/// two modes are the same motion; the animator computes them with the same operations, and
/// they agree bit for bit.
///
/// ## Settling
///
/// The value has *settled* at time `t` when it stays within `epsilon × R` of the target from
/// `t` on, for ever. `R`, the reference distance, is set at each change of target: the larger
/// of the change itself and the largest distance from the new target the motion will reach
/// (so a spring kicked while on its target, `from == to`, still has a scale: its own
/// excursion). A retarget that does not change the target keeps `R` (it can only grow), so a
/// sensor that repeats its last reading does not postpone the end. The rule is relative, so
/// a motion over 0…1 settles at the same time as one over 0…180, and it is finite for every
/// damped spring. Once settled, ``value(at:)`` is exactly the target and ``velocity(at:)``
/// exactly 0.
///
/// ## Memory
///
/// The state is a fixed-size value: at most ``segmentCapacity`` springs in flight, stored
/// inline. Retargeting and evaluation never allocate and cost O(1), however many retargets
/// came before; see ``retarget(to:at:spring:)`` for how additive mode stays within the
/// capacity.
public struct SpringAnimator: Sendable {
    /// How a new target takes over from the motion in flight, as SwiftUI defines it.
    public enum Mode: String, Sendable, Hashable, CaseIterable {
        /// SwiftUI's `.spring`: the new target and spring take over the current value and
        /// velocity.
        case persistent
        /// SwiftUI's `.interpolatingSpring`: every change of target runs its own spring from
        /// the old target to the new one, and their effects add up.
        case additive
    }

    /// Why a retarget or a change of policy was refused.
    public enum EventError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The time is NaN or infinite.
        case timeNotFinite(Double)
        /// The target is NaN or infinite.
        case targetNotFinite(Double)
        /// The time lies before the last retarget or policy change; the animator keeps no
        /// history, so it cannot insert an event in the past.
        case timeBeforeLastEvent(time: Double, lastEvent: Double)
        /// The distance from the current value to the target, the farthest the motion toward
        /// it would swing (as a distance from the target, or as a value), or the fastest it
        /// would move, does not fit in a `Double`.
        case targetOutOfRange(Double)

        public var description: String {
            switch self {
            case .timeNotFinite(let time): "time must be finite, got \(time)"
            case .targetNotFinite(let target): "target must be finite, got \(target)"
            case .timeBeforeLastEvent(let time, let lastEvent):
                "time \(time) is before the last event at \(lastEvent); events must come in order"
            case .targetOutOfRange(let target):
                "target \(target) is too far from the current value for a finite motion"
            }
        }
    }

    /// The most springs in flight at once in ``Mode-swift.enum/additive`` mode.
    public static let segmentCapacity = SegmentStore.capacity

    /// Below this fraction of the reference distance (or of its own excursion, if larger) a
    /// segment's remaining motion is handed to the newest segment rather than kept apart.
    ///
    /// Far below anything visible or measurable against the oracle (1e-9 of the range), and
    /// far above rounding, so a stream of retargets with changing springs retires segments
    /// within a few dozen time constants.
    static let retirementFraction = 1e-12

    /// How a new target takes over; it can be changed between retargets.
    public var mode: Mode
    /// The latest target.
    public private(set) var target: Double
    /// The latest spring asked for (under Reduce Motion the motion may run a tightened one).
    public private(set) var spring: DampedSpring
    /// The current Reduce Motion policy; change it with ``setReduceMotion(_:at:)``.
    public internal(set) var reduceMotion: ReduceMotion
    /// The time of the last retarget or policy change: the earliest time the animator can be
    /// asked about, and the earliest time of the next event.
    public internal(set) var lastEventTime: Double
    /// The settling band as a fraction of ``referenceDistance``, 0 < ε < 1.
    public let epsilon: Double
    /// R: the larger of the last change of target and the largest distance from the target
    /// the motion reaches after it; see the type's discussion of settling.
    public internal(set) var referenceDistance: Double

    var segments = SegmentStore()

    /// An animator resting at — or kicked from — `value`, which is also its first target.
    ///
    /// - Parameters:
    ///   - value: the starting value and target, finite.
    ///   - velocity: the starting velocity in value units per second, finite; a non-zero
    ///     velocity is a kick that the spring brings back to `value`.
    ///   - time: the clock reading the animator starts at, finite (any monotonic clock in
    ///     seconds).
    ///   - spring: the spring for the kick and for retargets that name no spring.
    ///   - mode: how retargets take over.
    ///   - reduceMotion: the starting Reduce Motion policy.
    ///   - epsilon: the settling band as a fraction of the reference distance, 0 < ε < 1; the
    ///     default 0.001 is SwiftUI's.
    /// - Precondition: the numbers are finite and `epsilon` lies in 0 < ε < 1.
    public init(
        value: Double, velocity: Double = 0, time: Double = 0, spring: DampedSpring = .smooth,
        mode: Mode = .persistent, reduceMotion: ReduceMotion = .off, epsilon: Double = 0.001
    ) {
        precondition(
            value.isFinite && velocity.isFinite && time.isFinite,
            "value, velocity and time must be finite")
        precondition(epsilon > 0 && epsilon < 1, "epsilon must be greater than 0 and less than 1")
        self.mode = mode
        self.target = value
        self.spring = spring
        self.reduceMotion = reduceMotion
        self.lastEventTime = time
        self.epsilon = epsilon
        referenceDistance = 0
        if velocity != 0, reduceMotion != .jump {
            let kick = SpringSegment(
                start: time, displacement: 0, velocity: velocity, spring: spring,
                running: reduceMotion.running(spring))
            segments.append(kick)
            referenceDistance = kick.scale
        }
    }

    /// The number of springs in flight: at most 1 in persistent mode, at most
    /// ``segmentCapacity`` in additive mode.
    public var activeSpringCount: Int { segments.count }

    // MARK: Evaluation

    /// The value at `time`.
    ///
    /// - Parameter time: finite; a time before ``lastEventTime`` is treated as
    ///   ``lastEventTime`` (the animator keeps no history to look back into).
    /// - Returns: the target plus the springs' displacements, or exactly the target once
    ///   settled.
    /// - Complexity: O(``activeSpringCount``), at most ``segmentCapacity``: O(1).
    public func value(at time: Double) -> Double {
        // The same sum as state(at:) without the velocities, which a frame rarely needs.
        let sum = evaluateDisplacement(at: time, epsilon: epsilon)
        return sum.settled ? target : target + sum.displacement
    }

    /// ``value(at:)`` of the animator at `animator`, read in place (see ``evaluate(_:at:epsilon:)``).
    static func value(_ animator: UnsafePointer<SpringAnimator>, at time: Double) -> Double {
        let sum = evaluateDisplacement(animator, at: time, epsilon: animator.pointee.epsilon)
        return sum.settled ? animator.pointee.target : animator.pointee.target + sum.displacement
    }

    /// The velocity at `time`, in value units per second; exactly 0 once settled.
    ///
    /// - Parameter time: as in ``value(at:)``.
    /// - Complexity: O(1), as ``value(at:)``.
    public func velocity(at time: Double) -> Double { state(at: time).velocity }

    /// The value and velocity at `time`, for the price of one of them.
    ///
    /// - Parameter time: as in ``value(at:)``.
    /// - Complexity: O(1), as ``value(at:)``.
    public func state(at time: Double) -> (value: Double, velocity: Double) {
        let sum = evaluate(at: time, epsilon: epsilon)
        return sum.settled ? (target, 0) : (target + sum.displacement, sum.velocity)
    }

    /// ``state(at:)`` of the animator at `animator`, read in place.
    static func state(_ animator: UnsafePointer<SpringAnimator>, at time: Double) -> (value: Double, velocity: Double) {
        let sum = evaluate(animator, at: time, epsilon: animator.pointee.epsilon)
        let target = animator.pointee.target
        return sum.settled ? (target, 0) : (target + sum.displacement, sum.velocity)
    }

    /// Whether the value stays within ``epsilon`` × ``referenceDistance`` of the target from
    /// `time` on, for ever (until the next retarget).
    ///
    /// Once this is true, ``value(at:)`` returns the target exactly; it stays true for every
    /// later time.
    ///
    /// - Parameter time: as in ``value(at:)``.
    /// - Complexity: O(1), as ``value(at:)``.
    public func isSettled(at time: Double) -> Bool { evaluateDisplacement(at: time, epsilon: epsilon).settled }

    /// Whether the value stays within `epsilon × R` of the target from `time` on, for ever.
    ///
    /// For one spring in flight the answer is exact: the largest distance still to come is
    /// the distance now or at the next turning point, both in closed form. With several
    /// springs in flight (additive mode with changing springs) it is the sum of each spring's
    /// largest distance still to come, an upper bound: the answer may come late, never early.
    /// ``value(at:)`` snaps to the target with the animator's own ``epsilon``, not this one.
    ///
    /// - Parameters:
    ///   - time: as in ``value(at:)``.
    ///   - epsilon: the band as a fraction of ``referenceDistance``, 0 < ε < 1.
    /// - Complexity: O(1), as ``value(at:)``.
    public func isSettled(at time: Double, epsilon: Double) -> Bool {
        precondition(epsilon > 0 && epsilon < 1, "epsilon must be greater than 0 and less than 1")
        return evaluateDisplacement(at: time, epsilon: epsilon).settled
    }

    // MARK: Evaluation, on a value and in place

    // Each evaluation comes twice: as a method, for an animator the caller holds as a value
    // (`self` is passed by reference, nothing is copied), and as a static function on a pointer,
    // for an animator in memory the caller may write — a mutating method's `self`, or
    // ``EffectDriver``'s animator behind its box. A method called there is passed a copy of the
    // whole animator, about 1.5 kB of inline segment slots: a `memcpy` of it per frame and three
    // per retarget were about 390 of an effect frame's 1314 instructions (issue 31). Both
    // forms share the arithmetic below, inlined, so they agree bit for bit.

    /// The sum of the segments' displacements and velocities at `time`, and whether their
    /// largest distances still to come fit in the band.
    func evaluate(
        at time: Double, epsilon: Double
    ) -> (displacement: Double, velocity: Double, settled: Bool) {
        Self.sum(
            at: time, after: lastEventTime, band: epsilon * referenceDistance, count: segments.count,
            segment: { segmentState($0, at: $1) }, remainingPeak: { remainingPeak(at: $0) })
    }

    /// ``evaluate(at:epsilon:)`` of the animator at `animator`, read in place.
    static func evaluate(
        _ animator: UnsafePointer<SpringAnimator>, at time: Double, epsilon: Double
    ) -> (displacement: Double, velocity: Double, settled: Bool) {
        sum(
            at: time, after: animator.pointee.lastEventTime, band: epsilon * animator.pointee.referenceDistance,
            count: animator.pointee.segments.count, segment: { segmentState(animator, $0, at: $1) },
            remainingPeak: { remainingPeak(animator, at: $0) })
    }

    /// ``evaluate(at:epsilon:)`` without the velocities: the same displacement, bit for bit, and
    /// the same answer to whether it has settled.
    func evaluateDisplacement(at time: Double, epsilon: Double) -> (displacement: Double, settled: Bool) {
        let sum = Self.sum(
            at: time, after: lastEventTime, band: epsilon * referenceDistance, count: segments.count,
            segment: { index, time in
                let segment = segmentDisplacement(index, at: time)
                return (segment.displacement, 0, segment.slack)
            }, remainingPeak: { remainingPeak(at: $0) })
        return (sum.displacement, sum.settled)
    }

    /// ``evaluateDisplacement(at:epsilon:)`` of the animator at `animator`, read in place.
    static func evaluateDisplacement(
        _ animator: UnsafePointer<SpringAnimator>, at time: Double, epsilon: Double
    ) -> (displacement: Double, settled: Bool) {
        let sum = sum(
            at: time, after: animator.pointee.lastEventTime, band: epsilon * animator.pointee.referenceDistance,
            count: animator.pointee.segments.count,
            segment: { index, time in
                let segment = segmentDisplacement(animator, index, at: time)
                return (segment.displacement, 0, segment.slack)
            }, remainingPeak: { remainingPeak(animator, at: $0) })
        return (sum.displacement, sum.settled)
    }

    /// The per-frame sum over `count` segments, each read by `segment` (index, time), with
    /// `remainingPeak` for the settling test; `band` is ε·R. (Velocities the caller does not
    /// want are returned as 0 and summed away by the optimiser.)
    @inline(__always)
    private static func sum(
        at time: Double, after lastEventTime: Double, band: Double, count: Int,
        segment: (Int, Double) -> (displacement: Double, velocity: Double, slack: Double),
        remainingPeak: (Double) -> Double
    ) -> (displacement: Double, velocity: Double, settled: Bool) {
        precondition(time.isFinite, "time must be finite")
        let time = Swift.max(time, lastEventTime)
        var displacement = 0.0
        var velocity = 0.0
        // Σ|y| is a lower bound of Σ peak (each peak is at least |y| now): while it exceeds the
        // band the motion is not settled, and the peaks, an exponential each, need not be
        // evaluated. That is every frame of a visible motion.
        var distance = 0.0
        var slack = 0.0
        for index in 0..<count {
            let state = segment(index, time)
            displacement += state.displacement
            velocity += state.velocity
            distance += abs(state.displacement)
            slack += state.slack
        }
        // `slack` allows for the inline forms' rounding, so that this shortcut never disagrees
        // with the peaks, which come from the general forms (and so never grow): settled stays
        // settled.
        guard distance <= band + slack else { return (displacement, velocity, false) }
        return (displacement, velocity, remainingPeak(time) <= band)
    }

    /// The state of segment `index` at `time`, for the per-frame sum.
    ///
    /// A function of its own, called once per segment: inlined into the loop over the segments,
    /// the optimiser would load every slot of the inline storage up front and keep the values
    /// on the stack. The common case is computed without a call (see
    /// ``SpringMotion/inlineState(at:)``), the rest in ``generalSegmentState(_:at:)``.
    @inline(never)
    func segmentState(_ index: Int, at time: Double) -> (displacement: Double, velocity: Double, slack: Double) {
        Self.inlineState(segments[index], at: time) ?? Self.withoutSlack(generalSegmentState(index, at: time))
    }

    /// ``segmentState(_:at:)`` of the animator at `animator`, read in place.
    @inline(never)
    static func segmentState(
        _ animator: UnsafePointer<SpringAnimator>, _ index: Int, at time: Double
    ) -> (displacement: Double, velocity: Double, slack: Double) {
        inlineState(animator.pointee.segments[index], at: time)
            ?? withoutSlack(generalSegmentState(animator, index, at: time))
    }

    /// ``segmentState(_:at:)``'s displacement alone (the optimiser leaves the velocity out).
    @inline(never)
    func segmentDisplacement(_ index: Int, at time: Double) -> (displacement: Double, slack: Double) {
        if let state = Self.inlineDisplacement(segments[index], at: time) { return state }
        return (generalSegmentState(index, at: time).displacement, 0)
    }

    /// ``segmentDisplacement(_:at:)`` of the animator at `animator`, read in place.
    @inline(never)
    static func segmentDisplacement(
        _ animator: UnsafePointer<SpringAnimator>, _ index: Int, at time: Double
    ) -> (displacement: Double, slack: Double) {
        if let state = inlineDisplacement(animator.pointee.segments[index], at: time) { return state }
        return (generalSegmentState(animator, index, at: time).displacement, 0)
    }

    /// The common case of ``segmentState(_:at:)``: the inline form, with its error bound as the
    /// slack; `nil` where the general form is needed.
    @inline(__always)
    private static func inlineState(
        _ segment: SpringSegment, at time: Double
    ) -> (displacement: Double, velocity: Double, slack: Double)? {
        let elapsed = time - segment.start
        if elapsed > 0, let state = segment.motion.inlineState(at: elapsed), state.displacement.isFinite,
            state.velocity.isFinite
        {
            return (state.displacement, state.velocity, segment.motion.inlineErrorBound)
        }
        return nil
    }

    /// ``inlineState(_:at:)``'s displacement alone (a velocity that is not finite does not
    /// matter to it).
    @inline(__always)
    private static func inlineDisplacement(
        _ segment: SpringSegment, at time: Double
    ) -> (displacement: Double, slack: Double)? {
        let elapsed = time - segment.start
        if elapsed > 0, let state = segment.motion.inlineState(at: elapsed), state.displacement.isFinite {
            return (state.displacement, segment.motion.inlineErrorBound)
        }
        return nil
    }

    /// A general form's state, with no slack (it is what the peaks are computed from).
    @inline(__always)
    private static func withoutSlack(
        _ state: (displacement: Double, velocity: Double)
    ) -> (displacement: Double, velocity: Double, slack: Double) { (state.displacement, state.velocity, 0) }

    /// ``segmentState(_:at:)`` for every case, apart so that the common case has no call.
    @inline(never)
    func generalSegmentState(_ index: Int, at time: Double) -> (displacement: Double, velocity: Double) {
        segments[index].state(at: time)
    }

    /// ``generalSegmentState(_:at:)`` of the animator at `animator`, read in place.
    @inline(never)
    static func generalSegmentState(
        _ animator: UnsafePointer<SpringAnimator>, _ index: Int, at time: Double
    ) -> (displacement: Double, velocity: Double) {
        animator.pointee.segments[index].state(at: time)
    }

    // MARK: Retargeting

    /// Starts moving toward `target` at `time`, with `spring` or the current spring.
    ///
    /// Several retargets may arrive between two frames, each at its own time; only their order
    /// matters, and the value and velocity are continuous at each of them (in both modes; a
    /// retarget after the value has settled starts from the exact target at rest).
    ///
    /// In ``Mode-swift.enum/persistent`` mode the springs in flight are replaced by one spring
    /// from the current value and velocity. In ``Mode-swift.enum/additive`` mode a spring from
    /// the old target to the new one, at rest, is added; then, to keep the work per frame and
    /// the memory bounded:
    ///
    /// - a spring in flight with the same requested spring is merged into the new one (exact:
    ///   the equation is linear), so one unchanging spring never needs more than one slot;
    /// - a spring whose largest remaining distance is below 1e-12 of the reference distance
    ///   (or of its own excursion) is retired: its remaining displacement and velocity are
    ///   handed to the new spring, which keeps value and velocity continuous;
    /// - when ``segmentCapacity`` different springs are still moving, the one with the
    ///   smallest remaining distance is handed over the same way — the only case in which a
    ///   spring does not keep the spring it started with, again without a jump.
    ///
    /// Under ``ReduceMotion-swift.enum/jump`` the value goes to the target at once; under
    /// ``ReduceMotion-swift.enum/tighten`` the new spring runs critically damped.
    ///
    /// - Parameters:
    ///   - target: finite.
    ///   - time: finite, and not before ``lastEventTime``; equal is allowed.
    ///   - spring: the spring for this change, or `nil` for the current ``spring``.
    /// - Throws: ``EventError`` when the time or target is not finite, the time lies before the
    ///   last event, or the distance overflows; the animator is then unchanged.
    /// - Complexity: O(1): at most ``segmentCapacity`` springs are touched.
    public mutating func retarget(
        to target: Double, at time: Double, spring: DampedSpring? = nil
    ) throws(EventError) {
        try checkEvent(at: time)
        guard target.isFinite else { throw .targetNotFinite(target) }
        // The old target's displacement from the new one: the initial displacement of the
        // change, written so that both modes compute the same sums in the same order.
        let offset = self.target - target
        guard offset.isFinite else { throw .targetOutOfRange(target) }
        // A motion that would swing or move beyond the range of a Double (a huge velocity handed
        // to a very slow spring, a huge distance to a very fast one: found by fuzzing) is
        // refused whole: the animator is put back.
        if mode == .persistent, segments.count <= 1 {
            // A persistent retarget changes these fields and at most the one segment in
            // flight: saving them puts the animator back as exactly as a copy of the whole
            // animator (1.5 kB, most of it unused slots) did, which cost more than the
            // retarget's own arithmetic.
            let saved = (self.target, self.spring, lastEventTime, referenceDistance)
            let segment = segments.count == 1 ? segments[0] : nil
            guard retargetChecked(to: target, at: time, spring: spring, offset: offset) else {
                (self.target, self.spring, lastEventTime, referenceDistance) = saved
                segments.removeAll()
                if let segment { segments.append(segment) }
                throw .targetOutOfRange(target)
            }
            return
        }
        let before = self
        guard retargetChecked(to: target, at: time, spring: spring, offset: offset) else {
            self = before
            throw .targetOutOfRange(target)
        }
    }

    /// The body of ``retarget(to:at:spring:)``; `false` when the motion it sets up reaches,
    /// or moves, beyond the range of a `Double`.
    private mutating func retargetChecked(
        to target: Double, at time: Double, spring: DampedSpring?, offset: Double
    ) -> Bool {
        // Read in place (see evaluate(_:at:epsilon:)).
        let epsilon = self.epsilon
        let settled = withUnsafePointer(to: &self) { Self.evaluate($0, at: time, epsilon: epsilon).settled }
        if settled { segments.removeAll() }
        let spring = spring ?? self.spring
        let change = abs(offset)
        self.target = target
        self.spring = spring
        lastEventTime = time
        guard reduceMotion != .jump else {
            segments.removeAll()
            referenceDistance = change
            return true
        }
        var displacement = offset
        var velocity = 0.0
        switch mode {
        case .persistent:
            (displacement, velocity) = withUnsafePointer(to: &self) {
                Self.adding(statesOf: $0, at: time, to: (displacement, velocity))
            }
            segments.removeAll()
        case .additive:
            var index = 0
            while index < segments.count {
                let segment = segments[index]
                let state = segment.state(at: time)
                let residual = segment.peak(after: time, displacement: state.displacement)
                let floor = Self.retirementFraction * Swift.max(segment.scale, referenceDistance)
                if segment.spring == spring || residual <= floor {
                    displacement += state.displacement
                    velocity += state.velocity
                    segments.remove(at: index)
                } else {
                    index += 1
                }
            }
            if segments.isFull {
                let handed = smallestRemaining(at: time)
                let state = segments[handed].state(at: time)
                displacement += state.displacement
                velocity += state.velocity
                segments.remove(at: handed)
            }
        }
        if displacement != 0 || velocity != 0 {
            segments.append(
                SpringSegment(
                    start: time, displacement: displacement, velocity: velocity, spring: spring,
                    running: reduceMotion.running(spring)))
        }
        let peak = withUnsafePointer(to: &self) { Self.remainingPeak($0, at: time) }
        referenceDistance = change > 0 ? Swift.max(change, peak) : Swift.max(referenceDistance, peak)
        return valuesFit && withUnsafePointer(to: &self) { Self.speedsFit($0) }
    }

    /// `start` plus the displacement and velocity of every segment of the animator at
    /// `animator` at `time`, added in order. Segment by segment through a call (see
    /// ``segmentState(_:at:)``): a loop over the inlined subscript copied the motion out of
    /// every slot up front.
    private static func adding(
        statesOf animator: UnsafePointer<SpringAnimator>, at time: Double, to start: (Double, Double)
    ) -> (Double, Double) {
        var sum = start
        for index in 0..<animator.pointee.segments.count {
            let state = generalSegmentState(animator, index, at: time)
            sum.0 += state.displacement
            sum.1 += state.velocity
        }
        return sum
    }

    /// Whether every value the springs in flight can reach fits in a `Double`: the target plus
    /// or minus R, the bound of the distances still to come, with room for the rounding of the
    /// closed forms (found by fuzzing: an undamped spring sent from 0 to 1e308 swings out to
    /// 2e308, although the distance, 1e308, fits).
    var valuesFit: Bool { (abs(target) + referenceDistance * (1 + 1e-9)).isFinite }

    /// Whether the fastest the springs in flight can ever move fits in a `Double`, with room
    /// for the rounding of the closed forms (found by fuzzing: an undamped spring of ω₀ 1e39
    /// moved across 5e303 would move at 5e342).
    ///
    /// The bound is the sum of each spring's ``SpringMotion/speedBound``. (On a pointer, as
    /// ``evaluate(_:at:epsilon:)``: only mutating methods ask.)
    static func speedsFit(_ animator: UnsafePointer<SpringAnimator>) -> Bool {
        var bound = 0.0
        animator.pointee.segments.forEach { segment in bound += segment.motion.speedBound }
        return (4 * bound).isFinite
    }

    /// The sum of the segments' largest distances still to come after `time`.
    ///
    /// Never inlined: inlined into an evaluation, the optimiser loads every slot of the inline
    /// storage up front, on every frame, for a sum a frame rarely needs.
    @inline(never)
    func remainingPeak(at time: Double) -> Double { segments.remainingPeak(at: time) }

    /// ``remainingPeak(at:)`` of the animator at `animator`, read in place.
    @inline(never)
    static func remainingPeak(_ animator: UnsafePointer<SpringAnimator>, at time: Double) -> Double {
        animator.pointee.segments.remainingPeak(at: time)
    }

    /// The index of the segment with the smallest largest-distance-still-to-come.
    private func smallestRemaining(at time: Double) -> Int {
        var best = 0
        var smallest = Double.infinity
        for index in 0..<segments.count {
            let state = segments[index].state(at: time)
            let remaining = segments[index].peak(after: time, displacement: state.displacement)
            if remaining < smallest {
                smallest = remaining
                best = index
            }
        }
        return best
    }

    /// Checks that an event at `time` may happen now.
    func checkEvent(at time: Double) throws(EventError) {
        guard time.isFinite else { throw .timeNotFinite(time) }
        guard time >= lastEventTime else {
            throw .timeBeforeLastEvent(time: time, lastEvent: lastEventTime)
        }
    }
}
