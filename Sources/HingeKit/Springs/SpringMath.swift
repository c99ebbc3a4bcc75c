internal import HingeSupport

// The closed form of a spring costs one exponential and, while it oscillates, one sine and
// one cosine per spring and per frame. Calls into the C library for them cost more than the
// arithmetic around them (about 6 ns for `exp`, 20 ns for `sin` and `cos` of one argument,
// which each reduce it on their own), and every value live across such a call is saved to
// memory and loaded back. An additive animator with three different springs in flight paid
// about 70 ns a frame for them. These two functions do the same work inline, with tables of
// 64 entries, in a few dozen arithmetic operations, and agree with the C library to within
// one unit in the last place (the tests compare them over millions of arguments).

/// sin x and cos x together.
///
/// `x = k·π/32 + r` with |r| ≤ π/64 (π/32 in three parts, the first two of 33 significant bits,
/// so that k·part is exact for |k| < 2²⁰, and r kept as a pair `high + low`); then
/// `sin x = S + (S·(cos r − 1) + C·sin r)` and `cos x = C + (C·(cos r − 1) − S·sin r)`, with
/// S and C = sin and cos of k·π/32 from a table (each to twice a `Double`'s precision), and
/// the Taylor series of sin r and cos r − 1, whose first omitted terms are below 1e-19. The
/// sine's and the cosine's halves of the work run side by side in `SIMD2` lanes. Exactly
/// `(0, 1)` at 0. Arguments beyond ±2¹⁶, NaN and infinities go to the C library.
@inline(__always)
func sineCosine(_ x: Double) -> (sin: Double, cos: Double) {
    abs(x) <= 0x1p16 ? sineCosineInRange(x, turns: x * 0x1.45f306dc9c883p3) : (sin(x), cos(x))
}

/// ``sineCosine(_:)`` for |x| ≤ 2¹⁶, given `turns` ≈ x·32/π.
///
/// `turns` only picks k (its nearest whole number); the spring passes `t·(ω_d·32/π)`, which
/// does not wait for the phase `ω_d·t`. Off by a rounding, it can pick the neighbouring k, and
/// r is then a hair beyond π/64: as accurate.
@inline(__always)
func sineCosineInRange(_ x: Double, turns: Double) -> (sin: Double, cos: Double) {
    // Rounds to a whole number without a call (the baseline x86-64 has no rounding
    // instruction): below 2⁵¹, adding and removing 1.5·2⁵² leaves no fraction, and the last
    // bits of the sum are k + 2⁵¹, so k mod 64.
    let shifter = 0x1.8p52
    let shifted = turns + shifter
    let k = shifted - shifter
    let entry = Int(truncatingIfNeeded: shifted.bitPattern) & 63
    let t = x - k * 0x1.921fb544p-4  // exact: k·part has at most 53 bits, t is close to x − k·π/32
    let w = k * 0x1.0b4611a6p-38  // exact, and far smaller than t unless t is tiny
    // high + low = t − w (what the subtraction rounded off), less the last part of π/32.
    let high = t - w
    let low = ((t - high) - w) - k * 0x1.3198a2e037073p-73
    let z = high * high
    let zz = SIMD2(repeating: z)
    // (sin r − high)/(high·z) and (cos r − 1)/z, then the two remainders themselves.
    let first = SIMD2<Double>(-1.0 / 6, -1.0 / 2)
    let second = SIMD2<Double>(1.0 / 120, 1.0 / 24)
    let third = SIMD2<Double>(-1.0 / 5040, -1.0 / 720)
    let fourth = SIMD2<Double>(1.0 / 362_880, 1.0 / 40320)
    let early: SIMD2<Double> = first + zz * second
    let late: SIMD2<Double> = third + zz * fourth
    let series: SIMD2<Double> = early + zz * zz * late
    let scale = SIMD2<Double>(high * z, z)
    let remainder = SIMD2<Double>(low, -(high * low))
    let tails = scale * series + remainder
    let sineOfRLessHigh = SIMD2(repeating: tails.x)
    let cosineOfRLessOne = SIMD2(repeating: tails.y)
    let highs = SIMD2(repeating: high)
    return circleTable.withUnsafeBufferPointer { table in
        // Per entry (S, C), (C, −S) and the remainders of S and C.
        // circleTable is a non-empty constant array, so it has an address.
        // swift-format-ignore: NeverForceUnwrap
        let row = UnsafeRawPointer(table.baseAddress!) + 48 * entry
        let values = row.loadUnaligned(as: SIMD2<Double>.self)
        let turned = row.loadUnaligned(fromByteOffset: 16, as: SIMD2<Double>.self)
        let remainders = row.loadUnaligned(fromByteOffset: 32, as: SIMD2<Double>.self)
        let small = (remainders + values * cosineOfRLessOne) + turned * sineOfRLessHigh
        let result = values + (small + turned * highs)
        return (result.x, result.y)
    }
}

/// e^x.
///
/// `x = (64m + j)·ln 2/64 + r` with |r| ≤ ln 2/128 (ln 2/64 in two parts, the first of 36
/// significant bits so that the product is exact), then `e^x = 2^m · T·(1 + p)`, with
/// T = 2^(j/64) from a table (to twice a `Double`'s precision) and p = e^r − 1 from its Taylor
/// series up to r⁶ (the next term is below 3e-20). Exactly 1 at 0. Arguments outside ±700,
/// NaN and infinities go to the C library.
@inline(__always)
func exponential(_ x: Double) -> Double {
    x > -700 && x < 700 ? exponentialInRange(x, steps: x * 0x1.71547652b82fep6) : exp(x)
}

/// ``exponential(_:)`` for −700 < x < 700, given `steps` ≈ x·64/ln 2 (which, as `turns` in
/// ``sineCosineInRange(_:turns:)``, only picks the nearest multiple of ln 2/64).
@inline(__always)
func exponentialInRange(_ x: Double, steps: Double) -> Double {
    let (t, tLow, p, power) = exponentialParts(x, steps: steps)
    return (t + (tLow + t * p)) * power
}

/// The reduction ``exponential(_:)`` and ``exponentialMinusOne(_:)`` share: `e^x = power · T·(1 + p)`
/// with T = `t + tLow` = 2^(j/64) from the table, p = e^r − 1 and power = 2^m.
@inline(__always)
private func exponentialParts(_ x: Double, steps: Double) -> (t: Double, tLow: Double, p: Double, power: Double) {
    let shifter = 0x1.8p52
    let shifted = steps + shifter
    let k = shifted - shifter
    let whole = Int(truncatingIfNeeded: shifted.bitPattern) & 0xF_FFFF_FFFF_FFFF - (1 << 51)
    let entry = whole & 63
    let r = (x - k * 0x1.62e42fefap-7) - k * 0x1.cf79abc9e3b3ap-46
    let r2 = r * r
    let p = r + r2 * ((1.0 / 2 + r * (1.0 / 6)) + r2 * ((1.0 / 24 + r * (1.0 / 120)) + r2 * (1.0 / 720)))
    let power = Double(bitPattern: UInt64(truncatingIfNeeded: 1023 + (whole >> 6)) << 52)  // 13…2033: a normal number
    return exponentTable.withUnsafeBufferPointer { table in (table[2 * entry], table[2 * entry + 1], p, power) }
}

/// e^x − 1, accurate where x is small (as the C library's `expm1`).
///
/// The same reduction as ``exponential(_:)``, `e^x = 2^m · T·(1 + p)` with T in two parts
/// `t + tLow`, then `e^x − 1 = (2^m·t − 1) + 2^m·(tLow + t·p)`: for |x| < ln 2/128, t = 1 and
/// m = 0, so the first part is 0 and the result is p itself, to full relative precision; up to
/// |x| = ln 2 the first part is exact (2^m·t lies between ½ and 2). The 1€ filter's on-change
/// smoothing factor, one per sample, was one of the reader's slowest steps through the C
/// library. Arguments outside ±700, NaN and infinities go to the C library.
@inline(__always)
func exponentialMinusOne(_ x: Double) -> Double {
    guard x > -700 && x < 700 else { return expm1(x) }
    let (t, tLow, p, power) = exponentialParts(x, steps: x * 0x1.71547652b82fep6)
    return (t * power - 1) + (tLow + t * p) * power
}

/// S, C, C, −S, S’s remainder and C’s remainder, with S and C the sine and cosine of j·π/32,
/// for j = 0…63: each value to about 106 bits as a `Double` and its remainder.
private let circleTable: [Double] = [
    0, 0x1p+0, 0x1p+0, 0, 0, 0,
    0x1.917a6bc29b42cp-4, 0x1.fd88da3d12526p-1, 0x1.fd88da3d12526p-1, -0x1.917a6bc29b42cp-4, -0x1.e2718d26ed688p-60,
    -0x1.87df6378811c7p-55,
    0x1.8f8b83c69a60bp-3, 0x1.f6297cff75cbp-1, 0x1.f6297cff75cbp-1, -0x1.8f8b83c69a60bp-3, -0x1.26d19b9ff8d82p-57,
    0x1.562172a361fd3p-56,
    0x1.294062ed59f06p-2, 0x1.e9f4156c62ddap-1, 0x1.e9f4156c62ddap-1, -0x1.294062ed59f06p-2, -0x1.5d28da2c4612dp-56,
    0x1.760b1e2e3f81ep-55,
    0x1.87de2a6aea963p-2, 0x1.d906bcf328d46p-1, 0x1.d906bcf328d46p-1, -0x1.87de2a6aea963p-2, -0x1.72cedd3d5a61p-57,
    0x1.457e610231ac2p-56,
    0x1.e2b5d3806f63bp-2, 0x1.c38b2f180bdb1p-1, 0x1.c38b2f180bdb1p-1, -0x1.e2b5d3806f63bp-2, 0x1.e0d891d3c6841p-58,
    -0x1.6e0b1757c8d07p-56,
    0x1.1c73b39ae68c8p-1, 0x1.a9b66290ea1a3p-1, 0x1.a9b66290ea1a3p-1, -0x1.1c73b39ae68c8p-1, 0x1.b25dd267f66p-55,
    0x1.9f630e8b6dac8p-60,
    0x1.44cf325091dd6p-1, 0x1.8bc806b151741p-1, 0x1.8bc806b151741p-1, -0x1.44cf325091dd6p-1, 0x1.8076a2cfdc6b3p-57,
    -0x1.2c5e12ed1336dp-55,
    0x1.6a09e667f3bcdp-1, 0x1.6a09e667f3bcdp-1, 0x1.6a09e667f3bcdp-1, -0x1.6a09e667f3bcdp-1, -0x1.bdd3413b26456p-55,
    -0x1.bdd3413b26456p-55,
    0x1.8bc806b151741p-1, 0x1.44cf325091dd6p-1, 0x1.44cf325091dd6p-1, -0x1.8bc806b151741p-1, -0x1.2c5e12ed1336dp-55,
    0x1.8076a2cfdc6b3p-57,
    0x1.a9b66290ea1a3p-1, 0x1.1c73b39ae68c8p-1, 0x1.1c73b39ae68c8p-1, -0x1.a9b66290ea1a3p-1, 0x1.9f630e8b6dac8p-60,
    0x1.b25dd267f66p-55,
    0x1.c38b2f180bdb1p-1, 0x1.e2b5d3806f63bp-2, 0x1.e2b5d3806f63bp-2, -0x1.c38b2f180bdb1p-1, -0x1.6e0b1757c8d07p-56,
    0x1.e0d891d3c6841p-58,
    0x1.d906bcf328d46p-1, 0x1.87de2a6aea963p-2, 0x1.87de2a6aea963p-2, -0x1.d906bcf328d46p-1, 0x1.457e610231ac2p-56,
    -0x1.72cedd3d5a61p-57,
    0x1.e9f4156c62ddap-1, 0x1.294062ed59f06p-2, 0x1.294062ed59f06p-2, -0x1.e9f4156c62ddap-1, 0x1.760b1e2e3f81ep-55,
    -0x1.5d28da2c4612dp-56,
    0x1.f6297cff75cbp-1, 0x1.8f8b83c69a60bp-3, 0x1.8f8b83c69a60bp-3, -0x1.f6297cff75cbp-1, 0x1.562172a361fd3p-56,
    -0x1.26d19b9ff8d82p-57,
    0x1.fd88da3d12526p-1, 0x1.917a6bc29b42cp-4, 0x1.917a6bc29b42cp-4, -0x1.fd88da3d12526p-1, -0x1.87df6378811c7p-55,
    -0x1.e2718d26ed688p-60,
    0x1p+0, 0, 0, -0x1p+0, 0, 0,
    0x1.fd88da3d12526p-1, -0x1.917a6bc29b42cp-4, -0x1.917a6bc29b42cp-4, -0x1.fd88da3d12526p-1, -0x1.87df6378811c7p-55,
    0x1.e2718d26ed688p-60,
    0x1.f6297cff75cbp-1, -0x1.8f8b83c69a60bp-3, -0x1.8f8b83c69a60bp-3, -0x1.f6297cff75cbp-1, 0x1.562172a361fd3p-56,
    0x1.26d19b9ff8d82p-57,
    0x1.e9f4156c62ddap-1, -0x1.294062ed59f06p-2, -0x1.294062ed59f06p-2, -0x1.e9f4156c62ddap-1, 0x1.760b1e2e3f81ep-55,
    0x1.5d28da2c4612dp-56,
    0x1.d906bcf328d46p-1, -0x1.87de2a6aea963p-2, -0x1.87de2a6aea963p-2, -0x1.d906bcf328d46p-1, 0x1.457e610231ac2p-56,
    0x1.72cedd3d5a61p-57,
    0x1.c38b2f180bdb1p-1, -0x1.e2b5d3806f63bp-2, -0x1.e2b5d3806f63bp-2, -0x1.c38b2f180bdb1p-1, -0x1.6e0b1757c8d07p-56,
    -0x1.e0d891d3c6841p-58,
    0x1.a9b66290ea1a3p-1, -0x1.1c73b39ae68c8p-1, -0x1.1c73b39ae68c8p-1, -0x1.a9b66290ea1a3p-1, 0x1.9f630e8b6dac8p-60,
    -0x1.b25dd267f66p-55,
    0x1.8bc806b151741p-1, -0x1.44cf325091dd6p-1, -0x1.44cf325091dd6p-1, -0x1.8bc806b151741p-1, -0x1.2c5e12ed1336dp-55,
    -0x1.8076a2cfdc6b3p-57,
    0x1.6a09e667f3bcdp-1, -0x1.6a09e667f3bcdp-1, -0x1.6a09e667f3bcdp-1, -0x1.6a09e667f3bcdp-1, -0x1.bdd3413b26456p-55,
    0x1.bdd3413b26456p-55,
    0x1.44cf325091dd6p-1, -0x1.8bc806b151741p-1, -0x1.8bc806b151741p-1, -0x1.44cf325091dd6p-1, 0x1.8076a2cfdc6b3p-57,
    0x1.2c5e12ed1336dp-55,
    0x1.1c73b39ae68c8p-1, -0x1.a9b66290ea1a3p-1, -0x1.a9b66290ea1a3p-1, -0x1.1c73b39ae68c8p-1, 0x1.b25dd267f66p-55,
    -0x1.9f630e8b6dac8p-60,
    0x1.e2b5d3806f63bp-2, -0x1.c38b2f180bdb1p-1, -0x1.c38b2f180bdb1p-1, -0x1.e2b5d3806f63bp-2, 0x1.e0d891d3c6841p-58,
    0x1.6e0b1757c8d07p-56,
    0x1.87de2a6aea963p-2, -0x1.d906bcf328d46p-1, -0x1.d906bcf328d46p-1, -0x1.87de2a6aea963p-2, -0x1.72cedd3d5a61p-57,
    -0x1.457e610231ac2p-56,
    0x1.294062ed59f06p-2, -0x1.e9f4156c62ddap-1, -0x1.e9f4156c62ddap-1, -0x1.294062ed59f06p-2, -0x1.5d28da2c4612dp-56,
    -0x1.760b1e2e3f81ep-55,
    0x1.8f8b83c69a60bp-3, -0x1.f6297cff75cbp-1, -0x1.f6297cff75cbp-1, -0x1.8f8b83c69a60bp-3, -0x1.26d19b9ff8d82p-57,
    -0x1.562172a361fd3p-56,
    0x1.917a6bc29b42cp-4, -0x1.fd88da3d12526p-1, -0x1.fd88da3d12526p-1, -0x1.917a6bc29b42cp-4, -0x1.e2718d26ed688p-60,
    0x1.87df6378811c7p-55,
    0, -0x1p+0, -0x1p+0, 0, 0, 0,
    -0x1.917a6bc29b42cp-4, -0x1.fd88da3d12526p-1, -0x1.fd88da3d12526p-1, 0x1.917a6bc29b42cp-4, 0x1.e2718d26ed688p-60,
    0x1.87df6378811c7p-55,
    -0x1.8f8b83c69a60bp-3, -0x1.f6297cff75cbp-1, -0x1.f6297cff75cbp-1, 0x1.8f8b83c69a60bp-3, 0x1.26d19b9ff8d82p-57,
    -0x1.562172a361fd3p-56,
    -0x1.294062ed59f06p-2, -0x1.e9f4156c62ddap-1, -0x1.e9f4156c62ddap-1, 0x1.294062ed59f06p-2, 0x1.5d28da2c4612dp-56,
    -0x1.760b1e2e3f81ep-55,
    -0x1.87de2a6aea963p-2, -0x1.d906bcf328d46p-1, -0x1.d906bcf328d46p-1, 0x1.87de2a6aea963p-2, 0x1.72cedd3d5a61p-57,
    -0x1.457e610231ac2p-56,
    -0x1.e2b5d3806f63bp-2, -0x1.c38b2f180bdb1p-1, -0x1.c38b2f180bdb1p-1, 0x1.e2b5d3806f63bp-2, -0x1.e0d891d3c6841p-58,
    0x1.6e0b1757c8d07p-56,
    -0x1.1c73b39ae68c8p-1, -0x1.a9b66290ea1a3p-1, -0x1.a9b66290ea1a3p-1, 0x1.1c73b39ae68c8p-1, -0x1.b25dd267f66p-55,
    -0x1.9f630e8b6dac8p-60,
    -0x1.44cf325091dd6p-1, -0x1.8bc806b151741p-1, -0x1.8bc806b151741p-1, 0x1.44cf325091dd6p-1, -0x1.8076a2cfdc6b3p-57,
    0x1.2c5e12ed1336dp-55,
    -0x1.6a09e667f3bcdp-1, -0x1.6a09e667f3bcdp-1, -0x1.6a09e667f3bcdp-1, 0x1.6a09e667f3bcdp-1, 0x1.bdd3413b26456p-55,
    0x1.bdd3413b26456p-55,
    -0x1.8bc806b151741p-1, -0x1.44cf325091dd6p-1, -0x1.44cf325091dd6p-1, 0x1.8bc806b151741p-1, 0x1.2c5e12ed1336dp-55,
    -0x1.8076a2cfdc6b3p-57,
    -0x1.a9b66290ea1a3p-1, -0x1.1c73b39ae68c8p-1, -0x1.1c73b39ae68c8p-1, 0x1.a9b66290ea1a3p-1, -0x1.9f630e8b6dac8p-60,
    -0x1.b25dd267f66p-55,
    -0x1.c38b2f180bdb1p-1, -0x1.e2b5d3806f63bp-2, -0x1.e2b5d3806f63bp-2, 0x1.c38b2f180bdb1p-1, 0x1.6e0b1757c8d07p-56,
    -0x1.e0d891d3c6841p-58,
    -0x1.d906bcf328d46p-1, -0x1.87de2a6aea963p-2, -0x1.87de2a6aea963p-2, 0x1.d906bcf328d46p-1, -0x1.457e610231ac2p-56,
    0x1.72cedd3d5a61p-57,
    -0x1.e9f4156c62ddap-1, -0x1.294062ed59f06p-2, -0x1.294062ed59f06p-2, 0x1.e9f4156c62ddap-1, -0x1.760b1e2e3f81ep-55,
    0x1.5d28da2c4612dp-56,
    -0x1.f6297cff75cbp-1, -0x1.8f8b83c69a60bp-3, -0x1.8f8b83c69a60bp-3, 0x1.f6297cff75cbp-1, -0x1.562172a361fd3p-56,
    0x1.26d19b9ff8d82p-57,
    -0x1.fd88da3d12526p-1, -0x1.917a6bc29b42cp-4, -0x1.917a6bc29b42cp-4, 0x1.fd88da3d12526p-1, 0x1.87df6378811c7p-55,
    0x1.e2718d26ed688p-60,
    -0x1p+0, 0, 0, 0x1p+0, 0, 0,
    -0x1.fd88da3d12526p-1, 0x1.917a6bc29b42cp-4, 0x1.917a6bc29b42cp-4, 0x1.fd88da3d12526p-1, 0x1.87df6378811c7p-55,
    -0x1.e2718d26ed688p-60,
    -0x1.f6297cff75cbp-1, 0x1.8f8b83c69a60bp-3, 0x1.8f8b83c69a60bp-3, 0x1.f6297cff75cbp-1, -0x1.562172a361fd3p-56,
    -0x1.26d19b9ff8d82p-57,
    -0x1.e9f4156c62ddap-1, 0x1.294062ed59f06p-2, 0x1.294062ed59f06p-2, 0x1.e9f4156c62ddap-1, -0x1.760b1e2e3f81ep-55,
    -0x1.5d28da2c4612dp-56,
    -0x1.d906bcf328d46p-1, 0x1.87de2a6aea963p-2, 0x1.87de2a6aea963p-2, 0x1.d906bcf328d46p-1, -0x1.457e610231ac2p-56,
    -0x1.72cedd3d5a61p-57,
    -0x1.c38b2f180bdb1p-1, 0x1.e2b5d3806f63bp-2, 0x1.e2b5d3806f63bp-2, 0x1.c38b2f180bdb1p-1, 0x1.6e0b1757c8d07p-56,
    0x1.e0d891d3c6841p-58,
    -0x1.a9b66290ea1a3p-1, 0x1.1c73b39ae68c8p-1, 0x1.1c73b39ae68c8p-1, 0x1.a9b66290ea1a3p-1, -0x1.9f630e8b6dac8p-60,
    0x1.b25dd267f66p-55,
    -0x1.8bc806b151741p-1, 0x1.44cf325091dd6p-1, 0x1.44cf325091dd6p-1, 0x1.8bc806b151741p-1, 0x1.2c5e12ed1336dp-55,
    0x1.8076a2cfdc6b3p-57,
    -0x1.6a09e667f3bcdp-1, 0x1.6a09e667f3bcdp-1, 0x1.6a09e667f3bcdp-1, 0x1.6a09e667f3bcdp-1, 0x1.bdd3413b26456p-55,
    -0x1.bdd3413b26456p-55,
    -0x1.44cf325091dd6p-1, 0x1.8bc806b151741p-1, 0x1.8bc806b151741p-1, 0x1.44cf325091dd6p-1, -0x1.8076a2cfdc6b3p-57,
    -0x1.2c5e12ed1336dp-55,
    -0x1.1c73b39ae68c8p-1, 0x1.a9b66290ea1a3p-1, 0x1.a9b66290ea1a3p-1, 0x1.1c73b39ae68c8p-1, -0x1.b25dd267f66p-55,
    0x1.9f630e8b6dac8p-60,
    -0x1.e2b5d3806f63bp-2, 0x1.c38b2f180bdb1p-1, 0x1.c38b2f180bdb1p-1, 0x1.e2b5d3806f63bp-2, -0x1.e0d891d3c6841p-58,
    -0x1.6e0b1757c8d07p-56,
    -0x1.87de2a6aea963p-2, 0x1.d906bcf328d46p-1, 0x1.d906bcf328d46p-1, 0x1.87de2a6aea963p-2, 0x1.72cedd3d5a61p-57,
    0x1.457e610231ac2p-56,
    -0x1.294062ed59f06p-2, 0x1.e9f4156c62ddap-1, 0x1.e9f4156c62ddap-1, 0x1.294062ed59f06p-2, 0x1.5d28da2c4612dp-56,
    0x1.760b1e2e3f81ep-55,
    -0x1.8f8b83c69a60bp-3, 0x1.f6297cff75cbp-1, 0x1.f6297cff75cbp-1, 0x1.8f8b83c69a60bp-3, 0x1.26d19b9ff8d82p-57,
    0x1.562172a361fd3p-56,
    -0x1.917a6bc29b42cp-4, 0x1.fd88da3d12526p-1, 0x1.fd88da3d12526p-1, 0x1.917a6bc29b42cp-4, 0x1.e2718d26ed688p-60,
    -0x1.87df6378811c7p-55,
]

/// 2^(j/64) and its remainder for j = 0…63.
private let exponentTable: [Double] = [
    0x1p+0, 0,
    0x1.02c9a3e778061p+0, -0x1.19083535b085dp-56,
    0x1.059b0d3158574p+0, 0x1.d73e2a475b465p-55,
    0x1.0874518759bc8p+0, 0x1.186be4bb284ffp-57,
    0x1.0b5586cf9890fp+0, 0x1.8a62e4adc610bp-54,
    0x1.0e3ec32d3d1a2p+0, 0x1.03a1727c57b53p-59,
    0x1.11301d0125b51p+0, -0x1.6c51039449b3ap-54,
    0x1.1429aaea92dep+0, -0x1.32fbf9af1369ep-54,
    0x1.172b83c7d517bp+0, -0x1.19041b9d78a76p-55,
    0x1.1a35beb6fcb75p+0, 0x1.e5b4c7b4968e4p-55,
    0x1.1d4873168b9aap+0, 0x1.e016e00a2643cp-54,
    0x1.2063b88628cd6p+0, 0x1.dc775814a8495p-55,
    0x1.2387a6e756238p+0, 0x1.9b07eb6c70573p-54,
    0x1.26b4565e27cddp+0, 0x1.2bd339940e9d9p-55,
    0x1.29e9df51fdee1p+0, 0x1.612e8afad1255p-55,
    0x1.2d285a6e4030bp+0, 0x1.0024754db41d5p-54,
    0x1.306fe0a31b715p+0, 0x1.6f46ad23182e4p-55,
    0x1.33c08b26416ffp+0, 0x1.32721843659a6p-54,
    0x1.371a7373aa9cbp+0, -0x1.63aeabf42eae2p-54,
    0x1.3a7db34e59ff7p+0, -0x1.5e436d661f5e3p-56,
    0x1.3dea64c123422p+0, 0x1.ada0911f09ebcp-55,
    0x1.4160a21f72e2ap+0, -0x1.ef3691c309278p-58,
    0x1.44e086061892dp+0, 0x1.89b7a04ef80dp-59,
    0x1.486a2b5c13cdp+0, 0x1.3c1a3b69062fp-56,
    0x1.4bfdad5362a27p+0, 0x1.d4397afec42e2p-56,
    0x1.4f9b2769d2ca7p+0, -0x1.4b309d25957e3p-54,
    0x1.5342b569d4f82p+0, -0x1.07abe1db13cadp-55,
    0x1.56f4736b527dap+0, 0x1.9bb2c011d93adp-54,
    0x1.5ab07dd485429p+0, 0x1.6324c054647adp-54,
    0x1.5e76f15ad2148p+0, 0x1.ba6f93080e65ep-54,
    0x1.6247eb03a5585p+0, -0x1.383c17e40b497p-54,
    0x1.6623882552225p+0, -0x1.bb60987591c34p-54,
    0x1.6a09e667f3bcdp+0, -0x1.bdd3413b26456p-54,
    0x1.6dfb23c651a2fp+0, -0x1.bbe3a683c88abp-57,
    0x1.71f75e8ec5f74p+0, -0x1.16e4786887a99p-55,
    0x1.75feb564267c9p+0, -0x1.0245957316dd3p-54,
    0x1.7a11473eb0187p+0, -0x1.41577ee04992fp-55,
    0x1.7e2f336cf4e62p+0, 0x1.05d02ba15797ep-56,
    0x1.82589994cce13p+0, -0x1.d4c1dd41532d8p-54,
    0x1.868d99b4492edp+0, -0x1.fc6f89bd4f6bap-54,
    0x1.8ace5422aa0dbp+0, 0x1.6e9f156864b27p-54,
    0x1.8f1ae99157736p+0, 0x1.5cc13a2e3976cp-55,
    0x1.93737b0cdc5e5p+0, -0x1.75fc781b57ebcp-57,
    0x1.97d829fde4e5p+0, -0x1.d185b7c1b85d1p-54,
    0x1.9c49182a3f09p+0, 0x1.c7c46b071f2bep-56,
    0x1.a0c667b5de565p+0, -0x1.359495d1cd533p-54,
    0x1.a5503b23e255dp+0, -0x1.d2f6edb8d41e1p-54,
    0x1.a9e6b5579fdbfp+0, 0x1.0fac90ef7fd31p-54,
    0x1.ae89f995ad3adp+0, 0x1.7a1cd345dcc81p-54,
    0x1.b33a2b84f15fbp+0, -0x1.2805e3084d708p-57,
    0x1.b7f76f2fb5e47p+0, -0x1.5584f7e54ac3bp-56,
    0x1.bcc1e904bc1d2p+0, 0x1.23dd07a2d9e84p-55,
    0x1.c199bdd85529cp+0, 0x1.11065895048ddp-55,
    0x1.c67f12e57d14bp+0, 0x1.2884dff483cadp-54,
    0x1.cb720dcef9069p+0, 0x1.503cbd1e949dbp-56,
    0x1.d072d4a07897cp+0, -0x1.cbc3743797a9cp-54,
    0x1.d5818dcfba487p+0, 0x1.2ed02d75b3707p-55,
    0x1.da9e603db3285p+0, 0x1.c2300696db532p-54,
    0x1.dfc97337b9b5fp+0, -0x1.1a5cd4f184b5cp-54,
    0x1.e502ee78b3ff6p+0, 0x1.39e8980a9cc8fp-55,
    0x1.ea4afa2a490dap+0, -0x1.e9c23179c2893p-54,
    0x1.efa1bee615a27p+0, 0x1.dc7f486a4b6bp-54,
    0x1.f50765b6e454p+0, 0x1.9d3e12dd8a18bp-54,
    0x1.fa7c1819e90d8p+0, 0x1.74853f3a5931ep-55,
]

/// sin(x)/x given `sine` = sin x, exact at 0 and accurate near it.
@inline(__always)
func sinc(_ x: Double, sine: Double) -> Double {
    // Below 1e-4 the next term of the series, x⁴/120, is under 1e-18.
    abs(x) < 1e-4 ? 1 - x * x / 6 : sine / x
}

/// (1 − e^(−x))/x for x ≥ 0, exact at 0 and accurate near it.
@inline(__always)
func relativeExpm1(_ x: Double) -> Double {
    // Below 1e-8 the next term of the series, x²/6, is under 1e-17.
    x < 1e-8 ? 1 - x / 2 : -expm1(-x) / x
}
