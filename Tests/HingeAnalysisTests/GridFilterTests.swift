import Foundation
import HingeAnalysis
import Testing

@Suite("GridFilter (gsl_filter on a uniform grid)")
struct GridFilterTests {
    static let step = 0.001
    static let sigma = 0.02
    /// The Gaussian kernel's reach either side, in samples: ⌈4σ/step⌉.
    static let reach = 80

    static func line(count: Int, slope: Double, intercept: Double) -> [Double] {
        (0..<count).map { intercept + slope * Double($0) * step }
    }

    /// The indices whose kernel stays inside the signal.
    static func interior(_ count: Int) -> Range<Int> { reach..<(count - reach) }

    @Test("Gaussian smoothing of a constant is the constant, edges included")
    func constant() throws {
        let values = [Double](repeating: 137.5, count: 500)
        let smoothed = try GridFilter.gaussian(values, step: Self.step, sigma: Self.sigma)
        #expect(smoothed.allSatisfy { abs($0 - 137.5) <= 1e-12 })
        let velocity = try GridFilter.gaussianDerivative(values, step: Self.step, sigma: Self.sigma)
        #expect(velocity.allSatisfy { abs($0) <= 1e-9 })
    }

    @Test("Gaussian smoothing of a line is the line away from the edges")
    func line() throws {
        let values = Self.line(count: 600, slope: -45, intercept: 170)
        let smoothed = try GridFilter.gaussian(values, step: Self.step, sigma: Self.sigma)
        // The kernel is symmetric and sums to 1, so only rounding separates the two (1e-10 °).
        for k in Self.interior(values.count) { #expect(abs(smoothed[k] - values[k]) <= 1e-10) }
    }

    @Test(
        "The Gaussian derivative of a line is its slope away from the edges",
        arguments: [(0.001, 0.02), (0.001, 0.001), (0.004, 0.05), (1.0 / 120, 0.03)])
    func slope(step: Double, sigma: Double) throws {
        let values = (0..<800).map { 12 + 250 * Double($0) * step }
        let velocity = try GridFilter.gaussianDerivative(values, step: step, sigma: sigma)
        let reach = Int((4 * sigma / step).rounded(.up))
        // Divided by the kernel's ramp response, so exact to rounding (1e-9 of 250 °/s).
        for k in reach..<(values.count - reach) { #expect(abs(velocity[k] - 250) <= 250e-9) }
    }

    @Test("The Gaussian derivative of a sine is the derivative of the smoothed sine")
    func sine() throws {
        let frequency = 2.0  // Hz: a brisk fold
        let omega = 2 * Double.pi * frequency
        let values = (0..<3000).map { 90 + 60 * sin(omega * Double($0) * Self.step) }
        let velocity = try GridFilter.gaussianDerivative(values, step: Self.step, sigma: Self.sigma)
        let attenuation = exp(-omega * omega * Self.sigma * Self.sigma / 2)  // 0.969 here
        var largestError = 0.0
        var largestRawError = 0.0
        for k in Self.interior(values.count) {
            let analytic = 60 * omega * cos(omega * Double(k) * Self.step)
            largestError = max(largestError, abs(velocity[k] - attenuation * analytic))
            largestRawError = max(largestRawError, abs(velocity[k] - analytic))
        }
        // Against the smoothed sine, the sampled and truncated kernel is off by under 1e-3 of
        // the 754 °/s amplitude; against the sine itself the 3 % smoothing loss dominates.
        #expect(largestError <= 0.75)
        #expect(largestRawError <= 0.032 * 60 * omega)
    }

    @Test("Padding with the end value keeps a constant at the edges; GSL's truncation and zeros do not")
    func edges() throws {
        let values = [Double](repeating: 7, count: 200)
        let padded = try GridFilter.gaussian(values, step: Self.step, sigma: Self.sigma, edges: .padValue)
        let truncated = try GridFilter.gaussian(values, step: Self.step, sigma: Self.sigma, edges: .truncate)
        let zeros = try GridFilter.gaussian(values, step: Self.step, sigma: Self.sigma, edges: .padZero)
        #expect(abs(padded[0] - 7) <= 1e-12)
        // GSL 2.7 does not renormalise the truncated kernel: half of it (plus the centre tap)
        // is left at the end, as with zeros.
        #expect(abs(truncated[0] - 3.5) < 0.1)
        #expect(abs(zeros[0] - 3.5) < 0.1)
        #expect(abs(truncated[100] - 7) <= 1e-12)
    }

    @Test("The median removes a spike and keeps a step")
    func medianSpikeAndStep() throws {
        var values = [Double](repeating: 100, count: 100) + [Double](repeating: 110, count: 100)
        values[40] = 160
        let filtered = try GridFilter.median(values, step: Self.step, window: 0.011)
        #expect(filtered[40] == 100)
        #expect(filtered[99] == 100 && filtered[100] == 110)
        #expect(filtered[0] == 100 && filtered[199] == 110)
    }

    /// A quantised plateau at 100° with single-step flickers to 101°, as a 1° sensor
    /// jittering at a boundary gives, and one genuine outlier of 30° at index 150.
    static let plateau: [Double] = {
        var values = [Double](repeating: 100, count: 300)
        for k in stride(from: 7, to: 300, by: 23) { values[k] = 101 }
        values[150] = 130
        return values
    }()

    @Test("The median of a quantised plateau with flickers is the plateau")
    func medianPlateau() throws {
        let filtered = try GridFilter.median(Self.plateau, step: Self.step, window: 0.021)
        #expect(filtered.allSatisfy { $0 == 100 })
    }

    @Test(
        "On a quantised plateau the floored detector flags only the genuine outlier",
        arguments: GridFilter.Scale.allCases)
    func impulsesOnPlateau(scale: GridFilter.Scale) throws {
        let detection = try GridFilter.impulses(
            in: Self.plateau, step: Self.step, window: 0.021, scaleFloor: 1, scale: scale)
        #expect(detection.outlierCount == 1)
        #expect(detection.isOutlier[150])
        #expect(detection.cleaned[150] == 100)
        #expect(detection.scales.allSatisfy { $0 >= 1 })
        #expect(detection.cleaned.enumerated().allSatisfy { $0.offset == 150 || $0.element == Self.plateau[$0.offset] })
    }

    @Test(
        "Without the floor the scale collapses to 0 and every flicker is an outlier",
        arguments: GridFilter.Scale.allCases)
    func impulsesCollapseWithoutFloor(scale: GridFilter.Scale) throws {
        let detection = try GridFilter.impulses(
            in: Self.plateau, step: Self.step, window: 0.021, scaleFloor: 0, scale: scale)
        let flickers = Self.plateau.filter { $0 == 101 }.count
        #expect(detection.outlierCount == flickers + 1)
        #expect(detection.scales[7] == 0)
    }

    @Test("An outlier at the very end is found with truncated edges, hidden by padding")
    func impulseAtTheEnd() throws {
        var values = [Double](repeating: 50, count: 100)
        values[99] = 90
        let truncated = try GridFilter.impulses(in: values, step: Self.step, window: 0.011, scaleFloor: 1)
        #expect(truncated.isOutlier[99] && truncated.outlierCount == 1)
        let padded = try GridFilter.impulses(
            in: values, step: Self.step, window: 0.011, scaleFloor: 1, edges: .padValue)
        #expect(padded.outlierCount == 0)
    }

    @Test("Every precondition is an error, never a GSL abort or a NaN")
    func preconditions() {
        let values = [1.0, 2, 3, 4, 5]
        #expect(throws: GridFilter.InputError.empty) { try GridFilter.gaussian([], step: 0.001, sigma: 0.01) }
        #expect(throws: GridFilter.InputError.notFinite(index: 2)) {
            try GridFilter.median([1, 2, .nan], step: 0.001, window: 0.01)
        }
        #expect(throws: GridFilter.InputError.invalidStep(0)) {
            try GridFilter.gaussianDerivative(values, step: 0, sigma: 0.01)
        }
        #expect(throws: GridFilter.InputError.invalidWidth(-0.01)) {
            try GridFilter.gaussian(values, step: 0.001, sigma: -0.01)
        }
        #expect(throws: GridFilter.InputError.invalidWidth(.infinity)) {
            try GridFilter.median(values, step: 0.001, window: .infinity)
        }
        #expect(throws: GridFilter.InputError.widthTooShort(seconds: 0.0005, step: 0.001)) {
            try GridFilter.gaussian(values, step: 0.001, sigma: 0.0005)
        }
        // A 2.4 ms window at 1 ms holds round(1.2) = 1 sample either side, 3 in all, and is
        // accepted; 0.9 ms rounds to none either side.
        #expect(throws: Never.self) { try GridFilter.median(values, step: 0.001, window: 0.0024) }
        #expect(throws: GridFilter.InputError.widthTooShort(seconds: 0.0009, step: 0.001)) {
            try GridFilter.median(values, step: 0.001, window: 0.0009)
        }
        #expect(throws: GridFilter.InputError.widthTooLong(seconds: 1e6, step: 0.001)) {
            try GridFilter.gaussian(values, step: 0.001, sigma: 1e6)
        }
        #expect(throws: GridFilter.InputError.invalidThreshold(0)) {
            try GridFilter.impulses(in: values, step: 0.001, window: 0.01, threshold: 0, scaleFloor: 1)
        }
        #expect(throws: GridFilter.InputError.invalidScaleFloor(-1)) {
            try GridFilter.impulses(in: values, step: 0.001, window: 0.01, scaleFloor: -1)
        }
    }

    @Test("A window longer than the signal is still answered")
    func shortSignal() throws {
        let values = [3.0, 4, 5]
        #expect(try GridFilter.gaussian(values, step: 0.001, sigma: 0.05).allSatisfy { $0.isFinite })
        #expect(try GridFilter.median(values, step: 0.001, window: 1) == [4, 4, 4])
        #expect(try GridFilter.impulses(in: [7], step: 0.001, window: 1, scaleFloor: 0).outlierCount == 0)
    }
}
