/// A damped harmonic oscillator that pulls a value toward a target.
///
/// ```swift
/// let spring = DampedSpring(duration: 0.4, bounce: 0.2)
/// let angle = spring.value(from: 90, to: 180, initialVelocity: 0, time: 0.1)
/// ```
///
/// The value `x` obeys
///
/// ```
/// m·x″ + c·x′ + k·(x − target) = 0
/// ```
///
/// with mass `m`, stiffness `k` and damping `c`. Those three numbers are the spring's identity
/// (two springs built from different parameterisations are equal when they agree on `m`, `k`
/// and `c`); every other parameterisation SwiftUI and Core Animation users know is a
/// conversion to and from them:
///
/// ```
/// ω₀ = √(k/m)                 undamped angular frequency
/// ζ  = c / (2·√(m·k))         damping ratio
/// response = duration = 2π/ω₀ = 2π·√(m/k)
/// bounce = 1 − ζ   (ζ ≤ 1),   1/ζ − 1   (ζ > 1)
/// ```
///
/// Invalid parameters (a mass that is not positive, a bounce of −1 or less, a NaN) stop the
/// program in the plain initialisers, like an out-of-range array index; code that handles
/// user input, such as a command-line tool, calls the matching `validated(…)` function
/// instead, which throws a ``ParameterError`` naming the parameter and the rule it broke.
public struct DampedSpring: Sendable, Hashable {
    /// The mass `m`, in arbitrary units (only the ratios to stiffness and damping matter).
    public let mass: Double
    /// The stiffness `k`: the restoring force per unit of displacement.
    public let stiffness: Double
    /// The damping `c`: the opposing force per unit of velocity.
    public let damping: Double

    /// Which of the three kinds of motion a spring produces.
    public enum Regime: String, Sendable, Hashable, CaseIterable {
        /// ζ < 1: the value oscillates about the target with a decaying amplitude.
        case underdamped
        /// ζ = 1: the fastest approach that never crosses the target from rest.
        case criticallyDamped
        /// ζ > 1: a slower approach without oscillation.
        case overdamped
    }

    /// Wraps parameters that the caller has already checked.
    private init(checkedMass mass: Double, stiffness: Double, damping: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
    }

    // MARK: Parameterisations

    /// A spring with explicit physical parameters.
    ///
    /// Follows SwiftUI's `Spring(mass:stiffness:damping:allowOverDamping:)`: unless
    /// `allowOverDamping` is `true`, a damping above the critical value `2·√(m·k)` is lowered
    /// to it, so the spring is critically damped rather than overdamped.
    ///
    /// - Parameters:
    ///   - mass: positive and finite.
    ///   - stiffness: positive and finite.
    ///   - damping: zero (undamped) or positive, finite.
    ///   - allowOverDamping: whether damping above the critical value is kept.
    /// - Precondition: the parameters pass ``validated(mass:stiffness:damping:allowOverDamping:)``.
    public init(mass: Double, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        do {
            self = try Self.validated(
                mass: mass, stiffness: stiffness, damping: damping,
                allowOverDamping: allowOverDamping)
        } catch {
            preconditionFailure(error.description)
        }
    }

    /// A spring described by how long it takes and how much it bounces, as in SwiftUI's
    /// `Spring(duration:bounce:)`.
    ///
    /// The mass is 1, the stiffness `(2π/duration)²`, and the damping `4π(1 − bounce)/duration`
    /// for a bounce of 0 or more, `4π/(duration·(1 + bounce))` for a negative bounce (which
    /// gives an overdamped spring). A bounce of 0 is critically damped, 1 undamped.
    ///
    /// - Parameters:
    ///   - duration: the perceptual duration (the period of the undamped spring), positive.
    ///   - bounce: more than −1 and at most 1.
    /// - Precondition: the parameters pass ``validated(duration:bounce:)``.
    public init(duration: Double = 0.5, bounce: Double = 0) {
        do {
            self = try Self.validated(duration: duration, bounce: bounce)
        } catch {
            preconditionFailure(error.description)
        }
    }

    /// A spring described by its response and damping ratio, as in SwiftUI's
    /// `Spring(response:dampingRatio:)`.
    ///
    /// The mass is 1 and the undamped angular frequency `ω₀ = 2π/response`, so the stiffness is
    /// `ω₀²` and the damping `2ζω₀`. A damping ratio above 1 is kept (overdamped).
    ///
    /// - Parameters:
    ///   - response: the period of the undamped spring in seconds, positive.
    ///   - dampingRatio: ζ, zero or more.
    /// - Precondition: the parameters pass ``validated(response:dampingRatio:)``.
    public init(response: Double, dampingRatio: Double) {
        do {
            self = try Self.validated(response: response, dampingRatio: dampingRatio)
        } catch {
            preconditionFailure(error.description)
        }
    }

    /// A spring that settles in a given time, as in SwiftUI's
    /// `Spring(settlingDuration:dampingRatio:epsilon:)`.
    ///
    /// The duration is clamped to 0.01…10 s, as SwiftUI does. The mass is 1 and the stiffness
    /// is chosen so that ``settlingDuration(from:to:initialVelocity:epsilon:)`` from 0 to 1 at
    /// rest with this `epsilon` equals the (clamped) request: the real last time the value is
    /// more than `epsilon` away from the target, not an envelope estimate.
    ///
    /// The solution needs no search over the stiffness: with the damping ratio fixed, the motion
    /// of a spring with angular frequency ω₀ is the motion of the ω₀ = 1 spring with time scaled
    /// by ω₀, so its settling time is `T₁/ω₀`, where `T₁` is the exactly located settling time of
    /// the ω₀ = 1 spring.
    ///
    /// - Parameters:
    ///   - settlingDuration: seconds, positive and finite (then clamped).
    ///   - dampingRatio: ζ, positive (an undamped spring never settles).
    ///   - epsilon: the settling band as a fraction of the distance, in 0 < ε < 1.
    /// - Precondition: the parameters pass ``validated(settlingDuration:dampingRatio:epsilon:)``.
    /// - Complexity: one settling-time search, about a hundred evaluations of the closed form.
    public init(settlingDuration: Double, dampingRatio: Double, epsilon: Double = 0.001) {
        do {
            self = try Self.validated(
                settlingDuration: settlingDuration, dampingRatio: dampingRatio, epsilon: epsilon)
        } catch {
            preconditionFailure(error.description)
        }
    }

    // MARK: Derived parameters

    /// ζ = c / (2·√(m·k)): below 1 the spring oscillates, at 1 it is critically damped.
    ///
    /// Where m·k overflows or underflows (masses and stiffnesses near the ends of the `Double`
    /// range), the same ratio is taken as λ/ω₀ instead.
    public var dampingRatio: Double {
        let ratio = damping / (2 * (mass * stiffness).squareRoot())
        // m·k overflowing gives 0 for a damped spring, underflowing ∞ or NaN (found by fuzzing:
        // Reduce Motion then left a spring of mass 1e308 bouncing). The plain form is kept
        // wherever it holds, so the regime of ordinary springs is unchanged.
        if ratio.isFinite, ratio > 0 || damping == 0 { return ratio }
        return decayRate / undampedAngularFrequency
    }

    /// Which kind of motion the spring produces, from ``dampingRatio``.
    public var regime: Regime {
        let ratio = dampingRatio
        return ratio < 1 ? .underdamped : (ratio == 1 ? .criticallyDamped : .overdamped)
    }

    /// The period of the undamped spring, 2π·√(m/k), in seconds; the same as ``duration``.
    public var response: Double { 2 * Double.pi * (mass / stiffness).squareRoot() }

    /// The perceptual duration SwiftUI reports, 2π·√(m/k) seconds; the same as ``response``.
    public var duration: Double { response }

    /// How bouncy the spring is: `1 − ζ` for ζ ≤ 1 (0 critically damped, 1 undamped) and
    /// `1/ζ − 1` for ζ > 1 (negative, approaching −1 as the damping grows).
    public var bounce: Double {
        let ratio = dampingRatio
        return ratio <= 1 ? 1 - ratio : 1 / ratio - 1
    }

    /// ω₀ = √(k/m), in radians per second.
    public var undampedAngularFrequency: Double { (stiffness / mass).squareRoot() }

    /// ω_d = ω₀·√(1 − ζ²), the angular frequency of the oscillation, in radians per second;
    /// 0 for critically damped and overdamped springs, which do not oscillate.
    public var dampedAngularFrequency: Double {
        let omega0 = undampedAngularFrequency
        let decay = decayRate
        // (ω₀ − λ)(ω₀ + λ) rather than ω₀²(1 − ζ²): no cancellation in ζ² near critical.
        return decay < omega0 ? ((omega0 - decay) * (omega0 + decay)).squareRoot() : 0
    }

    /// λ = c/(2m) = ζ·ω₀, the rate in 1/s at which an underdamped spring's amplitude decays.
    public var decayRate: Double {
        // (c/m)/2 rather than c/(2m): the same number (halving is exact), but 2m overflows for
        // a mass above 9e307, which read as λ = 0, an undamped spring (found by fuzzing).
        damping / mass / 2
    }
}

// MARK: - Validation

extension DampedSpring {
    /// A parameter that cannot describe a spring.
    ///
    /// The description reads as a sentence a command-line tool can print after `Error:`, for
    /// example `bounce must be greater than -1 and at most 1, got -1.5`.
    public struct ParameterError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The parameters a spring can be described with.
        public enum Parameter: String, Sendable, Hashable, CaseIterable {
            /// The mass.
            case mass
            /// The stiffness.
            case stiffness
            /// The damping coefficient.
            case damping
            /// The perceptual duration.
            case duration
            /// The bounce.
            case bounce
            /// The response.
            case response
            /// The damping ratio.
            case dampingRatio
            /// The requested settling duration.
            case settlingDuration
            /// The settling band.
            case epsilon
            /// react-spring's tension (its name for the stiffness).
            case tension
            /// react-spring's friction (its name for the damping).
            case friction
            /// Motion's visual duration.
            case visualDuration
        }

        /// The offending parameter.
        public var parameter: Parameter
        /// The value that was passed, or the value a conversion produced from it.
        public var value: Double
        /// The rule the value broke, as a phrase following "must be".
        public var requirement: String

        /// Creates an error for `parameter`, which had `value` but must be `requirement`.
        public init(parameter: Parameter, value: Double, requirement: String) {
            self.parameter = parameter
            self.value = value
            self.requirement = requirement
        }

        public var description: String {
            "\(parameter.rawValue) must be \(requirement), got \(value)"
        }
    }

    /// Checks physical parameters and builds the spring; see
    /// ``init(mass:stiffness:damping:allowOverDamping:)``.
    ///
    /// Besides the per-parameter rules, `k/m` and `c/m` must be finite, so that the closed forms
    /// never see an infinite frequency.
    ///
    /// - Throws: ``ParameterError`` for the first parameter that breaks its rule.
    public static func validated(
        mass: Double, stiffness: Double, damping: Double, allowOverDamping: Bool = false
    ) throws(ParameterError) -> DampedSpring {
        try require(mass, .mass, "positive and finite") { $0 > 0 && $0.isFinite }
        try require(stiffness, .stiffness, "positive and finite") { $0 > 0 && $0.isFinite }
        try require(damping, .damping, "zero or positive and finite") { $0 >= 0 && $0.isFinite }
        // Positive too: k/m can underflow to 0 (a mass of 9e278, found by fuzzing), and a
        // spring without a restoring force has no closed form to follow.
        try require(stiffness / mass, .stiffness, "finite and positive when divided by the mass") {
            $0.isFinite && $0 > 0
        }
        try require(damping / mass, .damping, "finite when divided by the mass") { $0.isFinite }
        let critical = 2 * (mass * stiffness).squareRoot()
        let kept = allowOverDamping ? damping : Swift.min(damping, critical)
        return DampedSpring(checkedMass: mass, stiffness: stiffness, damping: kept)
    }

    /// Checks a duration and bounce and builds the spring; see ``init(duration:bounce:)``.
    ///
    /// - Throws: ``ParameterError`` when the duration is not positive and finite, the bounce is
    ///   not in −1 < bounce ≤ 1, or the duration is so short that the stiffness overflows.
    public static func validated(
        duration: Double = 0.5, bounce: Double = 0
    ) throws(ParameterError)
        -> DampedSpring
    {
        try require(duration, .duration, "positive and finite") { $0 > 0 && $0.isFinite }
        try require(bounce, .bounce, "greater than -1 and at most 1") { $0 > -1 && $0 <= 1 }
        let omega0 = 2 * Double.pi / duration
        // Source: Apple, SwiftUI `Spring(duration:bounce:)` (developer.apple.com/documentation/swiftui/spring).
        let damping =
            bounce >= 0
            ? 4 * Double.pi * (1 - bounce) / duration
            : 4 * Double.pi / (duration * (1 + bounce))
        // Both ends: (2π/d)² overflows below d ≈ 4e-154 s and leaves the normal range above
        // d ≈ 4e153 s (then 0: no restoring force, read back as stiffness 0 and bounce −1).
        try require(
            omega0 * omega0, .duration, "long enough for a finite stiffness and short enough for a normal one"
        ) {
            $0.isNormal
        }
        try require(damping, .bounce, "far enough from -1 for a finite damping") { $0.isFinite }
        return DampedSpring(checkedMass: 1, stiffness: omega0 * omega0, damping: damping)
    }

    /// Checks a response and damping ratio and builds the spring; see
    /// ``init(response:dampingRatio:)``.
    ///
    /// - Throws: ``ParameterError`` when the response is not positive and finite, the damping
    ///   ratio is negative or not finite, or the result overflows.
    public static func validated(
        response: Double, dampingRatio: Double
    ) throws(ParameterError)
        -> DampedSpring
    {
        try require(response, .response, "positive and finite") { $0 > 0 && $0.isFinite }
        try require(dampingRatio, .dampingRatio, "zero or positive and finite") {
            $0 >= 0 && $0.isFinite
        }
        return try unitMass(omega0: 2 * Double.pi / response, dampingRatio: dampingRatio)
    }

    /// Checks a settling duration, damping ratio and band and builds the spring; see
    /// ``init(settlingDuration:dampingRatio:epsilon:)``.
    ///
    /// - Throws: ``ParameterError`` when the duration is not positive and finite, the damping
    ///   ratio is not positive and finite, or epsilon is not in 0 < ε < 1.
    public static func validated(
        settlingDuration: Double, dampingRatio: Double, epsilon: Double = 0.001
    ) throws(ParameterError) -> DampedSpring {
        try require(settlingDuration, .settlingDuration, "positive and finite") {
            $0 > 0 && $0.isFinite
        }
        try require(dampingRatio, .dampingRatio, "positive and finite") { $0 > 0 && $0.isFinite }
        try require(epsilon, .epsilon, "greater than 0 and less than 1") { $0 > 0 && $0 < 1 }
        // SwiftUI clamps the settling duration to 0.01…10 s (developer.apple.com/documentation/swiftui/spring).
        let clamped = Swift.min(Swift.max(settlingDuration, 0.01), 10)
        let unit = try unitMass(omega0: 1, dampingRatio: dampingRatio)
        let unitSettling = unit.settlingDuration(
            from: 0, to: 1, initialVelocity: 0, epsilon: epsilon)
        return try unitMass(omega0: unitSettling / clamped, dampingRatio: dampingRatio)
    }

    private static func unitMass(
        omega0: Double, dampingRatio: Double
    ) throws(ParameterError)
        -> DampedSpring
    {
        let stiffness = omega0 * omega0
        let damping = 2 * dampingRatio * omega0
        try require(stiffness, .response, "long enough for a finite stiffness and short enough for a normal one") {
            $0.isNormal
        }
        try require(damping, .dampingRatio, "small enough for a finite damping") { $0.isFinite }
        return DampedSpring(checkedMass: 1, stiffness: stiffness, damping: damping)
    }

    /// Throws a ``ParameterError`` for `parameter` unless `isValid(value)`: the check every
    /// initialiser (the platforms' ones too) makes of a value it derives.
    static func require(
        _ value: Double, _ parameter: ParameterError.Parameter, _ requirement: String,
        _ isValid: (Double) -> Bool
    ) throws(ParameterError) {
        guard isValid(value) else {
            throw ParameterError(parameter: parameter, value: value, requirement: requirement)
        }
    }
}
