import CFrameKernels
import HingeKit
import HingeTestSupport
import Testing

@testable import FilmAnalysis
@testable import Frames

/// The C kernels at every instruction level this machine has (plain C, SSSE3, AVX2) against
/// plain Swift loops, to the bit: the level the machine picks is then never the only one tested.
@Suite("C kernels at every level")
struct FrameKernelLevelTests {
    static let levels = Array(0...hk_kernel_level())

    static func bytes(_ count: Int, seed: UInt64) -> [UInt8] {
        var random = SplitMix64(seed: seed)
        var value: UInt8 = 0
        return (0..<count).map { _ in
            if random.next() % 4 == 0 { value = UInt8(random.next() % 256) }
            return random.next() % 8 == 0 ? 255 : value
        }
    }

    /// The five sums per tile column of one band, one byte at a time.
    static func referenceBand(
        _ frame: [UInt8], _ previous: [UInt8]?, width: Int, top: Int, bottom: Int, grid: TileGrid
    ) -> [UInt64] {
        var wide = [UInt64](repeating: 0, count: 5 * grid.columns)
        for y in top..<bottom {
            for x in 0..<width {
                let column = x / grid.tileSize
                for channel in 0..<3 {
                    let index = 3 * (y * width + x) + channel
                    let value = UInt64(frame[index])
                    wide[5 * column + channel] += value
                    wide[5 * column + 3] += value * value
                    if let previous {
                        let d = Int(frame[index]) - Int(previous[index])
                        wide[5 * column + 4] += UInt64(d * d)
                    }
                }
            }
        }
        return wide
    }

    // Widths whose tile rows end mid-block, are shorter than a block, or span many blocks; the
    // last two bands are tall enough to fold the 16-bit lanes several times.
    static let sizes = [(13, 11), (1, 50), (100, 37), (1080, 120), (4000, 9), (2, 700), (60, 2400)]

    @Test("hk_rgb8_tile_band: the exact sums of plain loops at every level", arguments: sizes)
    func tileSums(width: Int, height: Int) {
        let frame = Self.bytes(3 * width * height, seed: UInt64(width))
        let previous = Self.bytes(3 * width * height, seed: UInt64(height))
        let grid = TileGrid(width: width, height: height)
        for level in Self.levels {
            for prior in [nil, previous] {
                for row in 0..<grid.rows {
                    let (top, bottom) = (row * grid.tileSize, min((row + 1) * grid.tileSize, height))
                    var wide = [UInt64](repeating: 0, count: 5 * grid.columns)
                    (prior ?? []).withUnsafeBufferPointer { before in
                        hk_rgb8_tile_band(
                            frame, prior == nil ? nil : before.baseAddress, width, top, bottom, grid.tileSize,
                            grid.columns, &wide, Int32(level))
                    }
                    let expected = Self.referenceBand(
                        frame, prior, width: width, top: top, bottom: bottom, grid: grid)
                    #expect(wide == expected, "level \(level), \(width) × \(height), band \(row)")
                }
            }
        }
    }

    @Test("hk_rgb8_tile_band: white against black, the largest sums, at every level")
    func tileExtremes() {
        let (width, height) = (4000, 2400)
        let white = [UInt8](repeating: 255, count: 3 * width * height)
        let black = [UInt8](repeating: 0, count: 3 * width * height)
        let grid = TileGrid(width: width, height: height)
        let pixels = UInt64(grid.tileSize * grid.tileSize)
        for level in Self.levels {
            var wide = [UInt64](repeating: 0, count: 5 * grid.columns)
            black.withUnsafeBufferPointer { before in
                hk_rgb8_tile_band(
                    white, before.baseAddress, width, 0, grid.tileSize, grid.tileSize, grid.columns, &wide,
                    Int32(level))
            }
            #expect(wide[0] == 255 * pixels && wide[3] == 3 * 65_025 * pixels && wide[4] == 3 * 65_025 * pixels)
        }
    }

    @Test(
        "hk_yuv420_to_rgb24: every level gives the plain C arithmetic's bytes",
        arguments: [
            (2, 2), (18, 4), (34, 6), (62, 10), (96, 2), (1080, 8), (34, 7), (62, 1), (1080, 9),
        ])
    func conversionLevels(width: Int, height: Int) {
        let yuv = Self.bytes(YUV420Conversion.byteCount(width: width, height: height), seed: UInt64(width + height))
        for matrix in YUV420Conversion.Matrix.allCases {
            for fullRange in [false, true] {
                let conversion = YUV420Conversion(matrix: matrix, fullRange: fullRange)
                var plain = [UInt8](repeating: 0, count: 3 * width * height)
                yuv.withUnsafeBufferPointer { source in
                    plain.withUnsafeMutableBufferPointer {
                        conversion.convert(source, width: width, height: height, into: $0, level: 0)
                    }
                }
                for level in Self.levels.dropFirst() {
                    var fast = [UInt8](repeating: 0, count: 3 * width * height)
                    yuv.withUnsafeBufferPointer { source in
                        fast.withUnsafeMutableBufferPointer {
                            conversion.convert(source, width: width, height: height, into: $0, level: Int32(level))
                        }
                    }
                    #expect(fast == plain, "level \(level), \(matrix), full range \(fullRange), \(width) × \(height)")
                }
            }
        }
    }

    @Test("YUV420Conversion: black and white at both ranges, grey at mid chroma")
    func conversionEnds() {
        func rgb(_ y: UInt8, _ u: UInt8, _ v: UInt8, fullRange: Bool) -> [UInt8] {
            // A 2 × 2 picture: four equal luma samples, one chroma pair.
            let yuv: [UInt8] = [y, y, y, y, u, v]
            var out = [UInt8](repeating: 0, count: 12)
            yuv.withUnsafeBufferPointer { source in
                out.withUnsafeMutableBufferPointer {
                    YUV420Conversion(matrix: .bt601, fullRange: fullRange).convert(
                        source, width: 2, height: 2, into: $0)
                }
            }
            #expect(out[0..<3] == out[9..<12])
            return Array(out[0..<3])
        }
        #expect(rgb(16, 128, 128, fullRange: false) == [0, 0, 0])
        #expect(rgb(235, 128, 128, fullRange: false) == [255, 255, 255])
        #expect(rgb(0, 128, 128, fullRange: true) == [0, 0, 0])
        #expect(rgb(255, 128, 128, fullRange: true) == [255, 255, 255])
        // Mid grey stays grey: no chroma term without chroma.
        let grey = rgb(126, 128, 128, fullRange: false)
        #expect(grey[0] == grey[1] && grey[1] == grey[2])
    }
}

/// The Swift-vector tile sums (the path where the C kernel has only plain C, as on ARM) against
/// the C kernel, exactly.
@Suite("Swift-vector tile sums")
struct PortableTileSumTests {
    @Test("accumulateRGB8Portable gives the C kernel's sums", arguments: FrameKernelLevelTests.sizes)
    func portable(width: Int, height: Int) {
        let frame = Frame(
            width: width, height: height, rgb: FrameKernelLevelTests.bytes(3 * width * height, seed: UInt64(width)))
        let previous = Frame(
            width: width, height: height, rgb: FrameKernelLevelTests.bytes(3 * width * height, seed: UInt64(height)))
        let grid = TileGrid(width: width, height: height)
        for prior in [nil, previous] {
            var results: [[Double]] = []
            for portable in [false, true] {
                var sums = [Double](repeating: 0, count: 3 * grid.count)
                var squares = sums
                var differences = [Double](repeating: 0, count: grid.count)
                if portable {
                    FrameSummary.accumulateRGB8Portable(
                        frame, after: prior, grid: grid, sums: &sums, squares: &squares, differences: &differences)
                } else {
                    FrameSummary.accumulateRGB8(
                        frame, after: prior, grid: grid, sums: &sums, squares: &squares, differences: &differences)
                }
                results.append(sums + squares + differences)
            }
            #expect(results[0] == results[1], "\(width) × \(height), previous: \(prior != nil)")
        }
    }
}
