import HingeKit
import Testing

/// Reads `text` (or `bytes`) as a file called `t.csv` and returns every record.
func readTrace(
    _ bytes: [UInt8], options: TraceReadOptions = .init()
) throws(TraceError) -> (records: [TraceRecord], reader: TraceReader) {
    let reader = TraceReader(bytes: bytes, fileName: "t.csv", options: options)
    let records = try reader.readAll()
    return (records, reader)
}

func readTrace(
    _ text: String, options: TraceReadOptions = .init()
) throws(TraceError) -> (
    records: [TraceRecord], reader: TraceReader
) {
    try readTrace(Array(text.utf8), options: options)
}

struct MalformedTrace: CustomTestStringConvertible, Sendable {
    var name: String
    var bytes: [UInt8]
    var error: String
    var kind: TraceError.Kind
    var testDescription: String { name }

    init(_ name: String, _ text: String, _ error: String, _ kind: TraceError.Kind) {
        self.init(name, Array(text.utf8), error, kind)
    }

    init(_ name: String, _ bytes: [UInt8], _ error: String, _ kind: TraceError.Kind) {
        self.name = name
        self.bytes = bytes
        self.error = error
        self.kind = kind
    }

    static let all: [MalformedTrace] = [
        .init(
            "empty file", "", "t.csv:1:1: the file is empty; expected a header such as 'time,angle,status'",
            .emptyFile),
        .init(
            "only comments and blank lines", "# recorded on a Fold\n\n",
            "t.csv:2:1: no header row: the file holds only comments and blank lines", .emptyFile),
        .init("header only", "time,angle\n", "t.csv:2:1: the trace has a header but no data rows", .noRows),
        .init(
            "header and comments only", "time,angle\n# nothing yet\n",
            "t.csv:3:1: the trace has a header but no data rows", .noRows),
        .init("no time column", "a,b\n1,2\n", "t.csv:1:1: no 'time' column; found: a, b", .missingColumn),
        .init(
            "no angle column", "time,status\n0,closed\n", "t.csv:1:1: no 'angle' column; found: time, status",
            .missingColumn),
        .init(
            "a column named twice", "time,angle,Angle\n0,1,2\n",
            "t.csv:1:12: column 'Angle' appears twice (columns 2 and 3)", .duplicateColumn),
        .init(
            "two time columns", "time,time_ms,angle\n0,0,1\n",
            "t.csv:1:6: two time columns, 'time' and 'time_ms'; keep one", .duplicateColumn),
        .init(
            "an unnamed column", "time,,angle\n0,1,2\n", "t.csv:1:6: column 2 of the header has no name",
            .emptyColumnName),
        .init("NaN angle", "time,angle\n0,nan\n", "t.csv:2:3: angle 'nan' is not a finite number", .notFinite),
        .init("infinite time", "time,angle\n-inf,1\n", "t.csv:2:1: time '-inf' is not a finite number", .notFinite),
        .init(
            "1e400 overflows", "time,angle\n0,1e400\n", "t.csv:2:3: angle '1e400' is too large for a Double",
            .notFinite),
        .init("text in a number", "time,angle\n0,abc\n", "t.csv:2:3: angle 'abc' is not a number", .invalidNumber),
        .init("hex float", "time,angle\n0,0x1p3\n", "t.csv:2:3: angle '0x1p3' is not a number", .invalidNumber),
        .init(
            "decimal comma", "time,angle\n\"0,5\",1\n", "t.csv:2:1: time '0,5' is not a number", .invalidNumber),
        .init("space inside a number", "time,angle\n0,1 2\n", "t.csv:2:3: angle '1 2' is not a number", .invalidNumber),
        .init(
            "time_ms with a unit", "time_ms,angle\n12ms,1\n", "t.csv:2:1: time_ms '12ms' is not a number",
            .invalidNumber),
        .init(
            "empty time", "time,angle\n,1\n", "t.csv:2:1: time is empty; every row needs a time", .emptyValue),
        .init(
            "time goes backwards", "time,angle\n0.52,1\n0.50,2\n",
            "t.csv:3:1: time 0.50 goes backwards after 0.52", .timeGoesBackwards),
        .init(
            "duplicate time", "time,angle\n0.5,1\n0.5,2\n", "t.csv:3:1: time 0.5 repeats the previous row's time",
            .duplicateTime),
        .init(
            "ragged row, too few fields", "time,angle,status\n0,1\n",
            "t.csv:2:4: row has 2 fields but the header has 3", .raggedRow),
        .init(
            "ragged row, too many fields", "time,angle\n0,1,2\n", "t.csv:2:5: row has 3 fields but the header has 2",
            .raggedRow),
        .init("angle above 360°", "time,angle\n0,400\n", "t.csv:2:3: angle 400 is outside 0…360°", .outOfRange),
        .init("negative angle", "time,angle\n0,-5\n", "t.csv:2:3: angle -5 is outside 0…360°", .outOfRange),
        .init(
            "radians out of range", "time,angle_rad\n0,7\n", "t.csv:2:3: angle_rad 7 (401.07°) is outside 0…360°",
            .outOfRange),
        .init(
            "unknown status", "time,angle,status\n0,1,ajar\n",
            "t.csv:2:5: status 'ajar' is not one of closed, partiallyOpen, fullyOpen, unknown or empty",
            .invalidStatus),
        .init(
            "unterminated quote", "time,angle\n\"0,1\n",
            "t.csv:2:1: quoted field is not closed before the end of the line", .unterminatedQuote),
        .init(
            "text after a closing quote", "time,angle\n\"0\"x,1\n",
            "t.csv:2:4: unexpected text after a closing quote; expected ',' or the end of the line", .textAfterQuote),
        .init(
            "classic Mac line ends", "time,angle\r0,1\r",
            "t.csv:1:11: carriage return inside a line: line ends must be LF or CRLF", .strayCarriageReturn),
        .init(
            "binary garbage", [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 0x00, 0x00],
            "t.csv:1:1: byte 0x89 is not valid UTF-8", .notUTF8),
        .init(
            "NUL bytes", [0x74, 0x00, 0x2C, 0x61, 0x0A],
            "t.csv:1:2: line holds a NUL byte: this is binary data or UTF-16 text, not a UTF-8 CSV trace",
            .binaryData),
        .init(
            "UTF-16 with byte-order mark", [0xFF, 0xFE] + Array("time,angle\n".utf8).flatMap { [$0, 0] },
            "t.csv:1:1: the file is UTF-16 (it starts with a UTF-16 byte-order mark); save it as UTF-8", .notUTF8),
        .init(
            "UTF-16 without byte-order mark", Array("time,angle\n".utf8).flatMap { [$0, 0] },
            "t.csv:1:2: line holds a NUL byte: this is binary data or UTF-16 text, not a UTF-8 CSV trace",
            .binaryData),
        .init(
            "Latin-1 text in a status", Array("time,angle,status\n0,1,caf".utf8) + [0xE9, 0x0A],
            "t.csv:2:8: byte 0xE9 is not valid UTF-8", .notUTF8),
        .init(
            "Latin-1 text followed by more text (issue 13: the byte after it was blamed)",
            Array("time,angle,status,note\n0,180,fullyOpen,caf".utf8) + [0xE9] + Array(" au lait\n".utf8),
            "t.csv:2:20: byte 0xE9 is not valid UTF-8", .notUTF8),
        .init(
            "overlong UTF-8 encoding", Array("time,angle\n0,".utf8) + [0xC0, 0xB1, 0x0A],
            "t.csv:2:3: byte 0xC0 is not valid UTF-8", .notUTF8),
        .init(
            "a 1 MB line", "time,angle\n0," + String(repeating: "1", count: 1 << 20) + "\n",
            "t.csv:2:65537: line is longer than 65536 bytes", .lineTooLong),
        .init(
            "a 1 MB line without a final line feed", "time,angle\n0,1\n" + String(repeating: "9", count: 1 << 20),
            "t.csv:3:65537: line is longer than 65536 bytes", .lineTooLong),
    ]
}

@Suite("TraceReader: malformed input")
struct TraceReaderMalformedTests {
    @Test("Each malformed trace fails with its exact error", arguments: MalformedTrace.all)
    func malformed(trace: MalformedTrace) {
        #expect(MalformedTrace.all.count >= 25)
        do {
            let (records, _) = try readTrace(trace.bytes)
            Issue.record("expected '\(trace.error)', read \(records.count) records")
        } catch {
            #expect(error.description == trace.error)
            #expect(error.kind == trace.kind)
        }
    }

    @Test("Skipping bad rows counts each and keeps the good ones")
    func skipAndCount() throws {
        let text = "time,angle,status\n0.06,10,partiallyOpen\n0.1,abc,\n0.05,12,\n0.2,20\n0.3,400,\n0.4,30,closed\n"
        let (records, reader) = try readTrace(text, options: .init(rowPolicy: .skip))
        #expect(records.map(\.sample.time) == [0.06, 0.4])
        #expect(records.map(\.line) == [2, 7])
        #expect(reader.summary.skippedRows == 4)
        #expect(reader.summary.dataRows == 6)
        #expect(reader.summary.samples == 2)
        #expect(
            reader.summary.skippedErrors.map(\.description) == [
                "t.csv:3:5: angle 'abc' is not a number",
                "t.csv:4:1: time 0.05 goes backwards after 0.06",
                "t.csv:5:7: row has 2 fields but the header has 3",
                "t.csv:6:5: angle 400 is outside 0…360°",
            ])
    }

    @Test("Skipping keeps only the first errors but counts all of them")
    func retainedErrorLimit() throws {
        let text = "time,angle\n0,1\n" + String(repeating: "x,1\n", count: 50)
        let (_, reader) = try readTrace(text, options: .init(rowPolicy: .skip, retainedErrorLimit: 3))
        #expect(reader.summary.skippedRows == 50)
        #expect(reader.summary.skippedErrors.count == 3)
    }

    @Test("A trace whose every row is bad is an error even when skipping")
    func allRowsSkipped() {
        #expect {
            try readTrace("time,angle\nx,1\ny,2\n", options: .init(rowPolicy: .skip))
        } throws: { error in
            (error as? TraceError)?.description == "t.csv:4:1: no usable rows: all 2 data rows were skipped"
        }
    }

    @Test("Header problems stop the read even when skipping")
    func headerProblemsAreFatal() {
        #expect(throws: TraceError.self) {
            try readTrace("a,b\n1,2\n", options: .init(rowPolicy: .skip))
        }
    }

    @Test("An over-long line is skipped whole, and reading resumes on the next line")
    func longLineSkipped() throws {
        let text = "time,angle\n0,1\n" + String(repeating: "5", count: 200_000) + "\n1,2\n"
        let (records, reader) = try readTrace(text, options: .init(rowPolicy: .skip))
        #expect(records.map(\.sample.angle) == [1, 2])
        #expect(records.last?.line == 4)
        #expect(reader.summary.skippedRows == 1)
    }

    @Test("Duplicate times pass through, counted, when asked to keep them")
    func keepDuplicates() throws {
        let (records, reader) = try readTrace(
            "time,angle\n0.5,1\n0.5,2\n0.6,3\n", options: .init(duplicateTimes: .keep))
        #expect(records.map(\.sample.angle) == [1, 2, 3])
        #expect(reader.summary.duplicateTimes == 1)
    }

    @Test("The angle range is configurable")
    func customRange() throws {
        let options = TraceReadOptions(angleRange: 0...180)
        #expect(throws: TraceError.self) { try readTrace("time,angle\n0,200\n", options: options) }
        #expect(try readTrace("time,angle\n0,180\n", options: options).records.count == 1)
    }
}

@Suite("TraceReader: the format")
struct TraceReaderFormatTests {
    @Test("BOM, CRLF, comments, blank lines, quotes, spaces and status spellings")
    func everything() throws {
        let text =
            "\u{FEFF}# recorded 2026-11-29\r\n\r\n Time , ANGLE ,Status,note\r\n0,180,fullyOpen,\"a, b\"\r\n"
            + "# a comment between rows\r\n  \r\n0.25, 120.5 ,partially_open,\"say \"\"hi\"\"\"\r\n"
            + "0.5,,,\r\n0.75,0,CLOSED,x\r\n0.875,1,unknown,y"
        let (records, reader) = try readTrace(text, options: .init(keepsExtraColumns: true))
        #expect(
            records.map(\.sample) == [
                HingeSample(time: 0, angle: 180, status: .fullyOpen),
                HingeSample(time: 0.25, angle: 120.5, status: .partiallyOpen),
                HingeSample(time: 0.5, angle: nil, status: nil),
                HingeSample(time: 0.75, angle: 0, status: .closed),
                HingeSample(time: 0.875, angle: 1, status: nil),
            ])
        #expect(records.map(\.extraFields) == [["a, b"], ["say \"hi\""], [""], ["x"], ["y"]])
        #expect(records.map(\.line) == [4, 7, 8, 9, 10])
        #expect(reader.columns?.extraNames == ["note"])
        #expect(reader.columns?.extraPosition(named: "NOTE") == 0)
        #expect(reader.summary.commentLines == 2)
        #expect(reader.summary.blankLines == 2)
        #expect(reader.summary.lines == 10)
    }

    @Test("Milliseconds and radians are converted")
    func units() throws {
        let (records, _) = try readTrace("t_unused,time_ms,angle_rad\nx,1500,3.141592653589793\n")
        #expect(records[0].sample.time == 1.5)
        #expect(records[0].sample.angle == 180)
    }

    @Test("Numbers read exactly as Double(String) reads them, in every spelling (20,000 rows)")
    func numberSpellings() throws {
        // Plain digits take a fast path; long digit strings, big exponents and the like do not.
        var random = SplitMix64(seed: 4)
        var texts: [String] = []
        var time = 1.0
        for index in 0..<20_000 {
            time += random.next(in: 1e-6...0.01)
            let spellings = [
                time.description, String(format6(time)), "+\(time)", "000\(time)", "\(time)000", "\(time)e0",
                "\(time * 1000)e-3", "\(time)E+0", "0.\(String(repeating: "0", count: 20))1e20",
                "\(UInt64(time * 1e6))\(String(repeating: "0", count: index % 25))e-\(6 + index % 25)",
            ]
            texts.append(spellings[index % spellings.count])
        }
        var angles: [String] = []
        for index in 0..<texts.count {
            let angle = random.next(in: 0...360)
            angles.append([angle.description, "\(Int(angle))", "-0", "\(angle)E-0", "\(angle)00"][index % 5])
        }
        let text = "time,angle\n" + zip(texts, angles).map { "\($0),\($1)\n" }.joined()
        let (records, _) = try readTrace(text, options: .init(rowPolicy: .skip, duplicateTimes: .keep))
        var expected: [HingeSample] = []
        var last = -Double.infinity
        for (timeText, angleText) in zip(texts, angles) {
            let time = Double(timeText)!
            let angle = Double(angleText)!
            guard time >= last, (0...360).contains(angle) else { continue }
            last = time
            expected.append(HingeSample(time: time, angle: angle))
        }
        #expect(records.map(\.sample) == expected)
        #expect(records.map { $0.sample.angle?.sign } == expected.map { $0.angle?.sign })
    }

    /// `value` with six decimals, as synthetic traces write times.
    private func format6(_ value: Double) -> String { DecimalNumber.fixed(value, places: 6) }

    @Test("`t` and `angle_deg` are accepted names")
    func alternativeNames() throws {
        let (records, reader) = try readTrace("t,angle_deg\n0.1,90\n")
        #expect(records.map(\.sample) == [HingeSample(time: 0.1, angle: 90)])
        #expect(reader.columns?.status == nil)
    }

    @Test("Extra columns are dropped unless asked for")
    func extrasDropped() throws {
        let (records, _) = try readTrace("time,angle,true_angle\n0,1,1.2\n")
        #expect(records[0].extraFields.isEmpty)
    }

    @Test("Reading in tiny chunks gives the same records as reading at once")
    func chunkBoundaries() throws {
        struct Trickle: TraceByteSource {
            var bytes: [UInt8]
            var position = 0
            mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
                guard position < bytes.count else { return 0 }
                buffer[0] = bytes[position]
                position += 1
                return 1
            }
        }
        let text = "time,angle,status\r\n0,1,closed\r\n0.1,\"2\",partiallyOpen\r\n# c\r\n0.2,3,\r\n"
        let whole = try readTrace(text).records
        let trickled = try TraceReader(source: Trickle(bytes: Array(text.utf8)), fileName: "t.csv").readAll()
        #expect(trickled == whole)
        #expect(whole.count == 3)
    }

    @Test("A failing source is an 'unreadable' error, even when skipping rows")
    func failingSource() {
        struct Broken: TraceByteSource, Error {
            var sent = false
            mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
                if sent { throw Broken() }
                sent = true
                buffer.copyBytes(from: Array("time,angle\n0,1\n".utf8))
                return 15
            }
        }
        let reader = TraceReader(source: Broken(), fileName: "t.csv", options: .init(rowPolicy: .skip))
        #expect {
            try reader.readAll()
        } throws: { error in
            (error as? TraceError)?.kind == .unreadable
        }
    }
}
