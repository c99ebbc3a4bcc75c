extension DampedSpring {
    /// SwiftUI's `.smooth`: duration 0.5 s, no bounce (critically damped).
    public static let smooth = DampedSpring(duration: 0.5, bounce: 0)

    /// SwiftUI's `.snappy`: duration 0.5 s, bounce 0.15.
    public static let snappy = DampedSpring(duration: 0.5, bounce: 0.15)

    /// SwiftUI's `.bouncy`: duration 0.5 s, bounce 0.3.
    public static let bouncy = DampedSpring(duration: 0.5, bounce: 0.3)

    /// SwiftUI's `interactiveSpring()`: response 0.15 s, damping ratio 0.86.
    ///
    /// SwiftUI's blend duration (0.25 s) describes how animations hand over to each other, not
    /// the spring, so it has no counterpart here.
    public static let interactive = DampedSpring(response: 0.15, dampingRatio: 0.86)

    /// A bend animation written as SwiftUI's `interpolatingSpring(mass: 0.9, stiffness: 280,
    /// damping: 24)`: ζ ≈ 0.76, duration ≈ 0.36 s.
    public static let bend = DampedSpring(mass: 0.9, stiffness: 280, damping: 24)

    /// Android's unfold spring: stiffness 600, damping ratio 1, unit mass (AOSP,
    /// frameworks/base/packages/SystemUI/unfold/…/progress/
    /// PhysicsBasedUnfoldTransitionProgressProvider.kt, a `SpringForce` with `STIFFNESS` 600 and
    /// `DAMPING_RATIO_NO_BOUNCY`): response 2π/√600 ≈ 0.2565 s.
    public static let androidUnfold = DampedSpring(mass: 1, stiffness: 600, damping: 2 * 600.0.squareRoot())

    /// The named springs, in the order lists show them: what a settings screen or a command line
    /// offers. This is HingeKit's one catalogue of presets: SwiftUI's, Android's, Material 3's,
    /// Compose's, react-spring's and Motion's, each built with its own platform's formula and
    /// carrying the source it was read from (``source``) and the words that source uses
    /// (``definition``).
    ///
    /// ```swift
    /// for preset in DampedSpring.Preset.allCases { print(preset.rawValue, preset.spring.response) }
    /// ```
    ///
    /// The figures of the platforms other than SwiftUI come from each library's public source,
    /// which each preset's `source` names.
    public enum Preset: String, CaseIterable, Hashable, Sendable {
        /// ``DampedSpring/smooth``.
        case smooth
        /// ``DampedSpring/snappy``.
        case snappy
        /// ``DampedSpring/bouncy``.
        case bouncy
        /// ``DampedSpring/interactive``.
        case interactive
        /// ``DampedSpring/bend``.
        case bend
        /// ``DampedSpring/androidUnfold``.
        case androidUnfold = "android-unfold"
        /// Material 3 expressive spatial, default speed: stiffness 380, damping ratio 0.8.
        case material3ExpressiveSpatial = "material3-expressive-spatial"
        /// Material 3 expressive spatial, fast: stiffness 800, damping ratio 0.6.
        case material3ExpressiveSpatialFast = "material3-expressive-spatial-fast"
        /// Material 3 expressive spatial, slow: stiffness 200, damping ratio 0.8.
        case material3ExpressiveSpatialSlow = "material3-expressive-spatial-slow"
        /// Material 3 expressive effects, default speed: stiffness 1600, damping ratio 1.
        case material3ExpressiveEffects = "material3-expressive-effects"
        /// Material 3 expressive effects, fast: stiffness 3800, damping ratio 1.
        case material3ExpressiveEffectsFast = "material3-expressive-effects-fast"
        /// Material 3 expressive effects, slow: stiffness 800, damping ratio 1.
        case material3ExpressiveEffectsSlow = "material3-expressive-effects-slow"
        /// Material 3 standard spatial, default speed: stiffness 700, damping ratio 0.9.
        case material3StandardSpatial = "material3-standard-spatial"
        /// Material 3 standard spatial, fast: stiffness 1400, damping ratio 0.9.
        case material3StandardSpatialFast = "material3-standard-spatial-fast"
        /// Material 3 standard spatial, slow: stiffness 300, damping ratio 0.9.
        case material3StandardSpatialSlow = "material3-standard-spatial-slow"
        /// Jetpack Compose's `spring()` default: stiffness 1500 (`StiffnessMedium`), damping
        /// ratio 1.
        case composeDefault = "compose-default"
        /// Android's `SpringForce` default: stiffness 1500, damping ratio 0.5.
        case androidSpringForceDefault = "android-springforce-default"
        /// react-spring's `config.default`: tension 170, friction 26.
        case reactSpringDefault = "react-spring-default"
        /// react-spring's `config.gentle`: tension 120, friction 14.
        case reactSpringGentle = "react-spring-gentle"
        /// react-spring's `config.wobbly`: tension 180, friction 12.
        case reactSpringWobbly = "react-spring-wobbly"
        /// react-spring's `config.stiff`: tension 210, friction 20.
        case reactSpringStiff = "react-spring-stiff"
        /// react-spring's `config.slow`: tension 280, friction 60 (overdamped).
        case reactSpringSlow = "react-spring-slow"
        /// react-spring's `config.molasses`: tension 280, friction 120 (overdamped).
        case reactSpringMolasses = "react-spring-molasses"
        /// Motion's default spring: stiffness 100, damping 10, mass 1.
        case motionDefault = "motion-default"

        /// The spring.
        public var spring: DampedSpring { entry.spring }

        /// The platform and file the preset's numbers come from.
        public var source: String { entry.source }

        /// The preset in its own platform's words, e.g. `stiffness 380, damping ratio 0.8`.
        public var definition: String { entry.definition }

        /// The bounce of the presets that SwiftUI lets an extra bounce be added to (smooth 0,
        /// snappy 0.15, bouncy 0.3, all with duration 0.5 s); `nil` for a fixed spring.
        public var baseBounce: Double? {
            switch self {
            case .smooth: 0
            case .snappy: 0.15
            case .bouncy: 0.3
            default: nil
            }
        }

        private typealias Entry = (spring: DampedSpring, source: String, definition: String)

        private static let swiftUI = "SwiftUI `Spring` (Apple developer documentation)"
        private static let aosp =
            "AOSP frameworks/base/packages/SystemUI/unfold/…/progress/PhysicsBasedUnfoldTransitionProgressProvider.kt"
        private static let expressive =
            "androidx compose/material3/…/tokens/ExpressiveMotionTokens.kt"
        private static let standard = "androidx compose/material3/…/tokens/StandardMotionTokens.kt"
        private static let compose = "androidx compose/animation/animation-core/…/AnimationSpec.kt (`spring()`)"
        private static let springForce = "androidx dynamicanimation `SpringForce` (defaults)"
        private static let reactSpring = "pmndrs/react-spring packages/core/src/constants.ts (`config`)"
        private static let motion = "motiondivision/motion packages/motion-dom/src/animation/generators/spring/"

        private static func byRatio(_ stiffness: Double, _ ratio: Double, _ source: String) -> Entry {
            (
                DampedSpring(stiffness: stiffness, dampingRatio: ratio), source,
                "stiffness \(DecimalNumber.shortest(stiffness)), damping ratio \(DecimalNumber.shortest(ratio))"
            )
        }

        private static func byTension(_ tension: Double, _ friction: Double, _ name: String) -> Entry {
            (
                DampedSpring(tension: tension, friction: friction), reactSpring + " " + name,
                "tension \(DecimalNumber.shortest(tension)), friction \(DecimalNumber.shortest(friction)), mass 1"
            )
        }

        // One line per preset: the numbers, the source and its words together.
        private var entry: Entry {
            switch self {
            case .smooth: (.smooth, Self.swiftUI + " `.smooth`", "duration 0.5, bounce 0")
            case .snappy: (.snappy, Self.swiftUI + " `.snappy`", "duration 0.5, bounce 0.15")
            case .bouncy: (.bouncy, Self.swiftUI + " `.bouncy`", "duration 0.5, bounce 0.3")
            case .interactive:
                (.interactive, Self.swiftUI + " `interactiveSpring()`", "response 0.15, damping fraction 0.86")
            case .bend: (.bend, "HingeKit's bend animation", "interpolatingSpring mass 0.9, stiffness 280, damping 24")
            case .androidUnfold: (.androidUnfold, Self.aosp, "SpringForce stiffness 600, damping ratio 1")
            case .material3ExpressiveSpatial: Self.byRatio(380, 0.8, Self.expressive + " (spatial default)")
            case .material3ExpressiveSpatialFast: Self.byRatio(800, 0.6, Self.expressive + " (spatial fast)")
            case .material3ExpressiveSpatialSlow: Self.byRatio(200, 0.8, Self.expressive + " (spatial slow)")
            case .material3ExpressiveEffects: Self.byRatio(1600, 1, Self.expressive + " (effects default)")
            case .material3ExpressiveEffectsFast: Self.byRatio(3800, 1, Self.expressive + " (effects fast)")
            case .material3ExpressiveEffectsSlow: Self.byRatio(800, 1, Self.expressive + " (effects slow)")
            case .material3StandardSpatial: Self.byRatio(700, 0.9, Self.standard + " (spatial default)")
            case .material3StandardSpatialFast: Self.byRatio(1400, 0.9, Self.standard + " (spatial fast)")
            case .material3StandardSpatialSlow: Self.byRatio(300, 0.9, Self.standard + " (spatial slow)")
            case .composeDefault: Self.byRatio(1500, 1, Self.compose)
            case .androidSpringForceDefault: Self.byRatio(1500, 0.5, Self.springForce)
            case .reactSpringDefault: Self.byTension(170, 26, "default")
            case .reactSpringGentle: Self.byTension(120, 14, "gentle")
            case .reactSpringWobbly: Self.byTension(180, 12, "wobbly")
            case .reactSpringStiff: Self.byTension(210, 20, "stiff")
            case .reactSpringSlow: Self.byTension(280, 60, "slow")
            case .reactSpringMolasses: Self.byTension(280, 120, "molasses")
            case .motionDefault:
                (
                    DampedSpring(mass: 1, stiffness: 100, damping: 10), Self.motion + " (defaults)",
                    "stiffness 100, damping 10, mass 1"
                )
            }
        }
    }

    /// A smooth spring with a custom duration and extra bounce (SwiftUI's `.smooth(…)`).
    ///
    /// - Parameters:
    ///   - duration: the perceptual duration in seconds, positive.
    ///   - extraBounce: added to the preset's bounce of 0; the sum must lie in −1 < b ≤ 1.
    public static func smooth(duration: Double = 0.5, extraBounce: Double = 0) -> DampedSpring {
        DampedSpring(duration: duration, bounce: extraBounce)
    }

    /// A snappy spring with a custom duration and extra bounce (SwiftUI's `.snappy(…)`).
    ///
    /// - Parameters:
    ///   - duration: the perceptual duration in seconds, positive.
    ///   - extraBounce: added to the preset's bounce of 0.15; the sum must lie in −1 < b ≤ 1.
    public static func snappy(duration: Double = 0.5, extraBounce: Double = 0) -> DampedSpring {
        DampedSpring(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// A bouncy spring with a custom duration and extra bounce (SwiftUI's `.bouncy(…)`).
    ///
    /// - Parameters:
    ///   - duration: the perceptual duration in seconds, positive.
    ///   - extraBounce: added to the preset's bounce of 0.3; the sum must lie in −1 < b ≤ 1.
    public static func bouncy(duration: Double = 0.5, extraBounce: Double = 0) -> DampedSpring {
        DampedSpring(duration: duration, bounce: 0.3 + extraBounce)
    }
}
