import Frames
import Testing

@testable import FilmAnalysis

/// The detail-weighted blend fit (issue 35, round 14: a fade's edges at a variable rate): the
/// shares it gives against weighted least squares solved here by Cramer's rule, from the
/// summaries' own tile means and detail.
@Suite("Detail-weighted blend fit against weighted least squares")
struct FilmBlendWeightTests {
    /// Page `seed`: tiles of 20 px, each a grey chosen by the tile and the seed; the left half
    /// flat, the right half under a texture of ± 0.2 (a hash of the pixel and the seed).
    static func page(_ seed: Int) -> (Int, Int) -> Double {
        { x, y in
            let grey = 0.3 + 0.05 * Double((x / 20 &* 7 &+ y / 20 &* 13 &+ seed &* 29) % 9)
            if x < 120 { return grey }
            var h = UInt64(truncatingIfNeeded: x &* 73_856_093 ^ y &* 19_349_663 ^ seed &* 83_492_791)
            h = (h ^ (h >> 13)) &* 0x5bd1_e995
            h ^= h >> 15
            return grey + 0.4 * (Double(h % 1001) / 1000 - 0.5)
        }
    }

    /// A frame whose flat half shows the blend at `flat` and its textured half the blend at
    /// `detailed`: a codec that left the flat blocks behind.
    static func frame(flat: Double, detailed: Double) -> FrameSummary {
        let a = Self.page(1)
        let b = Self.page(2)
        return FrameSummary(
            greyFrame(width: 240, height: 480) { x, y in
                let alpha = x < 120 ? flat : detailed
                return alpha * b(x, y) + (1 - alpha) * a(x, y)
            })
    }

    /// The least-squares `(a, b)` of `frame ≈ a·A + b·B` over every sample, each tile weighed by
    /// `weight(tile)`: the 2 × 2 normal equations solved by Cramer's rule.
    static func weightedShares(
        _ frame: FrameSummary, _ before: FrameSummary, _ after: FrameSummary, weight: (Int) -> Double
    ) -> (old: Double, new: Double) {
        var (aa, ab, bb, af, bf) = (0.0, 0.0, 0.0, 0.0, 0.0)
        for index in frame.tileMeans.indices {
            let w = weight(index / 3)
            let (x, y, f) = (
                Double(before.tileMeans[index]), Double(after.tileMeans[index]), Double(frame.tileMeans[index])
            )
            aa += w * x * x
            ab += w * x * y
            bb += w * y * y
            af += w * x * f
            bf += w * y * f
        }
        let determinant = aa * bb - ab * ab
        return ((af * bb - ab * bf) / determinant, (aa * bf - ab * af) / determinant)
    }

    @Test("weighted by detail, the fit is weighted least squares and leans to the detailed tiles")
    func weightedAgainstCramer() throws {
        let before = Self.frame(flat: 0, detailed: 0)
        let after = Self.frame(flat: 1, detailed: 1)
        let frame = Self.frame(flat: 0.3, detailed: 0.6)
        var thresholds = FilmEventThresholds()
        thresholds.blendTrim = 0
        var fit = try #require(FilmBlendFit(from: before, to: after, thresholds: thresholds))
        fit.background = false
        let plain = try #require(fit.fit(frame))
        let k = 3.0
        fit.weighByDetail(k)
        let weighted = try #require(fit.fit(frame))
        // The weight of a tile, from the summaries: 1 + k·(σA + σB) / (RMS over the channels of
        // the means' change + 0.01).
        let weight = { (tile: Int) -> Double in
            let change = (0..<3).map { Double(after.tileMeans[3 * tile + $0] - before.tileMeans[3 * tile + $0]) }
            let meanChange = (change.map { $0 * $0 }.reduce(0, +) / 3).squareRoot()
            let detail = Double(before.tileDetail[tile]) + Double(after.tileDetail[tile])
            return 1 + k * detail / (meanChange + 0.01)
        }
        let expected = Self.weightedShares(frame, before, after, weight: weight)
        let even = Self.weightedShares(frame, before, after) { _ in 1 }
        // Two ways of solving the same normal equations agree to rounding (1e-9).
        #expect(
            abs(weighted.new - expected.new) < 1e-9 && abs(weighted.old - expected.old) < 1e-9,
            "\(weighted) \(expected)")
        #expect(abs(plain.new - even.new) < 1e-9 && abs(plain.old - even.old) < 1e-9, "\(plain) \(even)")
        // The textured half (at 0.6) outweighs the flat half (at 0.3) once weighed by detail.
        #expect(
            weighted.new > plain.new + 0.05 && abs(weighted.new - 0.6) < abs(plain.new - 0.6), "\(weighted) \(plain)")
    }
}
