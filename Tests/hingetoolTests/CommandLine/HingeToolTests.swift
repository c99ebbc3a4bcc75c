import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

@Suite("hingetool: conventions")
struct HingeToolConventionTests {
    @Test("--help lists every section, with help text from column 26")
    func rootHelp() {
        let run = runTool(["--help"])
        #expect(run.status == 0)
        for heading in ["OVERVIEW:", "USAGE: hingetool <subcommand>", "OPTIONS:", "SUBCOMMANDS:"] {
            #expect(run.output.contains(heading))
        }
        let statsLine = run.output.split(separator: "\n").first { $0.hasPrefix("  stats") }
        #expect(statsLine?.firstIndex(of: "S").map { statsLine!.distance(from: statsLine!.startIndex, to: $0) } == 26)
        #expect(runTool([]).output == run.output)
        #expect(runTool(["help"]).output == run.output)
    }

    @Test(
        "Every subcommand has -h, --help and `help <sub>`, all alike",
        arguments: [
            "stats", "synth", "read", "score", "resample", "smooth", "spring", "animate", "curve", "poses",
            "fold-render", "plot", "demo",
        ])
    func subcommandHelp(name: String) {
        let long = runTool([name, "--help"])
        #expect(long.status == 0)
        #expect(long.output.hasPrefix("OVERVIEW: "))
        #expect(long.output.contains("\nUSAGE: hingetool \(name)"))
        #expect(long.output.contains("\nOPTIONS:\n"))
        #expect(long.output.contains("  -h, --help              Show help information.\n"))
        #expect(runTool([name, "-h"]).output == long.output)
        #expect(runTool(["help", name]).output == long.output)
        for line in long.output.split(separator: "\n") { #expect(line.count <= 80) }
    }

    @Test("Every subcommand's --help ends its options with EXAMPLES: the spec's examples, as typed, within 80 columns")
    func helpExamples() {
        for entry in HingeTool.catalogue where !entry.isGroup && !entry.path.isEmpty {
            let help = runTool(entry.path + ["--help"]).output
            let name = entry.path.joined(separator: " ")
            #expect(!entry.spec.examples.isEmpty, "\(name) declares no example")
            let block = help.components(separatedBy: "\nEXAMPLES:\n").dropFirst().first ?? ""
            #expect(!block.isEmpty, "\(name): no EXAMPLES block")
            // A long example goes on after ` \` on the next line, four spaces further in: joined
            // again, it is the example.
            let lines = block.replacing(" \\\n      ", with: " ").split(separator: "\n")
            for (line, example) in zip(lines, entry.spec.examples) {
                #expect(
                    line == "  " + (["hingetool"] + entry.path + example.map(ShellWord.quoted)).joined(separator: " "),
                    "\(name)")
            }
            #expect(lines.count >= entry.spec.examples.count, "\(name)")
            for line in help.split(separator: "\n") { #expect(line.count <= 80, "\(name): \(line)") }
        }
    }

    @Test("--version prints the version")
    func version() {
        #expect(runTool(["--version"]).output == HingeTool.version + "\n")
    }

    @Test(
        "Usage errors say what is wrong, show the usage when the command line is malformed, and exit 64",
        arguments: [
            (["stats", "--formt", "json", "x.csv"], "Error: Unknown option '--formt'. Did you mean '--format'?"),
            (["stat", "x.csv"], "Error: Unknown subcommand 'stat'. Did you mean 'stats'?"),
            (["stats"], "Error: Missing expected argument '<trace>'"),
            (["read", "a.csv", "b.csv"], "Error: Unexpected argument 'b.csv'"),
            (
                ["stats", "a.csv", "--format", "xml"],
                "Error: --format: 'xml' is not one of text, json."
            ),
            (["stats", "a.csv", "--format"], "Error: Missing value for '--format <format>'"),
            (["stats", "a.csv", "--skip-bad-rows=yes"], "Error: The flag '--skip-bad-rows' does not take a value"),
            (
                ["synth", "flat-to-laptp"],
                "Error: Unknown scenario 'flat-to-laptp'. 'hingetool synth --list' lists them. Did you mean 'flat-to-laptop'?"
            ),
            (["synth", "slow-bend", "--seed", "-1"], "Error: The value '-1' is invalid for '--seed'"),
            (["synth", "slow-bend", "--noise", "nan"], "Error: The value 'nan' is invalid for '--noise'"),
            (
                ["synth", "slow-bend", "--step", "0"],
                "Error: The value '0' is invalid for '--step': expected 0.001…180"
            ),
            (["help", "stast"], "Error: Unknown subcommand 'stast'. Did you mean 'stats'?"),
        ])
    func usageErrors(arguments: [String], message: String) {
        let run = runTool(arguments)
        #expect(run.status == 64)
        #expect(run.output.isEmpty)
        let lines = run.error.split(separator: "\n", omittingEmptySubsequences: false)
        #expect(lines.first.map { $0.hasPrefix(message) } == true, "\(run.error)")
        // The usage block only for a malformed command line; a bad value keeps to its line
        // (docs/hingetool.md, "Errors").
        if message.contains("is invalid for") || message.contains("is not one of")
            || message.hasPrefix("Error: Unknown scenario")
        {
            #expect(lines.count == 3 && lines[1].hasPrefix("See 'hingetool ") && lines[1].hasSuffix(" --help'."))
        } else {
            #expect(lines.count >= 3 && lines[1].hasPrefix("Usage: hingetool"))
            #expect(run.error.contains("  See 'hingetool"))
        }
    }

    @Test(
        "A word outside its choices reads the same on every option and argument, a single word or one of a comma list",
        arguments: [
            (["film", "x.mp4", "--fail-on", "nonsense"], "--fail-on: 'nonsense' is not one of ", true),
            (
                ["film", "x.mp4", "--fail-on", "cut,nonsense"],
                "--fail-on: 'nonsense' (in 'cut,nonsense') is not one of ", true
            ),
            (["film", "x.mp4", "--fail-on", "cut,"], "--fail-on: '' (in 'cut,') is not one of ", true),
            (
                ["stats", "x.csv", "--format", "jsn"], "--format: 'jsn' is not one of text, json. Did you mean 'json'?",
                false
            ),
            (["curve", "--effect", "blom"], "--effect: 'blom' is not one of ", false),
            (
                ["import", "dumpsy", "x.txt"],
                "<format>: 'dumpsy' is not one of dumpsys, logcat. Did you mean 'dumpsys'?", false
            ),
        ])
    func choiceErrors(arguments: [String], message: String, isList: Bool) throws {
        let run = runTool(arguments)
        #expect(run.status == 64)
        let lines = run.error.split(separator: "\n").map(String.init)
        #expect(lines.count == 2, "\(run.error)")
        let first = try #require(lines.first)
        #expect(first.hasPrefix("Error: " + message), "\(first)")
        // The choices are listed once, by name, without the old "The value … is invalid" wording.
        #expect(!first.contains("is invalid") && !first.contains("Please provide"))
        if arguments.contains("--fail-on") {
            #expect(first.contains(FilmGate.kinds.joined(separator: ", ")))
        }
        #expect(first.contains("one or more, separated by commas") == isList)
        #expect(lines.last?.hasPrefix("See 'hingetool ") == true)
    }

    @Test("A missing input exits 66")
    func missingInput() {
        let run = runTool(["stats", "/nonexistent/trace.csv"])
        #expect(run.status == 66)
        #expect(run.error == "Error: cannot open '/nonexistent/trace.csv': No such file or directory\n")
    }

    @Test("Output goes to -o FILE atomically, leaving no temporary file behind")
    func atomicOutput() throws {
        let folder = temporaryFolder()
        let target = folder + "/stats.json"
        try "old contents".write(toFile: target, atomically: false, encoding: .utf8)
        let run = runTool(["stats", dataset("flat-to-laptop.csv"), "--format", "json", "-o", target])
        #expect(run.status == 0)
        #expect(run.output.isEmpty)
        let written = try String(contentsOfFile: target, encoding: .utf8)
        #expect(written.hasPrefix("{\n  \"schema\": \"hingetool/stats/2\",\n  \"files\": [\n    {\n      \"file\": "))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == ["stats.json"])
    }

    @Test("A bad input leaves an existing output untouched; an unwritable output exits 1")
    func failuresLoseNothing() throws {
        let folder = temporaryFolder()
        let target = folder + "/out.txt"
        try "keep me".write(toFile: target, atomically: false, encoding: .utf8)
        let bad = runTool(["stats", dataset("malformed/not-a-number.csv"), "-o", target])
        #expect(bad.status == 65)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == "keep me")
        let unwritable = runTool(["stats", dataset("flat-to-laptop.csv"), "-o", folder + "/missing/out.txt"])
        #expect(unwritable.status == 74)
        #expect(
            unwritable.error.hasPrefix("Error: cannot write '\(folder)/missing/out.txt': No such file or directory"))
    }

    @Test("'-' reads standard input")
    func standardInput() {
        let run = runTool(["stats", "-", "--format", "json"], input: "time,angle\n0,180\n0.5,90\n")
        #expect(run.status == 0)
        #expect(run.output.contains("\"samples\": 2,"))
        let bad = runTool(["stats", "-"], input: "time,angle\n0,x\n")
        #expect(bad.error == "Error: <stdin>:2:3: angle 'x' is not a number\n")
    }
}

@Suite("hingetool: malformed examples in Datasets/malformed")
struct MalformedExampleTests {
    @Test(
        "Each example exits 65 with file:line:column and the reason",
        arguments: [
            ("angle-out-of-range.csv", "3:5: angle 400 is outside 0…360°"),
            ("binary.csv", "1:1: byte 0x89 is not valid UTF-8"),
            ("duplicate-time.csv", "3:1: time 0.5 repeats the previous row's time"),
            ("empty.csv", "1:1: the file is empty; expected a header such as 'time,angle,status'"),
            ("header-only.csv", "2:1: the trace has a header but no data rows"),
            ("missing-time-column.csv", "1:1: no 'time' column; found: timestamp, degrees"),
            ("nan-angle.csv", "2:3: angle 'NaN' is not a finite number"),
            ("not-a-number.csv", "3:7: angle 'abc' is not a number"),
            ("overflow.csv", "2:3: angle '1e400' is too large for a Double"),
            ("ragged-row.csv", "3:8: row has 2 fields but the header has 3"),
            ("time-backwards.csv", "4:1: time 0.50 goes backwards after 0.52"),
            ("utf16.csv", "1:1: the file is UTF-16 (it starts with a UTF-16 byte-order mark); save it as UTF-8"),
        ])
    func example(file: String, message: String) {
        let path = dataset("malformed/" + file)
        let run = runTool(["stats", path])
        #expect(run.status == 65)
        #expect(run.output.isEmpty)
        #expect(run.error == "Error: \(path):\(message)\n")
    }

    @Test("--skip-bad-rows reads past bad rows and reports each")
    func skipBadRows() {
        let run = runTool(["stats", dataset("malformed/time-backwards.csv"), "--skip-bad-rows"])
        #expect(run.status == 0)
        #expect(run.output.contains("samples             2\n"))
        #expect(run.output.contains("skipped rows        1\n"))
        #expect(
            run.output.contains("skipped: \(dataset("malformed/time-backwards.csv")):4:1: time 0.50 goes backwards"))
    }
}
