extension SpringAnimator {
    /// The response of ``follower(startingAt:time:response:reduceMotion:)``: 2π/√600 ≈ 0.2565 s.
    ///
    /// Source: AOSP, Android's unfold animation drives its progress with a spring of stiffness
    /// 600 and damping ratio 1, unit mass (``DampedSpring/androidUnfold``; frameworks/base/packages/
    /// SystemUI/unfold/.../progress/PhysicsBasedUnfoldTransitionProgressProvider.kt).
    public static let followerResponse = 2 * Double.pi / DampedSpring.androidUnfold.stiffness.squareRoot()

    /// A critically damped animator for the common case: follow the hinge smoothly.
    ///
    /// ```swift
    /// var follower = SpringAnimator.follower(startingAt: 180, time: sample.time)
    /// try follower.follow(nextSample)                  // on every hinge update
    /// let angle = follower.value(at: frameTime)        // on every frame
    /// ```
    ///
    /// Persistent mode with a critically damped spring: the value never passes a target it is
    /// chasing in one direction (a hinge that keeps opening is never shown more open than the
    /// last reading), and the velocity carries over between readings, so the steps of a
    /// quantised sensor blur into one motion.
    ///
    /// - Parameters:
    ///   - value: the first reading.
    ///   - time: its time.
    ///   - response: the spring's response in seconds, positive; the default is Android's
    ///     unfold spring.
    ///   - reduceMotion: the Reduce Motion policy (``ReduceMotion-swift.enum/tighten``
    ///     changes nothing here, since the spring does not bounce).
    /// - Returns: an animator resting on `value`.
    public static func follower(
        startingAt value: Double, time: Double = 0, response: Double = followerResponse,
        reduceMotion: ReduceMotion = .off
    ) -> SpringAnimator {
        SpringAnimator(
            value: value, time: time, spring: DampedSpring(response: response, dampingRatio: 1),
            mode: .persistent, reduceMotion: reduceMotion)
    }

    /// Retargets to a hinge sample's angle at the sample's time; a sample without an angle
    /// (no hinge, or the system stopped reporting one) holds the last target.
    ///
    /// Holding is the choice that never invents motion: the last known angle is the best
    /// estimate of where the hinge is, and an app that wants a "no hinge" pose maps `nil` to
    /// it before calling ``retarget(to:at:spring:)``.
    ///
    /// - Parameter sample: a reading; its time must not lie before ``lastEventTime``.
    /// - Throws: ``EventError`` as ``retarget(to:at:spring:)`` does, for a sample with or
    ///   without an angle.
    /// - Complexity: O(1).
    public mutating func follow(_ sample: HingeSample) throws(EventError) {
        guard let angle = sample.angle else { return try checkEvent(at: sample.time) }
        try retarget(to: angle, at: sample.time)
    }
}
