import HingeKit
import HingeTestSupport
import Testing

/// Generates `time_ms,angle` rows on demand, so the test itself holds no file in memory.
struct GeneratedTrace: TraceByteSource {
    let rows: Int
    private var row = -1
    private var pending: [UInt8] = []
    private var offset = 0

    init(rows: Int) { self.rows = rows }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var written = 0
        while written < buffer.count {
            if offset == pending.count {
                guard row < rows else { break }
                pending.removeAll(keepingCapacity: true)
                if row < 0 {
                    pending.append(contentsOf: "time_ms,angle\n".utf8)
                } else {
                    appendDigits(row)
                    pending.append(UInt8(ascii: ","))
                    appendDigits(row % 181)
                    pending.append(0x0A)
                }
                row += 1
                offset = 0
            }
            let count = min(buffer.count - written, pending.count - offset)
            for index in 0..<count { buffer[written + index] = pending[offset + index] }
            written += count
            offset += count
        }
        return written
    }

    private mutating func appendDigits(_ value: Int) {
        var digits: [UInt8] = []
        var rest = value
        repeat {
            digits.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        } while rest > 0
        pending.append(contentsOf: digits.reversed())
    }
}

@Suite("TraceReader at scale")
struct TraceReaderScaleTests {
    /// The reader's memory is its two fixed buffers whatever the input size: this reads
    /// a million rows (about 10 MB of text, 78 times the 128 KiB of the buffers) through them
    /// and checks every row arrived in order. Resident memory is measured by the benchmark,
    /// not here. (Ten million rows proved nothing more and cost 36 s of CPU in the debug build.)
    @Test("A million rows stream through fixed buffers", .slow)
    func millionRows() throws {
        let rows = 1_000_000
        let reader = TraceReader(source: GeneratedTrace(rows: rows), fileName: "generated.csv")
        let capacity = reader.bufferCapacity
        var count = 0
        var last = HingeSample(time: -1, angle: nil)
        var ordered = true
        while let record = try reader.next() {
            ordered = ordered && record.sample.time > last.time
            last = record.sample
            count += 1
        }
        #expect(count == rows)
        #expect(ordered)
        #expect(last == HingeSample(time: Double(rows - 1) / 1000, angle: Double((rows - 1) % 181)))
        #expect(reader.summary.lines == rows + 1)
        #expect(reader.bufferCapacity == capacity)
        #expect(capacity == 65_536 + 65_536)
    }
}
