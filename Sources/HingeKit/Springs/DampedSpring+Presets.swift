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
    /// offers.
    ///
    /// ```swift
    /// for preset in DampedSpring.Preset.allCases { print(preset.rawValue, preset.spring.response) }
    /// ```
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

        /// The spring.
        public var spring: DampedSpring {
            switch self {
            case .smooth: .smooth
            case .snappy: .snappy
            case .bouncy: .bouncy
            case .interactive: .interactive
            case .bend: .bend
            case .androidUnfold: .androidUnfold
            }
        }

        /// The bounce of the presets that SwiftUI lets an extra bounce be added to (smooth 0,
        /// snappy 0.15, bouncy 0.3, all with duration 0.5 s); `nil` for a fixed spring.
        public var baseBounce: Double? {
            switch self {
            case .smooth: 0
            case .snappy: 0.15
            case .bouncy: 0.3
            case .interactive, .bend, .androidUnfold: nil
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
