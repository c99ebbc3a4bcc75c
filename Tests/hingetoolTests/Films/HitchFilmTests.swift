import Foundation
import HingeTestSupport
import Testing

/// `film --hitches` on the constructed films of Datasets/films/hitches (scripts/make-hitch-films.sh):
/// a smooth motion drawn frame by frame and kept losslessly, frames held at chosen places, each
/// as a constant-rate copy with the repeats (lossless, and lossy H.264) and a variable-rate copy
/// without them. The truth beside each (NAME.json) is the plan that built it. Goals (issue 35):
/// the ratio within ± 1 ms/s, every hitch found with its start within one frame and its time
/// within one period, no hitch on static spans, between two motions or in a steady 30 fps
/// motion (a cadence). The tuning half and the held-out half are tested apart, as measured; the
/// held-out half's misses are listed in ``knownMisses`` (a miss not listed, or a listed one that
/// no longer happens, fails).
///
/// Read by the release build (`make test` builds it first), as `RecordedFilmTests` does.
@Suite("Hitches on constructed films: tuning and held-out halves")
struct HitchFilmTests {
    static let folder = packageRoot + "/Datasets/films/hitches"
    static let releaseTool = packageRoot + "/.build/release/hingetool"
    static let copies = ["-cfr.mkv", "-vfr.mkv", "-h264.mp4"]
    static let period = 1000.0 / 60

    /// The lossy copies of the third round's films (scripts/make-hitch-films.sh, `lossy`): H.264
    /// at CRF 32, HEVC, VP9 and AV1, where a codec touches up a held picture harder.
    static let lossyCopies = ["-h264-crf32.mp4", "-hevc.mp4", "-vp9.webm", "-av1.mkv"]

    /// The copies of a film that are there: the three every film has, and its lossy ones.
    static func copies(_ name: String, _ half: String) -> [String] {
        copies + lossyCopies.filter { FileManager.default.fileExists(atPath: folder + "/\(half)/\(name)\($0)") }
    }

    /// The misses of the held-out half as scored (docs/film.md): none. The fourth pair
    /// (`hop-holds`, a 450 ms motion, and `glide-holds`), made after the display-clock rule was
    /// committed, met every goal in all 14 copies when scored once; `fall-holds`, the third
    /// pair's miss (1.35 ms/s off on whole-ms times), moved to the tuning half.
    static let knownMisses: Set<String> = []

    static func films(_ half: String) -> [String] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder + "/" + half)) ?? []
        return names.filter { $0.hasSuffix(".json") }.map { ($0 as NSString).deletingPathExtension }.sorted()
    }

    @Test("the films are there, small, with their truth")
    func corpus() throws {
        #expect(Self.films("tune").count >= 5)
        #expect(Self.films("held-out").count >= 5)
        for half in ["tune", "held-out"] {
            for name in Self.films(half) {
                for copy in Self.copies(name, half) {
                    let path = Self.folder + "/\(half)/\(name)\(copy)"
                    let size = try FileManager.default.attributesOfItem(atPath: path)[.size] as? Int ?? 0
                    #expect(size > 1000 && size < 1_000_000, "\(path): \(size) bytes")
                }
            }
        }
    }

    /// The tuning half's misses as measured (docs/film.md): the fourth round's `jolt-holds`, a
    /// colour-chart card sliding over a smooth gradient, is exact losslessly and in H.264 at
    /// CRF 20, but in its harder lossy copies holds are lost or made up — a matter of what the
    /// codecs do to a small object over a gradient, not of the clock that round fixed, and left
    /// for a round of its own.
    static let tuningKnownMisses: Set<String> = [
        "jolt-holds-h264-crf32.mp4: hitch at 783 ms not found", "jolt-holds-h264-crf32.mp4: ratio",
        "jolt-holds-hevc.mp4: hitch at 917 ms not found", "jolt-holds-hevc.mp4: a hitch at 633 ms that is none",
        "jolt-holds-hevc.mp4: a hitch at 867 ms that is none", "jolt-holds-hevc.mp4: ratio",
        "jolt-holds-vp9.webm: hitch at 783 ms not found", "jolt-holds-vp9.webm: hitch at 917 ms not found",
        "jolt-holds-vp9.webm: ratio", "jolt-holds-av1.mkv: a hitch at 833 ms that is none", "jolt-holds-av1.mkv: ratio",
    ]

    @Test("the tuning half meets every goal but the known misses", .slow)
    func tuningHalf() throws {
        let misses = try Self.films("tune").flatMap { name in
            try Self.copies(name, "tune").flatMap { try Self.misses(name, $0, "tune") }
        }
        #expect(Set(misses) == Self.tuningKnownMisses, "\(misses)")
    }

    @Test("the held-out half, as measured: every goal but the known misses", .slow)
    func heldOutHalf() throws {
        let misses = try Self.films("held-out").flatMap { name in
            try Self.copies(name, "held-out").flatMap { try Self.misses(name, $0, "held-out") }
        }
        #expect(Set(misses) == Self.knownMisses, "\(misses)")
    }

    /// The goals `film --hitches` misses on one copy of a film, as short sentences.
    static func misses(_ name: String, _ copy: String, _ half: String) throws -> [String] {
        let truth = try object(Data(contentsOf: URL(fileURLWithPath: folder + "/\(half)/\(name).json")))
        let found = try #require(try hitches(folder + "/\(half)/\(name)\(copy)", []))
        var misses: [String] = []
        let label = name + copy
        let expected = (truth["list"] as? [[String: Any]]) ?? []
        let list = (found["list"] as? [[String: Any]]) ?? []
        var matched = Set<Int>()
        for hitch in expected {
            let start = Double(hitch["start_ms"] as? Int ?? -1)
            let time = hitch["hitch_ms"] as? Double ?? -1
            let match = list.indices.first { index in
                !matched.contains(index)
                    && abs(Double(list[index]["start_ms"] as? Int ?? -9999) - start) <= period + 0.5
            }
            guard let match else {
                misses.append("\(label): hitch at \(Int(start)) ms not found")
                continue
            }
            matched.insert(match)
            if abs((list[match]["hitch_ms"] as? Double ?? -1) - time) > period {
                misses.append("\(label): hitch at \(Int(start)) ms measured \(list[match]["hitch_ms"] ?? "-") ms")
            }
        }
        for index in list.indices where !matched.contains(index) {
            misses.append("\(label): a hitch at \(list[index]["start_ms"] ?? "-") ms that is none")
        }
        let ratio = found["ratio_ms_per_s"] as? Double ?? -1
        if abs(ratio - (truth["ratio_ms_per_s"] as? Double ?? 0)) > 1 { misses.append("\(label): ratio") }
        let cadence = found["cadence_hz"] as? Double
        if cadence != truth["cadence_hz"] as? Double { misses.append("\(label): cadence \(cadence ?? 0)") }
        return misses
    }

    /// `film PATH --hitches --format json` (and `more`) by the release build: its `"hitches"`.
    static func hitches(_ path: String, _ more: [String], status: Int32 = 0) throws -> [String: Any]? {
        try #require(
            FileManager.default.isExecutableFile(atPath: releaseTool),
            "build the release hingetool first: swift build -c release --product hingetool (make test does)")
        let run = try tool(["film", path, "--hitches", "--format", "json"] + more)
        try #require(run.status == status, "\(path): \(run.error)")
        return try object(Data(run.output.utf8))["hitches"] as? [String: Any]
    }

    static func tool(_ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let work = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: work) }
        let run = GuardedProcess(
            arguments: [releaseTool] + arguments, folder: work, memoryLimit: 4 << 30, timeLimit: 300
        ).run()
        return (run.status ?? -1, run.output, run.error)
    }

    static func object(_ data: Data) throws -> [String: Any] {
        try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    }

    /// The real recordings (Datasets/films/hitches/real, scripts/record-hitch-films.sh): a page
    /// moving a square by requestAnimationFrame, its main thread blocked at known times, grabbed
    /// losslessly by x11grab (NAME-grab.mkv) and copied to H.264 (NAME-h264.mp4). The truth
    /// (NAME.json, scripts/hitch-truth.py) is the square's position in every frame of the grab.
    /// Goal: the ratio within 20 % of the truth's and every held frame found within two frames.
    static func realMisses(_ name: String) throws -> [String] {
        let truth = try object(Data(contentsOf: URL(fileURLWithPath: folder + "/real/\(name).json")))
        var misses: [String] = []
        for copy in ["-grab.mkv", "-h264.mp4"] {
            let found = try #require(try hitches(folder + "/real/\(name)\(copy)", []))
            let ratio = found["ratio_ms_per_s"] as? Double ?? -1
            let expected = truth["ratio_ms_per_s"] as? Double ?? 0
            if abs(ratio - expected) > 0.2 * expected + 0.5 {
                misses.append("\(name)\(copy): ratio \(ratio) vs \(expected)")
            }
            let list = (found["list"] as? [[String: Any]]) ?? []
            var matched = Set<Int>()
            for hitch in (truth["list"] as? [[String: Any]]) ?? [] {
                let start = Double(hitch["start_ms"] as? Int ?? -1)
                let match = list.indices.first { index in
                    !matched.contains(index)
                        && abs(Double(list[index]["start_ms"] as? Int ?? -9999) - start) <= 2 * period + 0.5
                }
                if let match { matched.insert(match) } else { misses.append("\(name)\(copy): \(Int(start)) ms") }
            }
        }
        return misses
    }

    @Test("real main-thread hitches, tuning half: ratio within 20 %, every hitch within two frames", .slow)
    func realTuning() throws {
        let misses = try ["tune-blocks"].flatMap(Self.realMisses)
        #expect(misses.isEmpty, "\(misses)")
    }

    @Test("real main-thread hitches, held-out half: ratio within 20 %, every hitch within two frames", .slow)
    func realHeldOut() throws {
        let misses = try ["held-out-blocks", "held-out-none"].flatMap(Self.realMisses)
        #expect(misses.isEmpty, "\(misses)")
    }

    @Test("the JSON object has exactly issue 35's names; the header shows the ratio and band", .slow)
    func output() throws {
        let film = Self.folder + "/tune/box-one-cfr.mkv"
        let found = try #require(try Self.hitches(film, []))
        #expect(
            Set(found.keys)
                == ["display_rate_hz", "cadence_hz", "motion_ms", "hitch_ms", "ratio_ms_per_s", "band", "list"])
        #expect(found["display_rate_hz"] as? Double == 60)
        #expect(found["cadence_hz"] is NSNull)
        #expect(found["band"] as? String == "warning")
        let item = try #require((found["list"] as? [[String: Any]])?.first)
        #expect(Set(item.keys) == ["start_ms", "frames_held", "hitch_ms"])
        let text = try Self.tool(["film", film, "--hitches"])
        #expect(text.status == 0)
        #expect(text.output.contains("# hitches: ratio 5.5 ms/s (warning;"), "\(text.output.prefix(600))")
        #expect(text.output.contains("\n# hitches\n# start_ms frames_held hitch_ms\n1667 2 16.7\n"))
        // Counted at a 30 Hz display, the same film's motion keeps its period: one frame a period.
        let slow = try #require(try Self.hitches(film, ["--display-rate", "30"]))
        #expect(slow["display_rate_hz"] as? Double == 30)
    }

    @Test("--fail-on hitch and --max-hitch-ratio gate CI: exit 1 after the output, 0 when clean", .slow)
    func gate() throws {
        let hitched = Self.folder + "/tune/box-one-vfr.mkv"
        let clean = Self.folder + "/tune/box-30fps-vfr.mkv"
        let failed = try Self.tool(["film", hitched, "--fail-on", "hitch"])
        #expect(failed.status == 1)
        #expect(failed.error.contains("found 1 hitch (--fail-on hitch) at 1667 ms"), "\(failed.error)")
        #expect(failed.output.contains("# hitches: ratio"))
        #expect(try Self.tool(["film", clean, "--fail-on", "hitch"]).status == 0)
        let ratio = try Self.tool(["film", hitched, "--max-hitch-ratio", "5"])
        #expect(ratio.status == 1)
        #expect(ratio.error.contains("is above --max-hitch-ratio 5"), "\(ratio.error)")
        #expect(try Self.tool(["film", hitched, "--max-hitch-ratio", "6"]).status == 0)
        #expect(try Self.tool(["film", hitched, "--display-rate", "0"]).status == 64)
    }
}
