extension DampedSpring {
    // MARK: Other platforms' parameterisations

    /// A spring described by its stiffness and damping ratio, as Jetpack Compose's `spring()`
    /// and Android's `SpringForce` describe one.
    ///
    /// Compose and Android have no mass (it is 1); a mass other than 1 keeps the damping ratio, so
    /// the damping is `2ζ·√(m·k)`. A damping ratio above 1 is kept: both platforms allow an
    /// overdamped spring.
    ///
    /// ```swift
    /// let medium = DampedSpring(stiffness: 1500, dampingRatio: 1)  // Compose's spring()
    /// ```
    ///
    /// - Parameters:
    ///   - mass: positive and finite; 1 on Compose and Android.
    ///   - stiffness: positive and finite.
    ///   - dampingRatio: ζ, zero or more and finite.
    /// - Precondition: the parameters pass ``validated(mass:stiffness:dampingRatio:)``.
    public init(mass: Double = 1, stiffness: Double, dampingRatio: Double) {
        do {
            self = try Self.validated(mass: mass, stiffness: stiffness, dampingRatio: dampingRatio)
        } catch {
            preconditionFailure(error.description)
        }
    }

    /// A spring described as react-spring's `config` describes one: tension, friction and mass.
    ///
    /// react-spring's tension is the stiffness and its friction the damping, in the same units
    /// (it steps `(−tension·x − friction·v)/mass` in milliseconds with factors 10⁻⁶ and 10⁻³,
    /// which are seconds' units). An overdamped spring is kept: react-spring's own `slow` and
    /// `molasses` presets are overdamped.
    ///
    /// ```swift
    /// let wobbly = DampedSpring(tension: 180, friction: 12)  // config.wobbly
    /// ```
    ///
    /// - Parameters:
    ///   - mass: positive and finite; react-spring's default is 1.
    ///   - tension: positive and finite.
    ///   - friction: zero or positive and finite.
    /// - Precondition: the parameters pass ``validated(mass:tension:friction:)``.
    public init(mass: Double = 1, tension: Double, friction: Double) {
        do {
            self = try Self.validated(mass: mass, tension: tension, friction: friction)
        } catch {
            preconditionFailure(error.description)
        }
    }

    /// A spring described as Motion (formerly Framer Motion) describes one by `visualDuration`
    /// and `bounce`.
    ///
    /// Motion builds a unit-mass spring
    ///
    /// ```
    /// k = (2π / (1.2 · visualDuration))²
    /// c = 2 · clamp(1 − bounce, 0.05, 1) · √k
    /// ```
    ///
    /// so the damping ratio is `clamp(1 − bounce, 0.05, 1)`: a negative bounce is critically
    /// damped (not overdamped, as SwiftUI's negative bounce is) and a bounce above 0.95 is
    /// damped at ζ = 0.05. Every finite bounce is accepted, as Motion accepts it.
    ///
    /// - Parameters:
    ///   - visualDuration: seconds, positive and finite.
    ///   - bounce: any finite number; Motion's default is 0.
    /// - Precondition: the parameters pass ``validated(visualDuration:bounce:)``.
    public init(visualDuration: Double, bounce: Double = 0) {
        do {
            self = try Self.validated(visualDuration: visualDuration, bounce: bounce)
        } catch {
            preconditionFailure(error.description)
        }
    }

    /// The damping ratio Motion gives a `bounce`: `clamp(1 − bounce, 0.05, 1)`.
    ///
    /// - Parameter bounce: a finite bounce.
    /// - Returns: ζ in 0.05…1.
    public static func motionDampingRatio(bounce: Double) -> Double {
        Swift.min(Swift.max(1 - bounce, 0.05), 1)
    }

    // MARK: Validation

    /// Checks a mass, stiffness and damping ratio and builds the spring; see
    /// ``init(mass:stiffness:dampingRatio:)``.
    ///
    /// - Throws: ``ParameterError`` when the mass or stiffness is not positive and finite, the
    ///   damping ratio is negative or not finite, or the damping overflows.
    public static func validated(
        mass: Double = 1, stiffness: Double, dampingRatio: Double
    ) throws(ParameterError) -> DampedSpring {
        try require(mass, .mass, "positive and finite") { $0 > 0 && $0.isFinite }
        try require(stiffness, .stiffness, "positive and finite") { $0 > 0 && $0.isFinite }
        try require(dampingRatio, .dampingRatio, "zero or positive and finite") { $0 >= 0 && $0.isFinite }
        let damping = 2 * dampingRatio * (mass * stiffness).squareRoot()
        try require(damping, .dampingRatio, "small enough for a finite damping") { $0.isFinite }
        return try validated(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: true)
    }

    /// Checks react-spring's tension, friction and mass and builds the spring; see
    /// ``init(mass:tension:friction:)``.
    ///
    /// - Throws: ``ParameterError`` naming ``ParameterError/Parameter/tension`` or
    ///   ``ParameterError/Parameter/friction`` (not stiffness or damping) when one breaks the
    ///   rules of ``validated(mass:stiffness:damping:allowOverDamping:)``.
    public static func validated(
        mass: Double = 1, tension: Double, friction: Double
    ) throws(ParameterError) -> DampedSpring {
        do {
            return try validated(mass: mass, stiffness: tension, damping: friction, allowOverDamping: true)
        } catch {
            var renamed = error
            switch error.parameter {
            case .stiffness: renamed.parameter = .tension
            case .damping: renamed.parameter = .friction
            default: break
            }
            throw renamed
        }
    }

    /// Checks Motion's visual duration and bounce and builds the spring; see
    /// ``init(visualDuration:bounce:)``.
    ///
    /// - Throws: ``ParameterError`` when the visual duration is not positive and finite (or so
    ///   short or long that the stiffness leaves the normal range), or the bounce is not finite.
    public static func validated(
        visualDuration: Double, bounce: Double = 0
    ) throws(ParameterError) -> DampedSpring {
        try require(visualDuration, .visualDuration, "positive and finite") { $0 > 0 && $0.isFinite }
        try require(bounce, .bounce, "finite") { $0.isFinite }
        // Source: motiondivision/motion, packages/motion-dom/src/animation/generators/spring/
        let root = 2 * Double.pi / (1.2 * visualDuration)
        let stiffness = root * root
        try require(
            stiffness, .visualDuration, "long enough for a finite stiffness and short enough for a normal one"
        ) { $0.isNormal }
        let damping = 2 * motionDampingRatio(bounce: bounce) * stiffness.squareRoot()
        return try validated(mass: 1, stiffness: stiffness, damping: damping, allowOverDamping: true)
    }
}
