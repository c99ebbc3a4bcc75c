import FilmAnalysis
import Foundation
import HingeKit
import HingeSupport
import HingeTestSupport
import Testing

@testable import hingetool

/// `hingetool film` and `synth-film`: the datasets, the output, bad input, videos.
@Suite("film and synth-film")
struct FilmCommandTests {
    static let scenes = SyntheticFilm.Scene.allCases.map(\.rawValue)

    /// The built hingetool, for the runs that need a separate process.
    static let binary = packageRoot + "/.build/debug/hingetool"

    static func files(in folder: String) -> [String: Data] {
        var files: [String: Data] = [:]
        // Hidden names are the tool's manifests (issue 21), not part of a film.
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] where !name.hasPrefix(".") {
            files[name] = FileManager.default.contents(atPath: folder + "/" + name)
        }
        return files
    }

    @Test("Datasets/films/SCENE is what synth-film writes, byte for byte", arguments: scenes)
    func datasets(scene: String) {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(runTool(["synth-film", scene, "--seed", "1", "--out-dir", folder]).status == 0)
        let written = Self.files(in: folder)
        let stored = Self.files(in: dataset("films/" + scene))
        #expect(Set(written.keys) == Set(stored.keys))
        for (name, bytes) in written { #expect(stored[name] == bytes, "\(scene)/\(name)") }
    }

    @Test("film --events finds the events of truth.json in Datasets/films", arguments: scenes)
    func events(scene: String) throws {
        let folder = dataset("films/" + scene)
        var arguments = ["film", folder, "--format", "json"]
        if scene == "late-motion" { arguments += ["--hinge", folder + "/hinge.csv"] }
        let run = runTool(arguments)
        #expect(run.status == 0, "\(run.error)")
        func events(_ json: Any?) -> [String] {
            ((json as? [String: Any])?["events"] as? [[String: Any]] ?? []).map {
                "\($0["kind"]!) \($0["start_ms"]!) \($0["end_ms"]!) \($0["frames"]!)"
            }
        }
        let found = try JSONSerialization.jsonObject(with: Data(run.output.utf8))
        let truth = try JSONSerialization.jsonObject(
            with: Data(contentsOf: URL(fileURLWithPath: folder + "/truth.json")))
        #expect(events(found) == events(truth))
    }

    @Test("rows are t_ms dt_ms rmse after the first frame; --events adds the table")
    func rows() throws {
        let folder = dataset("films/cut")
        let run = runTool(["film", folder, "--events"])
        #expect(run.status == 0)
        let blocks = run.output.components(separatedBy: "\n\n\n")
        #expect(blocks.count == 2)
        let rows = blocks[0].split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: " ") }
        let times = try FrameFile.frames(inFolder: folder).map(\.time)
        #expect(rows.map { Int($0[0])! } == Array(times.dropFirst()))
        #expect(rows.map { Int($0[1])! } == zip(times.dropFirst(), times).map { $0 - $1 })
        #expect(rows.allSatisfy { (0...1).contains(Double($0[2])!) })
        #expect(blocks[1].contains("\n648 648 cut 1 "))
        #expect(runTool(["film", folder]).output == blocks[0] + "\n")
    }

    @Test("JSON rows say where the frame changed: the blinking dot is one tile, the flash its poster")
    func changedTiles() throws {
        let run = runTool(["film", dataset("films/flash"), "--format", "json"])
        let json = try #require(try JSONSerialization.jsonObject(with: Data(run.output.utf8)) as? [String: Any])
        let grid = try #require(json["grid"] as? [String: Int])
        #expect(grid["columns"] == 12 && grid["tile_px"] == 15)
        let rows = try #require(json["rows"] as? [[String: Any]])
        let events = try #require(json["events"] as? [[String: Any]])
        let flash = try #require(events.first { $0["kind"] as? String == "placeholder-flash" })
        let poster = Set(try #require(flash["tiles"] as? [Int]))
        // The poster is 140 × 120 px of the 180 × 390 design: 8 × 8 whole tiles of 15 px.
        #expect(poster.count == 64)
        for row in rows {
            let tiles = Set(try #require(row["changed_tiles"] as? [Int]))
            let time = try #require(row["t_ms"] as? Int)
            if time == flash["start_ms"] as? Int || time == flash["end_ms"] as? Int {
                #expect(poster.isSubset(of: tiles))
            } else {
                // The status dot at x 170–173, y 4–7 lies in the top-right tile.
                #expect(tiles == [11], "\(time): \(tiles)")
            }
        }
    }

    static let badCases: [(String, String)] = [
        ("not-png", "not a PNG or PPM"), ("truncated", "damaged PNG"), ("zlib", "damaged PNG"),
        ("sizes", "all frames must have the same size"), ("empty", "no frames"), ("duplicate", "the same time"),
        ("huge", "30000 × 30000 pixels is more than"),
    ]

    /// A folder of two good frames with one problem, and the file the message must name.
    static func badFolder(_ name: String) -> (folder: String, file: String) {
        let folder = temporaryFolder()
        var random = SplitMix64(seed: 5)
        let good = TestPNG.random(width: 6, height: 5, colourType: .rgb, bitDepth: 8, using: &random)
        func put(_ bytes: [UInt8], _ file: String) {
            _ = FileManager.default.createFile(atPath: folder + "/" + file, contents: Data(bytes))
        }
        put(good.encoded(), "000000.png")
        switch name {
        case "not-png": put(Array("GIF89a".utf8), "000016.png")
        case "truncated": put(Array(good.encoded().prefix(50)), "000016.png")
        case "zlib":
            var zlib = TestPNG.zlibStored(good.scanlines())
            zlib[2] = 0x07
            var header = TestPNG.bigEndian(6) + TestPNG.bigEndian(5)
            header += [8, 2, 0, 0, 0]
            put(TestPNG.signature + TestPNG.chunk("IHDR", header) + TestPNG.chunk("IDAT", zlib), "000016.png")
        case "sizes":
            put(
                TestPNG.random(width: 7, height: 5, colourType: .rgb, bitDepth: 8, using: &random).encoded(),
                "000016.png")
        case "empty":
            try? FileManager.default.removeItem(atPath: folder + "/000000.png")
            return (folder, folder)
        case "duplicate": put(good.encoded(), "0.png")
        default:
            var header = TestPNG.bigEndian(30_000) + TestPNG.bigEndian(30_000)
            header += [8, 2, 0, 0, 0]
            put(TestPNG.signature + TestPNG.chunk("IHDR", header) + TestPNG.chunk("IEND", []), "000016.png")
        }
        return (folder, folder + "/" + (name == "duplicate" ? "0.png" : "000016.png"))
    }

    @Test("bad input exits 65 naming the file", arguments: badCases)
    func badInput(name: String, message: String) {
        let (folder, file) = Self.badFolder(name)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = runTool(["film", folder])
        #expect(run.status == 65, "\(name): \(run.error)")
        #expect(run.error.contains(file) && run.error.contains(message), "\(name): \(run.error)")
        if name == "sizes" { #expect(run.error.contains("000000.png")) }
        if name == "duplicate" { #expect(run.error.contains("000000.png")) }
    }

    @Test("the 30000 × 30000 frame fails fast in a 1 GB address space")
    func hugeInSmallMemory() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary))
        let (folder, _) = Self.badFolder("huge")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = ChildProcess.run(
            "/bin/sh", ["-c", "ulimit -v 1048576; exec \"$0\" film \"$1\"", Self.binary, folder], timeLimit: 20)
        #expect(!run.timedOut && run.status == 65, "\(run.error)")
        #expect(run.error.contains("30000 × 30000 pixels"))
    }

    @Test("a video without ffmpeg on PATH: a clear error that says how to extract frames")
    func noFFmpeg() throws {
        try #require(FileManager.default.isExecutableFile(atPath: Self.binary))
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = FileManager.default.createFile(atPath: folder + "/screen.mp4", contents: Data("not a video".utf8))
        let run = ChildProcess.run(
            Self.binary, ["film", folder + "/screen.mp4"], environment: ["PATH=/nonexistent"], timeLimit: 20)
        #expect(run.status == 74)
        #expect(run.error.contains("ffmpeg") && run.error.contains("-fps_mode passthrough"), "\(run.error)")
    }

    @Test("a video ffmpeg cannot read: exit 65 with ffmpeg's own message")
    func badVideo() throws {
        try #require(ExecutableSearch.find("ffmpeg") != nil, "ffmpeg is not installed (run make deps)")
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        _ = FileManager.default.createFile(atPath: folder + "/screen.mp4", contents: Data("not a video".utf8))
        let run = runTool(["film", folder + "/screen.mp4"])
        #expect(run.status == 65)
        #expect(run.error.contains("ffmpeg failed") && run.error.contains("Invalid data"), "\(run.error)")
    }

    @Test("a video with irregular frame times: the same events as its frames")
    func video() throws {
        let ffmpeg = try #require(ExecutableSearch.find("ffmpeg"), "ffmpeg is not installed (run make deps)")
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let source = dataset("films/cut")
        let times = try FrameFile.frames(inFolder: source).map(\.time)
        // A lossless video whose frames keep the irregular times: the frames numbered 000, 001, …
        // read at 1000 frames/s (time base 1 ms), each given its own time by setpts.
        try FileManager.default.createDirectory(atPath: folder + "/seq", withIntermediateDirectories: true)
        var expression = "0"
        for (index, time) in times.enumerated() {
            let number = String(index)
            try FileManager.default.copyItem(
                atPath: "\(source)/\(FrameName.name(time))",
                toPath: folder + "/seq/" + String(repeating: "0", count: 3 - number.count) + number + ".png")
            expression = "if(eq(N,\(index)),\(time),\(expression))"
        }
        let encode = ChildProcess.run(
            ffmpeg,
            [
                "-nostdin", "-v", "error", "-framerate", "1000", "-i", folder + "/seq/%03d.png", "-vf",
                "setpts='\(expression)'", "-fps_mode", "passthrough", "-c:v", "png", folder + "/screen.mkv",
            ], timeLimit: 60)
        try #require(encode.status == 0, "\(encode.error)")
        let run = runTool(["film", folder + "/screen.mkv", "--events"])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("\n648 648 cut 1 "), "\(run.output)")
    }

    @Test("--fail-on: exit 1 after the output is written when a named kind is found, 0 otherwise; 64 on a bad kind")
    func failOn() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let rows = folder + "/rows.dat"
        let gated = runTool(["film", dataset("films/cut"), "--fail-on", "crossfade,cut", "-o", rows])
        #expect(gated.status == 1, "\(gated.error)")
        #expect(gated.error.contains("cut at 648 ms"), "\(gated.error)")
        // The rows are written all the same: the 8 frames after the first, and the header.
        let written = try String(contentsOfFile: rows, encoding: .utf8)
        #expect(written == runTool(["film", dataset("films/cut")]).output)
        #expect(runTool(["film", dataset("films/cut"), "--fail-on", "crossfade,blink"]).status == 0)
        let bad = runTool(["film", dataset("films/cut"), "--fail-on", "cut,blnk"])
        #expect(bad.status == 64)
        #expect(bad.error.hasPrefix("Error: --fail-on: 'blnk' (in 'cut,blnk')") && bad.error.contains("'blink'"))
    }

    @Test("--thresholds: a cut threshold above the cut's 0.552 turns the cut into no event; bad names are 64")
    func thresholds() {
        let film = dataset("films/cut")
        #expect(runTool(["film", film, "--events", "--thresholds", "cut=0.5"]).output.contains("\n648 648 cut 1 "))
        let raised = runTool(["film", film, "--events", "--thresholds", "cut=0.6"])
        #expect(raised.status == 0 && !raised.output.contains(" cut "), "\(raised.output)")
        for bad in ["cut", "cuts=0.5", "cut=nan", "cut=2", "longest-blank=0"] {
            let run = runTool(["film", film, "--thresholds", bad])
            #expect(run.status == 64 && run.error.contains("'--thresholds'"), "\(bad): \(run.error)")
        }
        let empty = runTool(["film", film, "--report", ""])
        #expect(empty.status == 64 && empty.error.contains("'--report'"), "\(empty.error)")
    }

    @Test("usage: a missing scene or --out, an unknown scene")
    func usage() {
        #expect(runTool(["synth-film"]).status == 64)
        #expect(runTool(["synth-film", "cut"]).status == 64)
        let unknown = runTool(["synth-film", "cuts", "--out-dir", "/tmp/x"])
        #expect(unknown.status == 64 && unknown.error.contains("Did you mean 'cut'?"))
        #expect(runTool(["film", "/nonexistent-folder"]).status == 66)
    }
}

enum FrameName {
    static func name(_ time: Int) -> String { HingeTool.SynthFilm.frameName(time) }
}
