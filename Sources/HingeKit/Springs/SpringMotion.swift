internal import HingeSupport

/// The closed-form motion of one spring released from one state: the displacement
/// `y = x − target` and its velocity at any time `t ≥ 0`.
///
/// With λ = c/(2m) and ω₀² = k/m every solution is `y = y₀·Φ(t) + v₀·Ψ(t)`, where Ψ is the
/// motion released from the target with unit velocity and Φ the motion released from unit
/// displacement at rest:
///
/// ```
/// Φ = e^(−λt)·(C + λS)    Φ′ = −ω₀²·Ψ
/// Ψ = e^(−λt)·S           Ψ′ = e^(−λt)·C − λΨ
/// underdamped:  C = cos(ω_d t),  S = sin(ω_d t)/ω_d,   ω_d = √(ω₀² − λ²)
/// overdamped:   C = cosh(μt),    S = sinh(μt)/μ,       μ   = √(λ² − ω₀²)
/// critical:     C = 1,           S = t
/// ```
///
/// Both non-critical forms tend to the critical one as ω_d or μ tend to 0, and each is written
/// so that it stays accurate on the way: `S` as `sin(ω_d t)/ω_d` (the series `t·(1 − (ω_d t)²/6)`
/// for a phase below 1e-4), and the overdamped terms with
/// the two decaying exponentials `e^(r₁t)`, `e^(−2μt)` and `expm1`, never `cosh`·`e^(−λt)`
/// (which is ∞·0 for large t). That makes the motion continuous across ζ = 1 and free of
/// overflow for any finite `t`.
struct SpringMotion {
    /// y₀ = from − to.
    let displacement: Double
    /// v₀.
    let velocity: Double
    /// λ = c/(2m).
    let decay: Double
    /// ω₀² = k/m.
    let omega0Squared: Double
    let shape: Shape
    /// −ω₀²·y₀, the restoring term's factor (computed once: every evaluation needs it).
    let restoring: Double
    /// 1/ω_d for an oscillating spring, so that Ψ = e^(−λt)·sin θ/ω_d takes a product rather than
    /// a quotient; 0 for a decaying spring, or where 1/ω_d does not fit in a `Double`.
    let reciprocalFrequency: Double
    /// For ``inlineState(at:)``: whether it applies (an oscillating or critically damped spring
    /// whose factors below are finite), and the motion's factors, so that a frame computes
    /// `y = e·(y₀·C + a·S)` and `v = e·(v₀·C − b·S)` (oscillating: e = e^(−λt), C and S the cosine
    /// and sine of ω_d·t, a = (λy₀ + v₀)/ω_d, b = (ω₀²y₀ + λv₀)/ω_d; critically damped:
    /// e = e^(r₁t), C = 1, S = t, a = λy₀ + v₀, b = ω₀²y₀ − r₁v₀), and the phase and the
    /// exponent per second in the inline functions' units (32/π turns, 64/ln 2 steps).
    let inlines: Bool
    /// A bound of how far ``inlineState(at:)``'s displacement can be from ``state(at:)``'s (1e-13
    /// of the largest its terms can be, about a thousand times their rounding): the animator
    /// allows for it when it decides from the inline sum that a motion has not settled.
    let inlineErrorBound: Double
    let sineDisplacement: Double
    let sineVelocity: Double
    let phaseTurns: Double
    let exponentSteps: Double

    enum Shape {
        /// ζ < 1: oscillation at ω_d > 0.
        case oscillating(frequency: Double)
        /// ζ ≥ 1: μ ≥ 0 and the slow rate r₁ = −ω₀²/(λ + μ) = μ − λ < 0, written as a quotient
        /// so that it does not cancel when ζ is large.
        case decaying(spread: Double, slowRate: Double)
    }

    init(spring: DampedSpring, displacement: Double, velocity: Double) {
        self.displacement = displacement
        self.velocity = velocity
        let decay = spring.decayRate
        let omega0 = spring.undampedAngularFrequency
        self.decay = decay
        self.omega0Squared = spring.stiffness / spring.mass
        // Differences of ω₀ and λ, not of their squares: near ζ = 1 the squares cancel badly.
        restoring = -omega0Squared * displacement
        let turnsPerRadian = 0x1.45f306dc9c883p3  // 32/π
        let stepsPerUnit = 0x1.71547652b82fep6  // 64/ln 2
        let frequency = decay < omega0 ? ((omega0 - decay) * (omega0 + decay)).squareRoot() : 0
        if frequency > 0 {
            shape = .oscillating(frequency: frequency)
            let reciprocal = 1 / frequency
            reciprocalFrequency = reciprocal.isFinite ? reciprocal : 0
            sineDisplacement = (decay * displacement + velocity) * reciprocal
            sineVelocity = (omega0Squared * displacement + decay * velocity) * reciprocal
            phaseTurns = frequency * turnsPerRadian
            exponentSteps = -decay * stepsPerUnit
            inlineErrorBound = 1e-13 * (abs(displacement) + abs(sineDisplacement))
            inlines =
                reciprocal.isFinite && sineDisplacement.isFinite && sineVelocity.isFinite && phaseTurns.isFinite
                && exponentSteps.isFinite && inlineErrorBound.isFinite
        } else {
            reciprocalFrequency = 0
            // λ < ω₀ with ω_d² below the smallest Double (a spring of k/m 1.6e-311, ω₀ 4e-156,
            // damped to within rounding of critical; found by fuzzing): ζ is 1 to working
            // precision, and the oscillating form with ω_d = 0 has no turning point (0/0) and an
            // infinite half period. It runs critically damped (μ = 0), the limit both forms tend
            // to, instead. For an extremely overdamped spring (λ above ~1e154, e.g. a mass of
            // 1e-264) the product and the sum overflow; scaled by λ they do not (found by
            // fuzzing). The plain forms are kept wherever they are finite, so ordinary springs
            // are unchanged.
            var spread = decay > omega0 ? ((decay - omega0) * (decay + omega0)).squareRoot() : 0
            if !spread.isFinite {
                let ratio = omega0 / decay
                spread = decay * ((1 - ratio) * (1 + ratio)).squareRoot()
            }
            let sum = decay + spread
            let slowRate = sum.isFinite ? -omega0Squared / sum : -(omega0Squared / decay) / (1 + spread / decay)
            shape = .decaying(spread: spread, slowRate: slowRate)
            sineDisplacement = decay * displacement + velocity
            sineVelocity = omega0Squared * displacement - slowRate * velocity
            phaseTurns = 0
            exponentSteps = slowRate * stepsPerUnit
            // e^(r₁t)·t is at most 1/(e·|r₁|).
            inlineErrorBound = 1e-13 * (abs(displacement) + abs(sineDisplacement) / (2.718_281_828 * -slowRate))
            inlines =
                spread == 0 && sineDisplacement.isFinite && sineVelocity.isFinite && exponentSteps.isFinite
                && inlineErrorBound.isFinite
        }
    }

    /// Whether the motion is the spring resting on its target.
    var isAtRest: Bool { displacement == 0 && velocity == 0 }

    /// An upper bound of the speed at any time: `|v₀| + |y₀|·min(ω₀, ω₀²/2μ)`.
    ///
    /// The motion is the sum of the one from `(0, v₀)` and the one from `(y₀, 0)`. The energy
    /// `½v² + ½ω₀²y²` (per unit mass) never grows, which bounds the first by `|v₀|` and the
    /// second by `ω₀|y₀|`; an overdamped spring's second part is
    /// `v = y₀·ω₀²·(e^(r₂t) − e^(r₁t))/(r₁ − r₂)`, at most `|y₀|·ω₀²/2μ`, far smaller when the
    /// spring crawls.
    var speedBound: Double {
        var rate = omega0Squared.squareRoot()
        if case .decaying(let spread, _) = shape, spread > 0 { rate = Swift.min(rate, omega0Squared / (2 * spread)) }
        return abs(velocity) + abs(displacement) * rate
    }

    /// ``state(at:)`` without a call, or `nil`: the common cases — an oscillating or critically
    /// damped spring, with a phase and a decay the inline ``sineCosine(_:)`` and
    /// ``exponential(_:)`` cover — for the animator's per-frame sum, where a call would make
    /// everything live across it be saved and restored.
    ///
    /// The same motion as ``state(at:)`` in fewer steps, with factors computed once (see
    /// ``inlines``): it agrees with it to within a few units in the last place of the motion's
    /// scale, not bit for bit.
    @inline(__always)
    func inlineState(at t: Double) -> (displacement: Double, velocity: Double)? {
        guard inlines else { return nil }
        let exponent: Double
        let cosine: Double
        let sine: Double
        switch shape {
        case .oscillating(let frequency):
            // (The exponent is never positive: λ ≥ 0.)
            exponent = -decay * t
            let phase = frequency * t
            guard exponent > -700, phase >= 1e-4, phase <= 0x1p16 else { return nil }
            let circular = sineCosineInRange(phase, turns: phaseTurns * t)
            cosine = circular.cos
            sine = circular.sin
        case .decaying(_, let slowRate):
            exponent = slowRate * t
            guard exponent > -700 else { return nil }
            cosine = 1
            sine = t
        }
        let envelope = exponentialInRange(exponent, steps: exponentSteps * t)
        // Not checked here: a caller that finds what it uses not finite (terms that overflow
        // for extreme springs) goes to state(at:), and one that uses only the displacement
        // never computes the velocity.
        return (
            envelope * (displacement * cosine + sineDisplacement * sine),
            envelope * (velocity * cosine - sineVelocity * sine)
        )
    }

    /// The displacement and velocity at time `t ≥ 0`.
    func state(at t: Double) -> (displacement: Double, velocity: Double) {
        let phi: Double
        let psi: Double
        let psiRate: Double
        switch shape {
        case .oscillating(let frequency):
            let envelope = exponential(-decay * t)
            let phase = frequency * t
            let cosine: Double
            if phase.isFinite {
                let circular = sineCosine(phase)
                cosine = envelope * circular.cos
                // t·sin θ/θ is sin θ/ω_d; below a phase of 1e-4 the series keeps it exact.
                psi =
                    abs(phase) >= 1e-4 && reciprocalFrequency > 0
                    ? envelope * (circular.sin * reciprocalFrequency) : envelope * t * sinc(phase, sine: circular.sin)
            } else {
                // An undamped spring of ω 6e91 asked at t = 9e304 overflows the phase to ∞ and
                // its cosine to NaN (found by fuzzing). Long before that the phase has lost every
                // digit of its fraction of a turn, so any finite phase is as right: the largest,
                // with Ψ = sin θ / ω_d written for it so that Ψ stays consistent with the cosine.
                let largest = Double.greatestFiniteMagnitude
                cosine = envelope * cos(largest)
                psi = envelope * sin(largest) / frequency
            }
            phi = cosine + decay * psi
            psiRate = cosine - decay * psi
        case .decaying(let spread, let slowRate):
            let slow = exponential(slowRate * t)
            // A critically damped spring (μ = 0) needs no second exponential: e^(−0) is 1.
            let ratio = spread == 0 ? 1 : exponential(-2 * spread * t)
            // e^(−λt)·sinh(μt)/μ = e^(r₁t)·(1 − e^(−2μt))/(2μ), via expm1 so that μ → 0 is exact.
            psi = slow * t * relativeExpm1(2 * spread * t)
            phi = slow * (1 + ratio) / 2 + decay * psi
            // e^(−λt)·cosh(μt) − λΨ simplifies to e^(r₂t) + r₁Ψ, which cancels only where the
            // velocity really changes sign.
            psiRate = slow * ratio + slowRate * psi
        }
        // ω₀²·y₀ can overflow where ω₀²·Ψ·y₀, the velocity's actual size, does not (an
        // extremely overdamped spring moved across 1e280, found by fuzzing); the plain order
        // is kept wherever it is finite, so ordinary springs are unchanged.
        var restoring = self.restoring * psi
        if !restoring.isFinite { restoring = -(omega0Squared * psi) * displacement }
        return (displacement * phi + velocity * psi, restoring + velocity * psiRate)
    }

    // MARK: Turning points

    /// The first time `t ≥ 0` at which the velocity vanishes, or `nil` when it never does.
    ///
    /// An oscillating spring turns every half period from here on; a decaying one turns at most
    /// once, after which it approaches the target monotonically.
    var firstTurningPoint: Double? {
        guard let time = turningTime, time.isFinite else { return nil }
        return time
    }

    /// The first turning point as far as any finite time can tell, for bounding the distance
    /// still to come: ``firstTurningPoint``, except that a decaying spring whose turn comes later
    /// than the largest finite time turns at that time. Up to it the motion is monotone, so the
    /// larger of |y| now and |y| there bounds |y| at every finite time after now. (Only the
    /// critical form can turn that late: a non-zero μ is at least 2e-162, which keeps the
    /// logarithmic turn time below 1e165 s.)
    var boundingTurn: Double? {
        turningTime.map { Swift.min($0, Double.greatestFiniteMagnitude) }
    }

    /// The first turning point, `.infinity` when a decaying spring turns later than the largest
    /// finite time, or `nil` when it never turns.
    private var turningTime: Double? {
        // The turn depends only on the ratio of y₀ and v₀, so the larger of the two is brought
        // to 1…2 by a power of two (exact, so the products below are scaled exactly and the
        // angle is the same bit for bit wherever they neither overflow nor underflow). Unscaled,
        // ω₀²·y₀ and v₀·ω_d overflow for a state near the largest Double (y₀ 4e305 with ω₀²
        // 1144, found by fuzzing): atan2 of infinities put the first turn a quarter period
        // early, the peak bound after it was too small, and the animator read as settled while
        // still swinging 4.7e302 from its target. They underflow for a tiny state under a slow
        // spring (v₀ 2.8e-303 with ω₀ 7e-107, found by fuzzing): atan2(0, 0) put the turn at 0,
        // the distance now passed for the largest to come, and the animator read as settled
        // while drifting toward a swing of 3.9e-197.
        let largest = Swift.max(abs(self.displacement), abs(self.velocity))
        let shift = largest > 0 && largest.isFinite ? -largest.exponent : 0
        let displacement = Self.scaled(self.displacement, byPowerOfTwo: shift)
        let velocity = Self.scaled(self.velocity, byPowerOfTwo: shift)
        switch shape {
        case .oscillating(let frequency):
            // v ∝ v₀·cos θ − (ω₀²y₀ + λv₀)·sin θ / ω_d with θ = ω_d·t.
            var angle = atan2(velocity * frequency, omega0Squared * displacement + decay * velocity)
            if angle < 0 { angle += Double.pi }
            if angle >= Double.pi { angle -= Double.pi }
            return angle / frequency
        case .decaying(let spread, let slowRate):
            // With y = a·e^(r₁t) + b·e^(r₂t): e^(2μt) = 1 + 2μ·v₀ / (|r₁|·(v₀ − r₂y₀)).
            let ratio = velocity / (velocity + (decay + spread) * displacement)
            // Infinite: a = 0, y = y₀·e^(r₂t) never turns; NaN: at rest.
            guard ratio >= 0, ratio.isFinite else { return nil }
            guard spread > 0 else { return ratio / -slowRate }
            let growth = 2 * spread * ratio / -slowRate
            if growth.isFinite { return log1p(growth) / (2 * spread) }
            // The quotient overflows where |r₁| is tiny or has underflowed to 0 (stiffness per
            // mass 1.6e-311 with λ 0.38, found by fuzzing) though the turn comes at a finite
            // time; log1p(x) is log(x) there, taken with |r₁| = ω₀²/(λ + μ) in logarithms.
            let logSlowRate = log(omega0Squared) - log(decay) - log1p(spread / decay)
            return (log(2) + log(spread) + log(ratio) - logSlowRate) / 2 / spread
        }
    }

    /// `value`·2^`exponent`, exact unless the result leaves the range of a `Double`; written on
    /// the value's own exponent, as 2^`exponent` alone overflows for a subnormal's scale (2^1074).
    private static func scaled(_ value: Double, byPowerOfTwo exponent: Int) -> Double {
        guard value != 0, value.isFinite, exponent != 0 else { return value }
        return Double(sign: value.sign, exponent: value.exponent + exponent, significand: value.significand)
    }

    /// The time between successive turning points, π/ω_d, or `nil` for a decaying spring.
    var halfPeriod: Double? {
        guard case .oscillating(let frequency) = shape else { return nil }
        return Double.pi / frequency
    }

    // MARK: Searches

    /// The last time |y| exceeds `band`, or 0 when it never does, or infinity when it never
    /// stops doing so (an undamped spring, or damping too weak to count the swings).
    func settlingTime(band: Double) -> Double {
        if isAtRest { return 0 }
        let outside = { (t: Double) in abs(state(at: t).displacement) > band }
        guard let first = firstTurningPoint else {
            // No turning point: |y| falls monotonically from |y₀| to 0.
            return abs(displacement) > band ? descent(from: 0, while: outside) : 0
        }
        let peak = abs(state(at: first).displacement)
        if peak <= band {
            // y is monotone up to `first`, and every later swing is smaller than this one.
            return abs(displacement) > band ? boundary(0, first, outside) : 0
        }
        guard let halfPeriod else { return descent(from: first, while: outside) }
        guard let swing = lastSwing(above: band, firstPeak: peak, halfPeriod: halfPeriod) else {
            return .infinity
        }
        let start = first + swing * halfPeriod
        return boundary(start, start + halfPeriod, outside)
    }

    /// The index k of the last turning point `first + k·halfPeriod` with |y| > band, given that
    /// the first one exceeds it; `nil` when there are too many swings to count.
    func lastSwing(above band: Double, firstPeak: Double, halfPeriod: Double) -> Double? {
        let perSwing = decay * halfPeriod
        guard perSwing > 0 else { return nil }
        // |y| at turning point k is firstPeak·e^(−k·λπ/ω_d) exactly; the logarithm gives k up
        // to rounding, which the two loops settle.
        var k = Swift.max(0, (log(firstPeak / band) / perSwing).rounded(.down))
        guard k < 0x1p52 else { return nil }
        let peak = { (k: Double) in firstPeak * exp(-k * perSwing) }
        while k > 0, peak(k) <= band { k -= 1 }
        while peak(k + 1) > band { k += 1 }
        return k
    }

    /// The first time the motion satisfies `reached`, assuming it does so within the first two
    /// monotone stretches (between 0 and the first two turning points, or for good after the
    /// last turning point of a decaying spring).
    func firstTime(where reached: (Double) -> Bool) -> Double {
        var start = 0.0
        var ends: [Double] = []
        if let first = firstTurningPoint {
            ends.append(first)
            if let halfPeriod { ends.append(first + halfPeriod) }
        }
        for end in ends {
            if reached(end) { return boundary(start, end) { !reached($0) } }
            start = end
        }
        return descent(from: start) { !reached($0) }
    }

    /// The time after `start` at which `outside` turns false for good, for a predicate that is
    /// true at `start` and turns false once, somewhere later.
    private func descent(from start: Double, while outside: (Double) -> Bool) -> Double {
        // Grow the bracket from the fastest time scale of the spring; the slowest one is at
        // most a factor 4ζ² longer, so this takes a few dozen doublings at worst.
        var step = 1 / (decay + omega0Squared.squareRoot())
        var low = start
        var high = start + step
        while outside(high) {
            guard high.isFinite else { return .infinity }
            low = high
            step *= 2
            high = start + step
        }
        return boundary(low, high, outside)
    }

    /// The point in `low…high` where `outside` turns from true to false, to the last bit.
    private func boundary(_ low: Double, _ high: Double, _ outside: (Double) -> Bool) -> Double {
        var low = low
        var high = high
        while true {
            let middle = low + (high - low) / 2
            if middle <= low || middle >= high { return high }
            if outside(middle) { low = middle } else { high = middle }
        }
    }
}
