import FilmAnalysis
import Foundation
import Frames
import HingeKit
import HingeTestSupport
import Testing

/// Damaged and hostile frames and folders: each is a FrameError naming the file.
@Suite("Bad frames and folders")
struct BadFrameTests {
    static func goodPNG(width: Int = 5, height: Int = 4) -> [UInt8] {
        var random = SplitMix64(seed: 3)
        return TestPNG.random(width: width, height: height, colourType: .rgb, bitDepth: 8, using: &random).encoded()
    }

    func failure(_ bytes: [UInt8], limit: Int = Frame.defaultPixelLimit) -> FrameError? {
        do {
            _ = try Frame(contentsOf: bytes, file: "frames/000040.png", pixelLimit: limit)
            return nil
        } catch {
            return error
        }
    }

    @Test("a file that is not an image")
    func notAnImage() throws {
        let error = try #require(failure(Array("hello, world\n".utf8)))
        #expect(error.file == "frames/000040.png")
        #expect(error.message.contains("not a PNG or PPM"))
    }

    @Test("a PNG cut short anywhere", arguments: [9, 20, 40, 60, 80])
    func truncated(percent: Int) throws {
        let png = Self.goodPNG()
        let error = try #require(failure(Array(png[..<(png.count * percent / 100)])))
        #expect(error.file == "frames/000040.png")
        #expect(error.message.contains("PNG"))
    }

    @Test("a corrupt compressed stream (valid chunk CRC)")
    func corruptZlib() throws {
        var random = SplitMix64(seed: 4)
        let image = TestPNG.random(width: 5, height: 4, colourType: .rgb, bitDepth: 8, using: &random)
        var zlib = TestPNG.zlibStored(image.scanlines())
        zlib[2] = 0x07  // block type 3: reserved, an error in every inflater
        var header = TestPNG.bigEndian(5) + TestPNG.bigEndian(4)
        header += [8, 2, 0, 0, 0]
        let png =
            TestPNG.signature + TestPNG.chunk("IHDR", header) + TestPNG.chunk("IDAT", zlib) + TestPNG.chunk("IEND", [])
        let error = try #require(failure(png))
        #expect(error.message.contains("damaged PNG"), "\(error)")
    }

    @Test("a header claiming 30000 × 30000 pixels is refused before allocating")
    func huge() throws {
        var header = TestPNG.bigEndian(30_000) + TestPNG.bigEndian(30_000)
        header += [8, 6, 0, 0, 0]
        let png =
            TestPNG.signature + TestPNG.chunk("IHDR", header) + TestPNG.chunk("IDAT", TestPNG.zlibStored([0, 0, 0]))
            + TestPNG.chunk("IEND", [])
        #expect(png.count < 100)
        let error = try #require(failure(png))
        #expect(error.message.contains("30000 × 30000 pixels is more than"), "\(error)")
    }

    @Test("a PPM header too large, and a PPM cut short")
    func ppm() throws {
        let huge = try #require(failure(Array("P6\n30000 30000\n255\n".utf8) + [0, 0, 0]))
        #expect(huge.message.contains("more than"))
        let short = try #require(failure(Array("P6\n4 4\n255\n".utf8) + [1, 2, 3]))
        #expect(short.message.contains("truncated"))
        let bad = try #require(failure(Array("P3\n2 x\n255\n".utf8)))
        #expect(bad.line == 2 && bad.column == 3, "\(bad)")
    }

    @Test("folders: empty, names that are not times, duplicate times, different sizes")
    func folders() throws {
        let folder = temporaryFolder("bad")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: FrameError.self) { try FrameFile.frames(inFolder: folder) }
        write(Array("{}".utf8), to: folder + "/truth.json")
        do {
            _ = try FrameFile.frames(inFolder: folder)
            Issue.record("an empty folder was accepted")
        } catch {
            #expect(error.message.contains("no frames"))
        }
        write(Self.goodPNG(), to: folder + "/12.png")
        write(Self.goodPNG(), to: folder + "/012.png")
        do {
            _ = try FrameFile.frames(inFolder: folder)
            Issue.record("duplicate times were accepted")
        } catch {
            #expect(error.description.contains("12.png") && error.description.contains("012.png"), "\(error)")
        }
        try FileManager.default.removeItem(atPath: folder + "/012.png")
        write(Self.goodPNG(width: 6), to: folder + "/30.png")
        do {
            _ = try FilmReader().read(FrameFile.frames(inFolder: folder))
            Issue.record("frames of different sizes were accepted")
        } catch {
            #expect(error.file.hasSuffix("/30.png") && error.message.contains("/12.png"), "\(error)")
        }
        write(Self.goodPNG(), to: folder + "/frame-a.png")
        do {
            _ = try FrameFile.frames(inFolder: folder)
            Issue.record("a name that is not a time was accepted")
        } catch {
            #expect(error.file.hasSuffix("frame-a.png") && error.message == FrameFile.notATime)
        }
        let byName = try FrameFile.frames(inFolder: folder, order: .name)
        #expect(byName.map(\.time) == [0, 1, 2])
    }
}
