import Foundation
import HingeTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 21, "limits": the memory docs/performance.md states per command, measured on the
/// built tool (peak resident set size from `/usr/bin/time -f %M`) and held to the stated figure
/// with 25 % to spare. The figures are per row, so 200,000 rows stand for the four million
/// the defaults allow (`--max-rows`), in a twentieth of the time.
///
/// The claims are about the tool users run, the release build (`make test` builds it first).
/// The debug build keeps more per row, and by a varying amount (171 and 180 bytes a row in two
/// runs of one `score`, against 156 in release), and takes minutes where release takes seconds.
@Suite("Memory claims of docs/performance.md", .serialized)
struct MemoryClaimTests {
    /// The release hingetool, checked to be there.
    static func tool() throws -> String {
        let tool = packageRoot + "/.build/release/hingetool"
        try #require(
            FileManager.default.isExecutableFile(atPath: tool),
            "build the release hingetool first: swift build -c release --product hingetool (make test does)")
        return tool
    }

    /// A trace of `rows` rows at 1 kHz with ground-truth columns.
    static func denseTrace(rows: Int, in folder: String) throws -> String {
        let path = folder + "/dense.csv"
        guard let file = fopen(path, "w") else { throw CocoaError(.fileWriteUnknown) }
        defer { fclose(file) }
        fputs("time,angle,true_angle,true_velocity\n", file)
        var chunk = ""
        for row in 0..<rows {
            let time = Double(row) / 1000
            let angle = 90 + 80 * sin(time / 3)
            chunk += "\(time),\(Int(angle)),\(angle),\(80 / 3 * cos(time / 3))\n"
            if chunk.utf8.count > 1 << 20 {
                fputs(chunk, file)
                chunk = ""
            }
        }
        fputs(chunk, file)
        return path
    }

    /// Peak resident set size of `arguments` run by the built tool, in bytes.
    /// `environment` is added to the tool's (and GNU time's) environment.
    static func peakMemory(
        _ arguments: [String], in folder: String, environment: [String: String] = [:]
    ) throws -> Int {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/time"), "/usr/bin/time is needed")
        let report = folder + "/peak"
        let run = GuardedProcess(
            arguments: ["/usr/bin/time", "-f", "%M", "-o", report, try tool()] + arguments, folder: folder,
            timeLimit: 1200
        )
        var child = run
        child.memoryLimit = 4 << 30
        child.environment = environment
        let result = child.run()
        #expect(result.status == 0, "\(result.error.prefix(500))")
        let text = try String(contentsOfFile: report, encoding: .utf8)
        return (Int(text.trimmingCharacters(in: .whitespacesAndNewlines).split(separator: "\n").last ?? "") ?? 0) * 1024
    }

    @Test("score holds at most 80 bytes a row plus 64 per scoring grid point (docs/performance.md)", .slow)
    func scoreMemoryPerRow() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let rows = 200_000
        let trace = try Self.denseTrace(rows: rows, in: folder)
        let peak = try Self.peakMemory(["score", trace, "-o", folder + "/score.txt"], in: folder)
        // The tool's own base (code, libraries) is measured on a two-row trace.
        let small = folder + "/small.csv"
        try "time,angle,true_angle,true_velocity\n0,90,90,0\n1,91,91,1\n".write(
            toFile: small, atomically: false, encoding: .utf8)
        let base = try Self.peakMemory(["score", small, "-o", folder + "/small.txt"], in: folder)
        let perRow = Double(peak - base) / Double(rows)
        print("score: peak \(peak / 1_048_576) MiB, base \(base / 1_048_576) MiB, \(Int(perRow)) bytes a row")
        // A row here is also a grid point (1 kHz): 80 + 64 stated, 25 % to spare.
        #expect(perRow <= 1.25 * (80 + 64), "\(perRow) bytes a row")
    }

    /// The tool's peak on a two-row trace: its code and libraries, which no claim counts.
    static func baseMemory(_ command: [String], in folder: String) throws -> Int {
        let small = folder + "/small.csv"
        try "time,angle,true_angle,true_velocity\n0,90,90,0\n1,91,91,1\n".write(
            toFile: small, atomically: false, encoding: .utf8)
        return try peakMemory(command + [small, "-o", folder + "/small.out"], in: folder)
    }

    @Test("unfold holds what score holds a row: at most 80 bytes a row plus 64 per grid point", .slow)
    func unfoldMemoryPerRow() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let rows = 200_000
        let trace = try Self.denseTrace(rows: rows, in: folder)
        let peak = try Self.peakMemory(["unfold", trace, "-o", folder + "/unfold.dat"], in: folder)
        let base = try Self.baseMemory(["unfold"], in: folder)
        let perRow = Double(peak - base) / Double(rows)
        print("unfold: peak \(peak / 1_048_576) MiB, base \(base / 1_048_576) MiB, \(Int(perRow)) bytes a row")
        // docs/performance.md measures 112 bytes a row and holds unfold to score's bound.
        #expect(perRow <= 1.25 * (80 + 64), "\(perRow) bytes a row")
    }

    @Test("read and posture stream their rows: 200,000 rows cost no more than two (within 8 MiB)", .slow)
    func streamingCommandsAreConstant() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let trace = try Self.denseTrace(rows: 200_000, in: folder)
        for command in ["read", "posture"] {
            let peak = try Self.peakMemory([command, trace, "-o", folder + "/\(command).dat"], in: folder)
            let base = try Self.baseMemory([command], in: folder)
            print("\(command): peak \(peak / 1_048_576) MiB, base \(base / 1_048_576) MiB")
            // Held row by row, the 200,000 rows (21 MB of them as text) would cost ≥ 20 MiB.
            #expect(peak - base <= 8 << 20, "\(command): \(peak - base) bytes above the two-row run")
        }
    }

    @Test("preview -o X.gif: 221 frames cost what 56 do, within 16 MiB (two passes over frames on disk)", .slow)
    func previewGIFMemoryIsConstantInFrames() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "ffmpeg is needed")
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // 5 s of a moving hinge and the settling second: --rate 10 is 56 frames, --rate 40 is 221.
        var trace = "time,angle\n"
        for index in 0...500 { trace += "\(Double(index) / 100),\(90 + 80 * sin(Double(index) / 80))\n" }
        try trace.write(toFile: folder + "/wave.csv", atomically: true, encoding: .utf8)
        var peaks: [Int] = []
        for rate in ["10", "40"] {
            // The peak counts ffmpeg too: GNU time's %M is the largest of the tool and its waited-for children.
            peaks.append(
                try Self.peakMemory(
                    ["preview", folder + "/wave.csv", "--rate", rate, "--size", "128", "-o", folder + "/w\(rate).gif"],
                    in: folder))
        }
        print("preview gif: peak \(peaks[0] / 1_048_576) MiB at 56 frames, \(peaks[1] / 1_048_576) MiB at 221")
        // One pass (split → palettegen) held every frame in ffmpeg: on these frames ffmpeg alone
        // peaked at 111 MiB for 56 frames and 169 MiB for 221 (measured with GNU time).
        #expect(peaks[1] - peaks[0] <= 16 << 20, "\(peaks)")
    }

    @Test("fold-render --image holds at most 31 bytes a pixel beyond the tool (docs/performance.md)", .slow)
    func foldRenderMemoryPerPixel() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let side = 1024
        var image = Array("P6\n\(side) \(side)\n255\n".utf8)
        image.reserveCapacity(image.count + 3 * side * side)
        for y in 0..<side {
            for x in 0..<side { image += [UInt8(x & 255), UInt8(y & 255), UInt8((x ^ y) & 255)] }
        }
        let picture = folder + "/picture.ppm"
        try Data(image).write(to: URL(fileURLWithPath: picture))
        let peak = try Self.peakMemory(
            ["fold-render", "--tilt", "20", "--image", picture, "-o", folder + "/render.dat"], in: folder)
        let base = try Self.peakMemory(["fold-render", "--tilt", "20", "-o", folder + "/pattern.dat"], in: folder)
        let perPixel = Double(peak - base) / Double(side * side)
        print("fold-render: peak \(peak / 1_048_576) MiB, base \(base / 1_048_576) MiB, \(Int(perPixel)) bytes a pixel")
        // The file (3), the decoded frame and the 24-byte summed-area table: 31 stated, 25 % to spare.
        #expect(perPixel <= 1.25 * 31, "\(perPixel) bytes a pixel")
    }

    /// Peak resident set of the tool's own process, in bytes: `VmHWM` from `/proc/PID/status`,
    /// read every 5 ms until the process exits. GNU time's `%M` is the largest of the tool and
    /// the children it waited for, and ffmpeg alone peaks at about 56 MB, which hides the
    /// tool's growth below it; the polled peak can only miss growth in the last 5 ms.
    static func ownPeakMemory(_ arguments: [String], in folder: String) throws -> Int {
        var child = GuardedProcess(arguments: [try tool()] + arguments, folder: folder, timeLimit: 1200)
        child.memoryLimit = 4 << 30
        let started = child.start()
        var peak = 0
        while true {
            // A process that has exited (a zombie until it is waited for) has no VmHWM line.
            guard let status = try? String(contentsOfFile: "/proc/\(started.pid)/status", encoding: .utf8),
                let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
                let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
            else { break }
            peak = max(peak, kilobytes * 1024)
            usleep(5000)
        }
        let result = started.wait()
        #expect(result.status == 0, "\(result.error.prefix(500))")
        return peak
    }

    /// docs/film.md: a video's frames are summarised as they arrive; what stays is a record a
    /// frame for the event detector, 20 bytes a tile and about 400 bytes besides. Two films of
    /// the same 240 × 320 pattern (192 tiles), 4 s and 14 s at 60 fps: the 600 frames more may
    /// cost at most that record each, 25 % to spare (the frames in flight are the same for both).
    @Test("film VIDEO holds at most a record a frame: 20 bytes a tile + 400 (docs/film.md)", .slow)
    func filmVideoMemoryPerFrame() throws {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/ffmpeg"), "ffmpeg is needed")
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var peaks: [Int] = []
        for seconds in [4, 14] {
            let video = folder + "/pattern-\(seconds).mp4"
            let made = GuardedProcess(
                arguments: [
                    "/usr/bin/ffmpeg", "-nostdin", "-loglevel", "error", "-f", "lavfi", "-i",
                    "testsrc=size=240x320:rate=60", "-t", "\(seconds)", "-pix_fmt", "yuv420p", "-c:v", "libx264",
                    "-preset", "ultrafast", video,
                ], folder: folder, timeLimit: 120
            ).run()
            try #require(made.status == 0, "\(made.error)")
            peaks.append(try Self.ownPeakMemory(["film", video, "-o", folder + "/film-\(seconds).txt"], in: folder))
        }
        let tiles = 12 * 16
        let perFrame = Double(peaks[1] - peaks[0]) / 600
        print(
            "film VIDEO: own peak \(peaks[0] / 1_048_576) MiB at 240 frames, \(peaks[1] / 1_048_576) MiB at 840: \(Int(perFrame)) bytes a frame"
        )
        #expect(perFrame <= 1.25 * Double(20 * tiles + 400), "\(perFrame) bytes a frame")
    }

    /// The per-row claims of docs/performance.md's table for the commands that hold a trace's
    /// rows and a grid: `demo` (as `score`, plus its 120 Hz animation), `resample` and `smooth`
    /// (rows and a 1 kHz grid, one point a row here). 50,000 rows at 1 kHz, each command against
    /// its own run on a three-row trace; ≤ 80 bytes a row + 64 a grid point, 25 % to spare.
    @Test("demo, resample and smooth hold at most 80 bytes a row plus 64 a grid point (docs/performance.md)", .slow)
    func gridCommandsMemoryPerRow() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let rows = 50_000
        let trace = try Self.denseTrace(rows: rows, in: folder)
        let small = folder + "/small3.csv"
        try "time,angle,true_angle,true_velocity\n0,90,90,0\n1,91,91,1\n2,92,92,1\n".write(
            toFile: small, atomically: false, encoding: .utf8)
        let runs: [(String, (String) -> [String])] = [
            ("demo", { ["demo", $0, "--out-dir", folder + "/demo", "--force"] }),
            ("resample", { ["resample", $0, "--rate", "1000", "-o", folder + "/resample.dat"] }),
            ("smooth --gaussian", { ["smooth", $0, "--rate", "1000", "--gaussian", "0.01", "-o", folder + "/g.dat"] }),
            ("smooth --median", { ["smooth", $0, "--rate", "1000", "--median", "0.05", "-o", folder + "/m.dat"] }),
        ]
        // No gnuplot for demo's pictures: gnuplot holds every point it draws, the tool does not.
        let noPrograms = ["PATH": folder + "/no-programs"]
        for (name, command) in runs {
            let peak = try Self.peakMemory(command(trace), in: folder, environment: noPrograms)
            let base = try Self.peakMemory(command(small), in: folder, environment: noPrograms)
            let perRow = Double(peak - base) / Double(rows)
            print("\(name): peak \(peak / 1_048_576) MiB, base \(base / 1_048_576) MiB, \(Int(perRow)) bytes a row")
            #expect(perRow <= 1.25 * (80 + 64), "\(name): \(perRow) bytes a row")
        }
    }

    /// `spring` holds its rows (t, value, velocity: 24 bytes each) to print them once the
    /// motion's end is known; `curve` streams. 200,001 rows of each against a short run.
    @Test("spring holds at most 24 bytes a row; curve streams (docs/performance.md)", .slow)
    func springAndCurveMemory() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let spring = try Self.peakMemory(
            ["spring", "--length", "200", "--rate", "1000", "-o", folder + "/spring.dat"], in: folder)
        let springBase = try Self.peakMemory(
            ["spring", "--length", "2", "--rate", "1", "-o", folder + "/spring2.dat"], in: folder)
        let perRow = Double(spring - springBase) / 200_001
        print("spring: peak \(spring / 1_048_576) MiB, base \(springBase / 1_048_576) MiB, \(Int(perRow)) bytes a row")
        #expect(perRow <= 1.25 * 24, "spring: \(perRow) bytes a row")
        let curve = try Self.peakMemory(
            ["curve", "--effect", "bloom", "--step", "0.0009", "-o", folder + "/curve.dat"], in: folder)
        let curveBase = try Self.peakMemory(["curve", "--effect", "bloom", "-o", folder + "/curve2.dat"], in: folder)
        print("curve: peak \(curve / 1_048_576) MiB at 200,001 rows, \(curveBase / 1_048_576) MiB at 181")
        // Held, the rows would cost ≥ 3 MiB (16 bytes each).
        #expect(curve - curveBase <= 2 << 20, "curve: \(curve - curveBase) bytes above 181 rows")
    }

    /// `plot KIND` streams the plotted command's rows into KIND.dat: the tool's own memory is
    /// constant, as `read`'s. gnuplot, which holds every point it draws, is left out (no
    /// gnuplot on PATH: the data and script are still written, exit 0).
    @Test("plot streams its data: 50,000 rows cost no more than three, without gnuplot (within 8 MiB)", .slow)
    func plotStreamsItsData() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let trace = try Self.denseTrace(rows: 50_000, in: folder)
        let small = folder + "/small3.csv"
        try "time,angle\n0,90\n1,91\n2,92\n".write(toFile: small, atomically: false, encoding: .utf8)
        for kind in ["trace", "reading"] {
            var peaks: [Int] = []
            for input in [trace, small] {
                peaks.append(
                    try Self.peakMemory(
                        ["plot", kind, input, "--out-dir", folder + "/plots", "--force"], in: folder,
                        environment: ["PATH": folder + "/no-programs"]))
            }
            print("plot \(kind): peak \(peaks[0] / 1_048_576) MiB at 50,000 rows, \(peaks[1] / 1_048_576) MiB at 3")
            #expect(peaks[0] - peaks[1] <= 8 << 20, "plot \(kind): \(peaks[0] - peaks[1]) bytes above three rows")
        }
    }

    /// `poses` reads its stage log whole (at most `--max-bytes`) and holds 2.4 times the input
    /// at the limit (docs/performance.md, 62 MB measured); held to that with 25 % to spare on a
    /// log of 40,000 stages, against a two-stage log.
    @Test("poses holds at most 2.4 times its input beyond the tool (docs/performance.md)", .slow)
    func posesMemoryPerInputByte() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var log = "time,content_width,content_height\n"
        for index in 0..<40_000 {
            log += "\(Double(index) / 10),\([373, 884][index % 2]),\([839, 1005, 839, 700][index % 4])\n"
        }
        try log.write(toFile: folder + "/stages.csv", atomically: false, encoding: .utf8)
        try "time,content_width,content_height\n0,373,839\n1,884,1005\n".write(
            toFile: folder + "/two.csv", atomically: false, encoding: .utf8)
        let peak = try Self.peakMemory(["poses", folder + "/stages.csv", "-o", folder + "/p.dat"], in: folder)
        let base = try Self.peakMemory(["poses", folder + "/two.csv", "-o", folder + "/p2.dat"], in: folder)
        let perByte = Double(peak - base) / Double(log.utf8.count)
        print(
            "poses: peak \(peak / 1_048_576) MiB, base \(base / 1_048_576) MiB, \(log.utf8.count) bytes in: \(perByte) a byte"
        )
        #expect(perByte <= 1.25 * 2.4, "\(perByte) bytes held a byte of input")
    }
}
