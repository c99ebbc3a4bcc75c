/// Android's default `VelocityTracker` strategy (LSQ2) as AOSP computes it.
///
/// From AOSP's `VelocityTracker.cpp` (via ANCHORS.md, "Checked against the real things"):
/// sample times are integer nanoseconds and ages are measured from the newest sample; a
/// sample older than 100 ms (``horizon``) is dropped, at most 20 are kept, and a gap of more
/// than 40 ms (``stopGap``) between two samples ends the history (the pointer stopped). The
/// fit is an unweighted quadratic in single precision — the closed form of AOSP's
/// `solveUnweightedLeastSquaresDeg2` — or a line when only two samples are left, and no
/// velocity with one. Comparisons are on integers, so a sample exactly 100 ms old or 40 ms
/// after the one before it is kept, as on a device; with `Double` seconds those ties fall
/// either way on a regular 10 ms or 40 ms grid.
enum AndroidLSQ2 {
    /// AOSP's `HORIZON`: 100 ms.
    static let horizon: Int64 = 100_000_000
    /// AOSP's `ASSUME_POINTER_STOPPED_TIME`: 40 ms.
    static let stopGap: Int64 = 40_000_000
    /// AOSP's `HISTORY_SIZE`.
    static let historySize = 20

    /// A time in seconds as integer nanoseconds (rounded to the nearest, saturating).
    static func nanoseconds(_ seconds: Double) -> Int64 {
        let value = (seconds * 1e9).rounded()
        guard value.isFinite else { return value > 0 ? .max : .min }
        if value >= 9.2e18 { return .max }
        if value <= -9.2e18 { return .min }
        return Int64(value)
    }

    /// Whether more than 40 ms passed from the newest sample to `time` (the read-time stop).
    static func hasStopped(at time: Double, newest: Double) -> Bool {
        let (gap, overflow) = nanoseconds(time).subtractingReportingOverflow(nanoseconds(newest))
        return overflow || gap > stopGap
    }

    /// The fit's velocity at the newest sample, degrees per second.
    ///
    /// - Complexity: O(20); no allocation (the fit needs only running sums).
    static func velocity(_ history: SampleHistory) -> Double {
        guard let newest = history.newest else { return 0 }
        let newestTime = nanoseconds(newest.time)
        var sums = Sums()
        var laterTime = newestTime
        for back in 0..<min(history.count, historySize) {
            let sample = history.sample(back: back)
            let time = nanoseconds(sample.time)
            let (age, overflow) = newestTime.subtractingReportingOverflow(time)
            let (gap, gapOverflow) = laterTime.subtractingReportingOverflow(time)
            if overflow || gapOverflow || age > horizon || gap > stopGap { break }
            sums.add(x: Float(-age) * Float(1e-9), y: Float(sample.angle))
            laterTime = time
        }
        let fit: Float?
        switch sums.count {
        case 0, 1: fit = nil
        case 2: fit = sums.lineSlope
        default: fit = sums.quadraticSlope
        }
        guard let fit, fit.isFinite else { return 0 }
        return Double(fit)
    }

    /// The running sums of AOSP's `solveUnweightedLeastSquaresDeg2`, in single precision.
    struct Sums {
        var count = 0
        var sxi: Float = 0
        var sxiyi: Float = 0
        var syi: Float = 0
        var sxi2: Float = 0
        var sxi3: Float = 0
        var sxi2yi: Float = 0
        var sxi4: Float = 0

        mutating func add(x: Float, y: Float) {
            let x2 = x * x
            count += 1
            sxi += x
            sxiyi += x * y
            syi += y
            sxi2 += x2
            sxi3 += x2 * x
            sxi2yi += x2 * y
            sxi4 += x2 * x2
        }

        /// The slope at x = 0 of the least-squares quadratic, by AOSP's closed form over the
        /// centred sums `Sxx`, `Sxy`, `Sxx2`, `Sx2y`, `Sx2x2`; `nil` when singular.
        var quadraticSlope: Float? {
            let n = Float(count)
            let sxx = sxi2 - sxi * sxi / n
            let sxy = sxiyi - sxi * syi / n
            let sxx2 = sxi3 - sxi * sxi2 / n
            let sx2y = sxi2yi - sxi2 * syi / n
            let sx2x2 = sxi4 - sxi2 * sxi2 / n
            let denominator = sxx * sx2x2 - sxx2 * sxx2
            guard denominator != 0 else { return nil }
            return (sxy * sx2x2 - sx2y * sxx2) / denominator
        }

        /// The slope of the least-squares line; `nil` when the times coincide.
        var lineSlope: Float? {
            let n = Float(count)
            let sxx = sxi2 - sxi * sxi / n
            let sxy = sxiyi - sxi * syi / n
            return sxx != 0 ? sxy / sxx : nil
        }
    }
}
