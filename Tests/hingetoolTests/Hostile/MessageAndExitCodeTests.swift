import Foundation
import HingeTestSupport
import Testing

@testable import HingeAnalysis
@testable import hingetool

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 21, "messages, exit codes": file names in `#` lines through the echo rule, and the
/// exit statuses the documentation promises.
@Suite("Messages and exit codes: newlines in names, unreadable frames, empty options")
struct MessageAndExitCodeTests {
    /// A copy of `source` under a name with a newline and an escape sequence in it.
    static func hostileCopy(of source: String, in folder: String, suffix: String) throws -> String {
        let path = folder + "/evil\n\u{1B}[31mname" + suffix
        try FileManager.default.copyItem(atPath: source, toPath: path)
        return path
    }

    /// Every line of gnuplot data is a `#` comment, blank, or starts with a number.
    static func isGnuplotData(_ text: String) -> Bool {
        text.split(separator: "\n", omittingEmptySubsequences: true).allSatisfy { line in
            line.hasPrefix("#") || line.first.map { $0.isNumber || $0 == "-" } == true
        }
    }

    @Test(
        "A newline in a file name does not break the # line",
        arguments: [["unfold"], ["posture"], ["score", "--unfold"]])
    func newlineInFileNameBreaksCommentLine(command: [String]) throws {
        let folder = temporaryFolder()
        let trace = try Self.hostileCopy(of: dataset("flat-to-laptop.csv"), in: folder, suffix: ".csv")
        let run = runChild(command + [trace], in: folder)
        #expect(run.status == 0, "\(run.error)")
        #expect(!run.output.contains("\u{1B}"))
        if command != ["score", "--unfold"] { #expect(Self.isGnuplotData(run.output), "\(run.output.prefix(300))") }
        #expect(run.output.contains("evil\\x0A\\x1B[31mname"), "\(run.output.prefix(300))")
    }

    @Test("A newline in a frame folder's name does not break film's # line")
    func newlineInFilmFolderBreaksCommentLine() throws {
        let folder = temporaryFolder()
        let film = folder + "/evil\nfilm"
        #expect(runChild(["synth-film", "cut", "--out-dir", film], in: folder).status == 0)
        let run = runChild(["film", film], in: folder)
        #expect(run.status == 0, "\(run.error)")
        #expect(Self.isGnuplotData(run.output), "\(run.output.prefix(300))")
    }

    @Test("An unreadable frame exits 66, as the documentation says")
    func unreadableFrameExits65() throws {
        let folder = temporaryFolder()
        let film = folder + "/film"
        #expect(runChild(["synth-film", "cut", "--out-dir", film], in: folder).status == 0)
        // A folder named like a frame: it exists but cannot be read as a file.
        unlink(film + "/000133.png")
        mkdir(film + "/000133.png", 0o755)
        let run = runChild(["film", film], in: folder)
        #expect(run.status == 66, "\(run.error)")
    }

    @Test("A FIFO among the frames is refused at once, not waited on")
    func fifoAmongFramesHangsFilm() throws {
        let folder = temporaryFolder()
        let film = folder + "/film"
        #expect(runChild(["synth-film", "cut", "--out-dir", film], in: folder).status == 0)
        unlink(film + "/000133.png")
        try #require(makeNode(film + "/000133.png"))
        let run = runChild(["film", film], in: folder, timeLimit: 30)
        #expect(!run.timedOut)
        #expect(run.status != 0)
        #expect(run.error.contains("not a regular file"), "\(run.error)")
    }

    @Test("import --sensor '' is a usage error (64)")
    func importEmptySensorExits65() {
        let run = runTool(["import", "dumpsys", "-", "--sensor", ""], input: "")
        #expect(run.status == 64, "\(run.error)")
    }
}

/// Issue 21, "wrong results" of the scoring reports.
@Suite("Score reports: no hinge, exact baselines")
struct ScoreReportFindingTests {
    @Test("score --unfold on a trace without a hinge angle says there is nothing to score, not RMSE 1")
    func scoreUnfoldRMSEOnNoHinge() {
        let run = runTool(["score", "--unfold", dataset("no-hinge.csv")])
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output.contains("nothing to score"), "\(run.output)")
        #expect(!run.output.contains("1.00000"), "\(run.output)")
    }

    @Test("score --unfold's ratio is '-' (null in JSON) when Android's spring is exact and HingeKit is not")
    func scoreUnfoldRatioWhenAndroidExact() {
        func score(_ rmse: Double) -> UnfoldScore {
            UnfoldScore(
                rmse: rmse, lag: 0, jitterAtRest: 0, chopMax: 0, chopP99: 0, truthChopMax: 0, truthChopP99: 0)
        }
        let rows = [(name: "hingekit", score: score(0.1)), (name: "android-spring", score: score(0))]
        #expect(HingeTool.Score.ratio(rows[0].score, rows) == nil)
        #expect(HingeTool.Score.shownRatio(rows[0].score, rows) == "-")
        #expect(HingeTool.Score.ratio(rows[1].score, rows) == 1)
        let both = [(name: "hingekit", score: score(0.1)), (name: "android-spring", score: score(0.2))]
        #expect(HingeTool.Score.ratio(both[0].score, both) == 0.5)
    }

    @Test("score --format markdown on a trace without a hinge prints no '100 % ✓ … ✗' snap line")
    func markdownNoHingeSnapLine() {
        let run = runTool(["score", dataset("no-hinge.csv"), "--format", "markdown"])
        #expect(run.status == 0, "\(run.error)")
        #expect(!run.output.contains("100.0 %"), "\(run.output)")
        #expect(run.output.contains("snap targets do not apply"), "\(run.output)")
    }
}

/// Issue 21, "inputs": limits the machine cannot honour are refused up front.
@Suite("Input limits the machine cannot honour")
struct InputLimitFindingTests {
    @Test(
        "--max-bytes above what memory allows is a usage error before anything is read",
        arguments: [["poses"], ["import", "dumpsys"], ["fold-render", "--tilt", "10", "--image"]])
    func maxBytesAbove27GBAborts(command: [String]) {
        let folder = temporaryFolder()
        // 600 MB under a 1 GiB address-space limit: twice that cannot fit.
        let run = runChild(command + [dataset("flat-to-laptop.csv"), "--max-bytes", "600000000"], in: folder)
        #expect(run.status == 64, "\(run.error)")
        #expect(run.error.contains("--max-bytes"), "\(run.error)")
        let whole = runChild(command + [dataset("flat-to-laptop.csv"), "--max-bytes", String(1 << 40)], in: folder)
        #expect(whole.status == 64, "\(whole.error)")
    }
}

/// Issue 21, "crash, hang, unbounded": grids sized before the work starts.
@Suite("Grids and rows sized before work starts")
struct GridLimitFindingTests {
    static func gapTrace(in folder: String) throws -> String {
        let path = folder + "/gap.csv"
        try "time,angle,true_angle,true_velocity\n0,10,10,0\n1000000,20,20,0\n".write(
            toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test(
        "A 10⁶ s gap is refused by unfold --rate and score --unfold, naming --max-points",
        arguments: [["unfold", "--rate", "120"], ["score", "--unfold"]])
    func unfoldRateHugeGapAborts(command: [String]) throws {
        let folder = temporaryFolder()
        let run = runChild(command + [try Self.gapTrace(in: folder)], in: folder)
        #expect(run.status == 65, "\(run.error)")
        #expect(run.error.contains("--max-points"), "\(run.error)")
    }

    @Test("score --unfold honours --max-rows")
    func scoreUnfoldIgnoresMaxRows() {
        let run = runTool(["score", "--unfold", dataset("flat-to-laptop.csv"), "--max-rows", "10"])
        #expect(run.status == 65, "\(run.error)")
        #expect(run.error.contains("--max-rows"), "\(run.error)")
    }

    @Test("film --hinge samples the hinge over the film's span, not the trace's")
    func filmHingeOverTraceSpan() throws {
        let folder = temporaryFolder()
        #expect(runChild(["synth-film", "late-motion", "--out", folder + "/film"], in: folder).status == 0)
        // The film's own hinge, then a row a day later: the timeline must not cover the day.
        var trace = try String(contentsOfFile: folder + "/film/hinge.csv", encoding: .utf8)
        trace += "86400,90,partiallyOpen\n"
        try trace.write(toFile: folder + "/long.csv", atomically: false, encoding: .utf8)
        let plain = runChild(["film", folder + "/film", "--hinge", folder + "/film/hinge.csv"], in: folder)
        let long = runChild(["film", folder + "/film", "--hinge", folder + "/long.csv"], in: folder)
        #expect(plain.status == 0, "\(plain.error)")
        #expect(long.status == 0, "\(long.error)")
        #expect(long.output.count < plain.output.count * 2, "\(long.output.count) vs \(plain.output.count)")
        let limited = runChild(
            ["film", folder + "/film", "--hinge", folder + "/film/hinge.csv", "--max-points", "10"], in: folder)
        #expect(limited.status == 65, "\(limited.error)")
    }
}

/// Issue 21, "wrong results" of `import dumpsys`: no row dropped silently, CRLF and UTF-16,
/// and an output that `read` accepts.
@Suite("import dumpsys: every row parsed or reported")
struct DumpsysFindingTests {
    static let rows = [
        "\t 1 (ts=10.5, wall=12-01 07:41:05.692) 90.00, ", "\t 2 (ts=11.25, wall=12-01 07:41:06.442) 120.00, ",
    ]

    static func section(_ rows: [String], lineEnd: String = "\n") -> String {
        (["Hinge Angle: last \(rows.count) events"] + rows).joined(separator: lineEnd) + lineEnd
    }

    @Test("An unparseable row is a located error, not the silent end of the section")
    func dumpsysUnparseableRowEndsSection() {
        let text = Self.section([Self.rows[0], "\t 2 (ts=11.x, wall=12-01 07:41:06.442) 120.00, ", Self.rows[1]])
        let run = runTool(["import", "dumpsys", "-"], input: text)
        #expect(run.status == 65, "\(run.output)")
        #expect(run.error.contains("<stdin>:3:"), "\(run.error)")
        let skipped = runTool(["import", "dumpsys", "-", "--skip-bad-rows"], input: text)
        #expect(skipped.status == 0, "\(skipped.error)")
        #expect(skipped.error.contains("skipped 1 malformed row"), "\(skipped.error)")
        #expect(skipped.output.contains("# sensor 'Hinge Angle', 2 events"), "\(skipped.output)")
    }

    @Test("CRLF and UTF-16 files read like the LF UTF-8 file")
    func dumpsysCRLFAndUTF16ReadAsNoSections() throws {
        let expected = runTool(["import", "dumpsys", "-"], input: Self.section(Self.rows)).output
        // From zero by default (the clock rule): 11.25 s − 10.5 s.
        #expect(expected.contains("\n0.75,120.00\n"), "\(expected)")
        let recorder = runTool(["import", "dumpsys", "-", "--clock", "recorder"], input: Self.section(Self.rows))
        #expect(recorder.output.contains("\n11.25,120.00\n"), "\(recorder.output)")
        let crlf = runTool(["import", "dumpsys", "-"], input: Self.section(Self.rows, lineEnd: "\r\n"))
        #expect(crlf.status == 0, "\(crlf.error)")
        #expect(crlf.output == expected)
        let folder = temporaryFolder()
        for (name, bom, littleEndian) in [("le", [UInt8(0xFF), 0xFE], true), ("be", [0xFE, 0xFF], false)] {
            var bytes = bom
            for unit in Self.section(Self.rows, lineEnd: "\r\n").utf16 {
                let pair = [UInt8(unit & 0xFF), UInt8(unit >> 8)]
                bytes += littleEndian ? pair : pair.reversed()
            }
            let path = folder + "/dumpsys-\(name).txt"
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let run = runTool(["import", "dumpsys", path])
            #expect(run.status == 0, "\(name): \(run.error)")
            #expect(run.output.split(separator: "\n").dropFirst() == expected.split(separator: "\n").dropFirst())
        }
    }

    @Test("400° angles, repeated and negative times are reported, and what is written passes read")
    func dumpsysWritesAnglesReadRejects() throws {
        let text = Self.section([
            Self.rows[0], "\t 2 (ts=-0.5, wall=x) 100.00, ", "\t 3 (ts=10.5, wall=x) 91.00, ",
            "\t 4 (ts=11, wall=x) 400.00, ", Self.rows[1],
        ])
        let run = runTool(["import", "dumpsys", "-"], input: text)
        #expect(run.status == 65)
        let skipped = runTool(["import", "dumpsys", "-", "--skip-bad-rows"], input: text)
        #expect(skipped.status == 0, "\(skipped.error)")
        #expect(skipped.error.contains("skipped 3 malformed rows"), "\(skipped.error)")
        #expect(!skipped.output.contains("-0.5"))
        let folder = temporaryFolder()
        let trace = folder + "/hinge.csv"
        try skipped.output.write(toFile: trace, atomically: false, encoding: .utf8)
        let read = runTool(["read", trace])
        #expect(read.status == 0, "\(read.error)")
    }
}
