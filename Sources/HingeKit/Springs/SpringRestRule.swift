/// How an animation library decides that a spring has come to rest.
///
/// ```swift
/// let flutter = DampedSpring.bouncy.restTime(.flutter)   // seconds, for a 0 → 1 move
/// ```
///
/// A library stops a spring once the distance to the target is within ``displacement`` and,
/// if it checks the speed, the speed is within ``speed``. Both are in the units of a move from 0
/// to 1: fractions of the distance, and fractions of the distance per second. The rest time is
/// the *last* time either threshold is exceeded, located exactly on the closed form: after it
/// the motion stays within both for ever. Libraries that test the thresholds once a frame stop
/// on the first frame at or after it (Motion's duration estimate steps 50 ms at a time).
public struct SpringRestRule: Sendable, Hashable {
    /// The largest distance from the target that counts as arrived, as a fraction of the
    /// distance moved.
    public var displacement: Double
    /// The largest speed that counts as still, in fractions of the distance per second; `nil`
    /// when the library does not look at the speed.
    public var speed: Double?
    /// Whether the speed is looked at only for an underdamped spring (ζ < 1), as Motion does:
    /// a spring that cannot swing past the target is at rest once it is close enough.
    public var checksSpeedOnlyWhenUnderdamped: Bool

    /// A rule with these thresholds.
    ///
    /// - Parameters:
    ///   - displacement: a fraction of the distance, positive.
    ///   - speed: fractions of the distance per second, positive, or `nil` to ignore the speed.
    ///   - checksSpeedOnlyWhenUnderdamped: whether the speed matters only when ζ < 1.
    public init(displacement: Double, speed: Double? = nil, checksSpeedOnlyWhenUnderdamped: Bool = false) {
        precondition(displacement > 0 && displacement.isFinite, "displacement must be positive and finite")
        precondition(speed.map { $0 > 0 && $0.isFinite } ?? true, "speed must be positive and finite")
        self.displacement = displacement
        self.speed = speed
        self.checksSpeedOnlyWhenUnderdamped = checksSpeedOnlyWhenUnderdamped
    }

    /// SwiftUI's `settlingDuration`: within 0.001 of the target; the speed is not looked at.
    public static let swiftUI = SpringRestRule(displacement: 0.001)

    /// Flutter's `SpringSimulation.isDone` with the default `Tolerance`: distance and velocity
    /// both within 1e-3 (packages/flutter/lib/src/physics/spring_simulation.dart).
    public static let flutter = SpringRestRule(displacement: 1e-3, speed: 1e-3)

    /// Android's `SpringForce` at the unfold animation's minimum visible change of 1/1000
    /// (AOSP's `PhysicsBasedUnfoldTransitionProgressProvider`): the value threshold is 0.75 × the
    /// minimum visible change, the velocity threshold 62.5 × the value threshold per second.
    /// HingeKit uses it for Compose too, whose springs follow the same rule.
    public static let androidUnfold = SpringRestRule(displacement: 0.75e-3, speed: 0.75e-3 * 62.5)

    /// react-spring's default for a move from 0 to 1: `precision` = min(1, 0.001 × distance) =
    /// 0.001 and `restVelocity` = precision / 10 per millisecond, 0.1 per second
    /// (pmndrs/react-spring, packages/core/src/SpringValue.ts).
    public static let reactSpring = SpringRestRule(displacement: 0.001, speed: 0.1)

    /// Motion's defaults for a move shorter than 5 units: `restDelta` 0.005, `restSpeed` 0.01
    /// per second, the speed looked at only for an underdamped spring
    /// (motiondivision/motion, packages/motion-dom/src/animation/generators/spring/).
    public static let motion = SpringRestRule(
        displacement: 0.005, speed: 0.01, checksSpeedOnlyWhenUnderdamped: true)
}

extension DampedSpring {
    /// The time a spring released at rest at 0 toward 1 comes to rest by `rule`.
    ///
    /// The last time the distance exceeds `rule.displacement` or (where the rule looks at it)
    /// the speed exceeds `rule.speed`, to the last bit: the velocity of a spring obeys the same
    /// equation as its displacement (`v″ + (c/m)·v′ + (k/m)·v = 0`, from `v(0) = 0`,
    /// `v′(0) = k/m`), so both are found by the search behind
    /// ``settlingDuration(from:to:initialVelocity:epsilon:)``.
    ///
    /// - Parameter rule: the library's thresholds.
    /// - Returns: seconds; infinity for an undamped spring.
    /// - Complexity: about two hundred evaluations of the closed form.
    public func restTime(_ rule: SpringRestRule) -> Double {
        let position = motion(from: 0, to: 1, initialVelocity: 0)
        let arrived = position.settlingTime(band: rule.displacement)
        guard let speed = rule.speed, !(rule.checksSpeedOnlyWhenUnderdamped && dampingRatio >= 1) else {
            return arrived
        }
        // y = x − 1 starts at −1 at rest, so the velocity starts at 0 with acceleration k/m.
        let velocity = SpringMotion(spring: self, displacement: 0, velocity: stiffness / mass)
        return Swift.max(arrived, velocity.settlingTime(band: speed))
    }
}
