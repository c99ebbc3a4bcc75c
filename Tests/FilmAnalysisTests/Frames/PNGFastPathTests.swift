import FilmAnalysis
import Foundation
import Frames
import HingeKit
import HingeTestSupport
import Testing

/// The libdeflate fast path against libpng (the oracle): the same samples, byte for byte, for
/// every PNG kind, every filter type and the bench's frames; and libpng for every file it
/// doubts.
@Suite("PNG fast path against libpng")
struct PNGFastPathTests {
    func fast(_ png: [UInt8]) -> Frame? { png.withUnsafeBufferPointer { PNGFastPath.decode($0) } }

    func expectSame(_ png: [UInt8], fastPath: Bool, _ what: String) throws {
        let oracle = try Frame.libpngDecoded(png, file: what, pixelLimit: Frame.defaultPixelLimit)
        let decoded = try Frame(png: png, file: what)
        #expect(decoded.width == oracle.width && decoded.height == oracle.height, "\(what)")
        #expect(decoded.layout == oracle.layout, "\(what)")
        #expect(decoded.bytes == oracle.bytes, "\(what): samples differ from libpng's")
        #expect((fast(png) != nil) == fastPath, "\(what): fast path taken \(fast(png) != nil), expected \(fastPath)")
    }

    @Test("every PNG kind decodes to libpng's samples", arguments: ImageMagickAgreementTests.kinds)
    func kinds(kind: ImageMagickAgreementTests.Kind) throws {
        let png = ImageMagickAgreementTests.image(kind, seed: 11).encoded()
        let eligible =
            kind.bitDepth == 8 && !kind.interlaced && !kind.keyed && kind.colourType != .palette
        try expectSame(png, fastPath: eligible, "\(kind)")
    }

    /// Filters `scanlines` (filter byte 0 and the raw bytes per row) with `filter(y)` per row,
    /// as an encoder does, from the PNG specification's definitions.
    static func filtered(_ scanlines: [UInt8], rowBytes: Int, pixelBytes: Int, filter: (Int) -> UInt8) -> [UInt8] {
        let rows = scanlines.count / (rowBytes + 1)
        var out: [UInt8] = []
        for y in 0..<rows {
            let raw = Array(scanlines[(y * (rowBytes + 1) + 1)..<((y + 1) * (rowBytes + 1))])
            let above = y > 0 ? Array(scanlines[((y - 1) * (rowBytes + 1) + 1)..<(y * (rowBytes + 1))]) : nil
            let type = filter(y)
            out.append(type)
            for i in 0..<rowBytes {
                let a = i >= pixelBytes ? Int(raw[i - pixelBytes]) : 0
                let b = Int(above?[i] ?? 0)
                let c = i >= pixelBytes ? Int(above?[i - pixelBytes] ?? 0) : 0
                let prediction: Int
                switch type {
                case 1: prediction = a
                case 2: prediction = b
                case 3: prediction = (a + b) / 2
                case 4:
                    let p = a + b - c
                    let (pa, pb, pc) = (abs(p - a), abs(p - b), abs(p - c))
                    prediction = pa <= pb && pa <= pc ? a : (pb <= pc ? b : c)
                default: prediction = 0
                }
                out.append(UInt8(truncatingIfNeeded: Int(raw[i]) - prediction))
            }
        }
        return out
    }

    /// A file of `image` with its rows filtered by `filter`, the image data split into three
    /// IDAT chunks and an ancillary chunk before and after them.
    static func file(_ image: TestPNG, filter: (Int) -> UInt8) -> [UInt8] {
        let pixelBytes = image.colourType.channels
        let rowBytes = image.width * pixelBytes
        let zlib = TestPNG.zlibStored(
            filtered(image.scanlines(), rowBytes: rowBytes, pixelBytes: pixelBytes, filter: filter))
        var header = TestPNG.bigEndian(UInt32(image.width)) + TestPNG.bigEndian(UInt32(image.height))
        header += [8, image.colourType.rawValue, 0, 0, 0]
        var file = TestPNG.signature + TestPNG.chunk("IHDR", header) + TestPNG.chunk("tEXt", Array("Title\0x".utf8))
        let third = zlib.count / 3
        file += TestPNG.chunk("IDAT", Array(zlib[..<third])) + TestPNG.chunk("IDAT", [])
        file += TestPNG.chunk("IDAT", Array(zlib[third..<(2 * third)]))
        file += TestPNG.chunk("IDAT", Array(zlib[(2 * third)...]))
        return file + TestPNG.chunk("tIME", [7, 234, 12, 1, 8, 0, 0]) + TestPNG.chunk("IEND", [])
    }

    @Test(
        "every filter type, every 8-bit colour type",
        arguments: [TestPNG.ColourType.grey, .greyAlpha, .rgb, .rgba])
    func filters(colourType: TestPNG.ColourType) throws {
        var random = SplitMix64(seed: UInt64(colourType.rawValue) + 40)
        // Rows of one pixel and of many; each filter type after each other one.
        for (width, height) in [(1, 30), (37, 26), (100, 7)] {
            let image = TestPNG.random(
                width: width, height: height, colourType: colourType, bitDepth: 8, using: &random)
            let png = Self.file(image) { y in UInt8((y + y / 5) % 5) }
            try expectSame(png, fastPath: true, "\(colourType) \(width)×\(height)")
            let randomFilters = (0..<height).map { _ in UInt8(random.next() % 5) }
            try expectSame(Self.file(image) { randomFilters[$0] }, fastPath: true, "\(colourType) random filters")
        }
    }

    @Test("the bench's frames (libpng's writer, adaptive filters) decode to libpng's samples")
    func benchFrames() throws {
        var checked = 0
        for scene in SyntheticFilm.Scene.allCases {
            let film = SyntheticFilm(scene: scene, seed: 1, width: 270, height: 600)
            for shot in film.shots.prefix(4) {
                let png = try #require(film.render(shot).pngData())
                try expectSame(png, fastPath: true, "\(scene) at \(shot.time) ms")
                checked += 1
            }
        }
        #expect(checked >= 10)
    }

    /// An RGB file with every filter type, whose bytes the doubt cases then damage.
    static func sample() -> [UInt8] {
        var random = SplitMix64(seed: 99)
        let image = TestPNG.random(width: 9, height: 10, colourType: .rgb, bitDepth: 8, using: &random)
        return file(image) { UInt8($0 % 5) }
    }

    /// The offset of the first chunk of `type` in `png`.
    static func chunkOffset(_ png: [UInt8], _ type: String) -> Int {
        var offset = 8
        while Array(png[(offset + 4)..<(offset + 8)]) != Array(type.utf8) {
            offset += 12 + (png[offset..<(offset + 4)].reduce(0) { $0 << 8 | Int($1) })
        }
        return offset
    }

    @Test("a bad CRC, a bad filter type, too little or too much image data go to libpng, which refuses them")
    func doubts() throws {
        var badCRC = Self.sample()
        badCRC[Self.chunkOffset(badCRC, "IDAT") + 9] ^= 1
        var random = SplitMix64(seed: 5)
        let image = TestPNG.random(width: 9, height: 10, colourType: .rgb, bitDepth: 8, using: &random)
        let badFilter = Self.file(image) { $0 == 4 ? 9 : 2 }
        var short = image
        short.height = 9
        short.samples.removeLast(27)
        var tall = TestPNG.random(width: 9, height: 11, colourType: .rgb, bitDepth: 8, using: &random)
        // Headers claiming 10 rows over 9 rows of data, and over 11.
        func claimingTenRows(_ png: [UInt8]) -> [UInt8] {
            var header = TestPNG.bigEndian(9) + TestPNG.bigEndian(10)
            header += [8, 2, 0, 0, 0]
            return TestPNG.signature + TestPNG.chunk("IHDR", header) + Array(png[33...])
        }
        tall.gamma = nil
        for (name, png) in [
            ("bad IDAT CRC", badCRC), ("filter type 9", badFilter),
            ("too little data", claimingTenRows(short.encoded())),
            ("too much data", claimingTenRows(tall.encoded())),
        ] {
            #expect(fast(png) == nil, "\(name): the fast path must hand it over")
            let libpng = Result { () throws(FrameError) in try Frame.libpngDecoded(png, file: "f.png", pixelLimit: 1000)
            }
            let ours = Result { () throws(FrameError) in try Frame(png: png, file: "f.png") }
            switch (libpng, ours) {
            case (.failure(let a), .failure(let b)): #expect(a.message == b.message, "\(name)")
            case (.success(let a), .success(let b)): #expect(a.bytes == b.bytes, "\(name)")
            default: Issue.record("\(name): libpng and Frame(png:) disagree on whether the file is good")
            }
        }
    }

    @Test("interlaced, transparency, palette and 16-bit files go to libpng")
    func handedOver() throws {
        var random = SplitMix64(seed: 8)
        var interlaced = TestPNG.random(width: 9, height: 10, colourType: .rgb, bitDepth: 8, using: &random)
        interlaced.interlaced = true
        var keyed = TestPNG.random(width: 9, height: 10, colourType: .rgb, bitDepth: 8, using: &random)
        keyed.transparency = [0, 1, 0, 2, 0, 3]
        let palette = TestPNG.random(width: 9, height: 10, colourType: .palette, bitDepth: 8, using: &random)
        let deep = TestPNG.random(width: 9, height: 10, colourType: .rgba, bitDepth: 16, using: &random)
        for png in [interlaced, keyed, palette, deep] {
            try expectSame(png.encoded(), fastPath: false, "\(png.colourType) \(png.bitDepth)-bit")
        }
    }

    @Test("a header whose width × height passes 2⁶³ is refused, not a crash (found by fuzzing)")
    func overflowingHeader() throws {
        let png: [UInt8] =
            TestPNG.signature + TestPNG.chunk("IHDR", [0xBA, 0xBA, 0xBA, 0xBA, 0xBA, 0xBA, 0xBA, 0xBA, 8, 2, 0, 0, 0])
            + TestPNG.chunk("IEND", [])
        #expect(throws: FrameError.self) { try Frame(png: png, file: "f.png") }
        do {
            _ = try Frame(png: png, file: "f.png")
        } catch {
            #expect(error.message.contains("3132799674 × 3132799674 pixels is more than"), "\(error.message)")
        }
    }

    @Test("a text chunk claiming 2 GB in a short file is an error, not a 2 GB allocation (found by fuzzing)")
    func hugeAncillaryChunk() throws {
        var random = SplitMix64(seed: 12)
        let image = TestPNG.random(width: 4, height: 4, colourType: .rgb, bitDepth: 8, using: &random).encoded()
        // IHDR ends at byte 33; a tEXt chunk claiming 0x7E00000A bytes follows, then the rest.
        let png = Array(image[..<33]) + [0x7E, 0x00, 0x00, 0x0A] + Array("tEXtTitle\0film".utf8) + Array(image[33...])
        // Refused from the lengths, before libpng allocates what the chunk claims.
        var messages: [String] = []
        do { _ = try Frame(png: png, file: "f.png") } catch { messages.append(error.message) }
        do { _ = try Frame.libpngDecoded(png, file: "f.png", pixelLimit: 1 << 20) } catch {
            messages.append(error.message)
        }
        #expect(messages.count == 2)
        for message in messages {
            #expect(message.contains("'tEXt' chunk at byte 33 claims 2113929226 bytes"), "\(message)")
        }
    }
}
