/// A few degrees of tilt that follow the fold: upright when flat, leaning back fully at the
/// laptop pose and below.
///
/// ```swift
/// let lean = LeanEffect()                       // up to 6° between 180° and 90°
/// lean.value(angle: 135, status: nil)           // 3
/// lean.value(angle: 180, status: nil)           // 0
/// ```
///
/// ```
/// lean = maximum · clamp((flat − angle) / (flat − full), 0, 1)
/// ```
///
/// with `flat` = 180° and `full` = 90° by default: content on the upper half leans back as the
/// upper half does, by a small fraction of the fold (6° at most, one fifteenth of the 90° the
/// half turns), enough to suggest depth without making text harder to read. Fully open or no
/// hinge is upright (0); closed leans fully, like any angle at or below `full`. The lean is
/// decoration, so under Reduce Motion it holds upright (``neutralValue`` 0), as Apple's
/// Human Interface Guidelines ask ("make motion optional").
public struct LeanEffect: HingeEffect, Hashable {
    /// The largest lean, in degrees (6 by default).
    public let maximum: Double
    /// The angle at which the lean is 0, degrees (180: flat).
    public let flat: Double
    /// The angle at and below which the lean is ``maximum``, degrees (90: the laptop pose).
    public let full: Double

    /// A lean of up to 6° between 180° (upright) and 90° (full).
    public init() {
        self.init(checkedMaximum: 6, flat: 180, full: 90)
    }

    /// A lean of up to `maximum` degrees between `flat` and `full`.
    ///
    /// - Parameters:
    ///   - maximum: finite, degrees; negative leans the other way (6 by default).
    ///   - flat: finite, degrees (180 by default).
    ///   - full: finite, below `flat`, degrees (90 by default).
    /// - Throws: ``EffectParameterError`` when a value is not finite or `full` is not below
    ///   `flat`.
    public init(maximum: Double = 6, flat: Double = 180, full: Double = 90) throws(EffectParameterError) {
        try EffectParameterError.requireFinite(maximum, "maximum", of: "lean")
        try EffectParameterError.requireFinite(flat, "flat", of: "lean")
        try EffectParameterError.requireFinite(full, "full", of: "lean")
        try EffectParameterError.require(full, "full", of: "lean", "below flat (\(DecimalNumber.shortest(flat)))") {
            $0 < flat
        }
        self.init(checkedMaximum: maximum, flat: flat, full: full)
    }

    private init(checkedMaximum maximum: Double, flat: Double, full: Double) {
        self.maximum = maximum
        self.flat = flat
        self.full = full
    }

    /// The lean for `angle` and `status`: 0 for no hinge, a `nil` or NaN angle.
    public func value(angle: Double?, status: HingeStatus?) -> Double {
        switch status {
        case .closed: return maximum
        case .fullyOpen: return 0
        case .partiallyOpen, nil:
            guard let angle, !angle.isNaN else { return 0 }
            return maximum * min(max((flat - angle) / (flat - full), 0), 1)
        }
    }

    /// 0: upright.
    public var neutralValue: Double { 0 }
    public var reducedMotion: EffectReduceMotion { .holdNeutral }

    /// A soft, critically damped spring (response 0.8 s, ζ = 1): slower than the bloom's
    /// 0.5 s, so the tilt trails the fold as a weight would, and never swings past upright.
    public var preferredSpring: DampedSpring { Self.spring }

    /// The lean's default spring: response 0.8 s, damping ratio 1.
    public static let spring = DampedSpring(response: 0.8, dampingRatio: 1)
}
