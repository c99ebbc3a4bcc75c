extension DampedSpring {
    /// Describes the motion from `from` to `to`; see ``SpringReport`` for the definitions.
    ///
    /// - Parameters:
    ///   - from: the value at time 0, finite.
    ///   - to: the target, finite.
    ///   - initialVelocity: value units per second, finite.
    ///   - epsilon: the settling band as a fraction of the reference distance, 0 < ε < 1.
    /// - Complexity: a few hundred evaluations of the closed form.
    public func report(
        from: Double = 0, to: Double = 1, initialVelocity: Double = 0, epsilon: Double = 0.001
    ) -> SpringReport {
        let motion = motion(from: from, to: to, initialVelocity: initialVelocity)
        let reference = motion.referenceDistance
        let settling = settlingDuration(
            from: from, to: to, initialVelocity: initialVelocity, epsilon: epsilon)
        let overshootPoint = motion.overshootTurningPoint
        let overshoot =
            overshootPoint.map { abs(motion.state(at: $0).displacement) / reference } ?? 0
        return SpringReport(
            spring: self, from: from, to: to, initialVelocity: initialVelocity, epsilon: epsilon,
            regime: regime, referenceDistance: reference, overshoot: overshoot,
            peakTime: overshoot > 0 ? overshootPoint : nil, riseTime: motion.riseTime,
            settlingTime: settling,
            oscillationCount: motion.swingsPastTarget(above: epsilon * reference))
    }
}
