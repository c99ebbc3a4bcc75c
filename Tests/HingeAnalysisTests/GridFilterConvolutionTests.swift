import HingeKit
import Testing

@testable import HingeAnalysis

/// The FFT path of the Gaussian filters against GSL's direct sum, the implementation every
/// table and plot was made with: the same kernel, the same padding, so the two agree to
/// rounding. Tolerance 1e-9 of the signal's scale (angles up to 180°): the FFT's error is
/// about ε·log₂N·Σ|x|·max|h|, some 1e-12 here.
@Suite("GridFilter FFT convolution")
struct GridFilterConvolutionTests {
    static func signal(count: Int, seed: UInt64) -> [Double] {
        var random = SplitMix64(seed: seed)
        var value = 90.0
        return (0..<count).map { index in
            value += Double(random.next() % 2001) / 1000 - 1
            return index % 97 == 0 ? value + 30 : value
        }
    }

    @Test(
        "The FFT Gaussian equals GSL's direct sum (orders 0 and 1, padded edges)",
        arguments: [(0, GridFilter.Edges.padValue), (1, .padValue), (0, .padZero), (1, .padZero)])
    func agreesWithDirectSum(order: Int, edges: GridFilter.Edges) throws {
        let values = Self.signal(count: 3000, seed: 13)
        for sigmaSamples in [64.0, 150.0, 500.0] {
            let half = (GridFilter.gaussianReach * sigmaSamples).rounded(.up)
            let kernel = (size: 2 * Int(half) + 1, alpha: half / sigmaSamples)
            #expect(kernel.size > GridFilter.convolutionThreshold)
            let direct = try GridFilter.gaussianDirect(values, kernel: kernel, order: order, edges: edges)
            let fft = try GridFilter.gaussianByConvolution(values, kernel: kernel, order: order, edges: edges)
            let worst = zip(direct, fft).map { abs($0 - $1) }.max() ?? 0
            #expect(worst < 1e-9, "σ \(sigmaSamples) samples: differs by \(worst)")
        }
    }

    @Test("The public filters take the FFT path for long kernels and keep a line's value and slope")
    func longKernelsKeepALine() throws {
        // A line is its own Gaussian smoothing and its derivative is its slope (away from the
        // padded ends): an oracle independent of either implementation.
        let step = 1e-4
        let values = (0..<200_000).map { 10 + 3 * Double($0) * step }
        let sigma = 0.05  // 500 samples: a kernel of 4001 taps
        let smoothed = try GridFilter.gaussian(values, step: step, sigma: sigma)
        let slope = try GridFilter.gaussianDerivative(values, step: step, sigma: sigma)
        for index in stride(from: 5000, to: 195_000, by: 997) {
            #expect(abs(smoothed[index] - values[index]) < 1e-9)
            #expect(abs(slope[index] - 3) < 1e-6)
        }
    }

    @Test("Convolution matches the definition on a small case")
    func convolutionDefinition() throws {
        let x = [1.0, 2, 3, 4, 5]
        let h = [0.5, -1, 2]
        let result = try GridFilter.convolve(x, h)
        let expected = (0..<7).map { m in
            (0..<3).reduce(0.0) { sum, j in (0..<5).contains(m - j) ? sum + h[j] * x[m - j] : sum }
        }
        #expect(zip(result, expected).allSatisfy { abs($0 - $1) < 1e-12 })
    }
}

@Suite("GridFilter running median")
struct GridFilterRunningMedianTests {
    @Test(
        "The Fenwick running median equals gsl_filter_median, edges included",
        arguments: GridFilter.Edges.allCases)
    func agreesWithGSL(edges: GridFilter.Edges) throws {
        // Quantised values, so ties are common, as on a real sensor.
        let values = GridFilterConvolutionTests.signal(count: 2500, seed: 29).map { ($0 * 2).rounded() / 2 }
        for size in [3, 41, 301, 1001] {
            let gsl = try GridFilter.medianDirect(values, size: size, edges: edges)
            let fenwick = GridFilter.runningMedian(values, size: size, edges: edges)
            let worst = zip(gsl, fenwick).map { abs($0 - $1) }.max() ?? 0
            #expect(worst <= 1e-12, "window \(size): differs by \(worst)")
        }
    }
}

/// The running MADs of `smooth --impulses` against GSL's `gsl_filter_impulse`, the algorithm
/// every earlier result was made with: the medians and the scales of every window, edges
/// included, on quantised data (ties everywhere) and on continuous data. Both sort the same
/// numbers and take the same middle elements, so they agree to the rounding of one mean and one
/// product: tolerance 1e-12 of the angles (up to ~200°).
@Suite("GridFilter running MAD")
struct GridFilterRunningMADTests {
    @Test(
        "The running medians and MADs equal gsl_filter_impulse's, edges included", arguments: GridFilter.Edges.allCases)
    func agreesWithGSL(edges: GridFilter.Edges) throws {
        let continuous = GridFilterConvolutionTests.signal(count: 1500, seed: 31)
        let quantised = continuous.map { ($0 * 2).rounded() / 2 }
        for values in [continuous, quantised] {
            for size in [3, 4 * 2 + 1, 41, 301, 1001] {
                let gsl = try GridFilter.impulseScalesDirect(values, size: size, scale: .mad, edges: edges)
                let fenwick = GridFilter.runningMADs(values, size: size, edges: edges)
                let medians = zip(gsl.medians, fenwick.medians).map { abs($0 - $1) }.max() ?? 0
                let scales = zip(gsl.scales, fenwick.scales).map { abs($0 - $1) }.max() ?? 0
                #expect(medians <= 1e-12, "window \(size): medians differ by \(medians)")
                #expect(scales <= 1e-12, "window \(size): scales differ by \(scales)")
            }
        }
    }

    @Test("A long window takes the running MADs and flags the same samples as GSL would")
    func publicPathFlagsTheSame() throws {
        let values = GridFilterConvolutionTests.signal(count: 4000, seed: 37).map { ($0 * 2).rounded() / 2 }
        // 0.601 s at 1 kHz: a window of 601 samples, past the threshold of 255.
        let detection = try GridFilter.impulses(in: values, step: 0.001, window: 0.601, scaleFloor: 0.5)
        let gsl = try GridFilter.impulseScalesDirect(values, size: 601, scale: .mad, edges: .truncate)
        let expected = values.indices.map { abs(values[$0] - gsl.medians[$0]) > 3 * max(gsl.scales[$0], 0.5) }
        #expect(detection.isOutlier == expected)
        // The spikes every 97 samples (+30°) are there to be found.
        #expect(detection.outlierCount >= 40, "\(detection.outlierCount)")
    }
}
