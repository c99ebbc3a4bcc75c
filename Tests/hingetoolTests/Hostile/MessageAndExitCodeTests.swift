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
        #expect(runChild(["synth-film", "cut", "--out", film], in: folder).status == 0)
        let run = runChild(["film", film], in: folder)
        #expect(run.status == 0, "\(run.error)")
        #expect(Self.isGnuplotData(run.output), "\(run.output.prefix(300))")
    }

    @Test("An unreadable frame exits 66, as the documentation says")
    func unreadableFrameExits65() throws {
        let folder = temporaryFolder()
        let film = folder + "/film"
        #expect(runChild(["synth-film", "cut", "--out", film], in: folder).status == 0)
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
        #expect(runChild(["synth-film", "cut", "--out", film], in: folder).status == 0)
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
