extension DampedSpring {
    /// The same spring without bounce: critically damped with the same mass and stiffness
    /// (so the same response, 2π√(m/k)) when underdamped, otherwise unchanged.
    ///
    /// This is what Reduce Motion's ``SpringAnimator/ReduceMotion-swift.enum/tighten`` runs.
    public var tightened: DampedSpring {
        guard dampingRatio < 1 else { return self }
        // 2√(m·k) overflows or underflows for extreme springs where 2·(m·√(k/m)) does not (found
        // by fuzzing: a trap; and 2m alone overflows for a mass above 9e307); the plain form is
        // kept wherever it works, and a spring whose critical damping still does not fit is left
        // as it is.
        var critical = 2 * (mass * stiffness).squareRoot()
        if !(critical.isFinite && critical > 0) { critical = 2 * (mass * (stiffness / mass).squareRoot()) }
        return (try? Self.validated(mass: mass, stiffness: stiffness, damping: critical, allowOverDamping: true))
            ?? self
    }
}
