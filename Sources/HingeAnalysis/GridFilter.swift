internal import CGSL

/// Filters for a signal on a uniform grid, backed by `gsl_filter`: Gaussian smoothing, the
/// Gaussian derivative, the median, and impulse (outlier) detection.
///
/// ```swift
/// let grid = try TraceResampler(samples).grid(rate: 1000)
/// let position = try GridFilter.gaussian(grid.angles, step: 0.001, sigma: 0.02)
/// let velocity = try GridFilter.gaussianDerivative(grid.angles, step: 0.001, sigma: 0.02)
/// let outliers = try GridFilter.impulses(in: grid.angles, step: 0.001, window: 0.05, scaleFloor: 1)
/// ```
///
/// Widths are in seconds and are turned into whole samples of `step`. Every input is checked
/// before GSL sees it, and every GSL status is checked, so a bad input is a ``InputError`` rather
/// than a GSL abort or a NaN.
///
/// **Edges.** Near the ends of the signal the window reaches past the data, and GSL fills it
/// in one of three ways (``Edges``). The Gaussian filters pad with the end value by default: a
/// hinge trace begins and ends at rest, and an on-change sensor that has stopped reporting
/// holds its last value, so the held end value is what the hinge did beyond the record. GSL
/// 2.7's `TRUNCATE` does not renormalise the Gaussian kernel, so it pulls the ends towards 0
/// as `PADZERO` does (a constant 7 reads about 3.5 at the edge). The median and
/// the impulse detector truncate by default: padding with the end value would put copies of
/// an outlier at the very end into its own window, and they would outvote the genuine
/// samples.
public enum GridFilter {
    /// How a window that reaches past the ends of the signal is filled (`gsl_filter_end_t`).
    public enum Edges: String, CaseIterable, Sendable {
        /// Repeat the first and last values (`GSL_FILTER_END_PADVALUE`).
        case padValue
        /// Pad with zeros (`GSL_FILTER_END_PADZERO`); only for signals that are 0 at rest.
        case padZero
        /// Use the samples inside the signal only (`GSL_FILTER_END_TRUNCATE`).
        case truncate

        var gslValue: gsl_filter_end_t {
            switch self {
            case .padValue: GSL_FILTER_END_PADVALUE
            case .padZero: GSL_FILTER_END_PADZERO
            case .truncate: GSL_FILTER_END_TRUNCATE
            }
        }
    }

    /// The robust scale estimate of an impulse window (`gsl_filter_scale_t`); each is scaled by
    /// GSL to estimate the standard deviation of Gaussian noise.
    public enum Scale: String, CaseIterable, Sendable {
        /// The median absolute deviation.
        case mad
        /// The interquartile range.
        case iqr
        /// Rousseeuw and Croux's Sₙ.
        case sn
        /// Rousseeuw and Croux's Qₙ.
        case qn

        var gslValue: gsl_filter_scale_t {
            switch self {
            case .mad: GSL_FILTER_SCALE_MAD
            case .iqr: GSL_FILTER_SCALE_IQR
            case .sn: GSL_FILTER_SCALE_SN
            case .qn: GSL_FILTER_SCALE_QN
            }
        }
    }

    /// Why a filter could not run.
    public enum InputError: Error, Equatable, CustomStringConvertible {
        /// The signal has no samples.
        case empty
        /// A sample that is NaN or infinite.
        case notFinite(index: Int)
        /// A grid step that is not positive and finite.
        case invalidStep(Double)
        /// A sigma or window that is not positive and finite.
        case invalidWidth(Double)
        /// A width shorter than the grid can represent: sigma under one step, or a window of
        /// fewer than three samples.
        case widthTooShort(seconds: Double, step: Double)
        /// A width whose kernel or window would reach more than ``GridFilter/maximumReach``
        /// samples either side.
        case widthTooLong(seconds: Double, step: Double)
        /// An outlier threshold that is not positive and finite.
        case invalidThreshold(Double)
        /// A scale floor that is negative or not finite.
        case invalidScaleFloor(Double)
        /// GSL reported a failure.
        case gsl(GSLError)

        public var description: String {
            switch self {
            case .empty: "the signal is empty"
            case .notFinite(let index): "value \(index) is not finite"
            case .invalidStep(let step): "grid step \(step) must be positive and finite"
            case .invalidWidth(let width): "width \(width) s must be positive and finite"
            case .widthTooShort(let seconds, let step):
                "width \(seconds) s is too short for grid step \(step) s: a sigma needs at least one step, "
                    + "a window at least three samples"
            case .widthTooLong(let seconds, let step):
                "width \(seconds) s is too long for grid step \(step) s: at most \(GridFilter.maximumReach) samples either side"
            case .invalidThreshold(let threshold): "threshold \(threshold) must be positive and finite"
            case .invalidScaleFloor(let floor): "scale floor \(floor) must be zero or positive and finite"
            case .gsl(let error): error.description
            }
        }
    }

    /// The most samples a kernel or window reaches either side of its centre, which bounds the
    /// workspace GSL allocates.
    public static let maximumReach = 1 << 24

    /// The kernel of the Gaussian filters reaches this many sigmas either side, where the
    /// Gaussian has fallen to e⁻⁸ ≈ 3·10⁻⁴ of its peak.
    public static let gaussianReach = 4.0

    /// The signal smoothed by a Gaussian of standard deviation `sigma` seconds.
    ///
    /// The kernel is sampled at the grid step over ±4σ (``gaussianReach``) and normalised to
    /// sum to 1, so a constant stays that constant and a line stays that line away from the
    /// edges.
    ///
    /// - Parameters:
    ///   - values: the signal, one finite value per grid point.
    ///   - step: the grid spacing in seconds.
    ///   - sigma: the Gaussian's standard deviation in seconds; at least one `step`.
    ///   - edges: how the window is filled past the ends (see ``GridFilter``).
    /// - Returns: the smoothed signal, as long as `values`.
    /// - Complexity: O(n·K) for a kernel of K = 2⌈4σ/step⌉ + 1 samples up to
    ///   255 taps, O((n + K)·log(n + K)) beyond (by FFT).
    public static func gaussian(
        _ values: [Double], step: Double, sigma: Double, edges: Edges = .padValue
    ) throws(InputError) -> [Double] {
        let kernel = try gaussianKernel(values, step: step, sigma: sigma)
        return try gaussian(values, kernel: kernel, order: 0, edges: edges)
    }

    /// The derivative of the signal smoothed by a Gaussian of standard deviation `sigma`, per
    /// second: the signal filtered by the Gaussian's derivative.
    ///
    /// GSL's order-1 filter gives a derivative per sample, which is divided by `step`. Its
    /// kernel, sampled and cut at ±4σ, answers a ramp of slope 1 with slightly less than 1
    /// (about 0.99 at ±3σ), so the result is also divided by that measured ramp response: the
    /// derivative of a line is its slope to rounding, and the derivative of sin(ωt) is
    /// ω·e^(−ω²σ²/2)·cos(ωt), the derivative of the smoothed sine.
    ///
    /// - Parameters: as for ``gaussian(_:step:sigma:edges:)``.
    /// - Returns: the derivative in units of `values` per second, as long as `values`.
    /// - Complexity: O(n·K) for a kernel of K = 2⌈4σ/step⌉ + 1 samples up to
    ///   255 taps, O((n + K)·log(n + K)) beyond (by FFT).
    public static func gaussianDerivative(
        _ values: [Double], step: Double, sigma: Double, edges: Edges = .padValue
    ) throws(InputError) -> [Double] {
        let kernel = try gaussianKernel(values, step: step, sigma: sigma)
        let perSample = try gaussian(values, kernel: kernel, order: 1, edges: edges)
        let gain = try rampResponse(kernel)
        return perSample.map { $0 / (gain * step) }
    }

    /// The running median over a window of `window` seconds (`gsl_filter_median`).
    ///
    /// The window holds 2H + 1 samples, H = round(window / (2·step)), at least 3.
    ///
    /// - Parameters:
    ///   - values: the signal, one finite value per grid point.
    ///   - step: the grid spacing in seconds.
    ///   - window: the window's full width in seconds.
    ///   - edges: how the window is filled past the ends; truncated by default.
    /// - Returns: the filtered signal, as long as `values`.
    /// - Complexity: O(n·log K) for a window of K samples up to 255
    ///   (GSL's), O(n·log n) beyond.
    public static func median(
        _ values: [Double], step: Double, window: Double, edges: Edges = .truncate
    ) throws(InputError) -> [Double] {
        let size = try windowSize(values, step: step, window: window)
        if size > medianThreshold { return runningMedian(values, size: size, edges: edges) }
        return try medianDirect(values, size: size, edges: edges)
    }

    /// `gsl_filter_median` itself.
    static func medianDirect(_ values: [Double], size: Int, edges: Edges) throws(InputError) -> [Double] {
        guard let workspace = gsl_filter_median_alloc(size) else { throw outOfMemory("gsl_filter_median_alloc") }
        defer { gsl_filter_median_free(workspace) }
        var output = [Double](repeating: 0, count: values.count)
        try withVectors(values, &output, operation: "gsl_filter_median") { input, output in
            gsl_filter_median(edges.gslValue, input, output, workspace)
        }
        return output
    }

    /// The samples of a signal that stand out from their window: impulse detection
    /// (`gsl_filter_impulse`, a Hampel filter).
    ///
    /// A sample is an outlier when |x − m| > t·max(S, floor), where m is the median of its
    /// window, S the robust scale estimate of the window and t the threshold. GSL compares with
    /// S alone, and S collapses to 0 on a plateau of quantised data (more than half the window
    /// at one level), so every flicker of one quantisation step, and the first samples of every
    /// move, would be outliers. The floor — the sensor's quantisation step is the natural
    /// choice — keeps the detector from calling a single step an outlier; the decision is
    /// remade here from GSL's medians and scales.
    ///
    /// - Parameters:
    ///   - values: the signal, one finite value per grid point.
    ///   - step: the grid spacing in seconds.
    ///   - window: the window's full width in seconds; 2H + 1 samples, H = round(window/(2·step)).
    ///   - threshold: t, in scales; 3 by default.
    ///   - scaleFloor: the least scale S may take, in the units of `values`; 0 keeps GSL's.
    ///   - scale: the robust scale estimate; the MAD by default.
    ///   - edges: how the window is filled past the ends; truncated by default.
    /// - Returns: the flags, the cleaned signal (each outlier replaced by its median), and the
    ///   medians and floored scales behind each decision.
    /// - Complexity: with the MAD, O(n·K) for a window of K samples up to 255 (GSL's), and
    ///   O(n·log K·log n) beyond (the internal `runningMADs`); O(n·K log K) for Sₙ and Qₙ.
    public static func impulses(
        in values: [Double], step: Double, window: Double, threshold: Double = 3, scaleFloor: Double,
        scale: Scale = .mad, edges: Edges = .truncate
    ) throws(InputError) -> ImpulseDetection {
        let size = try windowSize(values, step: step, window: window)
        guard threshold.isFinite, threshold > 0 else { throw .invalidThreshold(threshold) }
        guard scaleFloor.isFinite, scaleFloor >= 0 else { throw .invalidScaleFloor(scaleFloor) }
        // Long windows with the MAD take the running MADs (GSL's cost grows with the window);
        // short ones, and the other scales, keep GSL's own, bit for bit.
        let (medians, scales) =
            size > medianThreshold && scale == .mad
            ? runningMADs(values, size: size, edges: edges)
            : try impulseScalesDirect(values, size: size, scale: scale, edges: edges)
        let count = values.count
        var detection = ImpulseDetection(isOutlier: [], cleaned: values, medians: medians, scales: [])
        detection.isOutlier.reserveCapacity(count)
        detection.scales.reserveCapacity(count)
        for index in 0..<count {
            let scale = Swift.max(scales[index], scaleFloor)
            let isOutlier = abs(values[index] - medians[index]) > threshold * scale
            detection.scales.append(scale)
            detection.isOutlier.append(isOutlier)
            if isOutlier { detection.cleaned[index] = medians[index] }
        }
        return detection
    }

    /// The medians and scales of `gsl_filter_impulse` itself (its flags, which use the
    /// unfloored scale, are recomputed by the caller).
    static func impulseScalesDirect(
        _ values: [Double], size: Int, scale: Scale, edges: Edges
    ) throws(InputError) -> (medians: [Double], scales: [Double]) {
        guard let workspace = gsl_filter_impulse_alloc(size) else { throw outOfMemory("gsl_filter_impulse_alloc") }
        defer { gsl_filter_impulse_free(workspace) }
        let count = values.count
        var medians = [Double](repeating: 0, count: count)
        var scales = [Double](repeating: 0, count: count)
        var unusedOutput = [Double](repeating: 0, count: count)
        var unusedFlags = [Int32](repeating: 0, count: count)
        var unusedCount = 0
        try withVectors(values, &unusedOutput, operation: "gsl_filter_impulse") { input, output in
            withVector(&medians) { medians in
                withVector(&scales) { scales in
                    unusedFlags.withUnsafeMutableBufferPointer { flags in
                        var flagView = gsl_vector_int_view_array(flags.baseAddress, flags.count)
                        return gsl_filter_impulse(
                            edges.gslValue, scale.gslValue, 1, input, output, medians, scales, &unusedCount,
                            &flagView.vector, workspace)
                    }
                }
            }
        }
        return (medians, scales)
    }

    // MARK: - GSL plumbing

    /// The size and α of a Gaussian kernel: K = 2H + 1 samples with H = ⌈4σ/step⌉, and
    /// α = H·step/σ, since GSL's kernel has σ = (K − 1)/(2α) samples.
    private static func gaussianKernel(
        _ values: [Double], step: Double, sigma: Double
    ) throws(InputError) -> (size: Int, alpha: Double) {
        try checkSignal(values, step: step)
        guard sigma.isFinite, sigma > 0 else { throw .invalidWidth(sigma) }
        let sigmaSamples = sigma / step
        guard sigmaSamples >= 1 else { throw .widthTooShort(seconds: sigma, step: step) }
        let half = (gaussianReach * sigmaSamples).rounded(.up)
        guard half <= Double(maximumReach) else { throw .widthTooLong(seconds: sigma, step: step) }
        return (2 * Int(half) + 1, half / sigmaSamples)
    }

    private static func gaussian(
        _ values: [Double], kernel: (size: Int, alpha: Double), order: Int, edges: Edges
    ) throws(InputError) -> [Double] {
        if kernel.size > convolutionThreshold, edges != .truncate {
            return try gaussianByConvolution(values, kernel: kernel, order: order, edges: edges)
        }
        return try gaussianDirect(values, kernel: kernel, order: order, edges: edges)
    }

    /// GSL's direct sum, K multiply-adds per sample.
    static func gaussianDirect(
        _ values: [Double], kernel: (size: Int, alpha: Double), order: Int, edges: Edges
    ) throws(InputError) -> [Double] {
        guard let workspace = gsl_filter_gaussian_alloc(kernel.size) else {
            throw outOfMemory("gsl_filter_gaussian_alloc")
        }
        defer { gsl_filter_gaussian_free(workspace) }
        var output = [Double](repeating: 0, count: values.count)
        try withVectors(values, &output, operation: "gsl_filter_gaussian") { input, output in
            gsl_filter_gaussian(edges.gslValue, kernel.alpha, order, input, output, workspace)
        }
        return output
    }

    /// What the order-1 filter gives for the ramp x_k = k: Σ j·h(j) over the normalised
    /// kernel h, whose taps run from the newest sample to the oldest.
    private static func rampResponse(_ kernel: (size: Int, alpha: Double)) throws(InputError) -> Double {
        var taps = [Double](repeating: 0, count: kernel.size)
        try withVector(&taps) { (taps) throws(InputError) in
            try check(gsl_filter_gaussian_kernel(kernel.alpha, 1, 1, taps), "gsl_filter_gaussian_kernel")
        }
        let half = kernel.size / 2
        return -taps.enumerated().reduce(0) { $0 + Double($1.offset - half) * $1.element }
    }

    /// K = 2H + 1 samples with H = round(window / (2·step)), at least 1.
    private static func windowSize(_ values: [Double], step: Double, window: Double) throws(InputError) -> Int {
        try checkSignal(values, step: step)
        guard window.isFinite, window > 0 else { throw .invalidWidth(window) }
        let half = (window / (2 * step)).rounded()
        guard half >= 1 else { throw .widthTooShort(seconds: window, step: step) }
        guard half <= Double(maximumReach) else { throw .widthTooLong(seconds: window, step: step) }
        return 2 * Int(half) + 1
    }

    private static func checkSignal(_ values: [Double], step: Double) throws(InputError) {
        GSL.configure()
        guard !values.isEmpty else { throw .empty }
        guard step.isFinite, step > 0 else { throw .invalidStep(step) }
        if let index = values.firstIndex(where: { !$0.isFinite }) { throw .notFinite(index: index) }
    }

    private static func outOfMemory(_ operation: String) -> InputError {
        .gsl(GSLError(status: Int32(GSL_ENOMEM), operation: operation))
    }

    static func check(_ status: Int32, _ operation: String) throws(InputError) {
        do {
            try GSL.check(status, operation)
        } catch {
            throw .gsl(error)
        }
    }

    /// Runs a GSL filter from a copy of `input` into `output` through vector views.
    private static func withVectors(
        _ input: [Double], _ output: inout [Double], operation: String,
        _ body: (UnsafePointer<gsl_vector>, UnsafeMutablePointer<gsl_vector>) -> Int32
    ) throws(InputError) {
        // GSL's views take a mutable base pointer even for input it only reads.
        var source = input
        let status = withVector(&source) { input in withVector(&output) { output in body(input, output) } }
        try check(status, operation)
    }

    static func withVector<Result, E: Error>(
        _ array: inout [Double], _ body: (UnsafeMutablePointer<gsl_vector>) throws(E) -> Result
    ) throws(E) -> Result {
        try array.withUnsafeMutableBufferPointer { (buffer) throws(E) -> Result in
            var view = gsl_vector_view_array(buffer.baseAddress, buffer.count)
            return try body(&view.vector)
        }
    }
}

/// The outcome of ``GridFilter/impulses(in:step:window:threshold:scaleFloor:scale:edges:)``.
public struct ImpulseDetection: Equatable, Sendable {
    /// Whether each sample is an outlier.
    public var isOutlier: [Bool]
    /// The signal with every outlier replaced by the median of its window.
    public var cleaned: [Double]
    /// The median of each sample's window.
    public var medians: [Double]
    /// The scale each decision used: GSL's robust estimate, raised to the floor.
    public var scales: [Double]

    /// How many samples are outliers.
    public var outlierCount: Int { isOutlier.reduce(0) { $0 + ($1 ? 1 : 0) } }
}
