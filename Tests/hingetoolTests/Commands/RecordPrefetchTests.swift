import Foundation
import HingeTestSupport
import Testing

/// A trace named on the command line is parsed on a second thread (`RecordPrefetch`); standard
/// input is read row by row on the command's own. The oracle is that second path: the same bytes
/// through both must give the same output, messages and exit status, wherever in the batches a
/// bad row, a limit or the end falls.
@Suite("Traces parsed ahead on a second thread")
struct RecordPrefetchTests {
    /// A trace of `rows` rows (more than two batches of 2048), with `bad` rows replaced by
    /// text that is not a number.
    static func trace(rows: Int, bad: Set<Int> = []) -> String {
        var text = "# a long trace\ntime,angle,status\n"
        for row in 0..<rows {
            let angle = 180 - Double(row % 90)
            text +=
                bad.contains(row)
                ? "\(Double(row) * 0.004),oops,partiallyOpen\n" : "\(Double(row) * 0.004),\(angle),partiallyOpen\n"
        }
        return text
    }

    /// Runs `arguments` on `text` once as a file and once on standard input, and checks that
    /// both runs agree (the file's name, which messages carry, is put in place of `<stdin>`).
    func expectSameAsStream(_ text: String, _ arguments: [String]) throws -> ToolRun {
        let folder = temporaryFolder()
        let path = folder + "/long.csv"
        try text.write(toFile: path, atomically: false, encoding: .utf8)
        let fromFile = runTool([arguments[0], path] + arguments.dropFirst())
        let fromStream = runTool([arguments[0], "-"] + arguments.dropFirst(), input: text)
        #expect(fromFile.status == fromStream.status)
        // Standard output before an error is whatever was flushed by then (not a contract);
        // after a clean run it is every row.
        if fromFile.status == 0 { #expect(fromFile.output.replacing(path, with: "-") == fromStream.output) }
        #expect(fromFile.error.replacing(path, with: "<stdin>") == fromStream.error)
        return fromFile
    }

    @Test("a clean trace gives the same rows as from standard input")
    func cleanTrace() throws {
        let run = try expectSameAsStream(Self.trace(rows: 9000), ["read"])
        #expect(run.status == 0)
        #expect(run.output.split(separator: "\n").filter { !$0.hasPrefix("#") }.count == 9000)
    }

    @Test("a bad row in a later batch stops at its own line", arguments: [5, 2047, 2048, 6001, 8999])
    func badRow(row: Int) throws {
        let run = try expectSameAsStream(Self.trace(rows: 9000, bad: [row]), ["read"])
        #expect(run.status == 65)
        // Two header lines before the first row: row r is on line r + 3.
        #expect(run.error.contains(":\(row + 3):"), "\(run.error)")
    }

    @Test("skipped rows are counted the same across batches")
    func skippedRows() throws {
        let run = try expectSameAsStream(
            Self.trace(rows: 9000, bad: [1, 2048, 4100, 8999]), ["read", "--skip-bad-rows"])
        #expect(run.status == 0)
        #expect(run.error.contains("4"), "\(run.error)")
    }

    @Test("--max-rows stops at the same row", arguments: [1, 2048, 5000])
    func rowLimit(limit: Int) throws {
        let run = try expectSameAsStream(Self.trace(rows: 9000), ["score", "--max-rows", "\(limit)"])
        #expect(run.status == 65, "\(run.error)")
        #expect(run.error.contains("--max-rows"), "\(run.error)")
    }
}
