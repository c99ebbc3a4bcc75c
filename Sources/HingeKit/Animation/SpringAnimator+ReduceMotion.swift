extension SpringAnimator {
    /// What the animator does when the user has asked for reduced motion.
    ///
    /// The caller passes the policy (read from the system's accessibility setting, or from an
    /// app preference); HingeKit does not read settings itself. Apple's Human Interface
    /// Guidelines ask apps to "make motion optional" and to "tighten springs to reduce
    /// bounce": ``jump`` does the first, ``tighten`` the second.
    public enum ReduceMotion: String, Sendable, Hashable, CaseIterable {
        /// Animate as asked.
        case off
        /// No animation: the value goes to each new target at once and is always settled.
        case jump
        /// The same response without bounce: every underdamped spring runs critically damped
        /// (``DampedSpring/tightened``); critically damped and overdamped springs, which do not
        /// bounce, run as they are.
        case tighten

        /// The spring a motion runs when `spring` is asked for under this policy.
        func running(_ spring: DampedSpring) -> DampedSpring {
            self == .tighten ? spring.tightened : spring
        }
    }

    /// Switches the Reduce Motion policy at `time`, mid-flight if need be.
    ///
    /// - `off` ⇄ `tighten`: every spring in flight is restarted at `time` from its own
    ///   current displacement and velocity with the spring the new policy runs (its tightened
    ///   version, or the one originally asked for), so the value and the velocity are
    ///   continuous; only the motion from then on changes.
    /// - to `jump`: the value goes to the target at once (the policy's point) and is settled.
    /// - from `jump`: the value is already resting on the target, so nothing moves until the
    ///   next retarget.
    ///
    /// Setting the current policy again changes nothing.
    ///
    /// - Parameters:
    ///   - policy: the new policy.
    ///   - time: finite, and not before ``lastEventTime``.
    /// - Throws: ``EventError`` when the time is not finite or lies before the last event, or
    ///   the restarted springs would swing beyond the range of a `Double`.
    /// - Complexity: O(1): at most ``segmentCapacity`` springs are restarted.
    public mutating func setReduceMotion(_ policy: ReduceMotion, at time: Double) throws(EventError) {
        try checkEvent(at: time)
        guard policy != reduceMotion else { return }
        let before = self
        let epsilon = self.epsilon
        let settled = withUnsafePointer(to: &self) { Self.evaluate($0, at: time, epsilon: epsilon).settled }
        if settled || policy == .jump { segments.removeAll() }
        for index in 0..<segments.count {
            let segment = segments[index]
            let state = segment.state(at: time)
            segments[index] = SpringSegment(
                start: time, displacement: state.displacement, velocity: state.velocity,
                spring: segment.spring, running: policy.running(segment.spring))
        }
        reduceMotion = policy
        lastEventTime = time
        // A swing the new springs make may reach farther than the old band allowed for.
        let peak = withUnsafePointer(to: &self) { Self.remainingPeak($0, at: time) }
        referenceDistance = Swift.max(referenceDistance, peak)
        // As in retarget: a swing beyond the range of a Double is refused whole.
        guard valuesFit, withUnsafePointer(to: &self, { Self.speedsFit($0) }) else {
            self = before
            throw .targetOutOfRange(target)
        }
    }
}
