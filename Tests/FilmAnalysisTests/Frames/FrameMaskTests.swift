import FilmAnalysis
import Frames
import Testing

/// ``FrameMask``: the regions are filled with the mean of one side just outside them, so two
/// frames that differ only inside a region measure 0 apart, and a bare frame stays bare.
@Suite("FrameMask")
struct FrameMaskTests {
    /// A 6 × 4 RGB frame whose pixel (x, y) is (10x + y, 100 + y, 200) unless `clock` changes
    /// the pixels of row 0, columns 0…2.
    static func frame(clock: UInt8 = 0) -> Frame {
        var bytes: [UInt8] = []
        for y in 0..<4 {
            for x in 0..<6 { bytes += [UInt8(10 * x + y), UInt8(100 + y), y == 0 && x < 3 ? clock : 200] }
        }
        return Frame(width: 6, height: 4, rgb: bytes)
    }

    @Test("a region is filled with the mean of the row below it, by hand")
    func filledFromBelow() {
        let mask = FrameMask([FrameMask.Region(x: 0, y: 0, width: 3, height: 1)])
        let masked = mask.applied(to: Self.frame(clock: 7))
        // Row 1, columns 0…2: red 1, 11, 21 (mean 11), green 101, blue 200.
        for x in 0..<3 {
            let pixel = masked.pixel(x: x, y: 0)
            #expect(abs(pixel.red - 11.0 / 255) < 1e-12 && abs(pixel.green - 101.0 / 255) < 1e-12)
            #expect(abs(pixel.blue - 200.0 / 255) < 1e-12)
        }
        // Outside the region nothing moves.
        #expect(masked.pixel(x: 3, y: 0) == Self.frame(clock: 7).pixel(x: 3, y: 0))
        #expect(masked.pixel(x: 2, y: 3) == Self.frame(clock: 7).pixel(x: 2, y: 3))
    }

    @Test("two frames that differ only inside a region measure 0 apart with the mask, not without")
    func clockLeftOut() {
        let mask = FrameMask([FrameMask.Region(x: 0, y: 0, width: 3, height: 1)])
        let (a, b) = (Self.frame(clock: 0), Self.frame(clock: 255))
        #expect(FrameDifference(a, b).rmse > 0.1)
        #expect(FrameDifference(mask.applied(to: a), mask.applied(to: b)).rmse == 0)
    }

    @Test("clipped to the frame; the side above when there is none below; zeros when it covers everything")
    func edges() {
        let frame = Self.frame()
        // Rows 3… (clipped to row 3): the row above, row 2 (red 2, 12, …, 52: mean 27).
        let bottom = FrameMask([FrameMask.Region(x: 0, y: 3, width: 100, height: 100)]).applied(to: frame)
        #expect(abs(bottom.pixel(x: 5, y: 3).red - 27.0 / 255) < 1e-12)
        let all = FrameMask([FrameMask.Region(x: 0, y: 0, width: 6, height: 4)]).applied(to: frame)
        #expect(all.pixel(x: 4, y: 2) == (0, 0, 0, 1))
        // A region outside the frame changes nothing.
        let outside = FrameMask([FrameMask.Region(x: 6, y: 0, width: 5, height: 5)])
        #expect(!outside.regions[0].overlaps(width: 6, height: 4))
        #expect(FrameDifference(outside.applied(to: frame), frame).rmse == 0)
    }

    @Test("a side inside another region is skipped; 16-bit samples are averaged as numbers")
    func otherRegionsAndWideSamples() {
        // Two regions stacked: the lower one's row below is row 2; the upper one's row below is
        // in the lower region, so it takes the row above... none (row 0): the column to the right.
        let mask = FrameMask([
            FrameMask.Region(x: 0, y: 0, width: 2, height: 1), FrameMask.Region(x: 0, y: 1, width: 2, height: 1),
        ])
        let masked = mask.applied(to: Self.frame())
        // Upper region: column 2, row 0 → red 20. Lower: row 2, columns 0…1 → red 2, 12: mean 7.
        #expect(abs(masked.pixel(x: 0, y: 0).red - 20.0 / 255) < 1e-12)
        #expect(abs(masked.pixel(x: 1, y: 1).red - 7.0 / 255) < 1e-12)
        // 16 bits: 1 × 2 frame, the second pixel 0x1234 and 0x5678 in every channel... its mean
        // with itself is itself; the masked first pixel takes it exactly.
        func wide(_ value: UInt16) -> [UInt8] {
            let bytes = [UInt8(value & 0xFF), UInt8(value >> 8)]
            return UInt16(1).littleEndian == 1 ? bytes : bytes.reversed()
        }
        let frame = Frame(
            width: 1, height: 2, layout: .rgb16,
            bytes: wide(0) + wide(0) + wide(0) + wide(0x1234) + wide(0x5678) + wide(0xFFFF))
        let filled = FrameMask([FrameMask.Region(x: 0, y: 0, width: 1, height: 1)]).applied(to: frame)
        #expect(filled.pixel(x: 0, y: 0) == frame.pixel(x: 0, y: 1))
    }
}
