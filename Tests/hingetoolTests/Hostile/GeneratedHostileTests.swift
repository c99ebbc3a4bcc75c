import Foundation
import HingeTestSupport
import Testing

@testable import hingetool

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 21: the hostile suite generated from the command catalogue. Every runnable
/// subcommand in `HingeTool.subcommandPaths()` (the plot kinds included) is attacked through
/// every input the catalogue declares in its base line (a FIFO and a device node of our own,
/// both refused unopened; a stream fed forever on standard input; a name with a newline and an
/// escape sequence; CRLF line ends; a huge gap), its outputs (its own input, a link planted out of its
/// folder, a folder holding someone else's files) and a signal mid-run — each run by the built
/// tool in a child process under `ulimit -v` with a hang guard that kills the process group
/// (``run(_:in:timeLimit:)`` runs ``manyRunTool``; the runs from a folder, through a shell and
/// signalled mid-run keep the debug build).
/// A subcommand added to the catalogue without a ``HostileCatalogue/base(_:folder:)`` line fails
/// ``everySubcommandIsCovered()`` the day it is added.
@Suite("Generated hostile suite: every subcommand of the catalogue", .serialized)
struct GeneratedHostileTests {
    static let memory = 768 << 20

    static func run(_ arguments: [String], in folder: String, timeLimit: Double = 120) -> ChildRun {
        var child = GuardedProcess(arguments: [manyRunTool] + arguments, folder: folder, timeLimit: timeLimit)
        child.memoryLimit = memory
        return child.run()
    }

    /// Every runnable subcommand (groups left out), as the words that run it.
    static var leaves: [String] {
        let paths = HingeTool.subcommandPaths()
        return paths.filter { path in !paths.contains { $0.count > path.count && Array($0.prefix(path.count)) == path }
        }
        .map { $0.joined(separator: " ") }
    }

    @Test("Every subcommand of the catalogue has a hostile base line (count printed)")
    func everySubcommandIsCovered() {
        let folder = temporaryFolder()
        let missing = Self.leaves.filter { HostileCatalogue.base($0, folder: folder) == nil }
        #expect(missing.isEmpty, "no hostile base line for \(missing)")
        #expect(Self.leaves.count >= 24, "\(Self.leaves)")
        print("generated hostile suite: \(Self.leaves.count) subcommands covered")
    }

    @Test("Every example a subcommand declares runs: exit 0, no NaN", .slow, arguments: leaves)
    func examplesRun(command: String) {
        let folder = temporaryFolder()
        let examples = HostileCatalogue.examples(command, folder: folder)
        #expect(!examples.isEmpty, "\(command) declares no example")
        for line in examples {
            let run = HostileInputTests.run(line, in: folder)
            Self.expectSane(run, "\(line)")
            #expect(run.status == 0, "\(line): \(run.error)")
        }
    }

    /// The outcome every attack accepts: ended by itself (no hang, no signal), 0 or a documented
    /// refusal with `Error: …`, no raw escape byte on either stream, no NaN in the output.
    static func expectSane(_ run: ChildRun, _ label: String) {
        #expect(!run.timedOut, "\(label): hang")
        #expect(run.signal == nil, "\(label): signal \(run.signal ?? 0)")
        #expect([0, 1, 64, 65, 66, 74].contains(run.status ?? -1), "\(label): status \(run.status ?? -1) \(run.error)")
        if run.status != 0 { #expect(run.error.contains("Error: "), "\(label): \(run.error.prefix(300))") }
        #expect(!run.error.contains("\u{1B}"), "\(label): raw escape on standard error")
        #expect(!run.output.contains("\u{1B}"), "\(label): raw escape on standard output")
        #expect(HostileInputTests.nonFiniteTokens(run.output).isEmpty, "\(label): non-finite output")
        #expect(run.error.utf8.count < 64 << 10, "\(label): \(run.error.utf8.count) bytes of message")
    }

    @Test(
        "Input attacks on every declared input: FIFO, device node, endless stream, newline and escape in the name, CRLF, huge gap, trailing blanks, Int64 edges",
        .slow, arguments: leaves)
    func inputAttacks(command: String) throws {
        let folder = temporaryFolder()
        let base = try #require(HostileCatalogue.base(command, folder: folder))
        for slot in HostileCatalogue.inputs(in: base, command: command) {
            try attack(command, base: base, slot: slot, folder: folder)
        }
    }

    /// Issue 32: a relative name that reads as an ffmpeg protocol (`concat:…|…`, `subfile,…:`,
    /// `http://127.0.0.1:9/…`, a local folder) is the file named: the run ends as the same
    /// file under a plain name does, with the same output.
    func urlLikeNames(_ command: String, base: [String], slot: HostileCatalogue.Slot, folder: String) throws {
        // film's base line reads a folder of frames; a video is what ffmpeg is handed: a one-second
        // 160 × 120 clip (30 frames; the first line of film's output counts them, so a protocol
        // that read the file twice or not at all would change it), not a 298-frame 540 × 960
        // recording, which took the debug tool about a minute of CPU per name.
        var input = base[slot.index]
        if command == "film" {
            input = folder + "/clip-\(slot.index).mp4"
            try ChildProgramNameTests.clip(input, seconds: "1", source: "testsrc2")
        }
        guard (try? InputFile.kind(of: input)) == .regularFile else { return }
        let suffix =
            "-\(slot.index)"
            + ((input as NSString).pathExtension.isEmpty ? "" : "." + (input as NSString).pathExtension)
        try FileManager.default.createDirectory(
            atPath: folder + "/http:/127.0.0.1:9", withIntermediateDirectories: true)
        let names = [
            "plain" + suffix, "concat:plain\(suffix)|plain" + suffix, "subfile,,start,0,end,0,,:plain" + suffix,
            "http://127.0.0.1:9/x" + suffix,
        ]
        var runs: [ChildRun] = []
        for name in names {
            try FileManager.default.copyItem(atPath: input, toPath: folder + "/" + name)
            var arguments = base
            arguments[slot.index] = name
            // The outputs go to folder-relative names as well; the base line's absolute ones stay.
            var child = GuardedProcess(arguments: [builtTool] + arguments, folder: folder, timeLimit: 120)
            child.memoryLimit = Self.memory
            child.workingFolder = folder
            let run = child.run()
            Self.expectSane(run, "\(command) \(slot.name) named '\(name)'")
            runs.append(run)
        }
        for (name, run) in zip(names, runs).dropFirst() {
            #expect(run.status == runs[0].status, "\(command) \(slot.name) named '\(name)': \(run.error.prefix(300))")
            // A plot's picture centres a title made of the name (or its last part), so only the
            // status is compared there.
            guard !command.hasPrefix("plot") else { continue }
            #expect(
                run.output.replacing(name, with: "NAME") == runs[0].output.replacing(names[0], with: "NAME"),
                "\(command) \(slot.name) named '\(name)'")
        }
    }

    /// Issue 32: an input named in Latin-1 (`in\xE9put`, not UTF-8) is the file of that name:
    /// the run ends as it does for the same file under a plain name of the same length
    /// (`inXput`), with the same output once the name (`in\xE9put` in messages) is set aside.
    /// The shell makes the names and puts them in the slot: the oracle is the bytes it gave.
    func latin1Name(_ command: String, base: [String], slot: HostileCatalogue.Slot, folder: String) {
        let input = base[slot.index]
        guard (try? InputFile.kind(of: input)) == .regularFile else { return }
        var runs: [ChildRun] = []
        for (name, shown) in [("inXput-\(slot.index)", "inXput"), ("in\\351put-\(slot.index)", "in\\xE9put")] {
            var arguments = base
            arguments[slot.index] = "@NAME@"
            let script =
                "n=$(printf '\(name)'); cp -- \"$1\" \"$n\" || exit 99; shift; "
                + "for a; do shift; [ \"$a\" = @NAME@ ] && a=$n; set -- \"$@\" \"$a\"; done; exec \"$@\""
            var child = GuardedProcess(
                arguments: ["/bin/sh", "-c", script, "sh", input, builtTool] + arguments, folder: folder, timeLimit: 120
            )
            child.memoryLimit = Self.memory
            child.workingFolder = folder
            var run = child.run()
            Self.expectSane(run, "\(command) \(slot.name) named \(shown)")
            run.output = run.output.replacing(shown, with: "NAME")
            runs.append(run)
        }
        let label = "\(command) \(slot.name) named in Latin-1"
        #expect(runs[1].status == runs[0].status, "\(label): \(runs[1].error.prefix(300))")
        // A plot's picture centres a title made of the name: only the status is compared there.
        if !command.hasPrefix("plot") {
            #expect(runs[1].output == runs[0].output, "\(label)")
        }
    }

    func attack(_ command: String, base: [String], slot: HostileCatalogue.Slot, folder: String) throws {
        let input = base[slot.index]
        let label = "\(command) \(slot.name)"
        var attacks: [(String, String)] = []
        // A name with a newline and an escape sequence, same bytes.
        let evil = folder + "/in\n\u{1B}[31mput-\(slot.index)" + (input.hasSuffix(".csv") ? ".csv" : "")
        try FileManager.default.copyItem(atPath: input, toPath: evil)
        attacks.append(("newline and escape in the name", evil))
        if (try? InputFile.kind(of: input)) == .regularFile,
            let text = try? String(contentsOfFile: input, encoding: .utf8)
        {
            let crlf = folder + "/crlf-\(slot.index)" + (input.hasSuffix(".csv") ? ".csv" : ".txt")
            try text.replacingOccurrences(of: "\n", with: "\r\n").write(
                toFile: crlf, atomically: false, encoding: .utf8)
            attacks.append(("CRLF", crlf))
            if text.hasPrefix("time,") {
                let gap = folder + "/gap-\(slot.index).csv"
                try "time,angle\n0,10\n1000000,20\n".write(toFile: gap, atomically: false, encoding: .utf8)
                attacks.append(("a 10⁶ s gap", gap))
                // Issue 32's classes: a megabyte of blanks after a value (a trim one character at
                // a time was quadratic), and integer times at the edges of Int64 (a sum past it
                // trapped): the last nanosecond held, and one past it.
                let spaces = folder + "/spaces-\(slot.index).csv"
                try ("time,angle\n0,10" + String(repeating: " ", count: 1 << 20) + "\n1,20\n").write(
                    toFile: spaces, atomically: false, encoding: .utf8)
                attacks.append(("a megabyte of trailing spaces", spaces))
                for (edge, times) in [
                    ("Int64.max ns", ("9223372036854775806", "9223372036854775807")),
                    ("one past Int64.max ns", ("0", "9223372036854775808")),
                ] {
                    let path = folder + "/edge-\(slot.index)-\(times.1.suffix(1)).csv"
                    try "time_ns,angle\n\(times.0),10\n\(times.1),20\n".write(
                        toFile: path, atomically: false, encoding: .utf8)
                    attacks.append(("a time at \(edge)", path))
                }
            }
        }
        for (attack, path) in attacks {
            var arguments = base
            arguments[slot.index] = path
            Self.expectSane(Self.run(arguments, in: folder), "\(label) with \(attack)")
        }
        try urlLikeNames(command, base: base, slot: slot, folder: folder)
        latin1Name(command, base: base, slot: slot, folder: folder)
        // A FIFO and a device node named as the input: refused before they are opened.
        var nodes: [(String, String)] = []
        if makeNode(folder + "/fifo-\(slot.index)") { nodes.append(("a FIFO", folder + "/fifo-\(slot.index)")) }
        if makeNode(folder + "/zero-\(slot.index)", characterDevice: (1, 5)) {
            nodes.append(("a device node (zero)", folder + "/zero-\(slot.index)"))
        }
        for (attack, path) in nodes {
            var arguments = base
            arguments[slot.index] = path
            let run = Self.run(arguments, in: folder)
            Self.expectSane(run, "\(label) with \(attack)")
            #expect(run.status == 66, "\(label) with \(attack): \(run.error)")
        }
        // An endless stream without a line feed, on standard input where the input may be '-'.
        guard slot.kind == .inputFile else { return }
        let (fifo, writer) = HostileInputTests.feed("yes 7 | tr -d '\\n'", in: folder)
        defer { stopGroup(writer) }
        var arguments = base
        arguments[slot.index] = "-"
        var child = GuardedProcess(arguments: [builtTool] + arguments, folder: folder, input: fifo, timeLimit: 120)
        child.memoryLimit = Self.memory
        Self.expectSane(child.run(), "\(label) with an endless stream on standard input")
    }

    /// Issue 32's classes on the sensor logs the importers read, for every example whose input
    /// is one (``SensorLog/kind(of:)``, by content): a section of 100,000 rows (every one a row
    /// of the output), a megabyte line before it and a megabyte of blanks after a value (the
    /// output's rows as without them), and a last time at `Int64.max` ns and one past it (a
    /// located refusal, exit 65, never a trap).
    @Test("The sensor-log attacks reach both importers' formats: the catalogue's examples read each")
    func sensorLogAttacksReachBothFormats() {
        let folder = temporaryFolder()
        var kinds: Set<String> = []
        for command in Self.leaves {
            for line in HostileCatalogue.examples(command, folder: folder) {
                for slot in HostileCatalogue.inputs(in: line, command: command) {
                    guard let text = try? String(contentsOfFile: line[slot.index], encoding: .utf8),
                        let kind = SensorLog.kind(of: text)
                    else { continue }
                    kinds.insert(kind.rawValue)
                }
            }
        }
        #expect(kinds == ["dumpsys", "logcat"])
    }

    @Test(
        "Sensor-log attacks on every example that reads one: a huge section, a megabyte line, trailing blanks, Int64 edges",
        .slow, arguments: leaves)
    func sensorLogAttacks(command: String) throws {
        let folder = temporaryFolder()
        for (example, line) in HostileCatalogue.examples(command, folder: folder).enumerated() {
            for slot in HostileCatalogue.inputs(in: line, command: command) {
                guard let text = try? String(contentsOfFile: line[slot.index], encoding: .utf8),
                    let kind = SensorLog.kind(of: text)
                else { continue }
                let label = "\(command) example \(example + 1) (\(kind))"
                func run(_ name: String, _ content: String) -> ChildRun {
                    let path = folder + "/\(example)-\(slot.index)-\(name).txt"
                    #expect(FileManager.default.createFile(atPath: path, contents: Data(content.utf8)), "\(path)")
                    var arguments = line
                    arguments[slot.index] = path
                    let run = Self.run(arguments, in: folder)
                    Self.expectSane(run, "\(label) with \(name)")
                    return run
                }
                func rows(_ run: ChildRun) -> [Substring] {
                    run.output.split(separator: "\n").filter { !$0.hasPrefix("#") }
                }
                let count = 100_000
                let huge = run("a section of \(count) rows", SensorLog.log(kind, rows: count))
                #expect(huge.status == 0, "\(label) with a huge section: \(huge.error.prefix(300))")
                #expect(rows(huge).count >= count, "\(label) with a huge section: \(rows(huge).count) rows")
                let plain = run("three rows", SensorLog.log(kind, rows: 3))
                #expect(plain.status == 0, "\(label): \(plain.error.prefix(300))")
                let long = run(
                    "a megabyte line", String(repeating: "x", count: 1 << 20) + "\n" + SensorLog.log(kind, rows: 3))
                let blanks = run(
                    "a megabyte of trailing blanks", SensorLog.log(kind, rows: 3, blanksAfterValue: 1 << 20))
                for (name, attacked) in [("a megabyte line", long), ("a megabyte of trailing blanks", blanks)] {
                    #expect(attacked.status == 0, "\(label) with \(name): \(attacked.error.prefix(300))")
                    #expect(rows(attacked) == rows(plain), "\(label) with \(name)")
                }
                for (edge, last) in [
                    ("Int64.max ns", Int64.max.magnitude), ("one past Int64.max ns", Int64.max.magnitude + 1),
                ] {
                    let refused = run("a time at \(edge)", SensorLog.log(kind, rows: 3, lastNanoseconds: last))
                    #expect(refused.status == 65, "\(label) with a time at \(edge): \(refused.error.prefix(300))")
                    #expect(
                        refused.error.contains(":4:"),
                        "\(label) with a time at \(edge): not at line 4: \(refused.error.prefix(300))")
                }
            }
        }
    }

    @Test(
        "Output attacks: onto its own input, a link planted out of its folder, a folder of someone else's files",
        .slow, arguments: leaves)
    func outputAttacks(command: String) throws {
        let folder = temporaryFolder()
        let base = try #require(HostileCatalogue.base(command, folder: folder))
        // -o onto its own input: refused, the input unchanged.
        for slot in HostileCatalogue.inputs(in: base, command: command) where HostileCatalogue.takesOutputFile(command)
        {
            let (index, input) = (slot.index, base[slot.index])
            if (try? InputFile.kind(of: input)) == .regularFile {
                let own = folder + "/own-input"
                try FileManager.default.copyItem(atPath: input, toPath: own)
                let before = FileManager.default.contents(atPath: own)
                var arguments = base
                arguments[index] = own
                arguments += ["-o", own]
                let run = Self.run(arguments, in: folder)
                Self.expectSane(run, "\(command) -o onto its input")
                #expect(run.status == 64, "\(command) -o onto its input: \(run.error)")
                #expect(FileManager.default.contents(atPath: own) == before, "\(command) replaced its input")
            }
        }
        // --out DIR: a planted link out of the folder at each name the command writes, and a
        // foreign file: refused; with --force the link is replaced, its target untouched.
        guard let valueIndex = HostileCatalogue.outputFolder(in: base, command: command) else { return }
        let target = base[valueIndex]
        let first = Self.run(base, in: folder)
        #expect(first.status == 0, "\(command): \(first.error)")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: target)) ?? []).filter { !$0.hasPrefix(".") }
        let victim = folder + "/victim"
        try Data("precious".utf8).write(to: URL(fileURLWithPath: victim))
        let planted = folder + "/planted"
        try FileManager.default.createDirectory(atPath: planted, withIntermediateDirectories: true)
        for name in names { symlink(victim, planted + "/" + name) }
        var arguments = base
        arguments[valueIndex] = planted
        let refused = Self.run(arguments, in: folder)
        Self.expectSane(refused, "\(command) into planted links")
        #expect(refused.status == 64, "\(command) into planted links: \(refused.error)")
        let forced = Self.run(arguments + ["--force"], in: folder)
        Self.expectSane(forced, "\(command) --force into planted links")
        #expect(String(decoding: FileManager.default.contents(atPath: victim) ?? Data(), as: UTF8.self) == "precious")
        // Its own earlier set is replaced freely.
        #expect(Self.run(base, in: folder).status == 0, "\(command) again into its own folder")
    }

    @Test("A terminating signal mid-run leaves no temporary file beside -o or --out", .slow, arguments: leaves)
    func signalMidRun(command: String) throws {
        let folder = temporaryFolder()
        var arguments = try #require(HostileCatalogue.base(command, folder: folder))
        let outputs = folder + "/outputs"
        try FileManager.default.createDirectory(atPath: outputs, withIntermediateDirectories: true)
        if let valueIndex = HostileCatalogue.outputFolder(in: arguments, command: command) {
            arguments[valueIndex] = outputs
        } else if HostileCatalogue.takesOutputFile(command) {
            arguments += ["-o", outputs + "/out"]
        } else {
            return
        }
        var child = GuardedProcess(arguments: [builtTool] + arguments, folder: folder)
        child.memoryLimit = Self.memory
        let started = child.start()
        usleep(20_000)
        started.send(SIGTERM)
        let run = started.wait()
        #expect(!run.timedOut)
        let left = ((try? FileManager.default.contentsOfDirectory(atPath: outputs)) ?? []).filter {
            $0.hasPrefix(".") && !$0.hasPrefix(".hingetool-") || $0.hasPrefix(".hingetool-set-")
        }
        #expect(left.isEmpty, "\(command): left \(left) (status \(run.status ?? -1), signal \(run.signal ?? 0))")
    }
}

/// A valid command line per subcommand, from which the attacks start, and where in it the
/// catalogue says the inputs and outputs are.
enum HostileCatalogue {
    /// The command's first example (``CommandSpec/examples``), runnable in `folder`; `nil` for
    /// a command that declares none (which ``GeneratedHostileTests/everySubcommandIsCovered()``
    /// reports).
    static func base(_ command: String, folder: String) -> [String]? {
        examples(command, folder: folder).first
    }

    /// The examples `command` declares, each a whole command line runnable in `folder`: a
    /// relative path the command reads is taken from the package root, a file or folder it
    /// writes is put in `folder`.
    static func examples(_ command: String, folder: String) -> [[String]] {
        guard let spec = spec(command) else { return [] }
        let words = command.split(separator: " ").map(String.init)
        return spec.examples.map { example in
            var line = words + example
            for slot in slots(in: line, command: command) {
                let value = line[slot.index]
                guard value != "-", !value.hasPrefix("/") else { continue }
                switch slot.kind {
                case .inputFile, .inputFileOrFolder: line[slot.index] = packageRoot + "/" + value
                case .directory, .outputFile: line[slot.index] = folder + "/" + value
                default: break
                }
            }
            return line
        }
    }

    /// The catalogue's declaration of `command` (`plot film` → the film kind of `plot`).
    static func spec(_ command: String) -> CommandSpec? {
        var commands = HingeTool.subcommands
        var spec: CommandSpec?
        for word in command.split(separator: " ") {
            guard let found = commands.first(where: { $0.spec.name == word }) else { return nil }
            spec = found.spec
            commands = found.subcommands
        }
        return spec
    }

    /// A word of a command line that names a file or folder, with what the catalogue declares it
    /// to be (``ValueKind``) and the argument or option it fills.
    struct Slot {
        var index: Int
        var kind: ValueKind
        var name: String
    }

    /// The values in `arguments` (a command line of `command`) as the catalogue declares them:
    /// each option's value has its option's kind, each positional its argument's. Nothing is
    /// guessed from how a value looks.
    static func slots(in arguments: [String], command: String) -> [Slot] {
        guard let spec = spec(command) else { return [] }
        var slots: [Slot] = []
        var index = command.split(separator: " ").count
        var positional = 0
        while index < arguments.count {
            let word = arguments[index]
            if word.hasPrefix("-"), word != "-", let option = spec.option(named: word) {
                if option.valueName != nil {
                    slots.append(Slot(index: index + 1, kind: option.kind, name: option.longName))
                    index += 2
                } else {
                    index += 1
                }
                continue
            }
            let argument =
                spec.arguments.indices.contains(positional) ? spec.arguments[positional] : spec.arguments.last
            if let argument { slots.append(Slot(index: index, kind: argument.kind, name: argument.name)) }
            positional += 1
            index += 1
        }
        return slots
    }

    /// The slots of `arguments` the catalogue declares as read (a trace, an image, a frame folder).
    static func inputs(in arguments: [String], command: String) -> [Slot] {
        slots(in: arguments, command: command).filter(\.kind.isInput)
    }

    /// Every input the catalogue declares for `command`, each with a command line that fills
    /// it: the base line where it names it already, the base line plus `option placeholder`
    /// where it is an option the base line leaves out (so an input nobody thought to write a
    /// base line for is attacked all the same).
    static func declaredInputs(_ command: String, base: [String]) -> [(arguments: [String], slot: Slot)] {
        guard let spec = spec(command) else { return [] }
        let present = inputs(in: base, command: command)
        var result = present.map { (base, $0) }
        for option in spec.options where option.kind.isInput && !present.contains(where: { $0.name == option.longName })
        {
            let arguments = base + [option.longName, "placeholder"]
            result.append((arguments, Slot(index: arguments.count - 1, kind: option.kind, name: option.longName)))
        }
        for argument in spec.arguments
        where argument.kind.isInput && !present.contains(where: { $0.name == argument.name }) {
            let arguments = base + ["placeholder"]
            result.append((arguments, Slot(index: arguments.count - 1, kind: argument.kind, name: argument.name)))
        }
        return result
    }

    /// The index of the value of the option the catalogue declares as a folder written into.
    static func outputFolder(in arguments: [String], command: String) -> Int? {
        slots(in: arguments, command: command).first { $0.kind == .directory }?.index
    }

    /// Whether the subcommand takes `-o FILE` (an option declared as a file written).
    static func takesOutputFile(_ command: String) -> Bool {
        spec(command)?.options.contains { $0.kind == .outputFile && $0.names.contains("-o") } ?? false
    }
}

/// The sensor logs the importers read, written for the hostile suite: dumpsys's recent-events
/// sections and Samsung's HAL logcat lines.
enum SensorLog: String {
    case dumpsys, logcat

    /// What `text` is, by its content: a recent-events heading, or a HAL hinge line.
    static func kind(of text: String) -> SensorLog? {
        if text.contains("hinge_angle ts=") { return .logcat }
        if text.split(separator: "\n").contains(where: { $0.hasSuffix(" events") && $0.contains(": last ") }) {
            return .dumpsys
        }
        return nil
    }

    /// A log of one hinge stream of `rows` events 5 ms apart (line 1 is dumpsys's heading, so
    /// the rows are lines 2… in either kind), `blanksAfterValue` spaces after the second
    /// event's value, and the last event at `lastNanoseconds` when given.
    static func log(_ kind: SensorLog, rows: Int, blanksAfterValue: Int = 0, lastNanoseconds: UInt64? = nil) -> String {
        var text = kind == .dumpsys ? "Hinge Angle: last \(rows) events\n" : "--------- beginning of main\n"
        text.reserveCapacity(rows * 120 + blanksAfterValue)
        for row in 0..<rows {
            let nanoseconds =
                row == rows - 1
                ? lastNanoseconds ?? UInt64(1_000_000_000_000 + row * 5_000_000)
                : UInt64(1_000_000_000_000 + row * 5_000_000)
            let blanks = row == 1 ? String(repeating: " ", count: blanksAfterValue) : ""
            switch kind {
            case .dumpsys:
                let fraction = String(nanoseconds % 1_000_000_000)
                let decimals = String(repeating: "0", count: 9 - fraction.count) + fraction
                text +=
                    "\t \(row + 1) (ts=\(nanoseconds / 1_000_000_000).\(decimals), wall=12-01 07:41:10.204) \(row % 181).00, \(blanks)\n"
            case .logcat:
                text +=
                    "09-15 17:20:07.930  1963  3959 I sensors-hal: handle_sns_client_event:50, "
                    + "hinge_angle ts=\(nanoseconds) ns value \([0, 90, 180][row % 3])/\(row % 181)/0\(blanks)\n"
            }
        }
        return text
    }
}
