import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

/// `--format` on every command whose output is rows: JSON Lines (`jsonl`) read back with
/// Foundation's JSONSerialization (a parser this package did not write), each line checked
/// against its schema in docs/schemas/, every value equal to the dat (or trace) output's; and
/// `json`, one document holding the same header and rows (docs/schemas/README.md).
@Suite("hingetool: --format on every command that prints rows")
struct RowFormatTests {
    /// A command, its schema's name, and whether it also writes csv.
    struct Case: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var schema: String
        var csv = true
        var testDescription: String { arguments.prefix(2).joined(separator: " ") }
    }

    static let cases: [Case] = [
        Case(arguments: ["curve", "--effect", "bloom", "--step", "2.5"], schema: "curve"),
        Case(arguments: ["curve", "--effect", "lean", "--status", "partially-open"], schema: "curve"),
        Case(arguments: ["resample", dataset("coarse-sensor.csv"), "--rate", "50"], schema: "resample"),
        Case(
            arguments: ["smooth", dataset("flat-to-laptop.csv"), "--rate", "50", "--median", "0.05", "--impulses"],
            schema: "smooth"),
        Case(
            arguments: ["smooth", dataset("slow-bend.csv"), "--rate", "100", "--gaussian", "0.02", "--derivative"],
            schema: "smooth"),
        Case(arguments: ["posture", dataset("close-and-open.csv")], schema: "posture"),
        Case(
            arguments: ["posture", dataset("close-and-open.csv"), "--policy", "android-book-style"], schema: "posture"),
        Case(arguments: ["unfold", dataset("flat-to-laptop.csv"), "--rate", "60"], schema: "unfold"),
        Case(arguments: ["poses", packageRoot + "/Datasets/stages/fold-transitions.csv"], schema: "poses"),
        Case(arguments: ["animate", dataset("flat-to-laptop.csv"), "--effect", "bloom"], schema: "animate"),
        Case(arguments: ["read", dataset("five-degree-steps.csv"), "--rate", "30"], schema: "read"),
    ]

    /// The lines of JSON Lines, each parsed by JSONSerialization.
    static func jsonLines(_ text: String) throws -> [[String: Any]] {
        try text.split(separator: "\n").map { line in
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8), options: [])
            return try #require(object as? [String: Any], "not an object: \(line.prefix(80))")
        }
    }

    /// The comment lines before dat's first row, without their `# `.
    static func headerComments(_ text: String) -> [String] {
        text.split(separator: "\n").prefix { $0.hasPrefix("#") }.map { String($0.dropFirst(2)) }
    }

    /// A dat cell and a JSON value are the same value: the same number (NaN is null), the same word.
    /// swift-corelibs-foundation's JSONSerialization reads some 16- and 17-digit numbers a few
    /// units in the last place off (it goes through Decimal), so numbers agree to a relative
    /// 1e-14; tests elsewhere compare the exact digits (OutputFormatTests.readJSONLines).
    static func same(_ cell: Substring, _ value: Any?) -> Bool {
        if cell == "NaN" { return value is NSNull }
        if let number = Double(cell) {
            guard let read = (value as? NSNumber)?.doubleValue else { return false }
            return abs(read - number) <= 1e-14 * max(abs(read), abs(number))
        }
        return (value as? String) == String(cell)
    }

    @Test(
        "--format jsonl: a header naming the schema, version and columns, then the dat rows value for value",
        arguments: cases)
    func streaming(_ command: Case) throws {
        let dat = runTool(command.arguments)
        let json = runTool(command.arguments + ["--format", "jsonl"])
        #expect(dat.status == 0 && json.status == 0, "\(json.error)")
        let objects = try Self.jsonLines(json.output)
        let header = try #require(objects.first)
        #expect(header["schema"] as? String == "hingetool/\(command.schema)/2")
        #expect(header["version"] as? String == HingeTool.version)
        let columns = try #require(header["columns"] as? [String])
        // dat's comment lines are the header's source and notes, then the column names.
        let comments = Self.headerComments(dat.output)
        #expect(comments.first == header["source"] as? String)
        #expect(Array(comments.dropFirst().dropLast()) == (header["notes"] as? [String] ?? []))
        #expect(comments.last == columns.joined(separator: " "))
        let rows = OutputFormatTests.dataLines(dat.output)
        #expect(objects.count - 1 == rows.count && !rows.isEmpty)
        for (object, row) in zip(objects.dropFirst(), rows) {
            #expect(Set(object.keys) == Set(columns))
            for (name, cell) in zip(columns, row.split(separator: " ")) {
                #expect(Self.same(cell, object[name]), "\(name): \(cell) vs \(object[name] ?? "missing")")
            }
        }
        let validator = try OutputFormatTests.schema(command.schema)
        let lines = json.output.split(separator: "\n").map(String.init)
        #expect(validator.problems(try #require(JSON.parse(lines[0])), definition: "header").isEmpty)
        for line in lines.dropFirst() {
            let problems = validator.problems(try #require(JSON.parse(line)), definition: "row")
            #expect(problems.isEmpty, "\(problems.prefix(3))")
        }
    }

    /// Every row command, and the row-shaped `--list`s, for the one-document test.
    static let documentCases: [Case] =
        cases + [
            Case(arguments: ["unfold", dataset("close-and-open.csv"), "--events"], schema: "unfold"),
            Case(arguments: ["synth", "close-and-open"], schema: "synth"),
            Case(arguments: ["import", "dumpsys", fixture("dumpsys-sensorservice.txt")], schema: "import"),
            Case(
                arguments: ["import", "logcat", packageRoot + "/Datasets/real/galaxy-z-fold8-hal.logcat"],
                schema: "import"),
            Case(arguments: ["synth", "--list"], schema: "synth-list"),
            Case(
                arguments: ["import", "dumpsys", fixture("dumpsys-sensorservice.txt"), "--list"],
                schema: "import-dumpsys-list"),
            Case(
                arguments: ["import", "logcat", packageRoot + "/Datasets/real/galaxy-z-fold8-hal.logcat", "--list"],
                schema: "import-logcat-list"),
        ]

    @Test(
        "--format json is one document: jsonl's header, its rows under 'rows' (unfold's events under 'events'), valid against the schema",
        arguments: documentCases)
    func document(_ command: Case) throws {
        let lines = runTool(command.arguments + ["--format", "jsonl"])
        let json = runTool(command.arguments + ["--format", "json"])
        #expect(lines.status == 0 && json.status == 0, "\(json.error)")
        let parsed = try lines.output.split(separator: "\n").map { try #require(JSON.parse(String($0))) }
        let document = try #require(JSON.parse(json.output), "not one JSON document: \(json.output.prefix(120))")
        guard case .object(var members) = document else {
            Issue.record("not an object")
            return
        }
        let rows = members.removeValue(forKey: "rows")
        let events = members.removeValue(forKey: "events")
        #expect(.object(members) == parsed.first)
        // In JSON Lines the events follow the rows, told apart by their "event" key.
        func isEvent(_ line: JSON) -> Bool { if case .object(let keys) = line { keys["event"] != nil } else { false } }
        let lineRows = parsed.dropFirst().filter { !isEvent($0) }
        let lineEvents = parsed.dropFirst().filter(isEvent)
        #expect(rows == .array(Array(lineRows)) && !lineRows.isEmpty)
        #expect(events == (lineEvents.isEmpty ? nil : .array(Array(lineEvents))))
        let problems = try OutputFormatTests.schema(command.schema).problems(document)
        #expect(problems.isEmpty, "\(problems.prefix(3))")
        // Foundation's parser takes it too.
        #expect((try? JSONSerialization.jsonObject(with: Data(json.output.utf8))) is [String: Any])
    }

    @Test("--format csv: the column names, then dat's rows comma separated", arguments: cases.filter(\.csv))
    func csv(_ command: Case) {
        let dat = runTool(command.arguments).output
        let csv = runTool(command.arguments + ["--format", "csv"]).output.split(separator: "\n")
        let names = Self.headerComments(dat).last
        #expect(csv.first.map(String.init) == names?.replacing(" ", with: ","))
        #expect(
            Array(csv.dropFirst()) == OutputFormatTests.dataLines(dat).map { Substring($0.replacing(" ", with: ",")) })
    }

    @Test("curve --effect bloom --format json holds the bloom curve: clamp((angle − 80) / 90) at every angle")
    func curveOracle() throws {
        let objects = try Self.jsonLines(
            runTool(["curve", "--effect", "bloom", "--step", "0.5", "--format", "jsonl"]).output)
        #expect(objects.count == 362)
        for object in objects.dropFirst() {
            let angle = try #require(object["angle"] as? Double)
            let value = try #require(object["value"] as? Double)
            #expect(abs(value - min(1, max(0, (angle - 80) / 90))) < 1e-12, "at \(angle)°")
        }
    }

    @Test(
        "resample --format json is on the grid t0 + k/rate, and its angles stay between the samples' (steffen is monotone)"
    )
    func resampleOracle() throws {
        let path = dataset("five-degree-steps.csv")
        let objects = try Self.jsonLines(runTool(["resample", path, "--rate", "25", "--format", "jsonl"]).output)
        let times = objects.dropFirst().compactMap { $0["t"] as? Double }
        for (k, time) in times.enumerated() { #expect(abs(time - (times[0] + Double(k) / 25)) < 1e-9) }
        let angles = objects.dropFirst().compactMap { $0["angle"] as? Double }
        let sampled = try Self.jsonLines(runTool(["synth", "five-degree-steps", "--format", "jsonl"]).output)
            .dropFirst().compactMap { $0["angle"] as? Double }
        #expect(angles.count == times.count)
        #expect(angles.allSatisfy { $0 >= sampled.min()! - 1e-9 && $0 <= sampled.max()! + 1e-9 })
    }

    @Test(
        "posture --policy android-book-style --format json follows AOSP's thresholds: closed below 5°, half-opened below 125°, opened from 125°"
    )
    func postureOracle() throws {
        let path = dataset("flat-to-laptop.csv")
        let objects = try Self.jsonLines(
            runTool(["posture", path, "--policy", "android-book-style", "--format", "jsonl"]).output)
        for object in objects.dropFirst() {
            let angle = try #require(object["angle"] as? Double)
            // This trace never closes, so the tent rule (a closed phone opens at 90°) never applies.
            let expected = angle < 5 ? "closed" : angle < 125 ? "half-opened" : "opened"
            #expect(object["posture"] as? String == expected, "at \(angle)°")
        }
    }

    @Test(
        "unfold --events --format json: the rows, then the fold updates as objects with 'event', the same as dat's second series"
    )
    func unfoldEvents() throws {
        let arguments = ["unfold", dataset("close-and-open.csv"), "--events"]
        let dat = runTool(arguments).output
        let objects = try Self.jsonLines(runTool(arguments + ["--format", "jsonl"]).output)
        let events = objects.filter { $0["event"] != nil }
        let series = dat.components(separatedBy: "\n\n\n")
        #expect(series.count == 2)
        let datEvents = OutputFormatTests.dataLines(series.last ?? "")
        #expect(events.count == datEvents.count && !events.isEmpty)
        for (event, line) in zip(events, datEvents) {
            for (name, cell) in zip(["t", "event", "angle"], line.split(separator: " ")) {
                #expect(Self.same(cell, event[name]), "\(name)")
            }
        }
        let validator = try OutputFormatTests.schema("unfold")
        for line in runTool(arguments + ["--format", "jsonl"]).output.split(separator: "\n")
        where line.contains("\"event\"") {
            #expect(validator.problems(try #require(JSON.parse(String(line))), definition: "event").isEmpty)
        }
        let csv = runTool(arguments + ["--format", "csv"])
        #expect(csv.status == 64 && csv.error.contains("second series"))
    }

    @Test(
        "synth and import --format jsonl carry the trace's rows: the same times, angles and statuses",
        arguments: [
            ["synth", "close-and-open"], ["import", "dumpsys", fixture("dumpsys-sensorservice.txt")],
        ])
    func traceRows(_ arguments: [String]) throws {
        let trace = runTool(arguments)
        let json = runTool(arguments + ["--format", "jsonl"])
        #expect(trace.status == 0 && json.status == 0)
        let objects = try Self.jsonLines(json.output)
        let schema = try OutputFormatTests.schema(arguments[0])
        let rows = trace.output.split(separator: "\n", omittingEmptySubsequences: false).filter {
            !$0.hasPrefix("#") && !$0.isEmpty
        }.dropFirst()
        #expect(objects.count - 1 == rows.count && rows.count > 5)
        let columns = try #require(objects.first?["columns"] as? [String])
        for (object, row) in zip(objects.dropFirst(), rows) {
            let cells = row.split(separator: ",", omittingEmptySubsequences: false)
            for (name, cell) in zip(columns, cells) {
                if cell.isEmpty {
                    #expect(object[name] is NSNull, "\(name)")
                } else {
                    #expect(Self.same(cell, object[name]), "\(name): \(cell) vs \(object[name] ?? "missing")")
                }
            }
        }
        for line in json.output.split(separator: "\n").dropFirst() {
            #expect(schema.problems(try #require(JSON.parse(String(line))), definition: "row").isEmpty)
        }
        #expect(runTool(arguments + ["--format", "csv"]).output.hasPrefix(columns.joined(separator: ",") + "\n"))
    }

    @Test("film's rows are 'dat' as everywhere; the old 'text' still works for a release, with a deprecation note")
    func filmNaming() {
        let path = dataset("films/crossfade")
        let dat = runTool(["film", path, "--format", "dat"])
        let old = runTool(["film", path, "--format", "text"])
        #expect(dat.status == 0 && old.status == 0)
        #expect(old.output == dat.output && old.output == runTool(["film", path]).output)
        #expect(old.error.contains("'--format text' is deprecated") && old.error.contains("use '--format dat'"))
        #expect(!runTool(["film", "--help"]).output.contains("text,"))
    }

    @Test(
        "Every --format declares one vocabulary: rows dat, csv, json, jsonl, trace; reports text, json, markdown; spring's css"
    )
    func vocabulary() {
        let rows = Set(RowWriter.Format.allCases.map(\.rawValue))
        let reports = Set(HingeTool.ReportFormat.allCases.map(\.rawValue))
        var seen = 0
        for spec in HingeTool.catalogue.map(\.spec) {
            guard let format = spec.options.first(where: { $0.longName == "--format" }) else { continue }
            seen += 1
            let values = Set(format.allowedValues ?? [])
            // `spring` prints a motion (rows), a report or its preset list (markdown), or the
            // motion as a CSS easing to paste into a stylesheet (issue 37): the one command
            // whose output is both, and the one export format.
            let allowed = spec.name == "spring" ? rows.union(["markdown", "css"]) : nil
            #expect(
                allowed.map(values.isSubset(of:)) ?? (values.isSubset(of: rows) || values.isSubset(of: reports)),
                "\(spec.name): \(values)")
            #expect(format.defaultValue.map { values.contains($0) } == true, "\(spec.name)")
        }
        #expect(seen >= 14)
    }
}
