import HingeKit
import Testing

@Suite("Integer and elapsed time columns")
struct IntegerTimeTests {
    func read(_ text: String) throws(TraceError) -> [HingeSample] {
        try TraceReader(source: InMemoryByteSource(Array(text.utf8)), fileName: "t.csv").readAll().map(\.sample)
    }

    @Test("19-digit epoch nanoseconds keep every nanosecond: times are measured from the first row exactly")
    func epochNanoseconds() throws {
        let reader = TraceReader(
            source: InMemoryByteSource(Array("time_ns,angle\n1733000000123456789,10\n1733000000123457790,11\n".utf8)),
            fileName: "t.csv")
        let samples = try reader.readAll().map(\.sample)
        // 1001 ns apart; as Doubles the two values would be 256 ns apart or 0.
        #expect(samples[0].time == 0)
        #expect(samples[1].time == 1001e-9)
        #expect(reader.integerTimeOrigin == 1_733_000_000_123_456_789)
    }

    @Test("time_us is integer microseconds; seconds_elapsed may be negative")
    func microsecondsAndElapsed() throws {
        #expect(try read("time_us,angle\n5000000,1\n5000250,2\n").map(\.time) == [0, 0.00025])
        #expect(try read("seconds_elapsed,angle\n-0.5,1\n0.25,2\n").map(\.time) == [-0.5, 0.25])
    }

    @Test("Errors name the column and the unit; an epoch-nanosecond 'time' gets a hint to rename it")
    func errors() {
        #expect(throws: TraceError.self) { try read("time_ns,angle\n12.5,1\n") }
        do {
            _ = try read("time_ns,angle\n12.5,1\n")
            Issue.record("no error")
        } catch {
            #expect(error.description.contains("time_ns '12.5' is not an integer; expected integer nanoseconds"))
            #expect(error.description.contains("t.csv:2:1"))
        }
        do {
            _ = try read("time_us,angle\n99999999999999999999,1\n")
            Issue.record("no error")
        } catch {
            #expect(error.description.contains("too large for integer microseconds"))
        }
        do {
            _ = try read("time,angle\n1733000000123456789,1\n")
            Issue.record("no error")
        } catch {
            #expect(error.description.contains("rename the column 'time_ns'"))
        }
    }
}
