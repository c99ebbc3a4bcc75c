/// A value that rises from 0 to 1 as the hinge opens from one angle to another, with easing.
///
/// ```swift
/// let fade = RampEffect(lower: 30, upper: 150, easing: .smoothstep)
/// fade.value(angle: 90, status: nil)                  // 0.5
/// fade.value(angle: 10, status: nil)                  // 0: clamped
/// ```
///
/// The progress `p = clamp((angle − lower) / (upper − lower), 0, 1)` goes through the easing;
/// with `lower > upper` the ramp falls as the hinge opens. The status is not used: a ramp is
/// a function of the angle only (``BloomEffect`` adds the status rules). With no hinge the
/// value is ``noHingeValue``, by default 1: a phone without a hinge is a flat phone, fully
/// open.
public struct RampEffect: HingeEffect, Hashable {
    /// How the progress between the two angles becomes the value.
    public enum Easing: String, Sendable, Hashable, CaseIterable {
        /// `p`.
        case linear
        /// `3p² − 2p³`: level at both ends.
        case smoothstep
        /// `p²`: starts level.
        case easeIn
        /// `1 − (1 − p)²`: ends level.
        case easeOut
        /// `2p²` up to ½, then `1 − 2(1 − p)²`: level at both ends, steepest in the middle.
        case easeInOut

        /// The eased value of a progress in 0…1.
        ///
        /// - Parameter progress: 0…1.
        /// - Returns: 0 at 0, 1 at 1, monotonic in between.
        public func callAsFunction(_ progress: Double) -> Double {
            let p = progress
            switch self {
            case .linear: return p
            case .smoothstep: return p * p * (3 - 2 * p)
            case .easeIn: return p * p
            case .easeOut: return 1 - (1 - p) * (1 - p)
            case .easeInOut: return p < 0.5 ? 2 * p * p : 1 - 2 * (1 - p) * (1 - p)
            }
        }
    }

    /// The angle where the value is 0, in degrees.
    public let lower: Double
    /// The angle where the value is 1, in degrees.
    public let upper: Double
    /// How the ramp eases between its bounds.
    public let easing: Easing
    /// The value when there is no hinge.
    public let noHingeValue: Double

    /// A linear ramp from 0° to 180°, 1 with no hinge.
    public init() {
        self.init(checkedLower: 0, upper: 180, easing: .linear, noHingeValue: 1)
    }

    /// A ramp from `lower` to `upper`.
    ///
    /// - Parameters:
    ///   - lower: finite, degrees (0 by default).
    ///   - upper: finite, different from `lower`, degrees (180 by default).
    ///   - easing: linear by default.
    ///   - noHingeValue: finite; 1 by default.
    /// - Throws: ``EffectParameterError`` when an angle or `noHingeValue` is not finite, or the
    ///   angles are equal.
    public init(
        lower: Double = 0, upper: Double = 180, easing: Easing = .linear, noHingeValue: Double = 1
    ) throws(EffectParameterError) {
        try EffectParameterError.requireFinite(lower, "lower", of: "ramp")
        try EffectParameterError.requireFinite(upper, "upper", of: "ramp")
        try EffectParameterError.require(
            lower, "lower", of: "ramp", "different from upper (\(DecimalNumber.shortest(upper)))"
        ) {
            $0 != upper
        }
        try EffectParameterError.requireFinite(noHingeValue, "noHingeValue", of: "ramp")
        self.init(checkedLower: lower, upper: upper, easing: easing, noHingeValue: noHingeValue)
    }

    /// A ramp whose parameters are known to pass the checks (the defaults, the bloom's).
    init(checkedLower lower: Double, upper: Double, easing: Easing, noHingeValue: Double) {
        self.lower = lower
        self.upper = upper
        self.easing = easing
        self.noHingeValue = noHingeValue
    }

    /// The clamped progress, before easing, of `angle` from ``lower`` to ``upper``: 0…1 for
    /// every angle (0 for NaN).
    public func progress(_ angle: Double) -> Double {
        let progress = (angle - lower) / (upper - lower)
        // `progress > 0` is false for NaN.
        return progress > 0 ? min(progress, 1) : 0
    }

    /// The eased progress of `angle`, or ``noHingeValue`` for a `nil` or NaN angle.
    public func value(angle: Double?, status: HingeStatus?) -> Double {
        guard let angle, !angle.isNaN else { return noHingeValue }
        return easing(progress(angle))
    }

    /// 0: the start of the ramp.
    public var neutralValue: Double { 0 }

    /// A ramp usually says how far the phone is open, so it keeps tracking.
    public var reducedMotion: EffectReduceMotion { .trackHinge }
}
