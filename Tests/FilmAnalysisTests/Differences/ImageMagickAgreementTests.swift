import FilmAnalysis
import Foundation
import Frames
import HingeKit
import HingeTestSupport
import Testing

/// FrameDifference against ImageMagick 6's `compare -metric RMSE` on every PNG kind FilmAnalysis
/// reads, and the decoder against the sample values an independent encoder wrote.
@Suite("RMSE as ImageMagick computes it")
struct ImageMagickAgreementTests {
    struct Kind: CustomStringConvertible, Sendable {
        var colourType: TestPNG.ColourType
        var bitDepth: Int
        var interlaced = false
        var keyed = false
        var gamma = false
        var description: String {
            "\(colourType) \(bitDepth)-bit" + (interlaced ? " interlaced" : "") + (keyed ? " tRNS" : "")
                + (gamma ? " gAMA" : "")
        }
    }

    static let kinds: [Kind] = {
        var kinds: [Kind] = []
        let depths: [(TestPNG.ColourType, [Int])] = [
            (.grey, [1, 2, 4, 8, 16]), (.greyAlpha, [8, 16]), (.rgb, [8, 16]), (.rgba, [8, 16]),
            (.palette, [1, 2, 4, 8]),
        ]
        for (type, list) in depths {
            for depth in list {
                kinds.append(Kind(colourType: type, bitDepth: depth))
                kinds.append(Kind(colourType: type, bitDepth: depth, interlaced: true))
            }
        }
        kinds.append(Kind(colourType: .grey, bitDepth: 8, keyed: true))
        kinds.append(Kind(colourType: .rgb, bitDepth: 16, keyed: true))
        kinds.append(Kind(colourType: .palette, bitDepth: 4, interlaced: true, keyed: true))
        // ImageMagick writes gAMA 1/2.2 into its PNGs; neither side applies it to the samples.
        kinds.append(Kind(colourType: .rgba, bitDepth: 16, gamma: true))
        kinds.append(Kind(colourType: .rgb, bitDepth: 8, gamma: true))
        return kinds
    }()

    static func image(_ kind: Kind, seed: UInt64) -> TestPNG {
        var random = SplitMix64(seed: seed)
        // 13 × 11 pixels: odd sizes exercise partial tiles and every interlace pass.
        var png = TestPNG.random(
            width: 13, height: 11, colourType: kind.colourType, bitDepth: kind.bitDepth, using: &random)
        png.interlaced = kind.interlaced
        if kind.gamma { png.gamma = 45_455 }
        if kind.keyed {
            switch kind.colourType {
            case .palette: png.transparency = (0..<png.palette.count).map { _ in UInt8(random.next() % 256) }
            default:
                // Key the colour of the first pixel, so at least one pixel is transparent.
                png.transparency = png.samples[0..<kind.colourType.channels].flatMap {
                    [UInt8($0 >> 8), UInt8($0 & 0xFF)]
                }
            }
        }
        return png
    }

    @Test("decoding gives back the encoded samples", arguments: kinds)
    func decoding(kind: Kind) throws {
        let png = Self.image(kind, seed: 7)
        let frame = try Frame(png: png.encoded(), file: "test.png")
        #expect(frame.width == 13 && frame.height == 11)
        #expect(frame.layout.hasAlpha == (kind.keyed || kind.colourType == .greyAlpha || kind.colourType == .rgba))
        var worst = 0.0
        for y in 0..<11 {
            for x in 0..<13 {
                let got = frame.pixel(x: x, y: y)
                let want = png.expected(x: x, y: y)
                worst = max(
                    worst, abs(got.red - want.0), abs(got.green - want.1), abs(got.blue - want.2),
                    abs(got.alpha - want.3))
            }
        }
        // Exact: a sample is an integer over 255 or 65535 on both sides (1e-12 for rounding).
        #expect(worst < 1e-12, "\(kind): worst sample error \(worst)")
    }

    @Test("the RMSE agrees with compare -metric RMSE within 1e-6", arguments: kinds)
    func agreement(kind: Kind) throws {
        try #require(imageMagickCompare != nil, "ImageMagick's compare is not installed (run make deps)")
        let folder = temporaryFolder("im")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let a = Self.image(kind, seed: 1)
        let b = Self.image(kind, seed: 2)
        write(a.encoded(), to: folder + "/a.png")
        write(b.encoded(), to: folder + "/b.png")
        let ours = FrameDifference(
            try Frame(png: a.encoded(), file: "a.png"), try Frame(png: b.encoded(), file: "b.png")
        ).rmse
        let theirs = try #require(imageMagickRMSE(folder + "/a.png", folder + "/b.png"))
        #expect(abs(ours - theirs) <= 1e-6, "\(kind): ours \(ours), ImageMagick \(theirs)")
        #expect(theirs > 0.05, "the pair differs, so the check is not vacuous")
    }

    @Test(
        "mixed kinds and PPM agree with compare too",
        arguments: [(0, 7), (2, 9), (5, 13), (9, 20), (1, 25)])
    func mixed(first: Int, second: Int) throws {
        try #require(imageMagickCompare != nil, "ImageMagick's compare is not installed (run make deps)")
        let folder = temporaryFolder("mixed")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let kinds = Self.kinds.filter { !$0.keyed }
        let a = Self.image(kinds[first % kinds.count], seed: 3).encoded()
        let b = Self.image(kinds[second % kinds.count], seed: 4).encoded()
        write(a, to: folder + "/a.png")
        write(b, to: folder + "/b.png")
        let ours = FrameDifference(try Frame(png: a, file: "a"), try Frame(png: b, file: "b")).rmse
        let theirs = try #require(imageMagickRMSE(folder + "/a.png", folder + "/b.png"))
        #expect(abs(ours - theirs) <= 1e-6, "ours \(ours), ImageMagick \(theirs)")
    }

    @Test("binary and plain PPM of any maximum agree with compare", arguments: [255, 1000, 65_535])
    func ppm(maximum: Int) throws {
        try #require(imageMagickCompare != nil, "ImageMagick's compare is not installed (run make deps)")
        let folder = temporaryFolder("ppm")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var random = SplitMix64(seed: UInt64(maximum))
        func ppm(plain: Bool) -> [UInt8] {
            let values = (0..<(9 * 7 * 3)).map { _ in Int(random.next() % UInt64(maximum + 1)) }
            if plain {
                return Array("P3\n# plain\n9 7\n\(maximum)\n\(values.map(String.init).joined(separator: " "))\n".utf8)
            }
            let body = maximum < 256 ? values.map { UInt8($0) } : values.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
            return Array("P6\n9 7\n\(maximum)\n".utf8) + body
        }
        let a = ppm(plain: false)
        let b = ppm(plain: true)
        write(a, to: folder + "/a.ppm")
        write(b, to: folder + "/b.ppm")
        let ours = FrameDifference(try Frame(ppm: a, file: "a"), try Frame(ppm: b, file: "b")).rmse
        let theirs = try #require(imageMagickRMSE(folder + "/a.ppm", folder + "/b.ppm"))
        #expect(abs(ours - theirs) <= 1e-6, "ours \(ours), ImageMagick \(theirs)")
    }

    @Test("the tile map's tiles add up to the whole-frame RMSE")
    func tiles() throws {
        let a = try Frame(png: Self.image(Kind(colourType: .rgb, bitDepth: 8), seed: 5).encoded(), file: "a")
        let b = try Frame(png: Self.image(Kind(colourType: .rgb, bitDepth: 8), seed: 6).encoded(), file: "b")
        let difference = FrameDifference(a, b)
        var total = 0.0
        for tile in 0..<difference.grid.count {
            let rmse = Double(difference.tiles[tile])
            total += rmse * rmse * Double(difference.grid.pixelCount(ofTile: tile))
        }
        #expect(abs((total / Double(13 * 11)).squareRoot() - difference.rmse) < 1e-6)
    }
}
