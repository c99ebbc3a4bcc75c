internal import CGSL

extension GridFilter {
    /// Kernels longer than this are applied by FFT convolution instead of GSL's direct sum.
    ///
    /// The direct sum costs K multiply-adds per sample, so `smooth --gaussian` grew with the
    /// square of `--rate` (σ in samples grows with the rate): 46 s for a 5 s trace at 20 kHz.
    /// The FFT costs O((n + K)·log(n + K)) whatever σ is. Short kernels keep the direct sum,
    /// which is faster there and gives the results every existing table and plot was made
    /// with, bit for bit.
    static let convolutionThreshold = 255

    /// The Gaussian filter of order 0 or 1 with `edges` of ``Edges/padValue`` or
    /// ``Edges/padZero``, by FFT: the same kernel GSL samples and normalises
    /// (`gsl_filter_gaussian_kernel`), applied to the signal padded as GSL pads it, so the
    /// result equals GSL's direct sum to rounding (within 1e-12 of the signal's scale; the
    /// tests compare the two).
    ///
    /// - Complexity: O((n + K)·log(n + K)) time, O(n + K) memory.
    static func gaussianByConvolution(
        _ values: [Double], kernel: (size: Int, alpha: Double), order: Int, edges: Edges
    ) throws(InputError) -> [Double] {
        var taps = [Double](repeating: 0, count: kernel.size)
        try withVector(&taps) { (taps) throws(InputError) in
            try check(gsl_filter_gaussian_kernel(kernel.alpha, order, 1, taps), "gsl_filter_gaussian_kernel")
        }
        let half = kernel.size / 2
        let first = edges == .padValue ? values[0] : 0
        let last = edges == .padValue ? values[values.count - 1] : 0
        let padded =
            [Double](repeating: first, count: half) + values + [Double](repeating: last, count: half)
        let full = try convolve(padded, taps)
        // y_i = Σ_j h_j·x_{i+H−j} (the taps run from the newest sample to the oldest) is the
        // convolution of the padded signal at i + 2H.
        return (0..<values.count).map { full[$0 + 2 * half] }
    }

    /// The linear convolution of `signal` and `kernel` (length m + k − 1), by radix-2 real FFTs.
    static func convolve(_ signal: [Double], _ kernel: [Double]) throws(InputError) -> [Double] {
        let length = signal.count + kernel.count - 1
        var size = 1
        while size < length { size <<= 1 }
        var a = signal + [Double](repeating: 0, count: size - signal.count)
        var b = kernel + [Double](repeating: 0, count: size - kernel.count)
        try a.withUnsafeMutableBufferPointer { (a) throws(InputError) in
            try check(gsl_fft_real_radix2_transform(a.baseAddress, 1, size), "gsl_fft_real_radix2_transform")
        }
        try b.withUnsafeMutableBufferPointer { (b) throws(InputError) in
            try check(gsl_fft_real_radix2_transform(b.baseAddress, 1, size), "gsl_fft_real_radix2_transform")
        }
        // Half-complex layout: a[0] and a[n/2] are real, a[i] + i·a[n−i] for 0 < i < n/2.
        a[0] *= b[0]
        if size > 1 { a[size / 2] *= b[size / 2] }
        if size > 2 {
            for i in 1..<(size / 2) {
                let (re, im) = (a[i] * b[i] - a[size - i] * b[size - i], a[i] * b[size - i] + a[size - i] * b[i])
                a[i] = re
                a[size - i] = im
            }
        }
        try a.withUnsafeMutableBufferPointer { (a) throws(InputError) in
            try check(
                gsl_fft_halfcomplex_radix2_inverse(a.baseAddress, 1, size), "gsl_fft_halfcomplex_radix2_inverse")
        }
        return Array(a[..<length])
    }
}
