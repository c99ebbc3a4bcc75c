import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

/// The `#` lines every command opens its output with come from one builder, ``CommentHeader``.
@Suite("hingetool: one comment-header builder")
struct CommentHeaderTests {
    @Test("The builder keeps every line one line: the source echoed, a note's control characters escaped")
    func builder() {
        var header = CommentHeader("read", source: "a\nb\\c.csv", options: ["--rate", "1\r0"], summary: "x\ty")
        header.add("sensor 'Hinge\nAngle'")
        header.add(nil)
        #expect(
            header.text == "# hingetool read a\\x0Ab\\\\c.csv --rate 1\\x0D0: x\\x09y\n# sensor 'Hinge\\x0AAngle'\n")
        #expect(header.text.split(separator: "\n").allSatisfy { $0.hasPrefix("# ") })
        #expect(header.notes == ["sensor 'Hinge\\x0AAngle'"] && header.version == HingeTool.version)
        // Text that went through Echo keeps its escapes (not escaped twice).
        #expect(CommentHeader.oneLine("a\\x0Ab °") == "a\\x0Ab °")
    }

    @Test(
        "A newline in an input's name cannot start a data row: each command's header echoes it on its # line",
        arguments: [
            ["read"], ["resample", "--rate", "50"], ["smooth", "--rate", "50", "--median", "0.05"], ["posture"],
            ["unfold"], ["animate"], ["stats"], ["score"], ["score", "--unfold"],
        ])
    func newlineInName(_ command: [String]) throws {
        let folder = temporaryFolder()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/evil\n1 2 3 4.csv"
        try FileManager.default.copyItem(atPath: dataset("flat-to-laptop.csv"), toPath: path)
        let run = runTool([command[0], path] + command.dropFirst())
        #expect(run.status == 0, "\(run.error)")
        let lines = run.output.split(separator: "\n")
        #expect(lines.first?.hasPrefix("# hingetool \(command[0])") == true)
        #expect(lines.first?.contains("evil\\x0A1 2 3 4.csv") == true, "\(lines.first ?? "")")
        #expect(!lines.contains { $0.hasPrefix("1 2 3 4") })
    }

    @Test("Every '# hingetool' line in Sources/ is written by CommentHeader (no second builder)")
    func oneBuilder() throws {
        let root = packageRoot + "/Sources/hingetool"
        let files = FileManager.default.enumerator(atPath: root)?.compactMap { $0 as? String } ?? []
        var offenders: [String] = []
        for file in files where file.hasSuffix(".swift") && !file.hasSuffix("CommentHeader.swift") {
            let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
            for line in text.split(separator: "\n") where line.contains("\"# hingetool") && !line.contains("///") {
                offenders.append("\(file): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        #expect(offenders.isEmpty, "\(offenders)")
    }
}
