/// Weighted least squares for a polynomial of degree 1 or 2, accumulated point by point in
/// plain stored sums, so a fit never allocates.
struct WeightedPolynomialFit {
    let degree: Int
    // Sums of w·xᵏ (k = 0…4) and of w·xᵏ·y (k = 0…2).
    private var s0 = 0.0, s1 = 0.0, s2 = 0.0, s3 = 0.0, s4 = 0.0
    private var t0 = 0.0, t1 = 0.0, t2 = 0.0
    private var points = 0
    private var lowest = Double.infinity
    private var highest = -Double.infinity

    init(degree: Int) {
        precondition(degree == 1 || degree == 2)
        self.degree = degree
    }

    mutating func add(x: Double, y: Double, weight w: Double) {
        let x2 = x * x
        s0 += w
        s1 += w * x
        s2 += w * x2
        s3 += w * x2 * x
        s4 += w * x2 * x2
        t0 += w * y
        t1 += w * x * y
        t2 += w * x2 * y
        points += 1
        lowest = min(lowest, y)
        highest = max(highest, y)
    }

    /// The fitted slope at x = 0, falling back to a line when a quadratic is not determined;
    /// `nil` when not even a line is.
    func slopeAtZero() -> Double? {
        // A constant signal has slope 0 exactly, not a rounding residue of 1e-11.
        if points > 0, lowest == highest { return 0 }
        if degree == 2, points >= 3 {
            // Normal equations for y = a + b·x + c·x²; Cramer's rule for b.
            let det = Self.determinant(s0, s1, s2, s1, s2, s3, s2, s3, s4)
            if abs(det) > 1e-12 * max(abs(s0 * s2 * s4), .leastNormalMagnitude) {
                return Self.determinant(s0, t0, s2, s1, t1, s3, s2, t2, s4) / det
            }
        }
        let det = s0 * s2 - s1 * s1
        guard points >= 2, abs(det) > 1e-12 * max(s0 * s2, .leastNormalMagnitude) else { return nil }
        return (s0 * t1 - s1 * t0) / det
    }

    private static func determinant(
        _ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double, _ g: Double, _ h: Double,
        _ i: Double
    ) -> Double {
        a * (e * i - f * h) - b * (d * i - f * g) + c * (d * h - e * g)
    }
}
