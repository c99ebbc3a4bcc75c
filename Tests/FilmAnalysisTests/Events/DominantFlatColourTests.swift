import Frames
import HingeKit
import HingeTestSupport
import Testing

@testable import FilmAnalysis

/// The bare-page rule's dominant flat colour (issue 31 made it sort the tiles by red instead of
/// comparing every pair) against the pairwise loop it replaced, bit for bit.
@Suite("Dominant flat colour against the pairwise loop")
struct DominantFlatColourTests {
    /// A frame of flat blocks a tile or two wide, each a base colour moved by a few levels per
    /// channel (so that groups overlap at the tolerance's edge), some of them noisy (not flat).
    static func frame(width: Int, height: Int, block: Int, levels: Int, seed: UInt64) -> Frame {
        var random = SplitMix64(seed: seed)
        let across = (width + block - 1) / block
        let down = (height + block - 1) / block
        let bases: [[Int]] = (0..<3).map { _ in (0..<3).map { _ in Int(random.next() % 256) } }
        var colours: [[Int]] = []
        var noisy: [Bool] = []
        for _ in 0..<(across * down) {
            let base = bases[Int(random.next() % 3)]
            colours.append(base.map { min(255, max(0, $0 + Int(random.next() % UInt64(2 * levels + 1)) - levels)) })
            noisy.append(random.next() % 5 == 0)
        }
        var bytes = [UInt8](repeating: 0, count: 3 * width * height)
        for y in 0..<height {
            for x in 0..<width {
                let cell = (y / block) * across + x / block
                for channel in 0..<3 {
                    let value = noisy[cell] ? Int(random.next() % 256) : colours[cell][channel]
                    bytes[3 * (y * width + x) + channel] = UInt8(value)
                }
            }
        }
        return Frame(width: width, height: height, rgb: bytes)
    }

    /// Sizes and how many seeds each: the 120 × 480 frame (576 tiles, the grid's most, and the
    /// longest runs in red for the bisection) takes one frame per `levels` value, 0 to 13, as its
    /// pairwise oracle costs the debug build about a second a frame; the smaller grids take 40.
    @Test(
        "the same colour (or none) as every pair compared, to the bit",
        arguments: [(120, 480, 10, 14), (100, 37, 9, 40), (1080, 240, 90, 40), (64, 64, 5, 40), (13, 11, 1, 40)])
    func samePairwise(width: Int, height: Int, block: Int, seeds: Int) {
        var found = 0
        for seed in 0..<seeds {
            let summary = FrameSummary(
                Self.frame(width: width, height: height, block: block, levels: seed % 14, seed: UInt64(seed)))
            for tolerance in [0.0, 0.004, 0.02, 0.04, 0.1, 1] {
                let sorted = EventSearch.dominantFlatColour(summary, flat: 0.008, tolerance: tolerance)
                let pairwise = EventSearch.dominantFlatColourPairwise(summary, flat: 0.008, tolerance: tolerance)
                #expect(
                    sorted?.map(\.bitPattern) == pairwise?.map(\.bitPattern), "seed \(seed), tolerance \(tolerance)")
                if sorted != nil { found += 1 }
            }
        }
        // The frames do have page colours to find (the comparison is not between two nils): in
        // more than one in six of the seed and tolerance pairs.
        #expect(found > seeds)
    }
}

/// The blend fit's normal equations, summed term by term since issue 31, against the 5 × 5
/// outer product per sample they were summed from before, bit for bit.
@Suite("Blend fit normal equations against the outer products")
struct BlendFitSolveTests {
    /// The solution as the outer products per sample gave it.
    static func outerProducts(_ fit: FilmBlendFit, _ f: [Double], kept: [Bool]) -> (Double, Double, [Double])? {
        var m = [[Double]](repeating: [Double](repeating: 0, count: 6), count: 5)
        for index in f.indices where kept[index / 3] {
            var row = [fit.a[index], fit.b[index], 0, 0, 0]
            row[2 + index % 3] = 1
            for i in 0..<5 {
                for j in 0..<5 { m[i][j] += row[i] * row[j] }
                m[i][5] += row[i] * f[index]
            }
        }
        if let x = FilmBlendFit.eliminate(m) { return (x[0], x[1], [x[2], x[3], x[4]]) }
        let reduced = [[m[0][0], m[0][1], m[0][5]], [m[1][0], m[1][1], m[1][5]]]
        if let x = FilmBlendFit.eliminate(reduced) { return (x[0], x[1], [0, 0, 0]) }
        return nil
    }

    @Test("the same shares and offsets, every tile kept or some left out")
    func sameSolution() throws {
        var random = SplitMix64(seed: 31)
        var compared = 0
        for seed in 0..<30 {
            let frames = (0..<3).map {
                DominantFlatColourTests.frame(
                    width: 120, height: 250, block: 3 + (seed + $0) % 20, levels: 30, seed: UInt64(100 * seed + $0))
            }
            let (a, b, f) = (FrameSummary(frames[0]), FrameSummary(frames[1]), FrameSummary(frames[2]))
            guard let fit = FilmBlendFit(from: a, to: b) else { continue }
            let means = f.tileMeans.map(Double.init)
            for dropped in [0, 2, 7] {
                let kept = (0..<f.grid.count).map { _ in dropped == 0 || random.next() % UInt64(dropped) != 0 }
                let new = fit.solve(means, kept: kept)
                let old = Self.outerProducts(fit, means, kept: kept)
                #expect(new?.0.bitPattern == old?.0.bitPattern && new?.1.bitPattern == old?.1.bitPattern)
                #expect(new?.2.map(\.bitPattern) == old?.2.map(\.bitPattern))
                if new != nil { compared += 1 }
            }
        }
        #expect(compared > 30)
    }
}
