import Foundation
import HingeTestSupport
import Testing

@testable import hingetool

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 32: `import`'s reliability on the inputs its first version was not tried on — times
/// at the edge of Int64, lines of a megabyte, sections of a million rows, files of nothing but
/// blank lines — checked for the answer; the speed is the benchmarks' to measure.
@Suite("import: Int64 edges, long lines, huge sections, streaming", .serialized)
struct ImportStreamingTests {
    static func dumpsys(_ time: String, value: String = "1.0") -> String {
        "hinge_angle: last 1 events\n\t 1 (ts=\(time), wall=x) \(value),\n"
    }

    @Test(
        "ExactTime reads seconds up to Int64.max nanoseconds exactly, and refuses one more as too large",
        arguments: [
            ("9223372036.854775807", Int64.max), ("9223372036.8547758", 9_223_372_036_854_775_800),
            ("9223372035.999999999", 9_223_372_035_999_999_999), ("0", 0), ("0.000000001", 1),
        ] as [(String, Int64)])
    func exactTimeEdges(text: String, expected: Int64) throws {
        #expect(try ExactTime.nanoseconds(seconds: text) == expected)
        #expect(ExactTime.seconds(nanoseconds: expected) == text.replacing(/\.?0+$/, with: "") || text == "0")
    }

    @Test(
        "ExactTime: past Int64.max in the sum or in the product is .tooLarge; malformed text is .malformed",
        arguments: [
            ("9223372036.854775808", ExactTime.ParseError.tooLarge), ("9223372037", .tooLarge),
            ("9223372036.9", .tooLarge), ("99999999999999999999999", .tooLarge), ("-1", .malformed),
            ("+1", .malformed), ("1.", .malformed), (".5", .malformed), ("1.0000000001", .malformed),
            ("1.2.3", .malformed), ("", .malformed), ("1e3", .malformed),
        ])
    func exactTimeRefusals(text: String, error: ExactTime.ParseError) {
        #expect(throws: error) { try ExactTime.nanoseconds(seconds: text) }
    }

    @Test("ExactTime.integer: Int64.max is read, one more (sum) and ten times (product) are too large")
    func integerEdges() throws {
        #expect(try ExactTime.integer("9223372036854775807".utf8) == .max)
        #expect(throws: ExactTime.ParseError.tooLarge) { try ExactTime.integer("9223372036854775808".utf8) }
        #expect(throws: ExactTime.ParseError.tooLarge) { try ExactTime.integer("92233720368547758070".utf8) }
    }

    @Test("import dumpsys: a time one past Int64.max ns is a located data error (exit 65), not a trap")
    func dumpsysOverflowIsLocated() {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/edge.txt"
        _ = FileManager.default.createFile(atPath: path, contents: Data(Self.dumpsys("9223372036.854775808").utf8))
        // In a child: before the fix the addition trapped (SIGILL), which would end the suite.
        let run = runChild(["import", "dumpsys", path], in: folder)
        #expect(run.signal == nil)
        #expect(run.status == 65, "\(run.error)")
        #expect(run.error.contains("\(path):2:9: the time '9223372036.854775808' is past"), "\(run.error)")
        // Int64.max ns itself is read; on the recorder's clock it is past what a trace holds
        // (2³² s), so it is refused where it stands rather than written for `stats` to refuse
        // (issue 32); from zero it is 0 s.
        let edge = runTool(
            ["import", "dumpsys", "-", "--clock", "recorder"], input: Self.dumpsys("9223372036.854775807"))
        #expect(edge.status == 65, "\(edge.error)")
        #expect(edge.error.contains("<stdin>:2:9: the time 9223372036.854775807 s is outside"), "\(edge.error)")
        let zero = runTool(["import", "dumpsys", "-"], input: Self.dumpsys("9223372036.854775807"))
        #expect(zero.status == 0, "\(zero.error)")
        #expect(zero.output.hasSuffix("time,angle\n0,1.0\n"), "\(zero.output)")
    }

    @Test("import logcat: a timestamp one past Int64.max ns is a located data error (exit 65)")
    func logcatOverflowIsLocated() {
        let line = "12-01 10:00:00.000  1  2 I sensors-hal: handle_sns_client_event:50, hinge_angle ts="
        let run = runTool(["import", "logcat", "-"], input: line + "9223372036854775808 ns value 90/40/0\n")
        #expect(run.status == 65, "\(run.error)")
        #expect(run.error.contains("<stdin>:1:"), "\(run.error)")
        #expect(run.error.contains("past 9223372036854775807 ns"), "\(run.error)")
        // Read, but past 2³² s on the recorder's clock: refused at the timestamp (issue 32); 0 s from zero.
        let edge = runTool(
            ["import", "logcat", "-", "--clock", "recorder"], input: line + "9223372036854775807 ns value 90/40/0\n")
        #expect(edge.status == 65, "\(edge.error)")
        #expect(edge.error.contains("<stdin>:1:"), "\(edge.error)")
        #expect(edge.error.contains("the time 9223372036.854775807 s is outside"), "\(edge.error)")
        let zero = runTool(["import", "logcat", "-"], input: line + "9223372036854775807 ns value 90/40/0\n")
        #expect(zero.status == 0, "\(zero.error)")
        #expect(zero.output.contains("\n0,90,40,\n"), "\(zero.output)")
    }

    @Test("import logcat: a megabyte of spaces after the value reads as the value alone")
    func logcatTrailingSpaces() {
        let line =
            "12-01 10:00:00.000  1  2 I sensors-hal: handle_sns_client_event:50, hinge_angle ts=5 ns value 90/40/0"
        let run = runTool(
            ["import", "logcat", "-", "--clock", "recorder"],
            input: line + String(repeating: " ", count: 1 << 20) + "\n")
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.hasSuffix("\n0.000000005,90,40,\n"), "\(run.output.suffix(200))")
    }

    @Test("import dumpsys: a megabyte of spaces after a value reads as the value alone")
    func dumpsysTrailingSpaces() {
        let text =
            "hinge_angle: last 1 events\n\t 1 (ts=1.5, wall=x) 90.0," + String(repeating: " ", count: 1 << 20) + "\n"
        let run = runTool(["import", "dumpsys", "-", "--clock", "recorder"], input: text)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.hasSuffix("time,angle\n1.5,90.0\n"), "\(run.output.suffix(200))")
    }

    @Test("import dumpsys: a section of a million rows is read whole, every row in time order")
    func millionRowSection() throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/big.txt"
        let rows = 1_000_000
        var text = "Hinge Angle: last \(rows) events\n"
        text.reserveCapacity(rows * 48)
        for row in 0..<rows { text += "\t \(row + 1) (ts=\(row).5, wall=12-01 07:41:10.204) \(row % 180).0,\n" }
        text += "\nother: last 1 events\n"
        _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
        let run = runChild(
            ["import", "dumpsys", path, "--clock", "recorder", "-o", folder + "/out.csv"], in: folder, timeLimit: 600,
            tool: largeInputTool)
        #expect(run.status == 0, "\(run.error)")
        let output = try String(contentsOfFile: folder + "/out.csv", encoding: .utf8)
        let lines = output.split(separator: "\n").filter { !$0.hasPrefix("#") }
        #expect(lines.count == rows + 1)
        #expect(lines.dropFirst().first == "0.5,0.0")
        #expect(lines.last == "\(rows - 1).5,\((rows - 1) % 180).0")
        #expect(output.contains("\(rows) events"))
    }

    /// The peak resident set size of the tool on `arguments` (the release build when there is one:
    /// the build users run, and the one docs/performance.md's memory figures are measured on), from
    /// /usr/bin/time.
    static func peak(_ arguments: [String], in folder: String) throws -> Int {
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/time"), "/usr/bin/time is needed")
        var child = GuardedProcess(
            arguments: ["/usr/bin/time", "-f", "%M", "-o", folder + "/peak", largeInputTool] + arguments,
            folder: folder,
            timeLimit: 600)
        // Under 256 MiB of address space: the whole input read into memory as lines could not fit.
        child.memoryLimit = 256 << 20
        let run = child.run()
        #expect(run.status == 65, "\(run.error)")
        let text = try String(contentsOfFile: folder + "/peak", encoding: .utf8)
        return (Int(text.split(separator: "\n").last.map(String.init) ?? "") ?? 0) * 1024
    }

    @Test(
        "import streams: 64 MiB of blank lines read under 256 MiB of address space, peak RSS under 48 MiB",
        .slow, arguments: ["dumpsys", "logcat"])
    func blankLinesStream(format: String) throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/blank.txt"
        let file = try #require(fopen(path, "w"))
        let chunk = [UInt8](repeating: 0x0A, count: 1 << 20)
        for _ in 0..<64 { fwrite(chunk, 1, chunk.count, file) }
        fclose(file)
        // 64 MiB is also the default --max-bytes: the lines stream through, nothing counts them.
        let peak = try Self.peak(["import", format, path], in: folder)
        print("import \(format), 64 MiB of blank lines: peak RSS \(peak >> 20) MiB")
        #expect(peak < 48 << 20, "peak \(peak >> 20) MiB")
    }

    @Test(
        "import --max-bytes counts what is held: a line longer than it is refused, a longer file of short lines is not")
    func maxBytesCountsHeld() {
        let line =
            "12-01 10:00:00.000  1  2 I sensors-hal: handle_sns_client_event:50, hinge_angle ts=5 ns value 90/40/0\n"
        let long = runTool(
            ["import", "logcat", "-", "--max-bytes", "1000"], input: line + String(repeating: "x", count: 2000) + "\n")
        #expect(long.status == 65, "\(long.error)")
        #expect(long.error.contains("--max-bytes") && long.error.contains("1000 bytes"), "\(long.error)")
        let many = runTool(
            ["import", "logcat", "-", "--max-bytes", "1000"], input: line + String(repeating: "\n", count: 5000))
        #expect(many.status == 0, "\(many.error)")
    }

    @Test("An option of the other format (logcat --sensor, dumpsys --stream) is a usage error, not ignored")
    func otherFormatOptions() {
        let logcat = runTool(["import", "logcat", "-", "--sensor", "hinge"], input: "")
        #expect(logcat.status == 64, "\(logcat.error)")
        #expect(logcat.error.contains("'--sensor' applies to 'import dumpsys' only"), "\(logcat.error)")
        let dumpsys = runTool(["import", "dumpsys", "-", "--stream", "fused"], input: "")
        #expect(dumpsys.status == 64, "\(dumpsys.error)")
        #expect(dumpsys.error.contains("'--stream' applies to 'import logcat' only"), "\(dumpsys.error)")
    }
}
