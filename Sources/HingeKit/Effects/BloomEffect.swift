/// A bloom for content that opens with the phone: 0 while the phone is folded beyond 80°, 1 from 170° on.
///
/// ```swift
/// let bloom = BloomEffect()
/// bloom.value(angle: 125, status: .partiallyOpen)   // 0.5
/// bloom.value(angle: 60, status: .partiallyOpen)    // 0
/// bloom.value(angle: 120, status: .closed)          // 0: the status wins
/// bloom.value(angle: nil, status: nil)              // 1: no hinge
/// ```
///
/// ```
/// closed               → 0
/// fully open           → 1
/// otherwise, no angle  → 1            (no hinge: a flat phone)
/// otherwise            → clamp((angle − lower) / (upper − lower), 0, 1)
/// ```
///
/// The status wins over the angle when the system reports one, because the system decides
/// the posture from more than the angle; a partially open status or none uses the angle.
/// Under Reduce Motion the bloom tracks the hinge directly: it tells how far the phone is
/// open, so it stays, without the spring.
public struct BloomEffect: HingeEffect, Hashable {
    /// The linear ramp between the two angles.
    public let ramp: RampEffect

    /// The 80–170° bloom.
    public init() {
        ramp = RampEffect(checkedLower: 80, upper: 170, easing: .linear, noHingeValue: 1)
    }

    /// The bloom between `lower` and `upper`.
    ///
    /// ```swift
    /// let late = try BloomEffect(lower: 120)         // 120–170°
    /// ```
    ///
    /// - Parameters:
    ///   - lower: where the bloom starts, degrees, finite (80 by default).
    ///   - upper: where it is complete, degrees, finite, above `lower` (170 by default).
    /// - Throws: ``EffectParameterError`` when a bound is not finite or `lower` is not below
    ///   `upper`.
    public init(lower: Double = 80, upper: Double = 170) throws(EffectParameterError) {
        try EffectParameterError.requireFinite(lower, "lower", of: "bloom")
        try EffectParameterError.requireFinite(upper, "upper", of: "bloom")
        try EffectParameterError.require(lower, "lower", of: "bloom", "below upper (\(DecimalNumber.shortest(upper)))")
        { $0 < upper }
        ramp = RampEffect(checkedLower: lower, upper: upper, easing: .linear, noHingeValue: 1)
    }

    /// The angle where the bloom starts, in degrees.
    public var lower: Double { ramp.lower }
    /// The angle where the bloom is complete, in degrees.
    public var upper: Double { ramp.upper }

    public func value(angle: Double?, status: HingeStatus?) -> Double {
        switch status {
        case .closed: 0
        case .fullyOpen: 1
        case .partiallyOpen, nil: ramp.value(angle: angle, status: status)
        }
    }

    /// 0: no bloom.
    public var neutralValue: Double { 0 }
    public var reducedMotion: EffectReduceMotion { .trackHinge }
}
