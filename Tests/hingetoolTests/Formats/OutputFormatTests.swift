import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

@Suite("hingetool: one output vocabulary, JSON with schemas")
struct OutputFormatTests {
    static func schema(_ name: String) throws -> SchemaValidator {
        try SchemaValidator(file: packageRoot + "/docs/schemas/\(name).json")
    }

    /// The data lines of gnuplot-ready output.
    static func dataLines(_ text: String) -> [Substring] {
        text.split(separator: "\n").filter { !$0.hasPrefix("#") }
    }

    /// `arguments` run by ``manyRunTool`` in a child process: the same code and output as
    /// ``runTool(_:input:)``, for the frontier reports, whose spring sweeps and particle filter
    /// cost the debug build in process about ten times the release build's CPU.
    static func childRun(_ arguments: [String]) -> ToolRun {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let child = GuardedProcess(arguments: [manyRunTool] + arguments, folder: folder, timeLimit: 600).run()
        return ToolRun(status: child.status ?? -1, output: child.output, error: child.error)
    }

    @Test(
        "Every JSON report is one document naming its schema, and conforms to docs/schemas/",
        arguments: [
            (["stats", dataset("flat-to-laptop.csv"), "--format", "json"], "stats"),
            (["spring", "--preset", "bouncy", "--report", "--format", "json"], "spring-report"),
            (["spring", "--preset", "snappy", "--format", "json"], "spring"),
            (["spring", "--preset", "react-spring-molasses", "--report", "--format", "json"], "spring-report"),
            (["spring", "--list", "--format", "json"], "spring-presets"),
            (["film", dataset("films/crossfade"), "--events", "--format", "json"], "film"),
            (["score", dataset("flat-to-laptop.csv"), "--format", "json"], "score"),
            (["score", dataset("flat-to-laptop.csv"), dataset("slow-bend.csv"), "--format", "json"], "score"),
            (["score", dataset("flat-to-laptop.csv"), "--unfold", "--format", "json"], "score-unfold"),
            (
                [
                    "score", "--unfold", "--per-move", dataset("real/fold8-public.csv"), "--truth",
                    dataset("real/fold8-fused.csv"), "--format", "json",
                ], "score-unfold-moves"
            ),
            (
                [
                    "film", dataset("films/late-motion"), "--events", "--hinge", dataset("films/late-motion/hinge.csv"),
                    "--format", "json",
                ], "film"
            ),
            (["stats", dataset("flat-to-laptop.csv"), dataset("slow-bend.csv"), "--format", "json"], "stats"),
            (
                [
                    "score", "--unfold", dataset("flat-to-laptop.csv"), dataset("slow-bend.csv"), "--format",
                    "json",
                ], "score-unfold"
            ),
            // The filter's smallest cloud: the rows and their schema are the same at any size, and the
            // table of 1000 particles on every trace is DocumentationTests' (frontierTable).
            (
                ["score", "--frontier", dataset("flat-to-laptop.csv"), "--particles", "8", "--format", "json"],
                "score-frontier"
            ),
            (
                [
                    "score", "--frontier", dataset("flat-to-laptop.csv"), dataset("slow-bend.csv"), "--particles", "8",
                    "--format", "json",
                ],
                "score-frontier"
            ),
        ])
    func reports(arguments: [String], schema name: String) throws {
        let run = arguments.contains("--frontier") ? Self.childRun(arguments) : runTool(arguments)
        #expect(run.status == 0, "\(run.error)")
        let value = try #require(JSON.parse(run.output), "not JSON: \(run.output.prefix(200))")
        let validator = try Self.schema(name)
        guard case .object(let members) = value else {
            Issue.record("not one object: \(run.output.prefix(80))")
            return
        }
        #expect(members["schema"] == validator.root["$id"])
        // Several inputs always under "files", one input too (docs/schemas/README.md, rule 4).
        if ["stats", "score", "score-unfold", "score-unfold-moves", "score-frontier"].contains(name) {
            guard case .array(let files) = members["files"] else {
                Issue.record("no 'files' array")
                return
            }
            let inputs = arguments.filter { $0.hasSuffix(".csv") && !$0.contains("fused") }.count
            #expect(files.count == inputs)
        }
        let problems = validator.problems(value)
        #expect(problems.isEmpty, "\(problems.prefix(5))")
    }

    @Test("read --format jsonl: JSON Lines, a header naming the schema and the columns, then one object per row")
    func readJSONLines() throws {
        let path = dataset("flat-to-laptop.csv")
        let json = runTool(["read", path, "--truth", "--format", "jsonl"])
        let dat = runTool(["read", path, "--truth"])
        #expect(json.status == 0 && dat.status == 0)
        let lines = json.output.split(separator: "\n").map(String.init)
        let validator = try Self.schema("read")
        let header = try #require(JSON.parse(lines[0]))
        #expect(validator.problems(header, definition: "header").isEmpty)
        let columns = HingeTool.Read.columns + HingeTool.Read.truthColumns
        #expect(header == JSON.parse(lines[0]))
        guard case .object(let members) = header else { return }
        #expect(members["columns"] == .array(columns.map { .string($0.name) }))
        // The same rows as dat, value for value (NaN in dat is null in JSON).
        let datRows = Self.dataLines(dat.output)
        #expect(lines.count - 1 == datRows.count)
        for (line, datRow) in zip(lines.dropFirst(), datRows) {
            let row = try #require(JSON.parse(line))
            #expect(validator.problems(row, definition: "row").isEmpty)
            guard case .object(let values) = row else { continue }
            for (column, text) in zip(columns, datRow.split(separator: " ")) {
                let expected: JSON = text == "NaN" ? .null : .number(Double(text)!, integral: !text.contains("."))
                if case .number(let a, _) = values[column.name], case .number(let b, _) = expected {
                    #expect(a == b, "\(column.name)")
                } else {
                    #expect(values[column.name] == expected, "\(column.name)")
                }
            }
        }
    }

    @Test("read --format csv carries dat's columns and rows, comma separated")
    func readCSV() {
        let path = dataset("five-degree-steps.csv")
        let csv = runTool(["read", path, "--rate", "60", "--format", "csv"]).output.split(separator: "\n")
        let dat = runTool(["read", path, "--rate", "60"]).output
        #expect(csv[0] == "t,angle,position,velocity,projected,snap,resting")
        #expect(dat.split(separator: "\n")[1] == "# t angle position velocity projected snap resting")
        #expect(Array(csv.dropFirst()) == Self.dataLines(dat).map { Substring($0.replacing(" ", with: ",")) })
    }

    @Test("read --format trace round-trips: read again it gives the same readings, and every trace command takes it")
    func readTraceRoundTrip() throws {
        let folder = temporaryFolder()
        let original = dataset("flat-to-laptop.csv")
        let trace = folder + "/read.csv"
        #expect(runTool(["read", original, "--truth", "--format", "trace", "-o", trace]).status == 0)
        // The readings of the read-back trace are the original's: the same times and angles.
        let again = runTool(["read", trace]).output
        let first = runTool(["read", original]).output
        #expect(Self.dataLines(again) == Self.dataLines(first))
        let commands: [[String]] = [
            ["stats", trace], ["read", trace, "--rate", "120"], ["score", trace], ["resample", trace, "--rate", "100"],
            ["smooth", trace, "--rate", "100", "--median", "0.05"], ["animate", trace], ["unfold", trace],
            ["posture", trace],
        ]
        for command in commands {
            let run = runTool(command)
            #expect(run.status == 0, "\(command): \(run.error)")
        }
    }

    @Test("plot reading's script reads the columns where read's header names them")
    func plotColumns() throws {
        let folder = temporaryFolder()
        setenv("HINGETOOL_GNUPLOT", "/nonexistent/gnuplot", 1)
        defer { unsetenv("HINGETOOL_GNUPLOT") }
        let path = dataset("five-degree-steps.csv")
        #expect(runTool(["plot", "reading", path, "--name", "r", "--out-dir", folder]).status == 0)
        let script = try String(contentsOfFile: folder + "/r.gp", encoding: .utf8)
        let header = runTool(["read", path]).output.split(separator: "\n")[1].split(separator: " ").dropFirst()
        for (name, style) in [("angle", "steps"), ("position", "lines"), ("snap", "steps"), ("velocity", "lines")] {
            let number = try #require(header.firstIndex(of: Substring(name)))
            #expect(script.contains("'r.dat' using 1:\(number) with \(style)"), "\(name)")
        }
    }

    @Test("read - --truth reads standard input once: the same rows as from the file")
    func truthFromPipe() throws {
        let path = dataset("flat-to-laptop.csv")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let piped = runTool(["read", "-", "--truth"], input: text)
        #expect(piped.status == 0, "\(piped.error)")
        #expect(Self.dataLines(piped.output) == Self.dataLines(runTool(["read", path, "--truth"]).output))
        #expect(Self.dataLines(piped.output).first?.split(separator: " ").count == 10)
    }

    @Test("Every schema file is valid JSON with an $id naming it and its version, and the README lists it")
    func schemaFiles() throws {
        let folder = packageRoot + "/docs/schemas"
        let files = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
        let readme = try String(contentsOfFile: folder + "/README.md", encoding: .utf8)
        #expect(files.count >= 23)
        for file in files {
            let validator = try SchemaValidator(file: folder + "/" + file)
            guard case .string(let id) = validator.root["$id"] else {
                Issue.record("\(file): no $id")
                continue
            }
            let parts = id.split(separator: "/")
            #expect(parts.count == 3 && parts[0] == "hingetool" && parts[1] == file.dropLast(5), "\(file)")
            #expect(parts.last.flatMap { Int($0) }.map { $0 >= 1 } == true, "\(file): \(id)")
            #expect(readme.contains("(\(file))"), "docs/schemas/README.md does not list \(file)")
        }
    }

    @Test("The validator refuses what breaks a schema (it can fail)")
    func validatorFails() throws {
        let validator = try Self.schema("stats")
        #expect(!validator.problems(.object(["schema": .string("hingetool/stats/1")])).isEmpty)
        let good = try #require(JSON.parse(runTool(["stats", dataset("slow-bend.csv"), "--format", "json"]).output))
        #expect(validator.problems(good).isEmpty)
        guard case .object(let document) = good, case .array(let files) = document["files"],
            case .object(var members) = files.first
        else {
            Issue.record("no files")
            return
        }
        #expect(validator.problems(.object(members), definition: "file").isEmpty)
        members["samples"] = .string("many")
        #expect(validator.problems(.object(members), definition: "file").contains { $0.hasPrefix("$.samples") })
        var broken = document
        broken["files"] = .array([.object(members)])
        #expect(validator.problems(.object(broken)).contains { $0.hasPrefix("$.files[0].samples") })
        // A single input outside the array, as before issue 34, is refused.
        #expect(!validator.problems(files[0]).isEmpty)
        #expect(JSON.parse("{\"a\": 1,}") == nil && JSON.parse("[1 2]") == nil && JSON.parse("01x") == nil)
    }

    @Test(
        "The validator's keywords each refuse a hand-made case: type, required, properties, items, enum, additionalProperties, const, minimum",
        arguments: [
            (#"{"type": "integer"}"#, "1.5", "expected integer"),
            (#"{"type": ["number", "null"]}"#, #""x""#, "expected number or null"),
            (#"{"type": "object", "required": ["a"]}"#, "{}", "missing 'a'"),
            (#"{"properties": {"a": {"type": "string"}}}"#, #"{"a": 1}"#, "$.a: expected string"),
            (#"{"items": {"type": "number"}}"#, #"[1, "two"]"#, "$[1]: expected number"),
            (#"{"enum": ["held", "linear"]}"#, #""change""#, "is none of"),
            (#"{"properties": {"a": {}}, "additionalProperties": false}"#, #"{"a": 1, "b": 2}"#, "unexpected 'b'"),
            (#"{"const": "hingetool/x/2"}"#, #""hingetool/x/1""#, "expected"),
            (#"{"minimum": 0}"#, "-1", "below"),
            (#"{"oneOf": [{"type": "number"}, {"minimum": 0}]}"#, "3", "matches 2 of oneOf"),
        ])
    func validatorKeywords(schema: String, value: String, problem: String) throws {
        guard case .object(let root) = JSON.parse(schema) else {
            Issue.record("bad schema \(schema)")
            return
        }
        let validator = SchemaValidator(root: root)
        let parsed = try #require(JSON.parse(value))
        let problems = validator.problems(parsed)
        #expect(problems.contains { $0.contains(problem) }, "\(problems)")
        // And a value that keeps the rule passes (so the case tests the keyword, not the parser).
        let passing: [String: String] = [
            "1.5": "2", #""x""#: "null", "{}": #"{"a": 0}"#, #"{"a": 1}"#: #"{"a": "1"}"#, #"[1, "two"]"#: "[1, 2]",
            #""change""#: #""held""#, #"{"a": 1, "b": 2}"#: #"{"a": 1}"#, #""hingetool/x/1""#: #""hingetool/x/2""#,
            "-1": "0", "3": "-3",
        ]
        let good = try #require(passing[value].flatMap(JSON.parse))
        #expect(validator.problems(good).isEmpty, "\(validator.problems(good))")
    }
}

@Suite("hingetool stats over several files, --quiet")
struct StatsSeveralFilesTests {
    @Test("stats takes several traces: a report each, or one document whose 'files' are each as stats prints it alone")
    func severalFiles() throws {
        // jitter-at-boundary warns (181° is past the sensor's range); coarse-sensor does not.
        let files = [dataset("jitter-at-boundary.csv"), dataset("coarse-sensor.csv")]
        let together = runTool(["stats"] + files)
        #expect(together.status == 0)
        #expect(together.output == files.map { runTool(["stats", $0]).output }.joined(separator: "\n"))
        let json = runTool(["stats"] + files + ["--format", "json"])
        let value = try #require(JSON.parse(json.output))
        let singles = try files.map { try #require(JSON.parse(runTool(["stats", $0, "--format", "json"]).output)) }
        func inputs(_ document: JSON) -> [JSON] {
            if case .object(let members) = document, case .array(let files) = members["files"] { files } else { [] }
        }
        #expect(inputs(value).count == 2 && inputs(value) == singles.flatMap(inputs))
        let validator = try SchemaValidator(file: packageRoot + "/docs/schemas/stats.json")
        #expect(validator.problems(value).isEmpty, "\(validator.problems(value).prefix(3))")
        // Each file's warnings name it.
        #expect(together.error.contains(files[0] + ": warning:"))
        #expect(!together.error.contains(files[1] + ": warning:"))
    }

    @Test("--quiet drops the warnings, not the errors", arguments: ["stats", "read", "animate", "unfold"])
    func quiet(command: String) throws {
        // Every interval 3 s: implausible for a hinge sensor, which each of these commands says.
        let path = temporaryFolder() + "/slow.csv"
        let rows = (0..<40).map { "\($0 * 3),\(90 + $0 % 5)\n" }.joined()
        try ("time,angle\n" + rows).write(toFile: path, atomically: false, encoding: .utf8)
        let loud = runTool([command, path])
        #expect(loud.error.contains(path + ": warning: "), "\(loud.error)")
        let quiet = runTool([command, path, "--quiet"])
        #expect(quiet.status == 0)
        #expect(quiet.error.isEmpty, "\(quiet.error)")
        #expect(quiet.output == loud.output)
        let missing = runTool([command, "/nonexistent.csv", "-q"])
        #expect(missing.status == 66 && missing.error.hasPrefix("Error: "))
    }
}
