internal import CGSL

/// Interpolation through irregular samples, backed by `gsl_interp`.
///
/// ```swift
/// let spline = try Interpolator(x: [0, 0.1, 0.25], y: [180, 175, 160])
/// let angle = try spline.value(at: 0.2)
/// ```
///
/// Steffen's method is the default because it is monotone between knots: it never overshoots
/// the plateaus that a quantised hinge sensor produces, whereas a natural cubic spline does
/// (GSL 2.7 manual, "Interpolation Types").
public final class Interpolator {
    /// The interpolation schemes GSL offers that HingeAnalysis exposes.
    public enum Method: String, CaseIterable, Sendable {
        /// Straight lines between the points.
        case linear
        /// A natural cubic spline: smooth, but it overshoots steps.
        case cspline
        /// Akima's spline: less overshoot than a cubic spline, needs five points.
        case akima
        /// Steffen's monotone cubic: never overshoots between points (the default).
        case steffen

        var gslType: UnsafePointer<gsl_interp_type> {
            switch self {
            case .linear: hingekit_interp_linear()
            case .cspline: hingekit_interp_cspline()
            case .akima: hingekit_interp_akima()
            case .steffen: hingekit_interp_steffen()
            }
        }

        /// The fewest points the method accepts (2 for linear, 3 for cspline and steffen,
        /// 5 for akima).
        public var minimumPointCount: Int { Int(gsl_interp_type_min_size(gslType)) }
    }

    /// Why an interpolator could not be built or evaluated.
    public enum InputError: Error, Equatable, CustomStringConvertible {
        /// `x` and `y` differ in length.
        case lengthMismatch(x: Int, y: Int)
        /// Fewer points than the method needs.
        case tooFewPoints(method: Method, count: Int)
        /// A point that is NaN or infinite.
        case notFinite(index: Int)
        /// An x that does not increase strictly.
        case notIncreasing(index: Int, previous: Double, value: Double)
        /// An evaluation outside the data.
        case outsideRange(x: Double, range: ClosedRange<Double>)
        /// A grid step that is not positive and finite.
        case invalidStep(Double)
        /// GSL reported a failure.
        case gsl(GSLError)

        public var description: String {
            switch self {
            case .lengthMismatch(let x, let y): "x has \(x) values but y has \(y)"
            case .tooFewPoints(let method, let count):
                "\(method) interpolation needs at least \(method.minimumPointCount) points, got \(count)"
            case .notFinite(let index): "point \(index) is not finite"
            case .notIncreasing(let index, let previous, let value):
                "x must increase strictly: x[\(index)] = \(value) follows \(previous)"
            case .outsideRange(let x, let range):
                "x = \(x) is outside the data range \(range.lowerBound)…\(range.upperBound)"
            case .invalidStep(let step): "grid step \(step) must be positive and finite"
            case .gsl(let error): error.description
            }
        }
    }

    /// The interpolation scheme.
    public let method: Method
    /// The x values, strictly increasing.
    public let x: [Double]
    /// The values, one per x.
    public let y: [Double]

    private let interp: UnsafeMutablePointer<gsl_interp>
    private let accelerator: UnsafeMutablePointer<gsl_interp_accel>

    /// Builds the interpolant.
    ///
    /// - Parameters:
    ///   - x: strictly increasing, finite abscissae (deduplicate sample times first).
    ///   - y: finite values, one per `x`.
    ///   - method: the scheme; Steffen by default.
    /// - Throws: ``InputError`` naming the first offending point.
    /// - Complexity: O(n).
    public init(x: [Double], y: [Double], method: Method = .steffen) throws(InputError) {
        GSL.configure()
        guard x.count == y.count else { throw .lengthMismatch(x: x.count, y: y.count) }
        guard x.count >= method.minimumPointCount else {
            throw .tooFewPoints(method: method, count: x.count)
        }
        for index in x.indices {
            guard x[index].isFinite, y[index].isFinite else { throw .notFinite(index: index) }
            if index > 0, !(x[index] > x[index - 1]) {
                throw .notIncreasing(index: index, previous: x[index - 1], value: x[index])
            }
        }
        guard let interp = gsl_interp_alloc(method.gslType, x.count),
            let accelerator = gsl_interp_accel_alloc()
        else { throw .gsl(GSLError(status: Int32(GSL_ENOMEM), operation: "gsl_interp_alloc")) }
        self.method = method
        self.x = x
        self.y = y
        self.interp = interp
        self.accelerator = accelerator
        let status = x.withUnsafeBufferPointer { xs in
            y.withUnsafeBufferPointer { ys in
                gsl_interp_init(interp, xs.baseAddress, ys.baseAddress, x.count)
            }
        }
        guard status == Int32(GSL_SUCCESS) else {
            throw .gsl(GSLError(status: status, operation: "gsl_interp_init"))
        }
    }

    deinit {
        gsl_interp_free(interp)
        gsl_interp_accel_free(accelerator)
    }

    /// The closed interval the interpolant covers.
    public var domain: ClosedRange<Double> { x[0]...x[x.count - 1] }

    /// The interpolated value at `t`, which must lie inside ``domain``.
    /// - Complexity: O(log n) at worst; O(1) for nearby successive calls.
    public func value(at t: Double) throws(InputError) -> Double {
        try evaluate(at: t, operation: "gsl_interp_eval_e", gsl_interp_eval_e)
    }

    /// The first derivative of the interpolant at `t`.
    public func derivative(at t: Double) throws(InputError) -> Double {
        try evaluate(at: t, operation: "gsl_interp_eval_deriv_e", gsl_interp_eval_deriv_e)
    }

    private typealias Evaluator = (
        UnsafePointer<gsl_interp>?, UnsafePointer<Double>?, UnsafePointer<Double>?, Double,
        UnsafeMutablePointer<gsl_interp_accel>?, UnsafeMutablePointer<Double>?
    ) -> Int32

    private func evaluate(
        at t: Double, operation: String, _ evaluator: Evaluator
    ) throws(InputError)
        -> Double
    {
        guard t.isFinite, domain.contains(t) else { throw .outsideRange(x: t, range: domain) }
        var result = 0.0
        let status = x.withUnsafeBufferPointer { xs in
            y.withUnsafeBufferPointer { ys in
                evaluator(interp, xs.baseAddress, ys.baseAddress, t, accelerator, &result)
            }
        }
        guard status == Int32(GSL_SUCCESS) else { throw .gsl(GSLError(status: status, operation: operation)) }
        return result
    }

    /// Samples the interpolant on the uniform grid `start, start + step, …` up to the last
    /// grid point inside ``domain``.
    ///
    /// - Parameters:
    ///   - step: the grid spacing in the units of `x`; must be positive and finite.
    ///   - start: the first grid point, inside ``domain``; the first knot by default.
    /// - Returns: the grid abscissae and the interpolated values.
    /// - Complexity: O(n + m) for m grid points.
    public func resample(
        step: Double, start: Double? = nil
    ) throws(InputError) -> (
        x: [Double], y: [Double]
    ) {
        let first = start ?? domain.lowerBound
        guard step.isFinite, step > 0 else { throw .invalidStep(step) }
        guard domain.contains(first) else { throw .outsideRange(x: first, range: domain) }
        let count = Int(((domain.upperBound - first) / step).rounded(.down)) + 1
        var gridX: [Double] = []
        var gridY: [Double] = []
        gridX.reserveCapacity(count)
        gridY.reserveCapacity(count)
        for k in 0..<count {
            // k·step rather than repeated addition, so the grid does not drift.
            let t = Swift.min(first + Double(k) * step, domain.upperBound)
            gridX.append(t)
            gridY.append(try value(at: t))
        }
        return (gridX, gridY)
    }
}
