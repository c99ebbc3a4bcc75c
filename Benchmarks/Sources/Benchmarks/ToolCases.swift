#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// What one child process cost.
struct ChildRun {
    var seconds: Double
    /// Peak resident set size in bytes.
    var peakRSS: Double
}

enum ChildError: Error, CustomStringConvertible {
    case spawnFailed(String, Int32)
    case failed(String, Int32)

    var description: String {
        switch self {
        case .spawnFailed(let command, let code): "cannot start \(command): \(String(cString: strerror(code)))"
        case .failed(let command, let status): "\(command) exited with status \(status)"
        }
    }
}

/// Runs `arguments` (the first is the program, looked up on PATH), with standard output
/// going to `output` (a path, `/dev/null` by default) and the environment minus `unset`;
/// returns its wall time and peak RSS.
///
/// The peak RSS comes from GNU time (`/usr/bin/time -f %M`), not from this process's `wait4`:
/// `posix_spawn` starts the child in this process's memory, and Linux carries that high-water
/// mark across `exec`, so `wait4` would report this process's 25 MB for a 10 MB child. GNU
/// time forks from its own small image. Its half a millisecond of start-up is in the time.
func runChild(_ arguments: [String], output: String = "/dev/null", unset: [String] = []) throws -> ChildRun {
    let report = "/tmp/hingekit-bench-rss-\(getpid())"
    defer { unlink(report) }
    let measured = try spawn(["/usr/bin/time", "-f", "%M", "-o", report] + arguments, output: output, unset: unset)
    guard let file = fopen(report, "r") else { throw ChildError.failed("/usr/bin/time", -1) }
    defer { fclose(file) }
    var kilobytes = 0
    guard readWholeNumber(file, &kilobytes) else { throw ChildError.failed("/usr/bin/time", -1) }
    return ChildRun(seconds: measured, peakRSS: Double(kilobytes) * 1024)
}

/// Reads the first whole number in `file`.
private func readWholeNumber(_ file: UnsafeMutablePointer<FILE>, _ value: inout Int) -> Bool {
    var line = [CChar](repeating: 0, count: 256)
    guard fgets(&line, Int32(line.count), file) != nil,
        let number = Int(
            String(decoding: line.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }, as: UTF8.self))
    else { return false }
    value = number
    return true
}

/// Spawns `arguments` and waits; returns the wall time in seconds.
private func spawn(_ arguments: [String], output: String, unset: [String]) throws -> Double {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, output, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
    let environment = processEnvironment().filter { entry in !unset.contains { entry.hasPrefix($0 + "=") } }
    var argv = arguments.map { strdup($0) } + [nil]
    var envp = environment.map { strdup($0) } + [nil]
    defer {
        argv.forEach { free($0) }
        envp.forEach { free($0) }
    }
    var pid = pid_t()
    let start = now()
    let spawned = posix_spawnp(&pid, arguments[0], &actions, nil, &argv, &envp)
    guard spawned == 0 else { throw ChildError.spawnFailed(arguments.joined(separator: " "), spawned) }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) < 0, errno == EINTR {}
    let seconds = now() - start
    let exited = status & 0x7f == 0
    let code = (status >> 8) & 0xff
    guard exited, code == 0 else { throw ChildError.failed(arguments.joined(separator: " "), exited ? code : -1) }
    return seconds
}

/// The process environment as `NAME=value` strings.
func processEnvironment() -> [String] {
    var result: [String] = []
    var entry = environ
    while let pointer = entry.pointee {
        result.append(String(cString: pointer))
        entry += 1
    }
    return result
}

/// The size of a file in bytes.
func fileSize(_ path: String) -> Double {
    var info = stat()
    return stat(path, &info) == 0 ? Double(info.st_size) : 0
}

/// The number of data rows in a trace (lines that are neither comments nor the header).
func dataRows(_ path: String) -> Int {
    guard let file = fopen(path, "rb") else { return 0 }
    defer { fclose(file) }
    var lines = 0
    var comments = 0
    var atLineStart = true
    let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: 1 << 16)
    defer { buffer.deallocate() }
    while true {
        let count = fread(buffer, 1, 1 << 16, file)
        if count == 0 { break }
        for index in 0..<count {
            if atLineStart, buffer[index] == UInt8(ascii: "#") { comments += 1 }
            atLineStart = buffer[index] == 0x0A
            if atLineStart { lines += 1 }
        }
    }
    return lines - comments - 1
}

/// The tool on big traces, beside the pandas pipeline a data person would write instead.
struct ToolCases {
    var tool: String
    var peer: String
    var work: String
    var runs: Int

    /// The 1-million-row figures: wall time, rows/s, MB/s and peak RSS of `read` and `animate`,
    /// and the peer's, measured in alternation so that both see the same machine.
    func oneMillion(rows: Int) throws -> [Figure] {
        let trace = try makeTrace(rows: rows)
        let count = Double(dataRows(trace))
        let megabytes = fileSize(trace) / 1e6
        var read: [ChildRun] = []
        var animate: [ChildRun] = []
        var pandas: [ChildRun] = []
        var floor: [ChildRun] = []
        let floorProgram = hasPeer ? try buildFloor() : nil
        for run in 0...runs {
            let readRun = try runChild([tool, "read", trace, "-o", work + "/read.dat"])
            let floorRun = try floorProgram.map { try runChild([$0, trace, work + "/floor.dat"]) }
            if run > 0, let floorRun { floor.append(floorRun) }
            let animateRun = try runChild([tool, "animate", trace, "-o", work + "/animate.dat"])
            // The note in /work/.library/env/README.md: these slow a current numpy down.
            let pandasRun = hasPeer ? try runPeer(trace) : nil
            if run > 0 {  // run 0 warms the page cache
                read.append(readRun)
                animate.append(animateRun)
                if let pandasRun { pandas.append(pandasRun) }
            }
        }
        let rowsLabel = "\(Int(count)) rows, \(Int(megabytes.rounded())) MB"
        var figures: [Figure] = []
        let peerTime =
            hasPeer
            ? Figure(
                id: "peer.time", name: "pandas peer, same rows (\(rowsLabel))", unit: "s",
                samples: pandas.map(\.seconds))
            : nil
        for (command, results) in [("read", read), ("animate", animate)] {
            var time = Figure(
                id: "\(command).time", name: "hingetool \(command) (\(rowsLabel))", unit: "s",
                samples: results.map(\.seconds))
            if command == "read", let peerTime {
                time.peerRatio = peerTime.median / time.median
                time.target = peerTime.median / 10
                time.note = "target: at least 10× faster than the pandas peer"
            }
            figures.append(time)
            figures.append(
                Figure(
                    id: "\(command).rows-per-second", name: "hingetool \(command): rows/s", unit: "rows/s",
                    samples: results.map { count / $0.seconds }))
            figures.append(
                Figure(
                    id: "\(command).megabytes-per-second", name: "hingetool \(command): MB/s", unit: "MB/s",
                    samples: results.map { megabytes / $0.seconds }))
            figures.append(
                Figure(
                    id: "\(command).peak-rss", name: "hingetool \(command): peak RSS", unit: "MB",
                    samples: results.map { $0.peakRSS / 1e6 }))
        }
        if !floor.isEmpty {
            var floorTime = Figure(
                id: "read-floor.time", name: "C floor: parse and write the same columns, no reader (\(rowsLabel))",
                unit: "s", samples: floor.map(\.seconds))
            floorTime.note = "Benchmarks/peers/read_floor.c, cc -O2"
            figures.append(floorTime)
        }
        if let peerTime {
            figures.append(peerTime)
            figures.append(
                Figure(
                    id: "peer.peak-rss", name: "pandas peer: peak RSS", unit: "MB",
                    samples: pandas.map { $0.peakRSS / 1e6 }))
        }
        return figures
    }

    /// Peak RSS of `read` and `animate` on a 10-million-row trace (one run each: the memory
    /// does not vary, the time would be long), output to /dev/null.
    func tenMillion(rows: Int) throws -> [Figure] {
        let trace = try makeTrace(rows: rows)
        let label = "\(dataRows(trace)) rows"
        var figures: [Figure] = []
        // At 120 Hz the 10-million-row trace (about 83 hours) would ask animate for more rows
        // than its limit of 10,000,001; 30 Hz stays under it.
        for (command, options) in [("read", []), ("animate", ["--rate", "30"])] {
            let run = try runChild([tool, command, trace] + options)
            var figure = Figure(
                id: "\(command)-big.peak-rss",
                name: "hingetool \(([command] + options).joined(separator: " ")) (\(label)): peak RSS", unit: "MB",
                samples: [run.peakRSS / 1e6])
            figure.target = 64
            figure.note = "one run, output to /dev/null, \(Int(run.seconds.rounded())) s"
            figures.append(figure)
        }
        guard hasPeer else { return figures }
        // `read` against the peer at 10 million rows too: three alternating runs after a warm-up
        // pair (the peer takes about a minute a run).
        var read: [ChildRun] = []
        var pandas: [ChildRun] = []
        for run in 0...3 {
            let readRun = try runChild([tool, "read", trace, "-o", work + "/read-big.dat"])
            let pandasRun = try runPeer(trace, output: work + "/pandas-big.dat")
            if run > 0 {
                read.append(readRun)
                pandas.append(pandasRun)
            }
        }
        let peerTime = Figure(
            id: "peer-big.time", name: "pandas peer, same rows (\(label))", unit: "s", samples: pandas.map(\.seconds))
        var time = Figure(
            id: "read-big.time", name: "hingetool read (\(label))", unit: "s", samples: read.map(\.seconds))
        time.peerRatio = peerTime.median / time.median
        time.target = peerTime.median / 10
        time.note = "target: at least 10× faster than the pandas peer; 3 runs"
        figures.append(time)
        figures.append(peerTime)
        return figures
    }

    /// Whether the pandas peer runs (`--peer none` leaves it out, as `make bench-compare` does:
    /// the peer is the same program on both sides).
    var hasPeer: Bool { peer != "none" }

    /// The floor under `read` (Benchmarks/peers/read_floor.c: parse and write, no reader),
    /// compiled once into the scratch folder with the system's C compiler.
    private func buildFloor() throws -> String {
        let program = work + "/read_floor"
        // Beside the pandas script.
        let folder = peer.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        _ = try runChild(["cc", "-O2", "-o", program, (folder.isEmpty ? "." : folder) + "/read_floor.c"])
        return program
    }

    /// One run of the pandas peer on `trace`.
    private func runPeer(_ trace: String, output: String? = nil) throws -> ChildRun {
        // The note in /work/.library/env/README.md: these slow a current numpy down.
        try runChild(
            ["python3", peer, trace, output ?? work + "/pandas.dat"], unset: ["OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE"])
    }

    /// A trace of at least `rows` rows: the frozen plays tiled (``FrozenInputs/trace(rows:work:)``).
    private func makeTrace(rows: Int) throws -> String { try FrozenInputs.trace(rows: rows, work: work) }
}
