import HingeKit

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// The benchmark's inputs, read from files in `Benchmarks/data/` and never made by the library:
/// a figure before and after a change then measures the same work (`make bench-compare` builds
/// this harness against an older commit's library, and both must see the same samples).
///
/// `flat-to-laptop-64.csv` is 64 plays of the flat-to-laptop scenario as `hingetool synth
/// flat-to-laptop --repeat 64` wrote them on c50ea83 (1° sensor polled every ~4 ms), frozen
/// there; `tile.sh` repeats it into the big traces the tool cases read. Every file the run
/// read is listed with its SHA-256 in `results.json` (``FrozenInputs/used``), and the big
/// traces are checked against `SHA256SUMS` before they are used.
enum FrozenInputs {
    /// The folder with the frozen files (`--data`).
    nonisolated(unsafe) static var folder = "Benchmarks/data"
    /// Every input the run read: path and SHA-256, in the order first read.
    nonisolated(unsafe) static var used: [(path: String, sha256: String)] = []

    /// The copies of the plays file are this many seconds apart (the 64 plays span 320.25 s),
    /// as in `tile.sh`.
    static let tileSeconds = 322.0

    /// The plays file's samples, read once.
    nonisolated(unsafe) private static var plays: [HingeSample] = []

    /// The frozen samples (time, angle, status), read from `flat-to-laptop-64.csv` with a
    /// parser of the harness's own (the library's reader may change, the input may not).
    static func playSamples() -> [HingeSample] {
        if !plays.isEmpty { return plays }
        let path = folder + "/flat-to-laptop-64.csv"
        guard let file = fopen(path, "rb") else { Benchmarks.fail("cannot open \(path)") }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 4096)
        var sawHeader = false
        var samples: [HingeSample] = []
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(
                decoding: line.prefix { $0 != 0 && $0 != 10 && $0 != 13 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if text.hasPrefix("#") || text.isEmpty { continue }
            if !sawHeader {
                guard text.hasPrefix("time,angle,status") else { Benchmarks.fail("\(path): unexpected header \(text)") }
                sawHeader = true
                continue
            }
            let fields = text.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count >= 3, let time = Double(fields[0]) else { Benchmarks.fail("\(path): bad row \(text)") }
            let angle = fields[1].isEmpty ? nil : Double(fields[1])
            let status: HingeStatus? =
                switch fields[2] {
                case "closed": .closed
                case "partiallyOpen": .partiallyOpen
                case "fullyOpen": .fullyOpen
                default: nil
                }
            samples.append(HingeSample(time: time, angle: angle, status: status))
        }
        guard samples.count > 1000 else { Benchmarks.fail("\(path): only \(samples.count) samples") }
        record(path)
        plays = samples
        return samples
    }

    /// The frozen samples again and again, each copy ``tileSeconds`` after the previous one,
    /// while `more` says the samples so far are not enough.
    static func stream(reserving count: Int, while more: ([HingeSample]) -> Bool) -> [HingeSample] {
        let plays = playSamples()
        var samples: [HingeSample] = []
        samples.reserveCapacity(count)
        var copy = 0
        while more(samples) {
            for play in plays where more(samples) {
                var sample = play
                sample.time += Double(copy) * tileSeconds
                samples.append(sample)
            }
            copy += 1
        }
        return samples
    }

    /// A trace of at least `rows` rows under `work`, made by `tile.sh` once and checked against
    /// `SHA256SUMS` (sizes it does not list are measured but marked as unchecked in the note).
    static func trace(rows: Int, work: String) throws -> String {
        try tiled(script: "tile.sh", name: "frozen-trace-\(rows).csv", count: rows, work: work)
    }

    /// A logcat of at least `lines` lines under `work`, made by `tile-logcat.sh` from the frozen
    /// Fold 8 buffer once and checked against `SHA256SUMS` like the traces.
    static func logcat(lines: Int, work: String) throws -> String {
        try tiled(script: "tile-logcat.sh", name: "frozen-logcat-\(lines).logcat", count: lines, work: work)
    }

    /// `work/name`, written by `script COUNT PATH` when missing, its SHA-256 held to `SHA256SUMS`.
    private static func tiled(script: String, name: String, count: Int, work: String) throws -> String {
        let path = work + "/" + name
        if fileSize(path) == 0 {
            _ = try runChild(["bash", folder + "/" + script, "\(count)", path])
        }
        let sum = try sha256(path)
        if let expected = expectedSum(name: name), expected != sum {
            Benchmarks.fail("\(path) has SHA-256 \(sum), SHA256SUMS says \(expected): remove it and run again")
        }
        used.append((path, sum))
        return path
    }

    /// The SHA-256 that `SHA256SUMS` lists for the tiled file `name`, if any.
    static func expectedSum(name: String) -> String? {
        guard let file = fopen(folder + "/SHA256SUMS", "r") else { return nil }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 512)
        while fgets(&line, Int32(line.count), file) != nil {
            let text = String(
                decoding: line.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            let parts = text.split(separator: " ", omittingEmptySubsequences: true)
            if parts.count == 2, parts[1] == name { return String(parts[0]) }
        }
        return nil
    }

    /// Records an input file the run read, with its SHA-256.
    static func record(_ path: String) {
        guard !used.contains(where: { $0.path == path }) else { return }
        do { used.append((path, try sha256(path))) } catch { Benchmarks.fail("\(error)") }
    }

    /// A file's SHA-256 in hex, from coreutils' `sha256sum`.
    static func sha256(_ path: String) throws -> String {
        let report = "/tmp/hingekit-bench-sha-\(getpid())"
        defer { unlink(report) }
        _ = try runChild(["sha256sum", path], output: report)
        guard let file = fopen(report, "r") else { throw ChildError.failed("sha256sum", -1) }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 256)
        guard fgets(&line, Int32(line.count), file) != nil else { throw ChildError.failed("sha256sum", -1) }
        return String(
            decoding: line.prefix { $0 != 0 && $0 != 32 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
    }
}
