import FilmAnalysis
import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

/// `hingetool preview`: frames, encodings, bad usage, and `film` measuring what it drew.
@Suite("preview")
struct PreviewCommandTests {
    /// A trace resting at `angle` for a second.
    static func restingTrace(at angle: Double, in folder: String) -> String {
        let path = folder + "/rest.csv"
        try? "time,angle,status\n0,\(angle),partiallyOpen\n1,\(angle),partiallyOpen\n".write(
            toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    static func pngs(in folder: String) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".png") }.sorted()
    }

    @Test("--out-dir writes a PNG per frame, named by milliseconds, of the lanes' size")
    func frames() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let trace = Self.restingTrace(at: 120, in: folder)
        let run = runTool([
            "preview", trace, "--effect", "lean", "--rate", "20", "--size", "64", "--out-dir", folder + "/f",
        ])
        #expect(run.status == 0, "\(run.error)")
        // 1.5 s at 20 Hz: 0, 50, …, 1500 ms.
        let names = Self.pngs(in: folder + "/f")
        #expect(names == stride(from: 0, through: 1500, by: 50).map { HingeTool.Preview.frameName($0) })
        let frame = try Frame(
            png: [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/f/000050.png"))), file: "000050.png")
        #expect(frame.width == 4 * 64 && frame.height == 64 + 44 + 20)
    }

    @Test("-o into a missing folder is refused before anything else: before ffmpeg is looked for and a frame drawn")
    func missingOutputFolderFirst() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let trace = Self.restingTrace(at: 150, in: folder)
        try FileManager.default.createDirectory(atPath: folder + "/empty", withIntermediateDirectories: true)
        // No ffmpeg on PATH: the missing folder must be what is reported (it was found only
        // after every frame had been drawn, issue 32).
        var child = GuardedProcess(
            arguments: [builtTool, "preview", trace, "-o", folder + "/nodir/out.gif"], folder: folder)
        child.environment = ["PATH": folder + "/empty"]
        let run = child.run()
        #expect(run.status == 74, "\(run.error)")
        #expect(run.error.contains("nodir/out.gif") && run.error.contains("No such file or directory"), "\(run.error)")
    }

    @Test("--compare naming a lane twice is a usage error, not a silently repeated panel")
    func duplicateLane() {
        let run = runTool(["preview", "-", "--compare", "raw,raw", "-o", "x.gif"], input: "time,angle\n0,90\n")
        #expect(run.status == 64, "\(run.error)")
        #expect(run.error.contains("'raw' is named twice"), "\(run.error)")
    }

    @Test("-o FILE.gif and FILE.mp4 hold every frame, encoded by ffmpeg", arguments: ["gif", "mp4"])
    func encodings(format: String) throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let trace = Self.restingTrace(at: 150, in: folder)
        let output = folder + "/bloom." + format
        let run = runTool(["preview", trace, "--rate", "10", "--size", "64", "--compare", "raw,hingekit", "-o", output])
        #expect(run.status == 0, "\(run.error)")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: output)))
        if format == "gif" {
            #expect(bytes.starts(with: Array("GIF89a".utf8)))
        } else {
            #expect(Array(bytes[4..<8]) == Array("ftyp".utf8))
        }
        // ffprobe counts the frames: 1.5 s at 10 Hz is 16.
        let probe = ChildProcess.run(
            "/usr/bin/ffprobe",
            [
                "-v", "error", "-count_frames", "-select_streams", "v:0", "-show_entries",
                "stream=nb_read_frames,width,height", "-of", "csv=p=0", output,
            ], timeLimit: 120)
        #expect(probe.output.trimmingCharacters(in: .whitespacesAndNewlines) == "128,128,16")
        #expect(Self.pngs(in: folder).isEmpty)
    }

    @Test(
        "Bad usage is exit 64 naming the option",
        arguments: [
            (["--rate", "10"], "Missing expected option '-o <file>' or '--out-dir <dir>'"),
            (["-o", "x.png"], "expected a .gif or .mp4 file"),
            (["--compare", "smoth", "--out-dir", "f"], "Did you mean 'smooth'?"),
            (["--effect", "petals", "--out-dir", "f"], "Error: --effect: 'petals' is not one of "),
            (["--rate", "0", "--out-dir", "f"], "'--rate'"),
            (["-o", "a.gif", "--out-dir", "f"], "cannot be used together"),
        ])
    func badUsage(extra: [String], message: String) {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = runTool(["preview", Self.restingTrace(at: 120, in: folder)] + extra)
        #expect(run.status == 64)
        #expect(run.error.contains(message), "\(run.error)")
    }

    @Test("film on a preview of a resting hinge: no frame changes, no events")
    func settledFilm() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let trace = Self.restingTrace(at: 120, in: folder)
        for effect in ["bloom", "lean", "unfold", "glass"] {
            let frames = folder + "/" + effect
            let run = runTool([
                "preview", trace, "--effect", effect, "--rate", "20", "--size", "96", "--out-dir", frames,
            ])
            #expect(run.status == 0, "\(run.error)")
            let film = runTool(["film", frames, "--format", "json"])
            #expect(film.status == 0, "\(film.error)")
            let json = try #require(try JSONSerialization.jsonObject(with: Data(film.output.utf8)) as? [String: Any])
            #expect((json["events"] as? [Any])?.isEmpty == true, "\(effect)")
            let rows = json["rows"] as? [[String: Any]] ?? []
            #expect(rows.allSatisfy { ($0["rmse"] as? Double) == 0 }, "\(effect)")
        }
    }

    /// The events `film` finds in a one-lane bloom preview of five-degree-steps at 60 Hz, and
    /// its rows (time, RMSE).
    static func film(lane: String, in folder: String) throws -> (events: [String], rows: [(Int, Double)]) {
        let frames = folder + "/" + lane
        let run = runTool([
            "preview", dataset("five-degree-steps.csv"), "--compare", lane, "--rate", "60", "--size", "160",
            "--out-dir", frames,
        ])
        #expect(run.status == 0, "\(run.error)")
        let film = runTool(["film", frames, "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(film.output.utf8)) as? [String: Any])
        let rows = (json["rows"] as? [[String: Any]] ?? []).map {
            ($0["t_ms"] as? Int ?? -1, $0["rmse"] as? Double ?? -1)
        }
        return ((json["events"] as? [[String: Any]] ?? []).compactMap { $0["kind"] as? String }, rows)
    }

    /// The repeated frames (RMSE 0) with a step of at least 0.05 less than 50 ms before and
    /// after them: the frames a motion holds still in its middle.
    static func repeatsInsideMotion(_ rows: [(Int, Double)]) -> Int {
        let large = rows.filter { $0.1 >= 0.05 }.map(\.0)
        return rows.filter { row in
            row.1 == 0 && large.contains { (1..<50).contains(row.0 - $0) }
                && large.contains { (1..<50).contains($0 - row.0) }
        }.count
    }

    @Test(
        "film on a 5° sensor: the raw angle jumps and holds, .smooth and HingeKit move every frame; settles, no cut",
        .slow)
    func stepsOnFilm() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        // Each 5° report moves the raw flower at once and holds it until the next: repeated frames
        // inside the motion (issue 24: repeats never split an event, so the fold is one settle,
        // not a cut per report).
        let raw = try Self.film(lane: "raw", in: folder)
        #expect(Self.repeatsInsideMotion(raw.rows) >= 8, "\(raw.rows)")
        #expect(!raw.events.contains("cut") && raw.events.filter { $0 == "settle" }.count >= 2, "\(raw.events)")
        for lane in ["smooth", "hingekit"] {
            let smoothed = try Self.film(lane: lane, in: folder)
            #expect(Self.repeatsInsideMotion(smoothed.rows) == 0, "\(lane): \(smoothed.rows)")
            #expect(!smoothed.events.contains("cut"), "\(lane): \(smoothed.events)")
            // The fold and the unfold each settle once the motion dies down.
            #expect(smoothed.events.filter { $0 == "settle" }.count >= 2, "\(lane): \(smoothed.events)")
        }
    }
}
