import Foundation
import HingeTestSupport
import Testing

@testable import hingetool

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 13, "unbounded memory or time", "exit statuses" and "wrong results": hostile
/// inputs and option values, each run by the built tool (``manyRunTool``: the release build
/// `make test` makes, which users install, in under half the debug build's CPU here) in a child
/// process of its own under `ulimit -v` (512 MiB unless stated) and a generous hang guard that kills the whole process
/// group. No test measures speed: where promptness matters, the test checks an order of
/// events (the tool ended while its writer was still writing), not a duration.
@Suite("Hostile inputs: endless streams, huge grids, every dataset, every option value")
struct HostileInputTests {
    static let memory = 512 << 20

    static func run(
        _ arguments: [String], in folder: String, input: String? = nil, timeLimit: Double = 120
    )
        -> ChildRun
    {
        var child = GuardedProcess(
            arguments: [manyRunTool] + arguments, folder: folder, input: input, timeLimit: timeLimit)
        child.memoryLimit = memory
        return child.run()
    }

    /// A FIFO in `folder` fed by `command` (a shell command writing to standard output)
    /// until the test stops it. A command refuses the FIFO named as a path (``InputFile``):
    /// the tests give it as standard input (`input:`) with `-` on the command line.
    static func feed(_ command: String, in folder: String) -> (path: String, writer: GuardedProcess.Started) {
        let path = folder + "/stream-\(UUID().uuidString)"
        precondition(makeNode(path))
        return (path, startShell("\(command) > '\(path)'", in: folder))
    }

    // MARK: Endless input

    @Test(
        "An endless line without a line feed stops at the line limit (stats, read, score, demo)",
        arguments: [["stats"], ["read"], ["score"], ["animate"]])
    func endlessLine(command: [String]) {
        let folder = temporaryFolder()
        let (fifo, writer) = Self.feed("yes 7 | tr -d '\\n'", in: folder)
        defer { stopGroup(writer) }
        let run = Self.run(command + ["-"], in: folder, input: fifo)
        #expect(!run.timedOut)
        #expect(run.status == 65)
        #expect(run.error.contains("line is longer than 65536 bytes"), "\(run.error)")
    }

    @Test(
        "A stream of NUL bytes (a /dev/zero of our own) stops at the limit",
        arguments: [["stats"], ["poses"], ["import", "dumpsys"]])
    func zeros(command: [String]) {
        let folder = temporaryFolder()
        let (fifo, writer) = Self.feed("yes '' | tr '\\n' '\\000'", in: folder)
        defer { stopGroup(writer) }
        let run = Self.run(command + ["-"], in: folder, input: fifo)
        #expect(!run.timedOut)
        #expect(run.status == 65, "\(run.error)")
        #expect(run.error.utf8.count < 1000)
    }

    @Test("fold-render --image on an endless stream stops at --max-bytes")
    func endlessImage() {
        let folder = temporaryFolder()
        let (fifo, writer) = Self.feed("yes P6", in: folder)
        defer { stopGroup(writer) }
        let run = Self.run(
            ["fold-render", "--tilt", "10", "--image", "-", "--max-bytes", "1000000"], in: folder, input: fifo)
        #expect(!run.timedOut)
        #expect(run.status == 65)
        #expect(run.error.contains("1000000 bytes") && run.error.contains("--max-bytes"), "\(run.error)")
    }

    @Test("A 100 KB line followed by an open pipe is reported at once, while the writer still writes")
    func longLineThenOpenPipe() {
        let folder = temporaryFolder()
        let (fifo, writer) = Self.feed(
            "{ printf 'time,angle\\n'; yes 1 | tr -d '\\n' | head -c 100000; sleep 600; }", in: folder)
        defer { stopGroup(writer) }
        let run = Self.run(["stats", "-"], in: folder, input: fifo)
        #expect(run.status == 65)
        #expect(run.error.contains(":2:65537: line is longer than 65536 bytes"), "\(run.error)")
        // Reported before the pipe closed: the writer is still sleeping.
        #expect(writer.isRunning())
    }

    @Test("The first word of a huge one-line file is not echoed whole, and binary is escaped")
    func echoIsCutAndEscaped() throws {
        let folder = temporaryFolder()
        let word = String(repeating: "x", count: 5_000_000)
        try "content_width,content_height\n\(word),1\n".write(
            toFile: folder + "/stages.csv", atomically: false, encoding: .utf8)
        let poses = Self.run(["poses", folder + "/stages.csv"], in: folder)
        #expect(poses.status == 65)
        #expect(poses.error.utf8.count < 400, "\(poses.error.utf8.count) bytes of message")
        try Data([0x50, 0x36, 0x01, 0x1B, 0x5B, 0x32, 0x4A, 0xFF, 0x0A]).write(
            to: URL(fileURLWithPath: folder + "/bin.ppm"))
        let image = Self.run(["fold-render", "--tilt", "5", "--image", folder + "/bin.ppm"], in: folder)
        #expect(image.status == 65)
        #expect(
            !image.error.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" }, "raw control bytes: \(image.error)")
        // A trace: a 60 KB time field, and an angle holding a terminal escape sequence.
        let field = String(repeating: "x", count: 60_000)
        try "time,angle\n\(field),1\n".write(toFile: folder + "/long.csv", atomically: false, encoding: .utf8)
        let long = Self.run(["stats", folder + "/long.csv"], in: folder)
        #expect(long.status == 65)
        #expect(long.error.utf8.count < 300, "\(long.error.utf8.count) bytes of message")
        try "time,angle\n0,1\u{1B}[2J\n".write(toFile: folder + "/escape.csv", atomically: false, encoding: .utf8)
        let escape = Self.run(["stats", folder + "/escape.csv"], in: folder)
        #expect(escape.error.contains("angle '1\\x1B[2J' is not a number"), "\(escape.error)")
    }

    // MARK: Grids and rows checked before the work

    static let gap =
        "time,angle,status,true_angle,true_velocity\n0,180,fullyOpen,180,0\n1,179,fullyOpen,179,0\n"
        + "1000000,170,fullyOpen,170,0\n"

    @Test(
        "A million-second gap is refused before any frame is computed (exit 65, naming --max-points)",
        arguments: [
            ["read", "--rate", "60"], ["animate"], ["demo"], ["score"], ["resample", "--rate", "100"],
            ["smooth", "--rate", "100", "--gaussian", "1"], ["plot", "reading"],
        ])
    func gapIsRefused(command: [String]) throws {
        let folder = temporaryFolder()
        try Self.gap.write(toFile: folder + "/gap.csv", atomically: false, encoding: .utf8)
        var arguments = command
        arguments.insert(folder + "/gap.csv", at: command[0] == "plot" ? 2 : 1)
        if command[0] == "demo" || command[0] == "plot" { arguments += ["--out-dir", folder + "/out"] }
        let run = Self.run(arguments, in: folder, timeLimit: 60)
        #expect(!run.timedOut)
        #expect(run.status == 65, "\(run.error)")
        #expect(run.error.contains("--max-points"), "\(run.error)")
        #expect(run.output.utf8.count < 100_000)
    }

    @Test(
        "A trace of more rows than --max-rows is refused as the row arrives", arguments: ["score", "demo", "resample"])
    func rowLimit(command: String) throws {
        let folder = temporaryFolder()
        var arguments = [command, dataset("flat-to-laptop.csv"), "--max-rows", "100"]
        if command == "resample" { arguments += ["--rate", "10"] }
        if command == "demo" { arguments += ["--out-dir", folder] }
        let run = Self.run(arguments, in: folder)
        #expect(run.status == 65)
        #expect(run.error.contains("more than 100 rows") && run.error.contains("--max-rows"), "\(run.error)")
    }

    @Test(
        "smooth at --rate 100000 finishes: the Gaussian and the median no longer grow with rate²",
        arguments: [["--gaussian", "1"], ["--median", "1"]])
    func smoothAtHighRate(filter: [String]) {
        let folder = temporaryFolder()
        // 500,001 grid points; before, the Gaussian took ~20 minutes here. The guard is a
        // hang guard only.
        let run = Self.run(
            ["smooth", dataset("flat-to-laptop.csv"), "--rate", "100000"] + filter + ["-o", folder + "/s.dat"],
            in: folder, timeLimit: 600)
        #expect(!run.timedOut)
        #expect(run.status == 0, "\(run.error)")
    }

    // MARK: Every dataset through every command that reads traces

    /// The example lines (``CommandSpec/examples``) that read the bundled trace as their
    /// `<trace>` argument (command, which example, where the trace is): every one is run on
    /// every dataset, with the dataset in its place.
    static var traceLines: [(command: String, example: Int, trace: Int)] {
        let trace = dataset("flat-to-laptop.csv")
        return GeneratedHostileTests.leaves.flatMap { command in
            HostileCatalogue.examples(command, folder: "/nowhere").enumerated().compactMap { example, line in
                HostileCatalogue.slots(in: line, command: command).first {
                    $0.name == "trace" && line[$0.index] == trace
                }.map { (command, example, $0.index) }
            }
        }
    }

    @Test("The trace lines cover the commands that read a trace (the examples declare them)")
    func traceLinesCoverTraceCommands() {
        let commands = Set(Self.traceLines.map(\.command))
        for command in ["stats", "read", "score", "animate", "demo", "unfold", "posture", "plot trace", "plot reading"]
        {
            #expect(commands.contains(command), "\(command): \(commands)")
        }
        #expect(Self.traceLines.count >= 17, "\(Self.traceLines.count)")
    }

    static var datasets: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Datasets")) ?? [])
            .filter { $0.hasSuffix(".csv") }.sorted()
    }

    @Test("Every bundled dataset passes every trace command: exit 0, no NaN or inf", .slow, arguments: datasets)
    func everyDatasetEveryCommand(name: String) throws {
        for (command, example, trace) in Self.traceLines {
            let folder = temporaryFolder()
            var arguments = HostileCatalogue.examples(command, folder: folder)[example]
            arguments[trace] = dataset(name)
            let run = Self.run(arguments, in: folder)
            #expect(run.status == 0, "\(arguments) \(name): \(run.error)")
            let written = HostileCatalogue.outputFolder(in: arguments, command: command).map { arguments[$0] }
            #expect(!run.output.isEmpty || written != nil, "\(arguments) \(name) printed nothing")
            var texts = [run.output]
            if let written {
                for file in (try? FileManager.default.contentsOfDirectory(atPath: written)) ?? []
                where file.hasSuffix(".dat") {
                    texts.append(try String(contentsOfFile: written + "/" + file, encoding: .utf8))
                }
            }
            for text in texts {
                #expect(
                    Self.nonFiniteTokens(text).isEmpty, "\(arguments) \(name): \(Self.nonFiniteTokens(text).prefix(3))")
            }
        }
    }

    /// Words of non-comment lines that spell a non-finite number.
    static func nonFiniteTokens(_ text: String) -> [String] {
        text.split(separator: "\n").filter { !$0.hasPrefix("#") }.flatMap { line in
            line.split(whereSeparator: { $0 == " " || $0 == "," || $0 == "(" || $0 == ")" })
                .map { $0.lowercased() }.filter { ["nan", "-nan", "inf", "-inf", "+inf", "infinity"].contains($0) }
        }
    }

    // MARK: Option values

    /// A command line that is valid without the option under test: the command's first
    /// declared example (``HostileCatalogue/base(_:folder:)``).
    static func base(_ command: String, folder: String) -> [String]? {
        HostileCatalogue.base(command, folder: folder)
    }

    /// Every option that takes a free value (not a path, not one of a list), per subcommand,
    /// from the declarations (``ValueKind/takesFreeValue``).
    static var optionCases: [String] {
        HingeTool.subcommands.flatMap { command in
            command.spec.options.filter(\.kind.takesFreeValue).map { "\(command.spec.name) --\($0.key)" }
        }
    }

    static let hostileValues = ["nan", "inf", "-inf", "0", "-1", "1e308", "-1e308", "abc", ""]

    @Test(
        "Every option at NaN, ±inf, 0, −1, ±1e308, text and empty: exit 0, or 64/65 naming an option", .slow,
        arguments: optionCases)
    func optionValue(option: String) throws {
        let parts = option.split(separator: " ").map(String.init)
        let folder = temporaryFolder()
        let base = try #require(Self.base(parts[0], folder: folder))
        for value in Self.hostileValues {
            // --tilt and --width are part of fold-render's base line: replace, do not repeat.
            var arguments = base
            if let index = arguments.firstIndex(of: parts[1]) { arguments.removeSubrange(index...(index + 1)) }
            arguments += [parts[1], value]
            let run = Self.run(arguments, in: folder, timeLimit: 300)
            #expect(!run.timedOut, "\(arguments)")
            #expect(run.signal == nil, "\(arguments): signal \(run.signal ?? 0)")
            switch run.status {
            case 0:
                #expect(
                    Self.nonFiniteTokens(run.output).isEmpty,
                    "\(arguments) printed \(Self.nonFiniteTokens(run.output).prefix(3))")
            case 64:
                // Named in quotes, or first as a word outside its choices is (`Error: --fail-on: …`).
                let named = run.error.hasPrefix("Error: \(parts[1]): ")
                #expect(run.error.contains("'--") || run.error.contains("'<") || named, "\(arguments): \(run.error)")
            case 65:
                #expect(run.error.hasPrefix("Error: "), "\(arguments): \(run.error)")
            default:
                Issue.record("\(arguments): status \(run.status.map(String.init) ?? "none"): \(run.error)")
            }
        }
    }

    // MARK: Messages and statuses

    @Test("A bad spring option is 64 and names the option, never blamed on the data")
    func springOptionsBlameTheOption() {
        let folder = temporaryFolder()
        let spring = Self.run(["spring", "--duration", "1e300"], in: folder)
        #expect(spring.status == 64)
        #expect(spring.error.contains("'--duration'"))
        let animate = Self.run(["animate", dataset("flat-to-laptop.csv"), "--duration", "1e300"], in: folder)
        #expect(animate.status == 64)
        #expect(animate.error.contains("'--duration'"))
        let far = Self.run(["spring", "--from", "1e308", "--to", "-1e308"], in: folder)
        #expect(far.status == 64)
        #expect(far.error.contains("'--from'"))
    }

    @Test(
        "Options the chosen velocity estimator ignores are still checked",
        arguments: ["--horizon", "--oldest-weight", "--jerk-noise", "--measurement-noise", "--shrinkage"])
    func unusedOptionsAreChecked(option: String) {
        let folder = temporaryFolder()
        for velocity in ["kalman", "lsq", "difference"] {
            let run = Self.run(
                ["read", dataset("flat-to-laptop.csv"), "--velocity", velocity, option, "abc"], in: folder)
            #expect(run.status == 64, "\(velocity) \(option)")
            #expect(run.error.contains("'\(option)'"))
        }
    }

    @Test(
        "--skip-bad-rows reports the count and the first errors",
        arguments: [["read"], ["plot", "trace"], ["plot", "reading"]])
    func skippedRowsAreReported(command: [String]) throws {
        let folder = temporaryFolder()
        try "time,angle\n0,10\nx,20\n1,30\n2,abc\n3,40\n4,50\n".write(
            toFile: folder + "/bad.csv", atomically: false, encoding: .utf8)
        var arguments = command + [folder + "/bad.csv", "--skip-bad-rows"]
        if command[0] == "plot" { arguments += ["--out-dir", folder + "/out"] }
        let run = Self.run(arguments, in: folder)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.error.contains("skipped 2 malformed rows"))
        #expect(run.error.contains("bad.csv:3:1: time 'x' is not a number"))
        #expect(run.error.contains("bad.csv:5:3: angle 'abc' is not a number"))
    }

    @Test("A Latin-1 byte is named with its own value and column")
    func latin1Byte() throws {
        let folder = temporaryFolder()
        let bytes = Array("time,angle,status,note\n0,180,fullyOpen,caf".utf8) + [0xE9] + Array(" au lait\n".utf8)
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/latin1.csv"))
        let run = Self.run(["stats", folder + "/latin1.csv"], in: folder)
        #expect(run.status == 65)
        #expect(run.error.contains("latin1.csv:2:20: byte 0xE9 is not valid UTF-8"), "\(run.error)")
    }

    @Test("Standard input named twice is refused, not read as an empty file")
    func standardInputTwice() {
        let folder = temporaryFolder()
        let run = Self.run(["score", "-", "-"], in: folder, input: dataset("flat-to-laptop.csv"))
        #expect(run.status == 64)
        #expect(run.error.contains("more than once"))
    }
}
