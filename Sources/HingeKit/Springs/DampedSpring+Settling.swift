extension DampedSpring {
    /// The settling duration SwiftUI reports: from 0 to 1 at rest, with ε = 0.001.
    ///
    /// See ``settlingDuration(from:to:initialVelocity:epsilon:)``; this is also the duration
    /// that ``init(settlingDuration:dampingRatio:epsilon:)`` solves for.
    public var settlingDuration: Double {
        settlingDuration(from: 0, to: 1, initialVelocity: 0, epsilon: 0.001)
    }

    /// The last time the value is farther than `epsilon × reference` from the target.
    ///
    /// This is the real settling time of the motion, located to the last bit, not the time at
    /// which an exponential envelope falls below the band (which is later by up to half a
    /// period). After it, `|x(t) − to| ≤ epsilon × reference` for ever; just before it the
    /// value is outside the band.
    ///
    /// The reference distance is `|to − from|`. When `from == to` but the spring is kicked
    /// (`initialVelocity ≠ 0`), there is no distance to compare with, so the reference is the
    /// largest distance from the target the motion ever reaches (its first peak): the spring
    /// has settled when its swings have shrunk below `epsilon` of the kick's excursion. This
    /// depends on neither the unit of time nor the unit of the value. A spring at rest on its
    /// target has settled at 0.
    ///
    /// - Parameters:
    ///   - from: the value at time 0.
    ///   - to: the target.
    ///   - initialVelocity: value units per second.
    ///   - epsilon: the band as a fraction of the reference distance, 0 < ε < 1.
    /// - Returns: seconds; 0 when the value never leaves the band, and infinity for an
    ///   undamped spring (or damping so weak that more than 2⁵² swings exceed the band).
    /// - Complexity: O(1) evaluations of the closed form per bit of the result: about a
    ///   hundred.
    public func settlingDuration(
        from: Double, to: Double, initialVelocity: Double = 0, epsilon: Double = 0.001
    ) -> Double {
        precondition(
            from.isFinite && to.isFinite && initialVelocity.isFinite,
            "from, to and initialVelocity must be finite")
        precondition(epsilon > 0 && epsilon < 1, "epsilon must be greater than 0 and less than 1")
        let motion = motion(from: from, to: to, initialVelocity: initialVelocity)
        return motion.settlingTime(band: epsilon * motion.referenceDistance)
    }
}

extension SpringMotion {
    /// The distance that settling bands and overshoot are fractions of: |y₀|, or for a spring
    /// kicked from its target, the largest |y| the motion reaches; 0 at rest.
    var referenceDistance: Double {
        if displacement != 0 || velocity == 0 { return abs(displacement) }
        // From the target, y rises monotonically to the first turning point, and every later
        // turning point is smaller, so that is the largest distance.
        guard let first = firstTurningPoint else { return 0 }
        return abs(state(at: first).displacement)
    }
}
