/// How far the phone has unfolded, as Android's unfold animation counts it: clamp(angle / 165°).
///
/// ```swift
/// let unfold = UnfoldProgressEffect()
/// unfold.value(angle: 82.5, status: nil)       // 0.5
/// unfold.value(angle: 170, status: nil)        // 1
/// ```
///
/// Android counts a hinge within 15° of flat as unfolded, so progress reaches 1 at 165°
/// (AOSP, frameworks/base/packages/SystemUI/unfold/…/progress/
/// PhysicsBasedUnfoldTransitionProgressProvider.kt: progress = saturate(angle / 165)). As there, the
/// status is not used; with no hinge the progress is 1 (a flat phone). Under Reduce Motion the
/// progress tracks the hinge directly. The preferred spring is Android's: stiffness 600,
/// ζ = 1, unit mass.
public struct UnfoldProgressEffect: HingeEffect, Hashable {
    /// The angle at which the progress reaches 1, degrees (165 by default).
    public let unfoldedAngle: Double

    /// Android's progress: 1 from 165°.
    public init() {
        unfoldedAngle = 165
    }

    /// The progress that reaches 1 at `unfoldedAngle`.
    ///
    /// - Parameter unfoldedAngle: positive and finite, degrees (165 by default).
    /// - Throws: ``EffectParameterError`` when `unfoldedAngle` is not positive and finite.
    public init(unfoldedAngle: Double = 165) throws(EffectParameterError) {
        try EffectParameterError.require(unfoldedAngle, "unfoldedAngle", of: "unfold progress", "positive and finite") {
            $0 > 0 && $0.isFinite
        }
        self.unfoldedAngle = unfoldedAngle
    }

    /// The angle's share of ``unfoldedAngle`` in 0…1, or 1 for a `nil` or NaN angle (no hinge).
    public func value(angle: Double?, status: HingeStatus?) -> Double {
        guard let angle, !angle.isNaN else { return 1 }
        return min(max(angle / unfoldedAngle, 0), 1)
    }

    /// 0: folded.
    public var neutralValue: Double { 0 }
    public var reducedMotion: EffectReduceMotion { .trackHinge }

    /// Android's unfold spring: stiffness 600, damping ratio 1, unit mass.
    public var preferredSpring: DampedSpring {
        .androidUnfold
    }
}
