import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

/// docs/schemas/README.md's promise, checked from both ends: every `--format json` and
/// `--format jsonl` any subcommand offers is run here and validated against its schema, and
/// every schema in docs/schemas is checked against a command's real output — a new format, a
/// new command or a new schema without its line in ``outputs`` fails ``coverage()``.
@Suite("hingetool: every JSON output against its schema, every schema against an output")
struct SchemaCoverageTests {
    /// A command line that prints JSON and the schema (docs/schemas/NAME.json) it follows.
    struct Output: CustomTestStringConvertible, Sendable {
        var arguments: [String]
        var schema: String
        var testDescription: String { (arguments.filter { !$0.contains("/") }).joined(separator: " ") }
        var format: String { arguments.last ?? "" }
    }

    static let trace = dataset("flat-to-laptop.csv")
    static let dumpsys = fixture("dumpsys-sensorservice.txt")
    static let logcat = packageRoot + "/Datasets/real/galaxy-z-fold8-hal.logcat"

    /// Every JSON output, as few runs as cover every subcommand, `--list` and report.
    static let outputs: [Output] =
        ["json", "jsonl"].flatMap { format in
            [
                Output(arguments: ["read", trace, "--rate", "30"], schema: "read"),
                Output(arguments: ["synth", "close-and-open"], schema: "synth"),
                Output(arguments: ["synth", "--list"], schema: "synth-list"),
                Output(arguments: ["resample", trace, "--rate", "20"], schema: "resample"),
                Output(arguments: ["smooth", trace, "--rate", "20", "--median", "0.05"], schema: "smooth"),
                Output(arguments: ["spring", "--preset", "bouncy"], schema: "spring"),
                Output(arguments: ["spring", "--list"], schema: "spring-presets"),
                Output(arguments: ["animate", trace, "--effect", "bloom"], schema: "animate"),
                Output(arguments: ["curve", "--effect", "bloom", "--step", "5"], schema: "curve"),
                Output(arguments: ["poses", packageRoot + "/Datasets/stages/fold-transitions.csv"], schema: "poses"),
                Output(
                    arguments: [
                        "film", dataset("films/late-motion"), "--hinge", dataset("films/late-motion/hinge.csv"),
                    ], schema: "film"),
                Output(arguments: ["synth-film", "--list"], schema: "synth-film-list"),
                Output(arguments: ["unfold", dataset("close-and-open.csv"), "--events"], schema: "unfold"),
                Output(arguments: ["posture", dataset("close-and-open.csv")], schema: "posture"),
                Output(arguments: ["import", "dumpsys", dumpsys], schema: "import"),
                Output(arguments: ["import", "dumpsys", dumpsys, "--list"], schema: "import-dumpsys-list"),
                Output(arguments: ["import", "logcat", logcat, "--list"], schema: "import-logcat-list"),
            ].map { Output(arguments: $0.arguments + ["--format", format], schema: $0.schema) }
        }
        + [
            Output(arguments: ["stats", trace], schema: "stats"),
            Output(arguments: ["score", trace], schema: "score"),
            Output(arguments: ["score", "--unfold", trace], schema: "score-unfold"),
            Output(
                arguments: [
                    "score", "--unfold", "--per-move", dataset("real/fold8-public.csv"), "--truth",
                    dataset("real/fold8-fused.csv"),
                ], schema: "score-unfold-moves"),
            // 8 particles, the fewest: the schema is the same at any size (see OutputFormatTests).
            Output(
                arguments: ["score", "--frontier", dataset("five-degree-steps.csv"), "--particles", "8"],
                schema: "score-frontier"),
            Output(arguments: ["spring", "--preset", "snappy", "--report"], schema: "spring-report"),
        ].map { Output(arguments: $0.arguments + ["--format", "json"], schema: $0.schema) }

    /// Schemas checked elsewhere, and where: the leave-one-fold-out fit takes minutes.
    static let elsewhere = ["score-unfold-lofo": "StepTrackerFitTests (.slow)"]

    @Test("Every subcommand's json and jsonl has a line in the table, and every schema file a run")
    func coverage() throws {
        for entry in HingeTool.catalogue where !entry.isGroup && !entry.path.isEmpty {
            let formats = entry.spec.options.first { $0.longName == "--format" }?.kind.choices ?? []
            for format in formats where format == "json" || format == "jsonl" {
                let covered = Self.outputs.contains {
                    $0.arguments.starts(with: entry.path) && $0.format == format
                }
                #expect(covered, "no line runs 'hingetool \(entry.path.joined(separator: " ")) --format \(format)'")
            }
        }
        let folder = packageRoot + "/docs/schemas"
        let schemas = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".json") }
        let run = Set(Self.outputs.map(\.schema)).union(Self.elsewhere.keys)
        #expect(Set(schemas.map { String($0.dropLast(5)) }) == run)
    }

    @Test(
        "Every JSON output is valid against its schema: json one document, jsonl a header line and rows",
        arguments: outputs)
    func validates(_ output: Output) throws {
        let run = runTool(output.arguments)
        #expect(run.status == 0, "\(run.error)")
        let validator = try OutputFormatTests.schema(output.schema)
        // Python's parser too, the one the getting-started walk pipes through.
        #expect((try? JSONSerialization.jsonObject(with: Data(run.output.utf8))) != nil || output.format == "jsonl")
        guard output.format == "jsonl" else {
            let document = try #require(JSON.parse(run.output), "not one document: \(run.output.prefix(120))")
            guard case .object(let members) = document else { throw SchemaError.notAnObject }
            #expect(members["schema"] == validator.root["$id"])
            let problems = validator.problems(document)
            #expect(problems.isEmpty, "\(problems.prefix(3))")
            return
        }
        let lines = run.output.split(separator: "\n").map(String.init)
        let header = try #require(lines.first.flatMap(JSON.parse))
        guard case .object(let members) = header else { throw SchemaError.notAnObject }
        #expect(members["schema"] == validator.root["$id"])
        #expect(
            validator.problems(header, definition: "header").isEmpty,
            "\(validator.problems(header, definition: "header"))")
        // A later line is a row or, where the schema has them, an event or a hitch.
        guard case .object(let definitions) = validator.root["$defs"] else { throw SchemaError.notAnObject }
        let kinds = ["row", "event", "hitch"].filter { definitions[$0] != nil }
        #expect(lines.count > 1)
        for line in lines.dropFirst() {
            let value = try #require(JSON.parse(line), "not JSON: \(line.prefix(80))")
            #expect(kinds.contains { validator.problems(value, definition: $0).isEmpty }, "\(line.prefix(120))")
        }
    }

    enum SchemaError: Error { case notAnObject }

    /// JSON Lines folded back into the document: the header's members, then the lines under
    /// the keys the document holds them in, told apart by their keys.
    static func folded(_ jsonl: String) throws -> [String: JSON] {
        let lines = try jsonl.split(separator: "\n").map { try #require(JSON.parse(String($0))) }
        guard case .object(var document) = lines.first else { throw SchemaError.notAnObject }
        var rows: [JSON] = []
        var events: [JSON] = []
        var hitches: [JSON] = []
        for line in lines.dropFirst() {
            guard case .object(let keys) = line else { throw SchemaError.notAnObject }
            if keys["kind"] != nil {
                events.append(line)
            } else if keys["frames_held"] != nil {
                hitches.append(line)
            } else {
                rows.append(line)
            }
        }
        document["rows"] = .array(rows)
        document["events"] = .array(events)
        if case .object(var summary) = document["hitches"] {
            summary["list"] = .array(hitches)
            document["hitches"] = .object(summary)
        }
        return document
    }

    @Test(
        "film --format jsonl is the JSON report, line by line: folded back it is the document json prints",
        arguments: [
            [dataset("films/crossfade")],
            [dataset("films/late-motion"), "--hinge", dataset("films/late-motion/hinge.csv"), "--events"],
        ])
    func filmLines(_ arguments: [String]) throws {
        let json = runTool(["film"] + arguments + ["--format", "json"])
        let jsonl = runTool(["film"] + arguments + ["--format", "jsonl"])
        #expect(json.status == 0 && jsonl.status == 0, "\(jsonl.error)")
        guard case .object(let document) = JSON.parse(json.output) else { throw SchemaError.notAnObject }
        #expect(try Self.folded(jsonl.output) == document)
        // The events are there as lines, one per event of the report.
        guard case .array(let events) = document["events"] else { throw SchemaError.notAnObject }
        #expect(!events.isEmpty)
        #expect(
            jsonl.output.split(separator: "\n").count == 1 + (document["frames"].flatMap(Self.count) ?? 0) - 1
                + events.count)
    }

    static func count(_ value: JSON) -> Int? {
        if case .number(let number, _) = value { Int(number) } else { nil }
    }

    @Test("film --hitches --format jsonl streams each hitch as a line after the events", .slow)
    func filmHitchLines() throws {
        let path = dataset("films/hitches/tune/box-holds-cfr.mkv")
        let json = runTool(["film", path, "--hitches", "--format", "json"])
        let jsonl = runTool(["film", path, "--hitches", "--format", "jsonl"])
        #expect(json.status == 0 && jsonl.status == 0, "\(jsonl.error)")
        guard case .object(let document) = JSON.parse(json.output),
            case .object(let hitches) = document["hitches"], case .array(let list) = hitches["list"]
        else { throw SchemaError.notAnObject }
        #expect(!list.isEmpty)
        #expect(try Self.folded(jsonl.output) == document)
        let validator = try OutputFormatTests.schema("film")
        for line in jsonl.output.split(separator: "\n") where line.contains("frames_held") {
            #expect(validator.problems(try #require(JSON.parse(String(line))), definition: "hitch").isEmpty)
        }
    }

    @Test("spring --format jsonl: json's parameters on the header line, then its samples as {t, value, velocity}")
    func springLines() throws {
        let arguments = ["spring", "--preset", "bouncy", "--rate", "60"]
        let json = runTool(arguments + ["--format", "json"])
        let jsonl = runTool(arguments + ["--format", "jsonl"])
        let lines = try jsonl.output.split(separator: "\n").map { try #require(JSON.parse(String($0))) }
        guard case .object(var document) = JSON.parse(json.output), case .array(let samples) = document["samples"],
            case .object(var header) = lines.first
        else { throw SchemaError.notAnObject }
        document["samples"] = nil
        #expect(header.removeValue(forKey: "columns") == .array(["t", "value", "velocity"].map(JSON.string)))
        #expect(header == document)
        #expect(lines.count - 1 == samples.count && samples.count > 10)
        for (line, sample) in zip(lines.dropFirst(), samples) {
            guard case .array(let cells) = sample else { throw SchemaError.notAnObject }
            #expect(line == .object(["t": cells[0], "value": cells[1], "velocity": cells[2]]))
        }
        // The report is no rows: refused, as css is.
        let report = runTool(arguments + ["--report", "--format", "jsonl"])
        #expect(report.status == 64 && report.error.contains("'--report' takes dat, csv or json"))
    }

    @Test("Every subcommand with --list prints it as one JSON document under --format json, naming its schema")
    func lists() throws {
        var checked: [String] = []
        for entry in HingeTool.catalogue where entry.spec.options.contains(where: { $0.longName == "--list" }) {
            // The arguments a command needs before its list (import's format and log), from its example.
            let required = entry.spec.arguments.filter { !$0.isOptional }.count
            let leading = Array((entry.spec.examples.first ?? []).prefix(required))
            let run = runTool(entry.path + leading + ["--list", "--format", "json"])
            #expect(run.status == 0, "\(entry.path): \(run.error)")
            let document = try #require(JSON.parse(run.output), "\(entry.path): not JSON: \(run.output.prefix(80))")
            guard case .object(let members) = document, case .string(let id) = members["schema"] else {
                Issue.record("\(entry.path): no schema")
                continue
            }
            let name = String(id.split(separator: "/").dropFirst().first ?? "")
            let problems = try OutputFormatTests.schema(name).problems(document)
            #expect(problems.isEmpty, "\(entry.path): \(problems.prefix(3))")
            checked.append(entry.path.joined(separator: " "))
        }
        #expect(Set(checked).isSuperset(of: ["synth", "spring", "synth-film", "import"]), "\(checked)")
    }
}
