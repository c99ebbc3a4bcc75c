import HingeKit
import HingeTestSupport
import Testing

/// The README's tour, compiled and run, so the first code a user reads works.
@Suite("README tour")
struct ReadmeTourTests {
    @Test("The tour reads a trace, reports its quantisation and synthesises a scenario")
    func tour() throws {
        let path = dataset("five-degree-steps.csv")
        let reader = TraceReader(source: try FileByteSource(path: path), fileName: path)
        var statistics = TraceStatistics()
        while let record = try reader.next() {
            statistics.add(record.sample)
        }
        #expect(statistics.quantisation.description == "5° steps")

        let scenario = SyntheticScenario.named("coarse-sensor")!
        let rows = scenario.trace.samples(seed: 1)
        #expect(rows.allSatisfy { [0, 90, 180].contains($0.sample.angle) })
    }

    @Test("A bad row prints as file:line:column: message")
    func errorForm() {
        #expect {
            try TraceReader(bytes: Array("time,angle\n0,abc\n".utf8), fileName: "fold.csv").readAll()
        } throws: { error in
            "\(error)" == "fold.csv:2:3: angle 'abc' is not a number"
        }
    }
}
