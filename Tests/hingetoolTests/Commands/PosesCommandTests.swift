import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

@Suite("hingetool poses")
struct PosesCommandTests {
    @Test("The fold transitions log classifies as the table in docs/poses.md says")
    func seedLog() {
        let run = runTool(["poses", dataset("stages/fold-transitions.csv")])
        #expect(run.status == 0, "\(run.error)")
        let rows = run.output.split(separator: "\n").filter { !$0.hasPrefix("#") }.map { $0.split(separator: " ") }
        let changes = rows.map { "\($0[4]) \($0[5])" }
        #expect(
            changes == [
                "first-reading 0", "bend 1", "bend 1", "bend 1", "turning 0", "turning 0", "bend 1", "shutting 0",
                "opening 0", "resizing 0", "resizing 0", "bend 1",
            ])
        #expect(rows[0][1] == "900" && rows[0][2] == "956" && rows[4][1] == "956" && rows[4][2] == "900")
        let reduced = runTool(["poses", dataset("stages/fold-transitions.csv"), "--reduce-motion"])
        #expect(reduced.output.split(separator: "\n").filter { !$0.hasPrefix("#") }.allSatisfy { $0.hasSuffix(" 0") })
    }

    @Test("Time and insets are optional; a header alone gives no rows")
    func minimal() {
        let run = runTool(["poses", "-"], input: "Content_Width,content_height\r\n900,1000\r\n900,1000\r\n")
        #expect(run.status == 0)
        #expect(run.output.contains("\n0 900 1000 0 first-reading 0\n1 900 1000 0 unchanged 0\n"))
        #expect(runTool(["poses", "-"], input: "content_width,content_height\n").output.contains("# no stages\n"))
    }

    @Test(
        "Bad logs exit 65 with file:line:column",
        arguments: [
            ("content_width\n900\n", "<stdin>:1:1: the header has no 'content_height' column"),
            ("content_width,content_height\n900,abc\n", "<stdin>:2:5: 'abc' in 'content_height' is not a number"),
            ("content_width,content_height\n900,-1\n", "<stdin>:2:5: 'content_height' needs a number ≥ 0"),
            ("time,content_width,content_height\n1,9,9\n0.5,9,9\n", "<stdin>:3:1: time 0.5 goes backwards"),
            ("content_width,content_height,division_x\n9,9,0\n", "<stdin>:1:1: the division needs all four columns"),
            (
                "content_width,content_height,division_x,division_y,division_width,division_height\n9,9,0,1,,2\n",
                "<stdin>:2:9: the division is missing 'division_width'"
            ),
            ("content_width,content_height,inset_top\n9,9,10\n", "<stdin>:2:1: the insets are larger than the content"),
            ("# only a comment\n", "<stdin>:1:1: no header row"),
        ])
    func badLogs(input: String, message: String) {
        let run = runTool(["poses", "-"], input: input)
        #expect(run.status == 65)
        #expect(run.error.hasPrefix("Error: \(message)"), "\(run.error)")
    }

    @Test("A missing log exits 66")
    func missing() {
        #expect(runTool(["poses", "/nonexistent/stages.csv"]).status == 66)
    }
}
