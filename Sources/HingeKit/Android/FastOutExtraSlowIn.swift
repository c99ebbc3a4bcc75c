/// Material's `fast_out_extra_slow_in` easing, which Android's unfold animation finishes with.
///
/// ```swift
/// FastOutExtraSlowIn.value(at: 0.5)   // ≈ 0.96: most of the way there at half the time
/// ```
///
/// The curve is the path `M 0,0 C 0.05,0 0.133333,0.06 0.166666,0.4 C 0.208333,0.82 0.25,1 1,1`
/// read as y of x (AOSP `frameworks/base/core/res/res/interpolator/fast_out_extra_slow_in.xml`;
/// the same path data appears in apps that rebuild it, e.g. Signal-Android's
/// `MediaAnimations.kt`). Android's `PathInterpolator` flattens the path into line segments
/// (0.002 precision) and interpolates between them; this solves each cubic for x exactly, so
/// the two agree to about 10⁻³.
public enum FastOutExtraSlowIn {
    /// The two cubic Bézier segments, as (x0, y0, x1, y1, x2, y2, x3, y3).
    static let segments: [(Double, Double, Double, Double, Double, Double, Double, Double)] = [
        (0, 0, 0.05, 0, 0.133333, 0.06, 0.166666, 0.4),
        (0.166666, 0.4, 0.208333, 0.82, 0.25, 1, 1, 1),
    ]

    /// The eased value at `fraction` (clamped to 0…1).
    ///
    /// - Complexity: O(1): 60 bisection steps on the segment holding `fraction`.
    public static func value(at fraction: Double) -> Double {
        guard fraction > 0 else { return 0 }
        guard fraction < 1 else { return 1 }
        let s = fraction <= segments[0].6 ? segments[0] : segments[1]
        // x(u) is increasing on both segments (their x control points increase), so bisection
        // finds the one u with x(u) = fraction.
        var low = 0.0
        var high = 1.0
        for _ in 0..<60 {
            let middle = 0.5 * (low + high)
            if bezier(s.0, s.2, s.4, s.6, middle) < fraction { low = middle } else { high = middle }
        }
        return bezier(s.1, s.3, s.5, s.7, 0.5 * (low + high))
    }

    static func bezier(_ p0: Double, _ p1: Double, _ p2: Double, _ p3: Double, _ u: Double) -> Double {
        let v = 1 - u
        return v * v * v * p0 + 3 * v * v * u * p1 + 3 * v * u * u * p2 + u * u * u * p3
    }
}
