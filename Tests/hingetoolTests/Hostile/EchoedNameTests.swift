import Foundation
import HingeTestSupport
import Testing

@testable import hingetool

/// Issue 21, "raw escape sequences and unbounded text reach the terminal": CSV header names,
/// dumpsys sensor names, `--sensor`, unknown options, unexpected arguments and subcommands all
/// go through the echo rule (cut to 40 characters, control bytes escaped). The oracle is the
/// rule's own promise: a message of bounded length whatever the input's size, and no raw escape
/// byte.
@Suite("Echoed names: wide headers, huge sensor names, unknown options")
struct EchoedNameTests {
    /// The most a message about one name may take, in bytes: the sentence, the file's path and
    /// a dozen names cut to 40 characters (each escape byte four characters), with room.
    static let bound = 4096

    static func expectBounded(_ text: String, _ label: String) {
        #expect(text.utf8.count < Self.bound, "\(label): \(text.utf8.count) bytes")
        #expect(!text.contains("\u{1B}"), "\(label): raw escape")
    }

    /// A header of just under 64 KiB (the line limit): thousands of names, each with an escape.
    static func wideHeader(missing: String) -> String {
        let names = (0..<5800).map { "c\($0)\u{1B}[31m" }.joined(separator: ",")
        let header = (missing == "angle" ? "time," : "angle,") + names
        precondition(header.utf8.count > 62_000 && header.utf8.count < 65_536)
        return header + "\n0,1\n"
    }

    @Test(
        "A 62 KB header without a time or an angle column: a bounded message, escapes escaped",
        arguments: ["time", "angle"])
    func wideHeaderMissingColumn(missing: String) throws {
        let folder = temporaryFolder()
        let path = folder + "/wide.csv"
        try Self.wideHeader(missing: missing).write(toFile: path, atomically: false, encoding: .utf8)
        for command in [["stats"], ["read"], ["score"], ["unfold"], ["posture"], ["resample", "--rate", "10"]] {
            let run = runTool(command + [path])
            #expect(run.status == 65, "\(command): \(run.error.prefix(200))")
            #expect(run.error.contains("no '\(missing)' column; found: "), "\(command): \(run.error.prefix(200))")
            #expect(run.error.contains("and 5789 more"), "\(run.error.suffix(100))")
            Self.expectBounded(run.error, "\(command)")
        }
    }

    @Test("A 30 KB column name that appears twice (a 62 KB header): the name cut and escaped")
    func duplicateWideName() throws {
        let folder = temporaryFolder()
        let name = String(repeating: "n\u{1B}[2J", count: 6_000)
        let path = folder + "/twice.csv"
        try "time,angle,\(name),\(name)\n0,1,2,3\n".write(toFile: path, atomically: false, encoding: .utf8)
        let run = runTool(["stats", path])
        #expect(run.status == 65)
        #expect(run.error.contains("appears twice"), "\(run.error.prefix(200))")
        Self.expectBounded(run.error, "duplicate")
    }

    @Test("A 10 MB sensor name in a dumpsys file, and a 10 MB --sensor: bounded messages", .slow)
    func hugeSensorName() throws {
        let folder = temporaryFolder()
        let name = String(repeating: "S\u{1B}[31m", count: 2_000_000)
        let path = folder + "/dumpsys.txt"
        try "\(name): last 2 events\n\t 1 (ts=1.0, wall=12-01 07:41:05.692) 90.00, \n".write(
            toFile: path, atomically: false, encoding: .utf8)
        let none = runTool(["import", "dumpsys", path])
        #expect(none.status == 65, "\(none.error.prefix(300))")
        #expect(none.error.contains("sensors found: 'S\\x1B[31m"), "\(none.error.prefix(300))")
        Self.expectBounded(none.error, "sensor name in the file")
        let wanted = runTool(["import", "dumpsys", path, "--sensor", name])
        #expect(wanted.status == 0 || wanted.status == 65, "\(wanted.error.prefix(300))")
        Self.expectBounded(wanted.error, "--sensor")
        let other = runTool(["import", "dumpsys", path, "--sensor", "x" + name])
        // The name is echoed as given (not lowercased as it is matched).
        #expect(other.status == 65)
        #expect(other.error.contains("no sensor named 'xS\\x1B[31m"), "\(other.error.prefix(300))")
        Self.expectBounded(other.error, "--sensor not found")
    }

    @Test("A 10 MB unknown option, argument or subcommand: cut, escaped, and no edit distance over it")
    func hugeUnknownWords() {
        let word = String(repeating: "z\u{1B}[31m", count: 2_000_000)
        let cases: [([String], String)] = [
            (["stats", "--" + word], "Unknown option '--z\\x1B[31m"),
            (["--" + word], "Unknown option '--z\\x1B[31m"),
            ([word], "Unknown subcommand 'z\\x1B[31m"),
            (["help", word], "Unknown subcommand 'z\\x1B[31m"),
            (["poses", dataset("flat-to-laptop.csv"), word], "Unexpected argument 'z\\x1B[31m"),
        ]
        for (arguments, expected) in cases {
            let run = runTool(arguments)
            #expect(run.status == 64, "\(arguments.map { $0.prefix(20) })")
            #expect(run.error.contains(expected), "\(run.error.prefix(300))")
            Self.expectBounded(run.error, "\(arguments.map { $0.prefix(20) })")
        }
    }
}
