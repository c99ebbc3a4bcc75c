/// A small, fast, seedable random number generator (SplitMix64).
///
/// ```swift
/// var random = SplitMix64(seed: 42)
/// let jitter = random.nextUnit()  // the same sequence for the same seed, on every platform
/// ```
///
/// Synthetic traces must be byte-identical for the same seed, on every platform and Swift
/// release, so HingeKit draws its own numbers instead of relying on `Double.random(in:using:)`,
/// whose algorithm the standard library does not promise to keep. The generator is Steele,
/// Lea and Flood's SplitMix64 ("Fast splittable pseudorandom number generators", OOPSLA 2014),
/// with its published constants.
public struct SplitMix64: RandomNumberGenerator, Hashable, Sendable {
    private var state: UInt64

    /// A generator whose sequence is fixed by `seed`.
    public init(seed: UInt64) { state = seed }

    public mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A uniform double in [0, 1), from the top 53 bits.
    public mutating func nextUnit() -> Double { Double(next() >> 11) * 0x1.0p-53 }

    /// A uniform double in `range`.
    public mutating func next(in range: ClosedRange<Double>) -> Double {
        range.lowerBound + (range.upperBound - range.lowerBound) * nextUnit()
    }

    /// An approximately standard normal double: the Irwin–Hall sum of 12 uniforms, minus 6.
    ///
    /// It uses only additions, so it is bit-identical everywhere (no `log` or `cos` from a
    /// platform's maths library); its tails stop at ±6σ, which suits sensor noise.
    public mutating func nextGaussian() -> Double {
        var sum = 0.0
        for _ in 0..<12 { sum += nextUnit() }
        return sum - 6
    }
}
