import Foundation
import Frames
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

@Suite("hingetool fold-render")
struct FoldRenderCommandTests {
    /// The `r g b` of every data row, in order.
    private func pixels(_ run: ToolRun) -> [[UInt8]] {
        run.output.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
            $0.split(separator: " ").dropFirst(2).map { UInt8($0)! }
        }
    }

    /// A 4 × 2 P3 image with distinct pixels.
    private let plain =
        "P3\n# a comment\n4 2\n255\n"
        + (0..<8).map { "\($0 * 30) \(255 - $0 * 30) \($0)" }
        .joined(separator: "\n") + "\n"

    @Test("Zero tilt reproduces the image exactly; rows are 'x y r g b' in blocks per pixel row")
    func identity() {
        let run = runTool(["fold-render", "--tilt", "0", "--image", "-", "--width", "40"], input: plain)
        #expect(run.status == 0, "\(run.error)")
        let expected: [[UInt8]] = (0..<8).map { (index: Int) -> [UInt8] in
            [UInt8(index * 30), UInt8(255 - index * 30), UInt8(index)]
        }
        #expect(pixels(run) == expected)
        // 40 × 20 mm: pixel centres at x = −15, −5, 5, 15 and y = 5, −5; a blank line per row.
        #expect(run.output.contains("\n-15 5 0 255 0\n-5 5 30 225 1\n"))
        #expect(run.output.contains("15 5 90 165 3\n\n-15 -5 120 135 4\n"))
    }

    @Test("P6 with a 16-bit maximum reads the same as P3")
    func binary() {
        var bytes = Array("P6 4 2 65535\n".utf8)
        for index in 0..<8 {
            for value in [index * 30, 255 - index * 30, index] {
                let wide = value * 257  // 8 → 16 bits exactly
                bytes += [UInt8(wide >> 8), UInt8(wide & 0xFF)]
            }
        }
        let folder = temporaryFolder()
        let path = folder + "/image.ppm"
        _ = FileManager.default.createFile(atPath: path, contents: Data(bytes))
        let fromBinary = runTool(["fold-render", "--tilt", "0", "--image", path, "--width", "40"])
        let fromText = runTool(["fold-render", "--tilt", "0", "--image", "-", "--width", "40"], input: plain)
        #expect(fromBinary.status == 0, "\(fromBinary.error)")
        #expect(pixels(fromBinary) == pixels(fromText))
    }

    @Test("A PNG (read by FilmAnalysis's frame decoder, as films are) renders as the PPM it was made from")
    func pngInput() throws {
        let rgb: [UInt8] = (0..<8).flatMap { (index: Int) -> [UInt8] in
            [UInt8(index * 30), UInt8(255 - index * 30), UInt8(index)]
        }
        let bytes = try #require(Frame(width: 4, height: 2, rgb: rgb).pngData())
        let path = temporaryFolder() + "/image.png"
        #expect(FileManager.default.createFile(atPath: path, contents: Data(bytes)))
        let fromPNG = runTool(["fold-render", "--tilt", "12", "--image", path, "--width", "40"])
        let fromText = runTool(["fold-render", "--tilt", "12", "--image", "-", "--width", "40"], input: plain)
        #expect(fromPNG.status == 0, "\(fromPNG.error)")
        #expect(!pixels(fromPNG).isEmpty && pixels(fromPNG) == pixels(fromText))
        // A broken PNG is the decoder's located error, exit 65.
        let broken = temporaryFolder() + "/broken.png"
        #expect(FileManager.default.createFile(atPath: broken, contents: Data(bytes.prefix(30))))
        let run = runTool(["fold-render", "--tilt", "12", "--image", broken])
        #expect(run.status == 65 && run.error.hasPrefix("Error: \(broken): "), "\(run.error)")
    }

    @Test("At 30° the free edge's corners miss (black), the hinge edge's do not; tilting back mirrors", .slow)
    func tilted() {
        let run = runTool(["fold-render", "--tilt", "30"])
        #expect(run.status == 0)
        let image = pixels(run)
        #expect(image.count == 210 * 450)
        // Top-left pixel: glass (−34.83, 74.83) mm; the free edge's rays hit only within
        // |y| ≤ 66.8 mm (see FrostedGlassTests), so it is black; the top-right is not.
        #expect(image[0] == [0, 0, 0])
        // Row 10, column 205 lies off the pattern's grid lines, 1.5 mm from the hinge edge.
        #expect(image[10 * 210] == [0, 0, 0] && image[10 * 210 + 205] != [0, 0, 0])
        let mirrored = pixels(runTool(["fold-render", "--tilt", "-30"]))
        let blackLeft = (0..<450).filter { image[$0 * 210] == [0, 0, 0] }.count
        let blackRight = (0..<450).filter { mirrored[$0 * 210 + 209] == [0, 0, 0] }.count
        #expect(blackLeft > 0 && blackLeft == blackRight)
    }

    @Test("--png writes a PNG (through libpng) of the render: signature, size, pixels")
    func png() throws {
        let folder = temporaryFolder()
        let run = runTool(
            ["fold-render", "--tilt", "0", "--image", "-", "--width", "40", "--png", folder + "/render.png"],
            input: plain)
        #expect(run.status == 0)
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/render.png")))
        #expect(bytes.prefix(8) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        // IHDR: width 4, height 2, 8-bit RGB, not interlaced.
        #expect(Array(bytes[16..<29]) == [0, 0, 0, 4, 0, 0, 0, 2, 8, 2, 0, 0, 0])
        // The pixels the render test above checks in the text output, unchanged by the encoding.
        let frame = try Frame(png: bytes, file: "render.png")
        #expect(frame.layout == .rgb8)
        let first = frame.pixel(x: 0, y: 0)
        let second = frame.pixel(x: 0, y: 1)
        #expect([first.red, first.green, first.blue].map { Int(($0 * 255).rounded()) } == [0, 255, 0])
        #expect([second.red, second.green, second.blue].map { Int(($0 * 255).rounded()) } == [120, 135, 4])
    }

    @Test(
        "Bad PPMs exit 65 with a clear place and reason",
        arguments: [
            ("P5 1 1 255\n\u{0}", "<stdin>: not a PNG or PPM image (unknown signature)"),
            ("", "<stdin>: not a PNG or PPM image (unknown signature)"),
            ("P3\n2 x\n", "<stdin>:2:3: 'x' is not a valid height (1…1000000)"),
            ("P3 1 1 0\n", "<stdin>:1:8: '0' is not a valid maximum value (1…65535)"),
            ("P3 1 1 255\n1 2\n", "<stdin>:3:1: the file ends before the sample 3 of 3"),
            ("P3 1 1 100\n1 2 101\n", "<stdin>:2:5: '101' is not a valid sample 3 of 3 (0…100)"),
            ("P3 1 1 255\n1 2 3 4\n", "<stdin>:2:7: unexpected '4' after the last sample"),
            ("P6 2 1 255\n\u{1}\u{2}\u{3}", "<stdin>: the pixel data holds 3 bytes; 6 expected (truncated?)"),
            (
                "P6 1 1 255 \u{1}\u{2}\u{3}\u{4}",
                "<stdin>: the pixel data holds 4 bytes; 3 expected (more after the image)"
            ),
            ("P6 70000 1 255\n", "<stdin>: the pixel data holds 0 bytes; 210000 expected (truncated?)"),
            ("P6 2000000 1 255\n", "<stdin>:1:4: '2000000' is not a valid width (1…1000000)"),
            ("P6 5000 5000 255\n", "<stdin>: 5000 × 5000 pixels is more than the 16777216 accepted"),
        ])
    func badImages(input: String, message: String) {
        let run = runTool(["fold-render", "--tilt", "10", "--image", "-"], input: input)
        #expect(run.status == 65)
        #expect(run.error.hasPrefix("Error: \(message)"), "\(run.error)")
    }

    @Test("A missing image exits 66; a missing or bad --tilt is a usage error")
    func usage() {
        #expect(runTool(["fold-render", "--tilt", "10", "--image", "/nonexistent.ppm"]).status == 66)
        let missing = runTool(["fold-render"])
        #expect(missing.status == 64 && missing.error.hasPrefix("Error: Missing expected option '--tilt <deg>'"))
        #expect(runTool(["fold-render", "--tilt", "85"]).status == 64)
        #expect(runTool(["fold-render", "--tilt", "10", "--eye", "100"]).status == 64)
    }
}
