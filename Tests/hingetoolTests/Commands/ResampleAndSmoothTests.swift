import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

@Suite("hingetool resample and smooth")
struct ResampleAndSmoothTests {
    /// The data rows of gnuplot output, as numbers.
    static func rows(_ output: String) -> [[Double]] {
        output.split(separator: "\n").filter { !$0.hasPrefix("#") }.map {
            $0.split(separator: " ").map { Double($0)! }
        }
    }

    static func comments(_ output: String) -> [String] {
        output.split(separator: "\n").filter { $0.hasPrefix("#") }.map(String.init)
    }

    /// A quantised plateau reported every 10 ms: 100° with flickers to 101°, and one genuine
    /// outlier of 130° at 0.5 s.
    static let plateau: String = {
        var text = "time,angle\n"
        for k in 0...100 {
            let angle = k == 50 ? 130 : (k % 10 == 5 ? 101 : 100)
            text += "\(Double(k) / 100),\(angle)\n"
        }
        return text
    }()

    @Test("resample prints 't angle' on the grid t0 + k/rate", arguments: ["steffen", "linear", "cspline", "akima"])
    func resample(method: String) throws {
        let run = runTool(["resample", dataset("slow-bend.csv"), "--rate", "200", "--method", method])
        #expect(run.status == 0)
        #expect(
            Self.comments(run.output) == [
                "# hingetool resample \(dataset("slow-bend.csv")) --rate 200 --method \(method)", "# t angle",
            ])
        let rows = Self.rows(run.output)
        let trace = try String(contentsOfFile: dataset("slow-bend.csv"), encoding: .utf8)
        let samples = trace.split(separator: "\n").filter { $0.first?.isNumber == true }.map {
            $0.split(separator: ",", omittingEmptySubsequences: false).prefix(2).map { Double($0)! }
        }
        #expect(rows.count == Int((samples.last![0] * 200).rounded(.down)) + 1)
        for (k, row) in rows.enumerated() {
            #expect(row.count == 2)
            #expect(abs(row[0] - Double(k) / 200) <= 1e-9)
        }
        #expect(rows[0][1] == 170)
        // Steffen and linear stay inside the reported 79…170°; the other cubics overshoot the
        // flickers between 1° steps, by tens of degrees (at 1 kHz, cspline spans 49…221°).
        let reported = samples.map { $0[1] }
        let range = reported.min()!...reported.max()!
        #expect(rows.allSatisfy { range.contains($0[1]) } == (method == "steffen" || method == "linear"))
    }

    @Test("resample merges equal times, the later sample winning, and says so")
    func duplicates() {
        let trace = "time,angle\n0,10\n1,20\n1,22\n1.5,\n2,30\n3,40\n"
        let run = runTool(["resample", "-", "--rate", "2", "--method", "linear"], input: trace)
        #expect(run.status == 0)
        #expect(
            Self.comments(run.output)[1]
                == "# 1 samples replaced by a later one at the same time, 1 rows without an angle skipped")
        #expect(Self.rows(run.output) == [[0, 10], [0.5, 16], [1, 22], [1.5, 26], [2, 30], [2.5, 35], [3, 40]])
    }

    @Test(
        "Bad input: too few angles and bad rows exit 65, a missing file 66, no rate 64",
        arguments: [
            (
                ["resample", "-", "--rate", "10"], "time,angle\n0,1\n1,2\n1,3\n", 65,
                "Error: <stdin>: 2 angles at distinct times, but steffen interpolation needs at least 3\n"
            ),
            (
                ["resample", "-", "--rate", "10", "--method", "akima"], "time,angle\n0,1\n1,2\n2,3\n3,4\n", 65,
                "Error: <stdin>: 4 angles at distinct times, but akima interpolation needs at least 5\n"
            ),
            (
                ["smooth", "-", "--rate", "10", "--median", "1"], "time,angle\n0,1\n1,abc\n", 65,
                "Error: <stdin>:3:3: angle 'abc' is not a number\n"
            ),
            (
                ["resample", "/nonexistent/trace.csv", "--rate", "10"], "", 66,
                "Error: cannot open '/nonexistent/trace.csv': No such file or directory\n"
            ),
            (["resample", "-"], "", 64, "Error: Missing expected option '--rate <hz>'\n"),
        ])
    func badInput(arguments: [String], input: String, status: Int32, error: String) {
        let run = runTool(arguments, input: input)
        #expect(run.status == status)
        #expect(run.error.hasPrefix(error))
        #expect(run.output.isEmpty)
    }

    @Test(
        "smooth's options clash with a usage error naming them",
        arguments: [
            (["--gaussian", "0.02", "--median", "0.05"], "Error: '--gaussian' and '--median' cannot be used together"),
            ([], "Error: Missing expected option '--gaussian <s>' or '--median <s>'"),
            (["--median", "0.05", "--derivative"], "Error: '--derivative' needs '--gaussian <s>'"),
            (["--gaussian", "0.0005"], "Error: width 0.0005 s is too short for grid step 0.001 s"),
            (["--median", "0"], "Error: The value '0' is invalid for '--median': expected 0.0001…3600"),
        ])
    func usage(extra: [String], error: String) {
        let run = runTool(["smooth", dataset("slow-bend.csv"), "--rate", "1000"] + extra)
        #expect(run.status == 64)
        #expect(run.error.hasPrefix(error))
        // Only the missing option is a malformed command line; the others keep to one line.
        #expect(run.error.contains("Usage: hingetool smooth <trace> --rate <hz>") == error.contains("Missing expected"))
        #expect(run.error.contains("See 'hingetool smooth --help'"))
    }

    @Test("smooth --gaussian --derivative of a ramp is its slope away from the ends")
    func derivativeOfRamp() {
        var trace = "time,angle\n"
        for k in 0...200 { trace += "\(Double(k) / 100),\(100 + 25 * Double(k) / 100)\n" }
        let run = runTool(["smooth", "-", "--rate", "1000", "--gaussian", "0.02", "--derivative"], input: trace)
        #expect(run.status == 0)
        #expect(Self.comments(run.output).last == "# t velocity")
        let rows = Self.rows(run.output)
        #expect(rows.count == 2001)
        for row in rows where (0.1...1.9).contains(row[0]) { #expect(abs(row[1] - 25) <= 0.001) }
        // The hinge rests beyond the trace, so the velocity falls towards 0 at the ends.
        #expect(rows[0][1] < 15 && rows[2000][1] < 15)
    }

    @Test("smooth --gaussian keeps the slow-bend trace's shape and range")
    func gaussianOnDataset() {
        let run = runTool(["smooth", dataset("slow-bend.csv"), "--rate", "1000", "--gaussian", "0.02"])
        #expect(run.status == 0)
        #expect(Self.comments(run.output).last == "# t angle")
        let rows = Self.rows(run.output)
        #expect(rows.allSatisfy { $0.count == 2 && (79...171).contains($0[1]) })
        #expect(abs(rows[4500][1] - 80) <= 1)
    }

    @Test("--impulses marks the genuine outlier on a quantised plateau, not the flickers")
    func impulses() throws {
        for filter in [["--median", "0.05"], ["--gaussian", "0.01"]] {
            let run = runTool(["smooth", "-", "--rate", "1000", "--impulses"] + filter, input: Self.plateau)
            #expect(run.status == 0)
            #expect(Self.comments(run.output).last == "# t angle impulse")
            #expect(Self.comments(run.output).contains { $0.contains("3 max(MAD, 1°)") })
            let rows = Self.rows(run.output)
            let flagged = rows.filter { $0[2] == 1 }.map { $0[0] }
            #expect(!flagged.isEmpty)
            #expect(flagged.allSatisfy { (0.49...0.51).contains($0) })
        }
        let median = runTool(["smooth", "-", "--rate", "1000", "--median", "0.05"], input: Self.plateau)
        #expect(Self.rows(median.output).allSatisfy { $0[1] == 100 })
    }

    @Test("smooth writes -o FILE")
    func outputFile() throws {
        let path = temporaryFolder() + "/smooth.dat"
        let run = runTool(["smooth", dataset("slow-bend.csv"), "--rate", "100", "--median", "0.05", "-o", path])
        #expect(run.status == 0 && run.output.isEmpty)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.hasPrefix("# hingetool smooth \(dataset("slow-bend.csv")) --rate 100 --median 0.05\n"))
    }
}
