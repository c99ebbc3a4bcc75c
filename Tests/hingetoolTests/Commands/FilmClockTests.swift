import Foundation
import HingeKit
import HingeTestSupport
import Testing

@testable import hingetool

@Suite("film --hinge: the trace's clock, the estimated offset and --hinge-offset")
struct FilmClockTests {
    private static let folder = dataset("films/late-motion")

    /// The offset and uncertainty the header reports, in ms.
    private func estimate(_ output: String) -> (offset: Int, uncertainty: Int)? {
        guard let line = output.split(separator: "\n").first(where: { $0.hasPrefix("# hinge offset ") }) else {
            return nil
        }
        let words = line.split(separator: " ")
        guard words.count > 6, let offset = Int(words[3]), let uncertainty = Int(words[6]) else { return nil }
        return (offset, uncertainty)
    }

    @Test("The offset of a trace shifted by a known amount is found within its uncertainty")
    func shifted() throws {
        // late-motion's hinge is on the film's clock: its true offset is 0. The same trace
        // 2.5 s later on the recorder's clock has a true offset of −2500 ms.
        let text = try String(contentsOfFile: Self.folder + "/hinge.csv", encoding: .utf8)
        var shifted = ""
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            if let time = Double(fields.first ?? ""), fields.count > 1 {
                shifted += DecimalNumber.shortest(time + 2.5) + "," + fields.dropFirst().joined(separator: ",") + "\n"
            } else {
                shifted += line + "\n"
            }
        }
        let path = temporaryFolder() + "/shifted.csv"
        try shifted.write(toFile: path, atomically: true, encoding: .utf8)
        for (clock, truth) in [("recorder", -2500), ("zero", 0)] {
            let run = runTool(["film", Self.folder, "--hinge", path, "--clock", clock])
            #expect(run.status == 0, "\(run.error)")
            let found = try #require(estimate(run.output))
            #expect(abs(found.offset - truth) <= found.uncertainty, "\(clock): \(found)")
            #expect(found.uncertainty <= 250)
        }
    }

    @Test("--hinge-offset overrides the estimate and says so")
    func given() {
        let run = runTool(["film", Self.folder, "--hinge", Self.folder + "/hinge.csv", "--hinge-offset", "40"])
        #expect(run.status == 0)
        #expect(run.output.contains("# hinge offset 40 ms (given)\n"))
    }
}
