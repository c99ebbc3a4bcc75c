import HingeKit
import Testing

@Suite("TraceWriter and DecimalNumber")
struct TraceWriterTests {
    @Test("Write then read gives back exactly the same samples (1,000 seeded random rows)")
    func roundTrip() throws {
        var random = SplitMix64(seed: 2026)
        var samples: [HingeSample] = []
        var time = random.next(in: -10...10)
        for _ in 0..<1000 {
            time += random.next(in: 1e-6...0.5)
            let angle: Double? = random.nextUnit() < 0.05 ? nil : random.next(in: 0...360)
            let status = [nil, HingeStatus.closed, .partiallyOpen, .fullyOpen][Int(random.next() % 4)]
            samples.append(HingeSample(time: time, angle: angle, status: status))
        }
        let writer = TraceWriter(extraColumns: ["note, with comma"])
        var text = writer.header
        for (index, sample) in samples.enumerated() {
            text += writer.row(for: sample, extras: [index % 7 == 0 ? "said \"hi\", twice" : "\(index)"])
        }
        let (records, reader) = try readTrace(text, options: .init(keepsExtraColumns: true))
        #expect(records.map(\.sample) == samples)
        #expect(records[0].extraFields == ["said \"hi\", twice"])
        #expect(reader.columns?.extraNames == ["note, with comma"])
    }

    @Test("Fixed decimals round the values they write")
    func fixedDecimals() throws {
        let writer = TraceWriter(timeDecimals: 6, angleDecimals: 3)
        let text = writer.header + writer.row(for: HingeSample(time: 0.123_456_78, angle: 109.99951))
        #expect(text == "time,angle,status\n0.123457,110,\n")
        let (records, _) = try readTrace(text)
        #expect(records[0].sample == HingeSample(time: 0.123457, angle: 110))
    }

    @Test(
        "Fixed-point text",
        arguments: [
            (0.0125, 3, "0.013"), (-0.0004, 3, "0"), (180, 3, "180"), (109.5, 0, "110"), (-2.25, 1, "-2.3"),
            (0.000001, 6, "0.000001"), (12.5, 4, "12.5"), (1e300, 3, "1e+300"),
        ])
    func fixed(value: Double, places: Int, text: String) {
        #expect(DecimalNumber.fixed(value, places: places) == text)
    }

    @Test(
        "Plain decimals only",
        arguments: [
            ("1", true), ("-1.5", true), ("+.5", true), ("5.", true), ("1e-3", true), ("2E+10", true),
            ("", false), (".", false), ("-", false), ("1e", false), ("0x10", false), ("nan", false),
            ("1.2.3", false), ("1 ", false), ("١", false),
        ])
    func plainDecimal(text: String, accepted: Bool) {
        #expect(DecimalNumber.isPlainDecimal(text.utf8) == accepted)
    }

    @Test("Shortest text drops the trailing .0")
    func shortest() {
        #expect(DecimalNumber.shortest(180) == "180")
        #expect(DecimalNumber.shortest(-0.0) == "0")
        #expect(DecimalNumber.shortest(0.1) == "0.1")
    }
}
