internal import HingeSupport

/// Counts of positive values in log-spaced bins 0.01 % wide, from 1 µs to 10⁵ s, plus the
/// values outside that span; enough for percentiles of sampling intervals in fixed memory.
/// Infinite and huge values count as above the span.
struct LogHistogram: Sendable {
    private static let lowest = 1e-6
    private static let binsPerNatural = 10_000.0  // bin width: e^(1/10 000) − 1 ≈ 0.01 %
    private static let binCount = 253_284  // ln(10⁵ / 10⁻⁶) · 10 000, rounded up

    private var bins: [UInt32] = []
    private var below = 0  // zero intervals and anything under 1 µs
    private var belowMaximum = 0.0
    private var above = 0
    private var aboveMinimum = Double.infinity
    private(set) var count = 0

    mutating func add(_ value: Double) {
        count += 1
        if bins.isEmpty { bins = Array(repeating: 0, count: Self.binCount) }
        guard value >= Self.lowest else {
            below += 1
            belowMaximum = max(belowMaximum, value)
            return
        }
        // Compared before the conversion to Int, which traps on the infinity that a value
        // above 10³⁰² (divided by 10⁻⁶) or an infinite one gives.
        let position = log(value / Self.lowest) * Self.binsPerNatural
        guard position < Double(Self.binCount) else {
            above += 1
            aboveMinimum = min(aboveMinimum, value)
            return
        }
        bins[Int(position.rounded(.down))] &+= 1
    }

    /// The centre of the bin holding the value of rank ⌈q·n⌉.
    func quantile(_ q: Double) -> Double? {
        guard count > 0 else { return nil }
        let rank = max(1, Int((q * Double(count)).rounded(.up)))
        if rank <= below { return belowMaximum }
        var seen = below
        for (index, binCount) in bins.enumerated() where binCount > 0 {
            seen += Int(binCount)
            if seen >= rank {
                return Self.lowest * exp((Double(index) + 0.5) / Self.binsPerNatural)
            }
        }
        return aboveMinimum
    }
}
