/// A hinge effect on screen: the reader, the effect, a spring and the motion preference in one
/// value.
///
/// ```swift
/// var bloom = EffectDriver(effect: BloomEffect())        // with its preferred spring, .smooth
/// try bloom.ingest(HingeSample(time: 0.000, angle: 180, status: .fullyOpen))
/// try bloom.ingest(HingeSample(time: 0.021, angle: 150, status: .partiallyOpen))
/// let opacity = bloom.value(at: 0.025)                   // on every frame
/// ```
///
/// Each sample goes through a ``HingeReader`` (which checks it and keeps the status) and the
/// effect maps the newest angle and status to a target, which a persistent ``SpringAnimator``
/// chases at the sample's time. The spring is the smoothing: the target comes from the raw
/// angle, not the reader's filtered position, so the motion is not delayed twice. Frames ask
/// for ``value(at:)`` at any time; nothing is stepped, so the answer does not depend on how
/// often frames come.
///
/// The first sample places the value without animation (there is nothing to animate from);
/// before it, the value is the effect's value with no hinge.
///
/// **Reduce Motion** follows the effect's ``HingeEffect/reducedMotion``:
/// ``EffectReduceMotion/trackHinge`` shows each new value at once (no spring lag, no bounce);
/// ``EffectReduceMotion/holdNeutral`` shows ``HingeEffect/neutralValue`` throughout. Turning
/// Reduce Motion on jumps to what it shows; turning it off lets the spring carry the value
/// from there to the effect's current value.
///
/// The state is fixed in size; ingesting and evaluating never allocate, except the first change
/// of a driver that shares its state with a copy (copy on write, as ``HingeReader``).
public struct EffectDriver<Effect: HingeEffect>: Sendable {
    /// Why a sample or a change of preference was refused; the driver is then unchanged.
    public typealias EventError = DriverEventError

    /// The spring that carries the value to each new target.
    public let spring: DampedSpring
    /// Whether the user has asked for reduced motion.
    public private(set) var reduceMotion: Bool
    /// The reader the samples go through, for apps that also want its velocity or snap.
    public private(set) var reader: HingeReader

    /// Chases the effect's value (never the neutral value): Reduce Motion only changes what
    /// ``value(at:)`` shows and how fast, so turning it off can continue from the hinge.
    /// Meaningless until ``hasSample``: a resting placeholder rather than an optional. Behind a
    /// reference (``AnimatorBox``): inline, its 1.5 kB were copied on every frame.
    private var box: AnimatorBox
    /// Whether a sample has placed the animator.
    private var hasSample = false
    private var order = DriverEventOrder()
    /// The effect the driver maps angles through. Stored last: a stored property of a generic
    /// type has a fixed offset only if every one before it has a fixed size, and the fields
    /// before it are read in place, not copied out, only at a fixed offset.
    public let effect: Effect

    /// A driver with no sample yet.
    ///
    /// - Parameters:
    ///   - effect: what the hinge is mapped through.
    ///   - spring: the spring; `nil` for the effect's ``HingeEffect/preferredSpring``.
    ///   - reduceMotion: whether the user has asked for reduced motion.
    ///   - reader: how samples are read and checked.
    public init(
        effect: Effect, spring: DampedSpring? = nil, reduceMotion: Bool = false,
        reader: HingeReader.Configuration = HingeReader.Configuration()
    ) {
        self.effect = effect
        self.spring = spring ?? effect.preferredSpring
        self.reduceMotion = reduceMotion
        self.reader = HingeReader(configuration: reader)
        box = AnimatorBox(SpringAnimator(value: 0, spring: self.spring, mode: .persistent))
    }

    /// Takes the next sample and retargets to the effect of the newest reading.
    ///
    /// - Parameter sample: not before the last sample or change of preference.
    /// - Throws: ``EventError`` for a sample the reader or the driver refuses.
    /// - Complexity: O(1); no allocation (unless the driver shares its state with a copy).
    public mutating func ingest(_ sample: HingeSample) throws(EventError) {
        try order.ingest(sample, into: &reader)
        let reading = reader.reading(at: sample.time)
        let target = effect.value(angle: reading?.angle, status: reading?.status)
        precondition(target.isFinite, "the effect's value must be finite")
        AnimatorBox.makeUnique(&box)
        guard hasSample else {
            box.animator.pointee = SpringAnimator(
                value: target, time: sample.time, spring: spring, mode: .persistent,
                reduceMotion: effect.animatorPolicy(for: reduceMotion ? .jump : .off))
            hasSample = true
            return
        }
        do {
            try box.animator.pointee.retarget(to: target, at: sample.time)
        } catch {
            // The time was checked above and a finite target in the range of an effect cannot
            // overflow the distance: a refusal here is a bug in HingeKit.
            preconditionFailure("the animator refused a checked event: \(error)")
        }
    }

    /// Switches Reduce Motion on or off at `time`.
    ///
    /// - Parameters:
    ///   - enabled: the new preference.
    ///   - time: finite, not before the last sample or change.
    /// - Throws: ``EventError`` when the time is not finite or lies before the last event.
    /// - Complexity: O(1).
    public mutating func setReduceMotion(_ enabled: Bool, at time: Double) throws(EventError) {
        try order.accept(time)
        guard enabled != reduceMotion else { return }
        reduceMotion = enabled
        guard hasSample else { return }
        let policy = effect.animatorPolicy(for: enabled ? .jump : .off)
        AnimatorBox.makeUnique(&box)
        if !enabled, effect.holdsNeutral(reduceMotion: true) {
            // The value shown was neutral: the spring starts there, toward the effect's value.
            var restarted = SpringAnimator(
                value: effect.neutralValue, time: time, spring: spring, mode: .persistent, reduceMotion: policy)
            do {
                try restarted.retarget(to: box.animator.pointee.target, at: time)
            } catch {
                preconditionFailure("the animator refused a checked event: \(error)")
            }
            box.animator.pointee = restarted
        } else {
            do {
                try box.animator.pointee.setReduceMotion(policy, at: time)
            } catch {
                preconditionFailure("the animator refused a checked event: \(error)")
            }
        }
    }

    /// The value the driver is heading for: the effect of the newest reading, or the neutral
    /// value while an effect that holds still under Reduce Motion is held.
    public var target: Double {
        if effect.holdsNeutral(reduceMotion: reduceMotion) { return effect.neutralValue }
        return hasSample ? box.animator.pointee.target : restingValue
    }

    /// The value to show at `time`.
    ///
    /// - Parameter time: finite; a time before the last event is read as that event's time.
    /// - Complexity: O(1).
    public func value(at time: Double) -> Double {
        // The animator's own value(at:), which leaves the velocity out: a frame rarely needs it.
        if effect.holdsNeutral(reduceMotion: reduceMotion) { return effect.neutralValue }
        guard hasSample else { return restingValue }
        return SpringAnimator.value(box.animator, at: time)
    }

    /// The value and its rate of change per second at `time`.
    ///
    /// - Parameter time: as in ``value(at:)``.
    /// - Complexity: O(1).
    public func state(at time: Double) -> (value: Double, velocity: Double) {
        if effect.holdsNeutral(reduceMotion: reduceMotion) { return (effect.neutralValue, 0) }
        guard hasSample else { return (restingValue, 0) }
        return SpringAnimator.state(box.animator, at: time)
    }

    /// Whether the value rests on ``target`` from `time` on, until the next event.
    ///
    /// - Parameter time: as in ``value(at:)``.
    /// - Complexity: O(1).
    public func isSettled(at time: Double) -> Bool {
        if effect.holdsNeutral(reduceMotion: reduceMotion) { return true }
        return hasSample
            ? SpringAnimator.evaluateDisplacement(box.animator, at: time, epsilon: box.animator.pointee.epsilon).settled
            : true
    }

    /// The reader's reading at `time`, or `nil` when no angle has arrived.
    public func reading(at time: Double) -> HingeReading? { reader.reading(at: time) }

    /// What the driver shows before its first sample: the effect with no hinge.
    private var restingValue: Double { effect.value(angle: nil, status: nil) }

}
