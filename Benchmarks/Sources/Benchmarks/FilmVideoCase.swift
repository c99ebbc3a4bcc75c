#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// `hingetool film VIDEO` (ffmpeg's raw RGB pipe into the analysis) against the two other ways
/// to get the same numbers from a recording: ffmpeg writing PNG files that `film` then decodes
/// (the route before issue 24), and ffmpeg alone decoding to raw RGB into /dev/null (the floor:
/// no analysis at all). The video is ffmpeg's `testsrc2` at 1080 × 2400, 60 fps, H.264 — a
/// phone-sized screen recording in which every frame changes.
struct FilmVideoCase {
    var tool: String
    var work: String
    var runs: Int
    var seconds: Int

    // Long: one table row per route, each built from its runs; the ratios and targets sit with
    // the figures they compare.
    func run() throws -> [Figure] {
        let video = try makeVideo(seconds: seconds)
        let frames = work + "/film-video-png"
        let ffmpegPNG =
            "rm -rf '\(frames)' && mkdir '\(frames)' && ffmpeg -nostdin -loglevel error -i '\(video)' "
            + "-fps_mode passthrough -enc_time_base 1/1000 -frame_pts 1 '\(frames)/%06d.png'"
        var ours: [ChildRun] = []
        var png: [ChildRun] = []
        var raw: [ChildRun] = []
        // The PNG route takes several times longer than the others: three timed runs of it.
        for run in 0...runs {
            let pair = try pairedRun(video)
            if run > 0 {
                ours.append(pair.ours)
                raw.append(pair.raw)
            }
            if run <= 3 {
                let pngRun = try runChild([
                    "sh", "-c", ffmpegPNG + " && '\(tool)' film '\(frames)' -o '\(work)/film-video-png.dat'",
                ])
                if run > 0 { png.append(pngRun) }
            }
        }
        let pngTime = Figure(
            id: "film.video.png-route-time", name: "ffmpeg → PNG files → hingetool film (\(label))", unit: "s",
            samples: png.map(\.seconds))
        let paired = pairFigures(ours: ours, raw: raw)
        let (rawTime, overRaw) = (paired.rawTime, paired.overRaw)
        var time = paired.time
        time.peerRatio = pngTime.median / time.median
        time.target = pngTime.median / 4
        time.note = "target: at least 4× faster than the PNG route"
        var memory = Figure(
            id: "film.video.peak-rss", name: "hingetool film VIDEO: peak RSS (\(seconds) s)", unit: "MB",
            samples: ours.map { $0.peakRSS / 1e6 })
        memory.note = "the largest of film and the ffmpeg processes it runs (GNU time %M)"
        var figures = [time, pngTime, rawTime, overRaw, memory]
        // Six times as long a film: the memory must not grow with it.
        let long = try makeVideo(seconds: 6 * seconds)
        let longRun = try runChild([tool, "film", long, "-o", work + "/film-video-long.dat"])
        var longMemory = Figure(
            id: "film.video.peak-rss-long", name: "hingetool film VIDEO: peak RSS (\(6 * seconds) s)", unit: "MB",
            samples: [longRun.peakRSS / 1e6])
        longMemory.target = 1.25 * memory.median
        longMemory.note = "target: within 25 % of the \(seconds) s film's"
        figures.append(longMemory)
        var agreement = Figure(
            id: "film.video.agreement", name: "film VIDEO: largest |RMSE − the PNG route's RMSE|", unit: "",
            samples: [try largestDifference()])
        agreement.target = 1e-6
        figures.append(agreement)
        return figures
    }

    /// `hingetool film VIDEO` and ffmpeg's raw decode alone in paired runs (the first pair a
    /// warm-up), and their ratio: the figures of ``run()`` that a change to the analysis moves,
    /// without the PNG route and the long film (`--only film.video`, `make bench-compare
    /// CASES=film`).
    func timings() throws -> [Figure] {
        let video = try makeVideo(seconds: seconds)
        var ours: [ChildRun] = []
        var raw: [ChildRun] = []
        for run in 0...runs {
            let pair = try pairedRun(video)
            if run > 0 {
                ours.append(pair.ours)
                raw.append(pair.raw)
            }
        }
        let (time, rawTime, overRaw) = pairFigures(ours: ours, raw: raw)
        return [time, rawTime, overRaw]
    }

    /// What the figures call the benchmark film.
    var label: String { "\(seconds) s, 60 fps, 1080 × 2400 H.264" }

    /// One pair: `hingetool film VIDEO`, then ffmpeg decoding the same video to raw RGB alone.
    func pairedRun(_ video: String) throws -> (ours: ChildRun, raw: ChildRun) {
        let ours = try runChild([tool, "film", video, "-o", work + "/film-video.dat"])
        let raw = try runChild([
            "ffmpeg", "-nostdin", "-loglevel", "error", "-i", video, "-f", "rawvideo", "-pix_fmt", "rgb24", "-y",
            "/dev/null",
        ])
        return (ours, raw)
    }

    /// The paired runs' figures: the tool's time, the raw decode's, and their ratio pair by pair.
    func pairFigures(ours: [ChildRun], raw: [ChildRun]) -> (time: Figure, rawTime: Figure, overRaw: Figure) {
        let time = Figure(
            id: "film.video.time", name: "hingetool film VIDEO, from ffmpeg's pipe (\(label))", unit: "s",
            samples: ours.map(\.seconds))
        let rawTime = Figure(
            id: "film.video.raw-decode-time", name: "ffmpeg decoding to raw RGB alone (\(label))", unit: "s",
            samples: raw.map(\.seconds))
        var overRaw = Figure(
            id: "film.video.over-raw-decode", name: "hingetool film VIDEO ÷ ffmpeg's raw decode alone", unit: "×",
            samples: zip(ours, raw).map { $0.seconds / $1.seconds })
        overRaw.target = 1.5
        overRaw.note = "target: within 1.5× of decoding alone; paired runs"
        return (time, rawTime, overRaw)
    }

    /// The video, made once per length: `testsrc2` encoded with x264.
    func makeVideo(seconds: Int) throws -> String {
        let path = work + "/film-video-\(seconds)s.mp4"
        if fileSize(path) > 0 { return path }
        _ = try runChild([
            "ffmpeg", "-nostdin", "-loglevel", "error", "-y", "-f", "lavfi", "-i",
            "testsrc2=size=1080x2400:rate=60", "-t", String(seconds), "-c:v", "libx264", "-preset", "veryfast",
            "-crf", "23", "-pix_fmt", "yuv420p", path,
        ])
        guard fileSize(path) > 0 else { throw ChildError.failed("ffmpeg could not make \(path)", -1) }
        return path
    }

    /// The largest difference between the RMSE of the pipe and of the PNG route, frame by frame
    /// (both are ffmpeg's RGB of the same decoded frames, so they must agree).
    func largestDifference() throws -> Double {
        let film = FilmCase(tool: tool, peer: "", work: work, runs: runs)
        let pipe = try film.rows(work + "/film-video.dat", valueColumn: 2)
        let files = try film.rows(work + "/film-video-png.dat", valueColumn: 2)
        guard pipe.count == 60 * seconds - 1, pipe.map(\.0) == files.map(\.0) else {
            throw ChildError.failed("film VIDEO rows (\(pipe.count)) differ from the PNG route's (\(files.count))", -1)
        }
        return zip(pipe, files).map { abs($0.1 - $1.1) }.max() ?? .infinity
    }
}
