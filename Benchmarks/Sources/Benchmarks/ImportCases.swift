#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#endif

/// `hingetool import` on the two inputs that were quadratic (issue 32), each with a time budget:
/// a logcat hinge line followed by a megabyte of spaces (40 kB took 4.3 s when trailing spaces
/// were cut one `dropLast()` at a time), and a dumpsys section of a million rows (40,000 rows
/// took 11.6 s when a section's rows were copied on every append). Linear code answers both in
/// well under a second on the release build; the budgets leave room for a slow machine and
/// fail long before the quadratic forms would finish (200 kB of spaces never did).
///
/// `import.logcat` times the common case instead: a real HAL buffer (the frozen Fold 8 log,
/// tiled to 250,000 lines, 49 MB, by `Benchmarks/data/tile-logcat.sh`, checksummed) read line
/// by line — what moving ASCII lines to the byte reader changed (issue 32).
struct ImportCases {
    let tool: String
    let work: String
    let runs: Int

    /// The cases by id, with their budgets in seconds.
    static let budgets: [(id: String, seconds: Double)] = [
        ("import.spaces", 1), ("import.section", 10), ("import.logcat", 10),
    ]

    /// The lines of `import.logcat`'s input.
    static let logcatLines = 250_000

    /// The figures of `ids` (all by default).
    func run(_ ids: [String] = budgets.map(\.id)) throws -> [Figure] {
        var figures: [Figure] = []
        for (id, budget) in Self.budgets where ids.contains(id) {
            let (arguments, name) = try input(id)
            _ = try runChild([tool] + arguments)  // warm-up: the file in the page cache
            var samples: [Double] = []
            for _ in 0..<runs { samples.append(try runChild([tool] + arguments).seconds) }
            var figure = Figure(id: id, name: name, unit: "s", samples: samples)
            figure.target = budget
            figures.append(figure)
        }
        return figures
    }

    /// Writes the input of case `id` under `work` once; returns the tool's arguments and the
    /// figure's name.
    private func input(_ id: String) throws -> ([String], String) {
        switch id {
        case "import.logcat":
            let path = try FrozenInputs.logcat(lines: Self.logcatLines, work: work)
            return (
                ["import", "logcat", path], "hingetool import logcat, the Fold 8 HAL buffer tiled to 250,000 lines"
            )
        case "import.spaces":
            let path = work + "/import-spaces.logcat"
            let line =
                "09-15 17:20:07.930  1963  3959 I sensors-hal: handle_sns_client_event:50, hinge_angle "
                + "ts=268003965013815 ns value  90/ 40/0" + String(repeating: " ", count: 1 << 20) + "\n"
            try write(line, to: path)
            return (["import", "logcat", path], "hingetool import logcat, 1 MiB of spaces after a value")
        default:
            let path = work + "/import-section.txt"
            var text = "hinge_angle: last 1000000 events\n"
            text.reserveCapacity(45_000_000)
            for row in 0..<1_000_000 {
                text += "\t \(row + 1) (ts=\(100 + row / 1000).\(pad(row % 1000))000000, wall=x) 90.00,\n"
            }
            try write(text, to: path)
            return (["import", "dumpsys", path], "hingetool import dumpsys, a section of 1,000,000 rows")
        }
    }

    private func pad(_ value: Int) -> String {
        let digits = String(value)
        return String(repeating: "0", count: 3 - digits.count) + digits
    }

    private func write(_ text: String, to path: String) throws {
        guard let file = fopen(path, "w") else { throw ChildError.failed("fopen \(path)", errno) }
        defer { fclose(file) }
        guard fputs(text, file) >= 0 else { throw ChildError.failed("fputs \(path)", errno) }
    }
}
