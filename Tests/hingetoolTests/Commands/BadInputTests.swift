import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

/// The subcommands that take a trace; each must turn bad input into an exit status and a
/// located message, never a crash or half a file.
private let traceCommands = ["stats", "read", "score", "animate", "posture"]

/// What a bad trace must make every subcommand do.
struct BadTrace: CustomTestStringConvertible, Sendable {
    var name: String
    /// `file:line:column:` is expected after the path in the message.
    var location: String
    var message: String

    var testDescription: String { name }
}

/// Traces that read, but whose header does not say what they hold: a warning, exit 0.
struct ImplausibleTrace: CustomTestStringConvertible, Sendable {
    var name: String
    var warning: String

    var testDescription: String { name }
}

@Suite("hingetool: bad input, end to end")
struct BadInputTests {
    static let folder = packageRoot + "/Tests/Fixtures/bad/"

    static let bad = [
        BadTrace(name: "truncated-last-line.csv", location: "4:9", message: "row has 2 fields but the header has 3"),
        BadTrace(name: "embedded-nul.csv", location: "3:4", message: "line holds a NUL byte"),
        BadTrace(name: "negative-time.csv", location: "2:1", message: "time -0.5 is outside 0…4294967296 s"),
        BadTrace(name: "huge-time.csv", location: "3:1", message: "time 1e300 is outside 0…4294967296 s"),
    ]

    static let implausible = [
        ImplausibleTrace(name: "ms-labelled-as-seconds.csv", warning: "name the column 'time_ms'"),
        ImplausibleTrace(name: "radians-labelled-as-degrees.csv", warning: "name the column 'angle_rad'"),
        ImplausibleTrace(name: "status-only.csv", warning: "no row has an angle"),
    ]

    /// Runs `command` on `path` to standard output and with `-o`, checks what both have in
    /// common and that a failed `-o` run leaves its folder empty; returns the stdout run.
    func run(_ command: String, _ path: String) -> (stdout: ToolRun, file: ToolRun, written: Bool) {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let output = folder + "/out.dat"
        let plain = runTool([command, path])
        let file = runTool([command, path, "-o", output])
        #expect(file.status == plain.status)
        #expect(file.error == plain.error)
        let left = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        if file.status != 0 {
            #expect(left.isEmpty, "a failed \(command) left \(left) behind")
        } else {
            #expect(left == ["out.dat"], "\(command) -o left \(left)")
        }
        return (plain, file, left.contains("out.dat"))
    }

    @Test("Bad traces: exit 65, file:line:column, no -o file", arguments: bad)
    func badTrace(trace: BadTrace) {
        let path = Self.folder + trace.name
        for command in traceCommands {
            let (run, _, _) = run(command, path)
            #expect(run.status == 65, "\(command) \(trace.name)")
            #expect(
                run.error.hasPrefix("Error: \(path):\(trace.location): \(trace.message)"), "\(command): \(run.error)")
        }
    }

    @Test("Implausible traces: a warning on stderr, exit 0 (score: no ground truth)", arguments: implausible)
    func implausibleTrace(trace: ImplausibleTrace) {
        let path = Self.folder + trace.name
        for command in traceCommands {
            let (run, _, _) = run(command, path)
            #expect(run.status == (command == "score" ? 65 : 0), "\(command) \(trace.name): \(run.error)")
            #expect(run.error.hasPrefix("\(path): warning: "), "\(command): \(run.error)")
            #expect(run.error.contains(trace.warning), "\(command): \(run.error)")
        }
    }

    @Test("Huge lines, made at run time: a 10 MB field, a million columns, a header of two million")
    func hugeLines() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let cases: [(name: String, text: String, location: String)] = [
            ("field.csv", "time,angle\n0,180\n0." + String(repeating: "1", count: 10_000_000) + ",179\n", "3:65537"),
            (
                "wide-row.csv", "time,angle\n0,180\n0.1,179" + String(repeating: ",1", count: 1_000_000) + "\n",
                "3:65537"
            ),
            ("wide-header.csv", "time,angle" + String(repeating: ",x", count: 2_000_000) + "\n0,180\n", "1:65537"),
        ]
        for (name, text, location) in cases {
            let path = folder + "/" + name
            try text.write(toFile: path, atomically: false, encoding: .utf8)
            for command in traceCommands {
                let (run, _, _) = run(command, path)
                #expect(run.status == 65, "\(command) \(name)")
                #expect(
                    run.error.hasPrefix("Error: \(path):\(location): line is longer than 65536 bytes"), "\(run.error)")
            }
        }
    }

    @Test("A row of 30,000 fields within the line limit is a ragged row at its third field")
    func wideRowWithinLimit() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/wide.csv"
        try ("time,angle\n0,180\n0.1,179" + String(repeating: ",1", count: 29_999) + "\n")
            .write(toFile: path, atomically: false, encoding: .utf8)
        for command in traceCommands {
            let (run, _, _) = run(command, path)
            #expect(run.status == 65)
            #expect(
                run.error.hasPrefix("Error: \(path):3:9: row has 30001 fields but the header has 2"), "\(run.error)")
        }
    }

    @Test("A read that fails part way leaves no -o file although rows were already written")
    func failureAfterOutputStarted() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/late.csv"
        var text = "time,angle\n"
        for row in 0..<20_000 { text += "\(Double(row) * 0.004),\(row % 180)\n" }
        text += "oops,1\n"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        for command in ["read", "animate"] {
            let (run, file, written) = run(command, path)
            #expect(file.status == 65 && !written)
            #expect(run.error.hasPrefix("Error: \(path):20002:1: time 'oops' is not a number"), "\(run.error)")
        }
    }
}
