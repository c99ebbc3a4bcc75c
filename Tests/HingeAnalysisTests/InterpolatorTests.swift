import HingeAnalysis
import Testing

@Suite("Interpolator (gsl_interp)")
struct InterpolatorTests {
    /// Steffen (1990), "A simple method for monotonic interpolation in one dimension",
    /// A&A 239, 443, eqs. 11–13: interior slopes, evaluated here as a cubic Hermite
    /// segment. This is an independent implementation of the published method, so the
    /// test compares GSL against the paper rather than against itself.
    static func steffenReference(x: [Double], y: [Double], at t: Double) -> Double {
        func sign(_ v: Double) -> Double { v > 0 ? 1 : (v < 0 ? -1 : 0) }
        func slope(_ i: Int) -> Double {
            let h0 = x[i] - x[i - 1]
            let h1 = x[i + 1] - x[i]
            let s0 = (y[i] - y[i - 1]) / h0
            let s1 = (y[i + 1] - y[i]) / h1
            let p = (s0 * h1 + s1 * h0) / (h0 + h1)
            return (sign(s0) + sign(s1)) * min(abs(s0), abs(s1), 0.5 * abs(p))
        }
        let i = x.lastIndex { $0 <= t }!
        let h = x[i + 1] - x[i]
        let u = (t - x[i]) / h
        let d0 = slope(i)
        let d1 = slope(i + 1)
        let h00 = 2 * u * u * u - 3 * u * u + 1
        let h10 = u * u * u - 2 * u * u + u
        let h01 = -2 * u * u * u + 3 * u * u
        let h11 = u * u * u - u * u
        return h00 * y[i] + h10 * h * d0 + h01 * y[i + 1] + h11 * h * d1
    }

    // An irregular, quantised trace: 1° steps with a plateau, as an on-change sensor reports.
    let times: [Double] = [0, 0.004, 0.009, 0.013, 0.030, 0.034, 0.041, 0.052, 0.060]
    let angles: [Double] = [180, 179, 177, 176, 176, 175, 172, 170, 170]

    @Test("Steffen matches the published formula inside the trace (1e-12)")
    func steffenMatchesPaper() throws {
        let spline = try Interpolator(x: times, y: angles)
        // Interior intervals only: the end slopes are a GSL choice the paper leaves open.
        var t = times[1]
        while t < times[times.count - 2] {
            let expected = Self.steffenReference(x: times, y: angles, at: t)
            #expect(abs(try spline.value(at: t) - expected) <= 1e-12 * 180)
            t += 0.0005
        }
    }

    @Test("Every method passes through the knots exactly", arguments: Interpolator.Method.allCases)
    func passesThroughKnots(method: Interpolator.Method) throws {
        let spline = try Interpolator(x: times, y: angles, method: method)
        for (t, angle) in zip(times, angles) {
            #expect(abs(try spline.value(at: t) - angle) <= 1e-12)
        }
    }

    @Test("Steffen never overshoots a quantised plateau; cspline does")
    func monotoneOnSteps() throws {
        let steffen = try Interpolator(x: times, y: angles, method: .steffen)
        let cspline = try Interpolator(x: times, y: angles, method: .cspline)
        let grid = try steffen.resample(step: 0.0005)
        for (t, value) in zip(grid.x, grid.y) {
            let i = times.lastIndex { $0 <= t }!
            let j = min(i + 1, times.count - 1)
            #expect(value <= max(angles[i], angles[j]) + 1e-12)
            #expect(value >= min(angles[i], angles[j]) - 1e-12)
        }
        // On the plateau 0.013…0.030 a natural cubic spline leaves the step's range.
        let plateau = stride(from: 0.013, through: 0.030, by: 0.0005)
        #expect(try plateau.contains { try abs(cspline.value(at: $0) - 176) > 0.01 })
    }

    @Test("Linear interpolation gives the chord")
    func linearChord() throws {
        let line = try Interpolator(x: [0, 2], y: [10, 30], method: .linear)
        #expect(try line.value(at: 0.5) == 15)
        #expect(try line.derivative(at: 1.7) == 10)
    }

    @Test("Bad input is an error, never a GSL abort or a NaN")
    func badInput() throws {
        #expect(throws: Interpolator.InputError.notIncreasing(index: 2, previous: 1, value: 1)) {
            try Interpolator(x: [0, 1, 1], y: [0, 1, 2])
        }
        #expect(throws: Interpolator.InputError.tooFewPoints(method: .akima, count: 4)) {
            try Interpolator(x: [0, 1, 2, 3], y: [0, 1, 2, 3], method: .akima)
        }
        #expect(throws: Interpolator.InputError.notFinite(index: 1)) {
            try Interpolator(x: [0, .nan, 2], y: [0, 1, 2])
        }
        #expect(throws: Interpolator.InputError.lengthMismatch(x: 3, y: 2)) {
            try Interpolator(x: [0, 1, 2], y: [0, 1])
        }
        let spline = try Interpolator(x: [0, 1, 2], y: [0, 1, 4])
        #expect(throws: Interpolator.InputError.outsideRange(x: 2.5, range: 0...2)) {
            try spline.value(at: 2.5)
        }
        #expect(throws: Interpolator.InputError.invalidStep(0)) { try spline.resample(step: 0) }
    }

    @Test("Resampling lands on k·step without drift and ends inside the data")
    func resampleGrid() throws {
        let spline = try Interpolator(x: [0, 0.3, 1], y: [0, 3, 10], method: .linear)
        let grid = try spline.resample(step: 0.1)
        #expect(grid.x.count == 11)
        #expect(grid.x[7] == 0.7000000000000001 || grid.x[7] == 0.7)
        #expect(abs(grid.y[10] - 10) <= 1e-12)
    }
}
