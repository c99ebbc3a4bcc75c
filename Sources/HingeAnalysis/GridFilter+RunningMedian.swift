internal import CGSL

extension GridFilter {
    /// Windows longer than this are filtered by ``runningMedian(_:size:edges:)`` instead of
    /// `gsl_filter_median`, whose cost grows with the window in practice (4.8 s for 100,000
    /// points and a 20,001-sample window); short windows keep GSL's, bit for bit.
    static let medianThreshold = 255

    /// The running median over windows of `size` (odd) samples, as `gsl_filter_median` defines
    /// it: the window is centred on each sample; past the ends it is truncated (fewer samples,
    /// and an even count takes the mean of the middle two) or padded with the end values or
    /// zeros.
    ///
    /// The window is a ``RankedWindow``: entering and leaving cost O(log n), and so does its
    /// k-th smallest sample.
    ///
    /// - Complexity: O(n·log n) time and O(n) memory, whatever the window.
    static func runningMedian(_ values: [Double], size: Int, edges: Edges) -> [Double] {
        var output = [Double](repeating: 0, count: values.count)
        forEachWindow(values, size: size, edges: edges) { index, window, count in
            output[index] = window.median(count)
        }
        return output
    }

    /// Slides a ``RankedWindow`` of `size` (odd) samples over `values`, centred on each sample in
    /// turn, and calls `body` with the sample's index, the window and how many samples it holds:
    /// past the ends the window is truncated or holds the padding `edges` asks for (the end
    /// values or zeros), as GSL's moving windows do.
    static func forEachWindow(
        _ values: [Double], size: Int, edges: Edges, _ body: (Int, RankedWindow, Int) -> Void
    ) {
        let half = size / 2
        var signal = values
        var offset = 0
        if edges != .truncate {
            let first = edges == .padValue ? values[0] : 0
            let last = edges == .padValue ? values[values.count - 1] : 0
            signal = [Double](repeating: first, count: half) + values + [Double](repeating: last, count: half)
            offset = half
        }
        var window = RankedWindow(signal)
        let count = signal.count
        // The window of output i covers signal[i + offset − H … i + offset + H], cut to the signal.
        var low = 0
        var high = -1
        for i in 0..<values.count {
            let centre = i + offset
            let wantLow = Swift.max(0, centre - half)
            let wantHigh = Swift.min(count - 1, centre + half)
            while high < wantHigh {
                high += 1
                window.update(high, by: 1)
            }
            while low < wantLow {
                window.update(low, by: -1)
                low += 1
            }
            body(i, window, high - low + 1)
        }
    }
}

/// The samples of a signal inside a window, as a Fenwick tree of counts over their ranks: the
/// signal is ranked once (a sort, ties by position), entering and leaving cost O(log n), and
/// the k-th smallest is found by descending the tree in O(log n).
struct RankedWindow {
    private let signal: [Double]
    /// Sample indices in rank order, and each sample's rank (1-based).
    private let order: [Int]
    private let rank: [Int]
    /// `tree[p]` counts the samples in the window whose rank is in (p − lowbit(p), p].
    private var tree: [Int]
    /// The largest power of two not above the signal's length: where a descent starts.
    private let highest: Int

    init(_ signal: [Double]) {
        self.signal = signal
        let count = signal.count
        order = signal.indices.sorted { signal[$0] < signal[$1] || (signal[$0] == signal[$1] && $0 < $1) }
        var rank = [Int](repeating: 0, count: count)
        for (position, index) in order.enumerated() { rank[index] = position + 1 }
        self.rank = rank
        tree = [Int](repeating: 0, count: count + 1)
        var highest = 1
        while highest << 1 <= count { highest <<= 1 }
        self.highest = highest
    }

    /// Adds sample `index` to the window (`delta` 1) or removes it (−1).
    mutating func update(_ index: Int, by delta: Int) {
        var position = rank[index]
        while position <= signal.count {
            tree[position] += delta
            position += position & -position
        }
    }

    /// The median of the `count` samples in the window; an even count takes the mean of the
    /// middle two.
    func median(_ count: Int) -> Double {
        count % 2 == 1 ? smallest((count + 1) / 2) : (smallest(count / 2) + smallest(count / 2 + 1)) / 2
    }

    /// The value of rank-order k (1-based) among the samples in the window.
    func smallest(_ k: Int) -> Double {
        var position = 0
        var remaining = k
        var step = highest
        while step > 0 {
            if position + step <= signal.count, tree[position + step] < remaining {
                position += step
                remaining -= tree[position]
            }
            step >>= 1
        }
        return signal[order[position]]
    }
}
