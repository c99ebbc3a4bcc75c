import HingeKit

extension HingeTool.Spring {
    /// `spring --format css`: the motion from `from` to `to` as a CSS `linear()` easing and the
    /// duration it runs over (the settling duration with `epsilon`), ready for
    /// `transition-timing-function` and `transition-duration`.
    ///
    /// Values are printed to 5 decimals and progress to 3 decimals of a percent: the rounding
    /// moves the lines by under 2e-5, inside the 2e-4 the library leaves below 1e-3.
    static func css(
        _ spring: DampedSpring, from: Double, to: Double, velocity: Double, epsilon: Double
    ) throws(ToolError) -> String {
        guard from != to else {
            throw .usage("'--format css' eases from '--from' to '--to'; they must differ")
        }
        let fraction = velocity / (to - from)
        guard fraction.isFinite else {
            throw .usage("'--initial-velocity' is too large for the distance from '--from' to '--to'")
        }
        guard let easing = spring.linearEasing(initialVelocity: fraction, epsilon: epsilon) else {
            throw .usage("the spring never settles (it is undamped), so it has no CSS duration")
        }
        let stops = easing.stops.map { stop in
            DecimalNumber.fixed(stop.value, places: 5) + " " + DecimalNumber.fixed(stop.progress * 100, places: 3) + "%"
        }
        let d = DecimalNumber.shortest
        return """
            /* hingetool spring --format css: \(HingeTool.SpringOptions.describe(spring)), from \(d(from)) to \(d(to)), \
            initial velocity \(d(velocity)).
               \(stops.count) stops, within \(DecimalNumber.fixed(easing.maximumError, places: 6)) of the spring; \
            the duration is its settling duration (ε \(d(epsilon))). */
            transition-timing-function: linear(\(stops.joined(separator: ", ")));
            transition-duration: \(DecimalNumber.fixed(easing.duration * 1000, places: 3))ms;

            """
    }
}
