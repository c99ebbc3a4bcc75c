import FilmAnalysis

// Frames became a module of its own after c50ea83 (its types were FilmAnalysis's before), so the
// harness also builds against older sources for `make bench-compare`.
#if canImport(Frames)
    import Frames
#endif

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// `hingetool film` against the guide's shell loop of ImageMagick `compare` processes, on the
/// same frames: 60 frames of a 1080 × 2400 screen (synthetic films strung together).
struct FilmCase {
    var tool: String
    var peer: String
    var work: String
    var runs: Int
    var frameCount = 60

    func run() throws -> [Figure] {
        let frames = try makeFrames()
        var ours: [ChildRun] = []
        var theirs: [ChildRun] = []
        // The peer takes a quarter of a second per pair: three timed runs are enough for it.
        for run in 0...max(runs, 3) {
            let toolRun = try runChild([tool, "film", frames, "-o", work + "/film-tool.dat"])
            if run > 0 { ours.append(toolRun) }
            if run <= 3 {
                let peerRun = try runChild(["bash", peer, frames, work + "/film-peer.dat"])
                if run > 0 { theirs.append(peerRun) }
            }
        }
        let label = "\(frameCount) frames of 1080 × 2400"
        let peerTime = Figure(
            id: "film.peer-time", name: "compare loop, one process per pair (\(label))", unit: "s",
            samples: theirs.map(\.seconds))
        var time = Figure(id: "film.time", name: "hingetool film (\(label))", unit: "s", samples: ours.map(\.seconds))
        time.peerRatio = peerTime.median / time.median
        time.target = peerTime.median / 20
        time.note = "target: at least 20× faster than the compare loop; \(FilmReader.processorCount) cores"
        var memory = Figure(
            id: "film.peak-rss", name: "hingetool film: peak RSS", unit: "MB", samples: ours.map { $0.peakRSS / 1e6 })
        memory.note = "a batch of frames in flight, not the film"
        // CPU seconds (user + system) of one more run each: what the comparison costs whatever
        // else the shared machine is running, and before any parallel speed-up.
        let ourCPU = try cpuSeconds([tool, "film", frames, "-o", work + "/film-tool.dat"])
        let theirCPU = try cpuSeconds(["bash", peer, frames, work + "/film-peer.dat"])
        var cpu = Figure(
            id: "film.cpu", name: "hingetool film: CPU time (user + system), one run", unit: "s", samples: [ourCPU])
        cpu.peerRatio = theirCPU / ourCPU
        cpu.note = "compare loop: \(Benchmarks.format(theirCPU)) s of CPU"
        let peerCPU = Figure(
            id: "film.peer-cpu", name: "compare loop: CPU time (user + system), one run", unit: "s",
            samples: [theirCPU])
        var agreement = Figure(
            id: "film.agreement", name: "film: largest |RMSE − compare's RMSE| over the pairs", unit: "",
            samples: [try largestDifference()])
        agreement.target = 1e-6
        return [time, peerTime, cpu, peerCPU, memory, agreement]
    }

    /// The user + system CPU seconds of a command and its children, from GNU time.
    func cpuSeconds(_ arguments: [String]) throws -> Double {
        let report = work + "/film-cpu.txt"
        _ = try runChild(["/usr/bin/time", "-f", "%U %S", "-o", report] + arguments)
        guard let file = fopen(report, "r") else { throw ChildError.failed("/usr/bin/time", -1) }
        defer { fclose(file) }
        var user = 0.0
        var system = 0.0
        guard readTwoNumbers(file, &user, &system) else { throw ChildError.failed("/usr/bin/time", -1) }
        return user + system
    }

    /// The largest difference between the RMSE hingetool printed and compare's, frame by frame.
    func largestDifference() throws -> Double {
        let tool = try rows(work + "/film-tool.dat", valueColumn: 2)
        let peer = try rows(work + "/film-peer.dat", valueColumn: 1)
        guard tool.count == frameCount - 1, tool.map(\.0) == peer.map(\.0) else {
            throw ChildError.failed("film rows differ from the compare loop's", -1)
        }
        return zip(tool, peer).map { abs($0.1 - $1.1) }.max() ?? .infinity
    }

    /// `(t_ms, value)` pairs of a whitespace-separated file, `#` lines skipped.
    func rows(_ path: String, valueColumn: Int) throws -> [(Int, Double)] {
        guard let file = fopen(path, "r") else { throw ChildError.failed("cannot read \(path)", -1) }
        defer { fclose(file) }
        var result: [(Int, Double)] = []
        var line = [CChar](repeating: 0, count: 4096)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(
                decoding: line.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            guard !text.hasPrefix("#") else { continue }
            let fields = text.split(separator: " ")
            guard fields.count > valueColumn, let time = Int(fields[0]), let value = Double(fields[valueColumn]) else {
                continue
            }
            result.append((time, value))
        }
        return result
    }

    /// The frames, made once: the late-motion, crossfade and cut films at 1080 × 2400, one
    /// after the other on one clock, as PNGs named by milliseconds.
    func makeFrames() throws -> String {
        let folder = work + "/film-\(frameCount)"
        mkdir(folder, 0o755)
        var written = 0
        var offset = 0
        for scene in [SyntheticFilm.Scene.lateMotion, .crossfade, .cut, .flash, .blank] where written < frameCount {
            let film = SyntheticFilm(scene: scene, seed: 1, width: 1080, height: 2400)
            for shot in film.shots where written < frameCount {
                let digits = String(shot.time + offset)
                let path = folder + "/" + String(repeating: "0", count: max(0, 6 - digits.count)) + digits + ".png"
                written += 1
                if fileSize(path) > 0 { continue }
                guard let png = film.render(shot).pngData(), let file = fopen(path, "wb") else {
                    throw ChildError.failed("cannot write \(path)", -1)
                }
                fwrite(png, 1, png.count, file)
                fclose(file)
            }
            offset += (film.shots.last?.time ?? 0) + 100
        }
        return folder
    }
}

/// Reads two numbers separated by a space from the first line of `file`.
private func readTwoNumbers(_ file: UnsafeMutablePointer<FILE>, _ first: inout Double, _ second: inout Double) -> Bool {
    var line = [CChar](repeating: 0, count: 256)
    guard fgets(&line, Int32(line.count), file) != nil else { return false }
    let text = String(decoding: line.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    let fields = text.split(separator: " ").compactMap { Double($0) }
    guard fields.count == 2 else { return false }
    first = fields[0]
    second = fields[1]
    return true
}
