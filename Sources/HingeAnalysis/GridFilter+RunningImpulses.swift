extension GridFilter {
    /// GSL's factor from the MAD to the standard deviation of Gaussian noise, 1/Φ⁻¹(3/4)
    /// (`gsl_movstat_mad`).
    static let madToSigma = 1.482602218505602

    /// The medians and scaled MADs of the windows of `size` (odd) samples around each sample, as
    /// `gsl_movstat_mad` defines them — the median of the window (an even count takes the mean of
    /// the middle two), then the median of the distances from it, times ``madToSigma`` — without
    /// its cost, which grows with the window (O(n·K): `smooth --impulses` took 17 s at 8 kHz).
    ///
    /// The window is a ``RankedWindow``. Its median is two k-th-smallest look-ups; its MAD is
    /// the k-th smallest of the distances, which are two sorted lists (the samples below the
    /// median, going down, and those above it, going up), so a binary search over how many come
    /// from each list finds it with O(log K) look-ups.
    ///
    /// - Complexity: O(n·log K·log n) time and O(n) memory (with padded edges, n + K − 1).
    static func runningMADs(
        _ values: [Double], size: Int, edges: Edges
    ) -> (medians: [Double], scales: [Double]) {
        var medians = [Double](repeating: 0, count: values.count)
        var scales = [Double](repeating: 0, count: values.count)
        forEachWindow(values, size: size, edges: edges) { index, window, count in
            let below = (count + 1) / 2
            let median = window.median(count)
            let mad =
                count % 2 == 1
                ? distance(below, in: window, count: count, median: median, below: below)
                : (distance(below, in: window, count: count, median: median, below: below)
                    + distance(below + 1, in: window, count: count, median: median, below: below)) / 2
            medians[index] = median
            scales[index] = madToSigma * mad
        }
        return (medians, scales)
    }

    /// The k-th smallest |x − median| over a window of `count` samples whose `below` smallest
    /// are at most the median and the rest at least it.
    ///
    /// Distances on the left, L(i) = median − x₍below−i+1₎ for i = 1…below, and on the right,
    /// R(j) = x₍below+j₎ − median for j = 1…count − below, both increase. Taking i from the left
    /// and k − i from the right is the answer when L(i) ≤ R(k−i+1) and R(k−i) ≤ L(i+1); then it
    /// is max(L(i), R(k−i)). The least i with L(i+1) ≥ R(k−i) is found by bisection.
    private static func distance(
        _ k: Int, in window: RankedWindow, count: Int, median: Double, below: Int
    ) -> Double {
        let above = count - below
        func left(_ i: Int) -> Double { median - window.smallest(below - i + 1) }
        func right(_ j: Int) -> Double { window.smallest(below + j) - median }
        // i takes from the left, k − i from the right: i ∈ [max(0, k − above), min(k, below)].
        var low = Swift.max(0, k - above)
        var high = Swift.min(k, below)
        while low < high {
            let i = (low + high) / 2
            // Too few from the left when the next left distance is smaller than the last right one.
            if left(i + 1) < right(k - i) { low = i + 1 } else { high = i }
        }
        let i = low
        return Swift.max(i > 0 ? left(i) : 0, k - i > 0 ? right(k - i) : 0)
    }
}
