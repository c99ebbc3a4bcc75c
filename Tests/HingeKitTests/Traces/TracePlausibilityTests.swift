import HingeKit
import HingeTestSupport
import Testing

@Suite("TracePlausibility: warnings for traces whose header misleads")
struct TracePlausibilityTests {
    func warnings(_ text: String) throws -> [String] {
        let reader = TraceReader(bytes: Array(text.utf8))
        var plausibility = TracePlausibility()
        while let record = try reader.next() { plausibility.add(record.sample) }
        return plausibility.warnings(for: try #require(reader.columns))
    }

    @Test("No dataset warns: the heuristics do not fire on real-looking traces", arguments: SyntheticScenario.all)
    func datasetsAreQuiet(scenario: SyntheticScenario) throws {
        let writer = TraceWriter()
        var text = writer.header
        for row in scenario.trace.samples(seed: 1) { text += writer.row(for: row.sample) }
        let found = try warnings(text)
        #expect(found.isEmpty, "\(scenario.name): \(found)")
    }

    @Test("Milliseconds under 'time' and seconds under 'time_ms' are implausible rates")
    func rates() throws {
        let milliseconds = (0..<20).map { "\(Double($0) * 8.333),\(100 + $0)" }.joined(separator: "\n")
        #expect(try warnings("time,angle\n" + milliseconds).first?.contains("name the column 'time_ms'") == true)
        let seconds = (0..<20).map { "\(Double($0) * 0.008333),\(100 + $0)" }.joined(separator: "\n")
        #expect(try warnings("time_ms,angle\n" + seconds).first?.contains("name the column 'time'") == true)
        #expect(try warnings("time_ms,angle\n" + milliseconds).isEmpty)
    }

    @Test("Too little evidence, whole degrees or a small range do not warn about radians")
    func radians() throws {
        func trace(_ angles: [Double]) -> String {
            "time,angle\n"
                + angles.enumerated().map { "\(Double($0.offset) * 0.01),\($0.element)" }.joined(separator: "\n")
        }
        let radians = (0..<20).map { 3.1416 - Double($0) * 0.07 }
        #expect(try warnings(trace(radians)).first?.contains("angle_rad") == true)
        #expect(try warnings(trace(Array(radians.prefix(10)))).isEmpty)
        #expect(try warnings(trace((0..<20).map { Double($0 % 6) })).isEmpty)
        #expect(try warnings(trace((0..<20).map { 3 + Double($0) * 0.01 })).isEmpty)
    }
}
