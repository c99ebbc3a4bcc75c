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

    /// The values the formatters are checked on: edge cases, any bit pattern, decimals with up to
    /// 11 digits and 12 places, and numbers in the ranges a trace and a reading hold.
    static func formatterValues(count: Int) -> [Double] {
        var values: [Double] = [
            0, 1, 0.1, 0.5, 1e-4, 1e-4.nextDown, 1e-5, 0x1p50, 0x1p50.nextDown, 0x1p53, 1e15, 1e16, 0.0125, 2.5,
            0.49999999999999994, 4_503_599_627_370_495.5, 180, 179.93, 21.414, 0.069163, .leastNonzeroMagnitude,
            .greatestFiniteMagnitude, .nan, .infinity,
        ]
        var random = SplitMix64(seed: 88)
        for _ in 0..<count {
            values.append(Double(bitPattern: random.next()))
            var power = 1.0
            for _ in 0..<(random.next() % 13) { power *= 10 }
            values.append(Double(random.next() % 100_000_000_000) / power)
            values.append(random.next(in: -200...200))
            values.append((random.next(in: 0...1e4)).rounded() / 1e4)
        }
        return values + values.map { -$0 }
    }

    @Test("Shortest text is the standard library's shortest form, written without strings (100,000 values)")
    func shortestMatchesDescription() {
        for value in Self.formatterValues(count: 25_000) {
            var expected = value == 0 ? "0" : value.description
            if expected.hasSuffix(".0") { expected.removeLast(2) }
            #expect(DecimalNumber.shortest(value) == expected, "\(value)")
        }
    }

    @Test("Fixed text is the rounded scaled value with its point put back (100,000 values, 0…15 places)")
    func fixedMatchesReference() {
        func reference(_ value: Double, _ places: Int) -> String {
            var scale = 1.0
            for _ in 0..<places { scale *= 10 }
            let scaled = (abs(value) * scale).rounded(.toNearestOrAwayFromZero)
            guard value.isFinite, scaled < 0x1p53 else { return DecimalNumber.shortest(value) }
            var digits = String(UInt64(scaled))
            if places > 0 {
                digits = String(repeating: "0", count: max(0, places + 1 - digits.count)) + digits
                digits.insert(".", at: digits.index(digits.endIndex, offsetBy: -places))
                while digits.hasSuffix("0") { digits.removeLast() }
                if digits.hasSuffix(".") { digits.removeLast() }
            }
            return value < 0 && scaled != 0 ? "-" + digits : digits
        }
        for (index, value) in Self.formatterValues(count: 25_000).enumerated() {
            let places = index % 16
            #expect(DecimalNumber.fixed(value, places: places) == reference(value, places), "\(value) \(places)")
        }
    }

    @Test("The byte writers write the strings' bytes")
    func byteWriters() {
        let buffer = UnsafeMutablePointer<UInt8>.allocate(capacity: DecimalNumber.maximumLength)
        defer { buffer.deallocate() }
        func text(_ count: Int) -> String {
            String(decoding: UnsafeBufferPointer(start: buffer, count: count), as: UTF8.self)
        }
        for value in Self.formatterValues(count: 2000) {
            #expect(text(DecimalNumber.writeShortest(value, to: buffer)) == DecimalNumber.shortest(value))
            #expect(
                text(DecimalNumber.writeFixed(value, places: 4, to: buffer)) == DecimalNumber.fixed(value, places: 4))
        }
    }
}
