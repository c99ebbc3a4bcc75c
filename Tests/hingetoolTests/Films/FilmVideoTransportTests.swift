import FilmAnalysis
import Foundation
import Frames
import HingeSupport
import HingeTestSupport
import Testing

@testable import hingetool

/// `film VIDEO` reads a yuv420p video as YUV and converts it itself only where that gives
/// ffmpeg's RGB: the oracle is ffmpeg's own RGB through the route that shares nothing with the
/// YUV transport (ffmpeg writes PNG files, `film` reads the folder), row for row.
@Suite("film VIDEO: the YUV and RGB transports give ffmpeg's RGB")
struct FilmVideoTransportTests {
    static let binary = packageRoot + "/.build/debug/hingetool"

    /// A short testsrc2 clip (320 × 256, above the smallest picture read as YUV) with `options`.
    static func clip(_ folder: String, _ options: [String]) throws -> String {
        let ffmpeg = try #require(ExecutableSearch.find("ffmpeg"), "ffmpeg is not installed (run make deps)")
        let path = folder + "/clip.mkv"
        let made = ChildProcess.run(
            ffmpeg,
            ["-nostdin", "-v", "error", "-f", "lavfi", "-i", "testsrc2=size=320x256:rate=30", "-t", "0.3"] + options
                + [path], timeLimit: 60)
        try #require(made.status == 0, "\(made.error)")
        return path
    }

    /// `film`'s rows without the header line that names the input.
    static func rows(_ output: String) -> String {
        output.split(separator: "\n", omittingEmptySubsequences: false).dropFirst().joined(separator: "\n")
    }

    /// The rows of the PNG route: `ffmpeg` (as found on `path`) writes the frames, `film` reads them.
    static func pngRoute(_ video: String, folder: String, path: String? = nil) throws -> String {
        let ffmpeg = try #require(ExecutableSearch.find("ffmpeg", in: path ?? ExecutableSearch.environmentPath()))
        try FileManager.default.createDirectory(atPath: folder + "/frames", withIntermediateDirectories: true)
        let made = ChildProcess.run(
            ffmpeg,
            ["-nostdin", "-v", "error", "-i", video] + FilmSource.ffmpegArguments + [folder + "/frames/%06d.png"],
            timeLimit: 60)
        try #require(made.status == 0, "\(made.error)")
        let run = runTool(["film", folder + "/frames"])
        try #require(run.status == 0, "\(run.error)")
        return rows(run.output)
    }

    /// The transport `FilmVideo` settles on for `video`.
    static func transport(_ video: String) throws -> FilmVideo.Transport {
        let ffmpeg = try #require(ExecutableSearch.find("ffmpeg"))
        let reader = try FilmVideo(video: video, ffmpeg: ffmpeg, yuv: true)
        defer { reader.finish() }
        #expect(try reader.next() != nil)
        return reader.transport
    }

    static let cases: [(name: String, options: [String], yuv: YUV420Conversion?)] = [
        (
            "yuv420p, colours unsaid", ["-c:v", "libx264", "-pix_fmt", "yuv420p"],
            .init(matrix: .bt601, fullRange: false)
        ),
        (
            "yuv420p, BT.709 limited",
            ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-colorspace", "bt709", "-color_range", "tv"],
            .init(matrix: .bt709, fullRange: false)
        ),
        (
            "yuv420p, SMPTE 240M", ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-colorspace", "smpte240m"],
            .init(matrix: .smpte240m, fullRange: false)
        ),
        (
            "yuv420p, BT.2020", ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-colorspace", "bt2020nc"],
            .init(matrix: .bt2020, fullRange: false)
        ),
        (
            "full range (x264 decodes it as yuvj420p)",
            ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-color_range", "pc"], .init(matrix: .bt601, fullRange: true)
        ),
        ("ICtCp: RGB", ["-c:v", "libx264", "-pix_fmt", "yuv420p", "-colorspace", "ictcp"], nil),
        ("yuv444p: RGB", ["-c:v", "libx264", "-pix_fmt", "yuv444p"], nil),
    ]

    @Test(
        "each kind of video: ffmpeg's RGB to the bit, on the transport its format and colours allow",
        arguments: cases.indices)
    func transports(index: Int) throws {
        let (name, options, expected) = Self.cases[index]
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let video = try Self.clip(folder, options)
        let run = runTool(["film", video])
        #expect(run.status == 0 && !run.error.contains("note:"), "\(name): \(run.error)")
        #expect(Self.rows(run.output) == (try Self.pngRoute(video, folder: folder)), "\(name)")
        #expect(Self.rows(run.output).split(separator: "\n").count == 10, "\(name): 9 rows and the column line")
        let transport = try Self.transport(video)
        if YUV420Conversion.isVectorised, let expected {
            #expect(transport == .yuv(expected), "\(name): \(transport)")
        } else {
            #expect(transport == .rgb, "\(name): \(transport)")
        }
    }

    @Test("a 10-bit video: the pipe's rows are the PNG route's with '-pix_fmt rgb24'; 16-bit PNGs differ a little")
    func tenBit() throws {
        let ffmpeg = try #require(ExecutableSearch.find("ffmpeg"), "ffmpeg is not installed (run make deps)")
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let video = try Self.clip(folder, ["-c:v", "libx264", "-pix_fmt", "yuv420p10le"])
        let run = runTool(["film", video])
        #expect(run.status == 0, "\(run.error)")
        #expect(try Self.transport(video) == .rgb)
        // ffmpeg's PNG encoder keeps the depth (16-bit PNGs) unless told rgb24.
        var routes: [String: String] = [:]
        for (name, extra) in [("rgb24", ["-pix_fmt", "rgb24"]), ("default", [])] {
            let frames = folder + "/" + name
            try FileManager.default.createDirectory(atPath: frames, withIntermediateDirectories: true)
            let made = ChildProcess.run(
                ffmpeg,
                ["-nostdin", "-v", "error", "-i", video] + FilmSource.ffmpegArguments + extra + [frames + "/%06d.png"],
                timeLimit: 60)
            try #require(made.status == 0, "\(made.error)")
            let png = try Frame(
                contentsOf: [UInt8](Data(contentsOf: URL(fileURLWithPath: frames + "/000000.png"))), file: name)
            #expect(png.layout.bitDepth == (name == "rgb24" ? 8 : 16), "\(name)")
            let film = runTool(["film", frames])
            try #require(film.status == 0, "\(film.error)")
            routes[name] = Self.rows(film.output)
        }
        #expect(Self.rows(run.output) == routes["rgb24"])
        #expect(Self.rows(run.output) != routes["default"])
        // The difference (docs/film.md, "10-bit videos"): at most 0.001 here, the 8-bit figures'
        // rounding (1/255 steps) and no more.
        func rmse(_ rows: String?) -> [Double] {
            (rows ?? "").split(separator: "\n").filter { !$0.hasPrefix("#") }.compactMap {
                $0.split(separator: " ").last.flatMap { Double($0) }
            }
        }
        let (pipe, sixteen) = (rmse(run.output), rmse(routes["default"]))
        #expect(!pipe.isEmpty && pipe.count == sixteen.count)
        #expect(zip(pipe, sixteen).allSatisfy { abs($0 - $1) < 0.001 }, "\(pipe) \(sixteen)")
    }

    @Test("an ffmpeg that converts otherwise (accurate rounding): the probe says so, the film is read again as RGB")
    func otherConversion() throws {
        let real = try #require(ExecutableSearch.find("ffmpeg"))
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let video = try Self.clip(folder, ["-c:v", "libx264", "-pix_fmt", "yuv420p"])
        // An ffmpeg on PATH that rounds its YUV → RGB accurately, as other builds may.
        let bin = folder + "/bin"
        try FileManager.default.createDirectory(atPath: bin, withIntermediateDirectories: true)
        try "#!/bin/bash\nexec '\(real)' \"${@:1:$#-1}\" -sws_flags bicubic+accurate_rnd \"${@: -1}\"\n".write(
            toFile: bin + "/ffmpeg", atomically: true, encoding: .utf8)
        chmod(bin + "/ffmpeg", 0o755)
        let path = bin + ":/usr/bin:/bin"
        let run = ChildProcess.run(Self.binary, ["film", video], environment: ["PATH=" + path], timeLimit: 60)
        #expect(run.status == 0, "\(run.error)")
        #expect(Self.rows(run.output) == (try Self.pngRoute(video, folder: folder, path: path)))
        guard YUV420Conversion.isVectorised else { return }
        #expect(run.error.contains("note:") && run.error.contains("reading it again as RGB"), "\(run.error)")
        #expect(run.error.contains("ffmpeg converts YUV"), "\(run.error)")
        // And the plain ffmpeg's rows differ from this one's: the check is not vacuous.
        #expect(Self.rows(run.output) != Self.rows(runTool(["film", video]).output))
    }

    @Test("YUV420Probe: this ffmpeg converts all 2²⁴ triples as the conversion does; a wrong matrix is caught")
    func probe() throws {
        guard YUV420Conversion.isVectorised else { return }
        let ffmpeg = try #require(ExecutableSearch.find("ffmpeg"))
        let right = YUV420Probe(
            ffmpeg: ffmpeg, width: 540, height: 960, conversion: .init(matrix: .bt601, fullRange: false),
            inputOptions: [])
        #expect(right.verdict() == nil)
        let wrong = YUV420Probe(
            ffmpeg: ffmpeg, width: 540, height: 960, conversion: .init(matrix: .bt709, fullRange: false),
            inputOptions: [])
        let verdict = try #require(wrong.verdict())
        #expect(verdict.contains("ffmpeg converts YUV"), "\(verdict)")
    }

    @Test("a check whose ffmpeg hangs is given up at its time limit, and its ffmpeg is killed", .slow)
    func probeTimeLimit() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let hanging = folder + "/ffmpeg"
        try "#!/bin/sh\necho $$ > '\(folder)/pid'\nexec sleep 600\n".write(
            toFile: hanging, atomically: true, encoding: .utf8)
        chmod(hanging, 0o755)
        let probe = YUV420Probe(
            ffmpeg: hanging, width: 540, height: 960, conversion: .init(matrix: .bt601, fullRange: false),
            inputOptions: [], timeLimit: 10)
        let verdict = try #require(probe.verdict())
        #expect(verdict.contains("did not finish within 10 s"), "\(verdict)")
        let pid = try #require(
            pid_t(
                try String(contentsOfFile: folder + "/pid", encoding: .utf8).trimmingCharacters(
                    in: .whitespacesAndNewlines)))
        errno = 0
        #expect(kill(pid, 0) == -1 && errno == ESRCH, "the hanging ffmpeg \(pid) survived")
    }

    @Test("the probe's pictures hold every (Y, U, V) triple")
    func probePictures() {
        let (width, height) = (540, 960)
        var seen = [Bool](repeating: false, count: 1 << 24)
        for picture in 0..<YUV420Probe.pictureCount(width: width, height: height) {
            let bytes = YUV420Probe.picture(picture, width: width, height: height)
            let base = 0
            for y in 0..<height {
                for x in 0..<width {
                    let chroma = (y / 2) * (width / 2) + x / 2
                    let luma = Int(bytes[base + y * width + x])
                    let u = Int(bytes[base + width * height + chroma])
                    let v = Int(bytes[base + width * height + (width / 2) * (height / 2) + chroma])
                    seen[luma << 16 | u << 8 | v] = true
                }
            }
        }
        #expect(seen.allSatisfy { $0 })
    }
}
