import Frames
import HingeKit
import HingeTestSupport
import Testing

@testable import FilmAnalysis

/// The 8-bit RGB integer kernels of FrameSummary and FrameDifference against the plain
/// floating-point path every other layout takes (the same frame as opaque RGBA).
@Suite("Integer kernels against the floating-point path")
struct IntegerKernelTests {
    static func frames(width: Int, height: Int, seed: UInt64) -> (rgb: Frame, rgba: Frame) {
        var random = SplitMix64(seed: seed)
        // Runs of equal bytes beside random ones, so both flat and busy tiles occur.
        var rgb: [UInt8] = []
        var value: UInt8 = 0
        for _ in 0..<(width * height * 3) {
            if random.next() % 4 == 0 { value = UInt8(random.next() % 256) }
            rgb.append(random.next() % 8 == 0 ? 255 : value)
        }
        var rgba: [UInt8] = []
        for pixel in 0..<(width * height) { rgba += [rgb[3 * pixel], rgb[3 * pixel + 1], rgb[3 * pixel + 2], 255] }
        return (
            Frame(width: width, height: height, rgb: rgb),
            Frame(width: width, height: height, layout: .rgba8, bytes: rgba)
        )
    }

    // Sizes whose tile rows end mid-block, are shorter than a block, or span many blocks.
    static let sizes = [(13, 11), (1, 50), (100, 37), (1080, 120), (4000, 9)]

    @Test("FrameSummary's 8-bit kernel gives the floating-point means and detail", arguments: sizes)
    func summary(width: Int, height: Int) {
        let (rgb, rgba) = Self.frames(width: width, height: height, seed: UInt64(width * height))
        let fast = FrameSummary(rgb)
        let plain = FrameSummary(rgba)
        // Float outputs: 1e-6 is a few Float ulps at 1; the sums themselves are exact.
        #expect(zip(fast.tileMeans, plain.tileMeans).allSatisfy { abs($0 - $1) <= 1e-6 })
        #expect(zip(fast.tileDetail, plain.tileDetail).allSatisfy { abs($0 - $1) <= 1e-5 })
        #expect(abs(fast.detail - plain.detail) <= 1e-9, "\(fast.detail) against \(plain.detail)")
        #expect(fast.detail > 0.05, "busy frames, so the check is not vacuous")
    }

    @Test("FrameDifference's 8-bit kernel gives the floating-point RMSE and tiles", arguments: sizes)
    func difference(width: Int, height: Int) {
        let a = Self.frames(width: width, height: height, seed: 1)
        let b = Self.frames(width: width, height: height, seed: 2)
        let fast = FrameDifference(a.rgb, b.rgb)
        let plain = FrameDifference(a.rgba, b.rgba)
        #expect(abs(fast.rmse - plain.rmse) <= 1e-12, "\(fast.rmse) against \(plain.rmse)")
        #expect(zip(fast.tiles, plain.tiles).allSatisfy { abs($0 - $1) <= 1e-6 })
        #expect(fast.rmse > 0.05)
    }

    @Test("One pass for summary and difference gives exactly what the two kernels give", arguments: sizes)
    func measure(width: Int, height: Int) {
        let a = Self.frames(width: width, height: height, seed: 3).rgb
        let b = Self.frames(width: width, height: height, seed: 4).rgb
        let both = FrameSummary.measure(b, after: a)
        let summary = FrameSummary(b)
        let difference = FrameDifference(a, b)
        // The sums are exact integers in both, so the results are the same bits.
        #expect(both.summary.tileMeans == summary.tileMeans && both.summary.tileDetail == summary.tileDetail)
        #expect(both.summary.detail == summary.detail)
        #expect(both.difference?.rmse == difference.rmse && both.difference?.tiles == difference.tiles)
        // And against the floating-point path, an oracle that shares no code with the kernels.
        let plain = FrameDifference(
            Self.frames(width: width, height: height, seed: 3).rgba,
            Self.frames(width: width, height: height, seed: 4).rgba)
        #expect(abs((both.difference?.rmse ?? 0) - plain.rmse) <= 1e-12)
        let first = FrameSummary.measure(b, after: nil)
        #expect(first.difference == nil && first.summary.tileMeans == summary.tileMeans)
    }

    @Test("Black against white is an RMSE of exactly 1 in the one pass (the widest byte differences)")
    func extremes() {
        let black = Frame(width: 1080, height: 64, rgb: [UInt8](repeating: 0, count: 1080 * 64 * 3))
        let white = Frame(width: 1080, height: 64, rgb: [UInt8](repeating: 255, count: 1080 * 64 * 3))
        #expect(FrameSummary.measure(white, after: black).difference?.rmse == 1)
        #expect(FrameSummary.measure(black, after: white).difference?.tiles.allSatisfy { $0 == 1 } == true)
    }
}
