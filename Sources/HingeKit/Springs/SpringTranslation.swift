/// One spring in the words of every animation library HingeKit speaks, with the time each
/// library would call it at rest.
///
/// ```swift
/// let words = DampedSpring(stiffness: 1500, dampingRatio: 1).translation
/// words.swiftUI.duration        // 0.162 s: the same spring as Spring(duration:bounce:)
/// words.reactSpring.tension     // 1500
/// words.motion.visualDuration   // 0.135 s, or nil where Motion's bounce cannot say it
/// ```
///
/// Every library here models the same equation, `m·x″ + c·x′ + k·(x − target) = 0`, so a
/// translation is exact: building the spring back from any of its forms gives the same motion
/// (to rounding). Where a vocabulary has no mass (SwiftUI's duration and bounce, Compose,
/// Motion's visual duration), it describes the unit-mass spring with the same `k/m` and `c/m`,
/// which moves identically. A form that cannot say this spring leaves `nil` and explains why
/// in ``notes``. Each `settlingDuration` is a move from 0 to 1 at rest under that library's
/// ``SpringRestRule``; infinity for an undamped spring.
public struct SpringTranslation: Sendable, Hashable {
    /// SwiftUI's `Spring(duration:bounce:)`.
    public struct SwiftUIForm: Sendable, Hashable {
        /// 2π·√(m/k), seconds.
        public var duration: Double
        /// 1 − ζ for ζ ≤ 1, 1/ζ − 1 above.
        public var bounce: Double
        /// ``DampedSpring/settlingDuration``: SwiftUI's rule, ε 0.001.
        public var settlingDuration: Double
    }

    /// Flutter's `SpringDescription.withDurationAndBounce`: SwiftUI's formulas, Flutter's
    /// tolerance.
    public struct FlutterForm: Sendable, Hashable {
        /// The same as SwiftUI's.
        public var duration: Double
        /// The same as SwiftUI's.
        public var bounce: Double
        /// Under ``SpringRestRule/flutter``.
        public var settlingDuration: Double
    }

    /// Jetpack Compose's `spring(dampingRatio:stiffness:)` and Android's `SpringForce`.
    public struct ComposeForm: Sendable, Hashable {
        /// k/m (Compose's mass is 1).
        public var stiffness: Double
        /// ζ.
        public var dampingRatio: Double
        /// Under ``SpringRestRule/androidUnfold``.
        public var settlingDuration: Double
    }

    /// react-spring's `config`.
    public struct ReactSpringForm: Sendable, Hashable {
        /// The stiffness k.
        public var tension: Double
        /// The damping c.
        public var friction: Double
        /// The mass m.
        public var mass: Double
        /// Under ``SpringRestRule/reactSpring``.
        public var settlingDuration: Double
    }

    /// Motion's spring: physically, and where it can be said, by `visualDuration` and `bounce`.
    public struct MotionForm: Sendable, Hashable {
        /// The stiffness k.
        public var stiffness: Double
        /// The damping c.
        public var damping: Double
        /// The mass m.
        public var mass: Double
        /// 2π / (1.2·√(k/m)), or `nil` when ζ is outside 0.05…1.
        public var visualDuration: Double?
        /// 1 − ζ, or `nil` when ζ is outside 0.05…1 (Motion clamps 1 − bounce to that range).
        public var bounce: Double?
        /// Under ``SpringRestRule/motion``.
        public var settlingDuration: Double
    }

    /// The spring translated.
    public var spring: DampedSpring
    /// SwiftUI's words.
    public var swiftUI: SwiftUIForm
    /// Flutter's words (SwiftUI's, with Flutter's rest rule).
    public var flutter: FlutterForm
    /// Compose's and Android's words.
    public var compose: ComposeForm
    /// react-spring's words.
    public var reactSpring: ReactSpringForm
    /// Motion's words.
    public var motion: MotionForm
    /// Why a form is missing a value, or how it differs from the spring: one sentence each.
    public var notes: [String]

    /// Translates `spring`.
    ///
    /// - Complexity: five rest-time searches, about a thousand evaluations of the closed form.
    public init(_ spring: DampedSpring) {
        self.spring = spring
        let ratio = spring.dampingRatio
        let omega0 = spring.undampedAngularFrequency
        swiftUI = SwiftUIForm(
            duration: spring.duration, bounce: spring.bounce, settlingDuration: spring.restTime(.swiftUI))
        flutter = FlutterForm(
            duration: spring.duration, bounce: spring.bounce, settlingDuration: spring.restTime(.flutter))
        compose = ComposeForm(
            stiffness: spring.stiffness / spring.mass, dampingRatio: ratio,
            settlingDuration: spring.restTime(.androidUnfold))
        reactSpring = ReactSpringForm(
            tension: spring.stiffness, friction: spring.damping, mass: spring.mass,
            settlingDuration: spring.restTime(.reactSpring))
        // A ratio a rounding away from the ends (ζ = 1 written as 2·√k, say) is still sayable.
        let sayable = ratio >= 0.05 * (1 - 1e-12) && ratio <= 1 + 1e-12
        motion = MotionForm(
            stiffness: spring.stiffness, damping: spring.damping, mass: spring.mass,
            visualDuration: sayable ? 2 * Double.pi / (1.2 * omega0) : nil,
            bounce: sayable ? Swift.min(Swift.max(1 - ratio, 0), 0.95) : nil,
            settlingDuration: spring.restTime(.motion))
        var notes: [String] = []
        if !sayable {
            notes.append(
                "motion: visualDuration and bounce give a damping ratio between 0.05 and 1 only "
                    + "(clamp(1 − bounce, 0.05, 1)); this spring's is \(DecimalNumber.fixed(ratio, places: 4)): use stiffness, damping and mass"
            )
        }
        if spring.mass != 1 {
            notes.append(
                "compose: Compose has no mass; its stiffness is k/m, which moves the same as this spring")
        }
        if !swiftUI.settlingDuration.isFinite {
            notes.append("an undamped spring never comes to rest: every settling duration is infinite")
        }
        self.notes = notes
    }
}

extension DampedSpring {
    /// This spring in every library's words; see ``SpringTranslation``.
    public var translation: SpringTranslation { SpringTranslation(self) }
}
