internal import HingeSupport

/// Reads a hinge trace CSV as a stream of samples, in constant memory.
///
/// ```swift
/// let reader = TraceReader(source: try FileByteSource(path: "flat.csv"), fileName: "flat.csv")
/// while let record = try reader.next() {
///     print(record.sample.time, record.sample.angle ?? .nan)
/// }
/// ```
///
/// The format: a header row naming the columns (see ``TraceColumns``), then one row per
/// sample, comma separated; `#` comment lines and blank lines anywhere; UTF-8 with or without
/// a byte-order mark; LF or CRLF line ends; fields may be quoted with `"` (a quote inside is
/// doubled) but may not span lines. An empty angle means "no hinge". Times must not go
/// backwards and must lie in ``TraceReadOptions/timeRange``; angles must lie in
/// ``TraceReadOptions/angleRange``.
///
/// Every problem is a ``TraceError`` with its line and column. Under the default
/// ``TraceReadOptions/RowPolicy/fail`` the first one stops the read; under
/// ``TraceReadOptions/RowPolicy/skip`` bad rows are left out and counted in ``summary``.
///
/// The reader holds a 64 KiB read buffer and a carry buffer of
/// ``TraceReadOptions/maximumLineLength`` bytes, both allocated once, whatever the file size
/// (``bufferCapacity``). It is a class because it owns those buffers and its source.
public final class TraceReader {
    /// The name used in error messages (`nil` prints as `<stdin>`).
    public let fileName: String?
    /// How the reader treats bad rows.
    public let options: TraceReadOptions
    /// The header's columns, once it has been read.
    public private(set) var columns: TraceColumns?
    /// What the reader has seen so far.
    public private(set) var summary = TraceReadSummary()
    /// The text of the comment lines before the header (without `#`), at most
    /// ``leadingCommentLimit`` of them: where traces keep their provenance, e.g.
    /// `hingetool synth flat-to-laptop --seed 1`.
    public private(set) var leadingComments: [String] = []
    /// For a `time_ns` or `time_us` column, the first row's time as written, in the column's
    /// unit: every ``HingeSample/time`` is measured from it, exactly (see the discussion of
    /// ``TraceColumns/TimeUnit/nanoseconds``). `nil` for other columns and before the first row.
    public internal(set) var integerTimeOrigin: Int64?
    /// How many leading comment lines ``leadingComments`` keeps.
    public static let leadingCommentLimit = 16

    /// Bytes of buffer the reader holds, fixed at creation.
    public var bufferCapacity: Int { chunk.count + options.maximumLineLength }

    private var source: any TraceByteSource
    private let chunk: UnsafeMutableRawBufferPointer
    private var chunkStart = 0
    private var chunkEnd = 0
    private var sourceEnded = false
    private let carry: UnsafeMutablePointer<UInt8>
    private var carryCount = 0
    /// Set when a line passed the length limit before its end: the rest is dropped first.
    private var discardingLongLine = false
    var lineNumber = 0
    /// What reading a row needs besides the line, taken out of the reader for the length of
    /// each call of ``next()``: a class's stored properties are checked for overlapping access
    /// at run time, every time they are used, and a row uses these a dozen times.
    private var rowState = RowState()
    private var finished = false

    private static let chunkSize = 65_536

    /// A reader over `source`; `fileName` is used in error messages.
    public init(
        source: some TraceByteSource, fileName: String? = nil, options: TraceReadOptions = .init()
    ) {
        self.source = source
        self.fileName = fileName
        self.options = options
        self.chunk = .allocate(byteCount: Self.chunkSize, alignment: 8)
        self.carry = .allocate(capacity: options.maximumLineLength)
        rowState.fields.reserveCapacity(16)
    }

    /// A reader over bytes already in memory.
    public convenience init(
        bytes: some Collection<UInt8>, fileName: String? = nil, options: TraceReadOptions = .init()
    ) {
        self.init(source: InMemoryByteSource(bytes), fileName: fileName, options: options)
    }

    deinit {
        chunk.deallocate()
        carry.deallocate()
    }

    /// Reads up to and including the header, if that has not happened yet.
    /// - Returns: the recognised columns.
    @discardableResult
    public func readColumns() throws(TraceError) -> TraceColumns {
        if let columns { return columns }
        while true {
            guard let line = try nextLine() else {
                let message =
                    summary.lines == 0
                    ? "the file is empty; expected a header such as 'time,angle,status'"
                    : "no header row: the file holds only comments and blank lines"
                throw error(.emptyFile, column: 1, message, line: max(1, lineNumber))
            }
            guard let content = try classify(line) else { continue }
            var fields: [FieldSpan] = []
            try split(content, into: &fields)
            let names = fields.map { text(of: $0, in: content) }
            switch TraceColumns.recognise(names) {
            case .success(var recognised):
                if let unit = options.angleUnit, unit != recognised.angleUnit {
                    let name = recognised.names[recognised.angle]
                    guard name.lowercased() == "angle" else {
                        throw error(
                            .conflictingUnit, column: fields[recognised.angle].column,
                            "column '\(name)' names its own unit, not the \(unit) asked for; drop the angle unit or rename the column 'angle'"
                        )
                    }
                    recognised.angleUnit = unit
                }
                columns = recognised
                rowState.layout = RowLayout(recognised)
                return recognised
            case .failure(let problem):
                let column = problem.field.map { fields[$0].column } ?? 1
                throw error(problem.kind, column: column, problem.message)
            }
        }
    }

    /// The next accepted row, or `nil` at the end of the trace.
    ///
    /// - Throws: ``TraceError`` for the first bad row (policy `fail`), for file-level problems
    ///   (empty file, bad header, not UTF-8 in the header) under any policy, and
    ///   ``TraceError/Kind/noRows`` when the trace ends without a single accepted row.
    /// - Complexity: O(length of the row), amortised.
    public func next() throws(TraceError) -> TraceRecord? {
        // (The layout, set with the columns, is plain numbers: cheaper to test than the columns.)
        if rowState.layout == nil { try readColumns() }
        var state = RowState()
        swap(&state, &rowState)
        defer { swap(&state, &rowState) }
        while !finished {
            do {
                guard let line = try nextLine() else {
                    finished = true
                    break
                }
                guard let content = try classify(line) else { continue }
                summary.dataRows += 1
                try split(content, into: &state.fields)
                let record = try parseRow(content, state: &state)
                summary.samples += 1
                return record
            } catch {
                guard options.rowPolicy == .skip, error.kind != .unreadable else { throw error }
                summary.skippedRows += 1
                if summary.skippedErrors.count < options.retainedErrorLimit {
                    summary.skippedErrors.append(error)
                }
            }
        }
        if summary.samples == 0 {
            let message =
                summary.dataRows == 0
                ? "the trace has a header but no data rows"
                : "no usable rows: all \(summary.dataRows) data rows were skipped"
            throw error(.noRows, column: 1, message, line: lineNumber + 1)
        }
        return nil
    }

    /// Every remaining record. Convenient for small traces; memory grows with the trace.
    public func readAll() throws(TraceError) -> [TraceRecord] {
        var records: [TraceRecord] = []
        while let record = try next() { records.append(record) }
        return records
    }

    // MARK: Lines

    /// The next line without its line feed, pointing into the reader's buffers; valid until
    /// the next call.
    private func nextLine() throws(TraceError) -> UnsafeBufferPointer<UInt8>? {
        carryCount = 0
        var tooLong = false
        let limit = options.maximumLineLength
        try discardRestOfLongLine()
        while true {
            if chunkStart == chunkEnd {
                if sourceEnded {
                    guard carryCount > 0 || tooLong else { return nil }
                    return try finishLine(tooLong: tooLong)
                }
                try refill()
                continue
            }
            // The chunk is allocated once, with room for chunkSize bytes: it has an address.
            // swift-format-ignore: NeverForceUnwrap
            let base = chunk.baseAddress!.assumingMemoryBound(to: UInt8.self) + chunkStart
            let available = chunkEnd - chunkStart
            if let newline = memchr(base, 0x0A, available) {
                let length = newline.assumingMemoryBound(to: UInt8.self) - base
                chunkStart += length + 1
                if carryCount == 0, !tooLong, length <= limit {
                    lineNumber += 1
                    summary.lines += 1
                    return UnsafeBufferPointer(start: base, count: length)
                }
                tooLong = tooLong || !appendToCarry(base, length)
                return try finishLine(tooLong: tooLong)
            }
            tooLong = tooLong || !appendToCarry(base, available)
            chunkStart = chunkEnd
            if tooLong {
                // Reported as soon as the limit is passed, not at the line's end, which an
                // endless stream (a pipe left open, /dev/zero) never reaches; a reader that
                // skips bad rows drops the rest of the line on the next call.
                discardingLongLine = true
                return try finishLine(tooLong: true)
            }
        }
    }

    /// Drops the rest of a line already reported as too long, up to and with its line feed.
    private func discardRestOfLongLine() throws(TraceError) {
        while discardingLongLine {
            if chunkStart == chunkEnd {
                if sourceEnded {
                    discardingLongLine = false
                    return
                }
                try refill()
                continue
            }
            // The chunk has an address (see above).
            // swift-format-ignore: NeverForceUnwrap
            let base = chunk.baseAddress!.assumingMemoryBound(to: UInt8.self) + chunkStart
            if let newline = memchr(base, 0x0A, chunkEnd - chunkStart) {
                chunkStart += newline.assumingMemoryBound(to: UInt8.self) - base + 1
                discardingLongLine = false
            } else {
                chunkStart = chunkEnd
            }
        }
    }

    private func finishLine(tooLong: Bool) throws(TraceError) -> UnsafeBufferPointer<UInt8> {
        lineNumber += 1
        summary.lines += 1
        if tooLong {
            let limit = options.maximumLineLength
            throw error(.lineTooLong, column: limit + 1, "line is longer than \(limit) bytes")
        }
        return UnsafeBufferPointer(start: carry, count: carryCount)
    }

    /// Appends to the carry buffer; `false` once the line outgrows it (the rest is dropped,
    /// and the line is reported as too long).
    private func appendToCarry(_ bytes: UnsafePointer<UInt8>, _ count: Int) -> Bool {
        guard carryCount + count <= options.maximumLineLength else { return false }
        (carry + carryCount).update(from: bytes, count: count)
        carryCount += count
        return true
    }

    private func refill() throws(TraceError) {
        do {
            let count = try source.read(into: chunk)
            chunkStart = 0
            chunkEnd = count
            sourceEnded = count == 0
        } catch {
            sourceEnded = true
            throw self.error(.unreadable, column: 1, "cannot read: \(error)", line: lineNumber + 1)
        }
    }

    /// Strips the byte-order mark and carriage return, checks the encoding, and returns the
    /// content of a line that holds data, or `nil` for comments and blank lines.
    private func classify(
        _ raw: UnsafeBufferPointer<UInt8>
    ) throws(TraceError)
        -> UnsafeBufferPointer<UInt8>?
    {
        var line = raw
        if lineNumber == 1 {
            if line.starts(with: [0xEF, 0xBB, 0xBF]) {
                line = UnsafeBufferPointer(rebasing: line[3...])
            } else if line.starts(with: [0xFF, 0xFE]) || line.starts(with: [0xFE, 0xFF]) {
                throw error(
                    .notUTF8, column: 1,
                    "the file is UTF-16 (it starts with a UTF-16 byte-order mark); save it as UTF-8")
            }
        }
        if line.last == 0x0D { line = UnsafeBufferPointer(rebasing: line.dropLast()) }
        // One pass over the line decides whether the three checks can find anything: a trace
        // is ASCII without carriage returns or NULs almost always.
        if Self.mayHoldBadBytes(line) { try checkBytes(line) }
        guard let first = line.firstIndex(where: { $0 != 0x20 && $0 != 0x09 }) else {
            summary.blankLines += 1
            return nil
        }
        if line[first] == UInt8(ascii: "#") {
            summary.commentLines += 1
            if columns == nil, leadingComments.count < Self.leadingCommentLimit {
                let text = UnsafeBufferPointer(rebasing: line[(first + 1)...])
                leadingComments.append(String(decoding: text, as: UTF8.self).trimmingLeadingSpaces)
            }
            return nil
        }
        return line
    }

    /// Throws for a carriage return inside the line, a NUL, or bytes that are not UTF-8, in
    /// that order.
    private func checkBytes(_ line: UnsafeBufferPointer<UInt8>) throws(TraceError) {
        if let carriageReturn = line.firstIndex(of: 0x0D) {
            throw error(
                .strayCarriageReturn, column: carriageReturn + 1,
                "carriage return inside a line: line ends must be LF or CRLF")
        }
        if let nul = line.firstIndex(of: 0) {
            throw error(
                .binaryData, column: nul + 1,
                "line holds a NUL byte: this is binary data or UTF-16 text, not a UTF-8 CSV trace")
        }
        if let bad = Self.firstInvalidUTF8(line) {
            throw error(
                .notUTF8, column: bad + 1,
                "byte 0x\(String(line[bad], radix: 16, uppercase: true)) is not valid UTF-8")
        }
    }

    /// Whether `line` holds a carriage return, a NUL or a byte above 0x7F: when it does not,
    /// ``checkBytes(_:)`` has nothing to find. Eight bytes at a time.
    static func mayHoldBadBytes(_ line: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = line.baseAddress else { return false }
        let count = line.count
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        var index = 0
        while index + 8 <= count {
            let word = UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self)
            // `(x − 0x01…) & ~x & 0x80…` is non-zero when a byte of x is zero (for a carriage
            // return, of x ^ 0x0D…) — exactly, as long as no byte is above 0x7F, which the last
            // term catches on its own.
            let returns = word ^ (0x0D &* ones)
            let flagged = ((word &- ones) & ~word) | ((returns &- ones) & ~returns) | word
            if flagged & highs != 0 { return true }
            index += 8
        }
        while index < count {
            let byte = base[index]
            if byte == 0 || byte == 0x0D || byte >= 0x80 { return true }
            index += 1
        }
        return false
    }

    /// The offset of the first byte that breaks UTF-8 (RFC 3629), or `nil`.
    static func firstInvalidUTF8(_ bytes: UnsafeBufferPointer<UInt8>) -> Int? {
        var index = 0
        let count = bytes.count
        while index < count {
            let lead = bytes[index]
            if lead < 0x80 {
                index += 1
                continue
            }
            let length: Int
            var low: UInt8 = 0x80
            var high: UInt8 = 0xBF
            switch lead {
            case 0xC2...0xDF: length = 2
            case 0xE0: (length, low) = (3, 0xA0)
            case 0xE1...0xEC, 0xEE...0xEF: length = 3
            case 0xED: (length, high) = (3, 0x9F)
            case 0xF0: (length, low) = (4, 0x90)
            case 0xF1...0xF3: length = 4
            case 0xF4: (length, high) = (4, 0x8F)
            default: return index
            }
            // A sequence cut short is blamed on its lead byte, where the invalid sequence starts
            // (as iconv does): "caf\u{E9} au" is byte 0xE9, the Latin-1 é, not the space after it.
            guard index + length <= count else { return index }
            let second = bytes[index + 1]
            guard second >= low, second <= high else { return index }
            for offset in 2..<length where bytes[index + offset] & 0xC0 != 0x80 {
                return index
            }
            index += length
        }
        return nil
    }

    // MARK: Fields

    /// ``TraceReader/rowState``: the fields of the current line, and what the rows before it
    /// left for it to check against.
    private struct RowState {
        var fields: [FieldSpan] = []
        var layout: RowLayout?
        var lastTime: Double?
        /// The previous row's time field as written (raw, with `""` still doubled when
        /// `lastTimeEscaped`), for the message when the next time goes backwards; kept as bytes
        /// so that a row costs no string.
        var lastTimeBytes: [UInt8] = []
        var lastTimeEscaped = false
    }

    /// The columns a row is read from, as plain numbers (a ``TraceColumns`` holds arrays).
    private struct RowLayout {
        var count: Int
        var time: Int
        var timeUnit: TraceColumns.TimeUnit
        var timeScale: Double
        var angle: Int
        var angleUnit: TraceColumns.AngleUnit
        var angleScale: Double
        var status: Int?

        init(_ columns: TraceColumns) {
            count = columns.names.count
            time = columns.time
            timeUnit = columns.timeUnit
            timeScale = columns.timeUnit.scale
            angle = columns.angle
            angleUnit = columns.angleUnit
            angleScale = columns.angleUnit.scale
            status = columns.status
        }
    }

    struct FieldSpan {
        var start: Int
        var end: Int
        /// 1-based column where the field starts.
        var column: Int
        var hasEscapedQuotes: Bool
    }

    /// Splits a line into `fields`.
    private func split(_ line: UnsafeBufferPointer<UInt8>, into fields: inout [FieldSpan]) throws(TraceError) {
        fields.removeAll(keepingCapacity: true)
        let count = line.count
        let quote = UInt8(ascii: "\"")
        let comma = UInt8(ascii: ",")
        var index = 0
        while true {
            let fieldStart = index
            while index < count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
            if index < count, line[index] == quote {
                let opening = index
                var escaped = false
                index += 1
                while true {
                    guard index < count else {
                        throw error(
                            .unterminatedQuote, column: opening + 1,
                            "quoted field is not closed before the end of the line")
                    }
                    if line[index] == quote {
                        if index + 1 < count, line[index + 1] == quote {
                            escaped = true
                            index += 2
                            continue
                        }
                        break
                    }
                    index += 1
                }
                fields.append(
                    FieldSpan(start: opening + 1, end: index, column: opening + 1, hasEscapedQuotes: escaped))
                index += 1
                while index < count, line[index] == 0x20 || line[index] == 0x09 { index += 1 }
                if index < count, line[index] != comma {
                    throw error(
                        .textAfterQuote, column: index + 1,
                        "unexpected text after a closing quote; expected ',' or the end of the line")
                }
            } else {
                let contentStart = index
                while index < count, line[index] != comma { index += 1 }
                var end = index
                while end > contentStart, line[end - 1] == 0x20 || line[end - 1] == 0x09 { end -= 1 }
                let column = contentStart < count ? contentStart + 1 : fieldStart + 1
                fields.append(
                    FieldSpan(start: contentStart, end: end, column: column, hasEscapedQuotes: false))
            }
            guard index < count else { return }
            index += 1  // past the comma
        }
    }

    private func text(of field: FieldSpan, in line: UnsafeBufferPointer<UInt8>) -> String {
        Self.text(UnsafeBufferPointer(rebasing: line[field.start..<field.end]), escaped: field.hasEscapedQuotes)
    }

    /// The previous row's time as written, for messages.
    private func previousTimeText(_ state: RowState) -> String {
        state.lastTimeBytes.withUnsafeBufferPointer { Self.text($0, escaped: state.lastTimeEscaped) }
    }

    /// A field's text from its bytes, with doubled quotes made single when `escaped`.
    private static func text(_ bytes: UnsafeBufferPointer<UInt8>, escaped: Bool) -> String {
        let raw = String(decoding: bytes, as: UTF8.self)
        guard escaped else { return raw }
        var unescaped = ""
        var previousWasQuote = false
        for character in raw {
            if character == "\"", previousWasQuote {
                previousWasQuote = false
                continue
            }
            previousWasQuote = character == "\""
            unescaped.append(character)
        }
        return unescaped
    }

    // MARK: Rows

    /// A row's sample, from its fields; the time is checked against the previous row's.
    private func parseRow(
        _ line: UnsafeBufferPointer<UInt8>, state: inout RowState
    ) throws(TraceError)
        -> TraceRecord
    {
        guard let layout = state.layout else { preconditionFailure("a row before the header") }
        let fields = state.fields
        let expected = layout.count
        guard fields.count == expected else {
            let column = fields.count > expected ? fields[expected].column : line.count + 1
            throw error(
                .raggedRow, column: column,
                "row has \(fields.count) field\(fields.count == 1 ? "" : "s") but the header has \(expected)")
        }
        let timeField = fields[layout.time]
        let time = try parseTime(timeField, in: line, layout: layout)
        try checkOrder(time, field: timeField, in: line, layout: layout, state: state)
        let angle = try parseAngle(fields[layout.angle], in: line, layout: layout)
        var status: HingeStatus?
        if let index = layout.status { status = try parseStatus(fields[index], in: line) }
        var extras: [String] = []
        // The columns only where needed: a copy retains and releases its arrays.
        if options.keepsExtraColumns, let columns {
            extras.reserveCapacity(columns.extras.count)
            for index in columns.extras { extras.append(text(of: fields[index], in: line)) }
        }
        state.lastTime = time
        state.lastTimeBytes.removeAll(keepingCapacity: true)
        state.lastTimeBytes.append(contentsOf: UnsafeBufferPointer(rebasing: line[timeField.start..<timeField.end]))
        state.lastTimeEscaped = timeField.hasEscapedQuotes
        return TraceRecord(
            sample: HingeSample(time: time, angle: angle, status: status), line: lineNumber,
            extraFields: extras)
    }

    /// The time in seconds that a time field holds, checked against ``TraceReadOptions/timeRange``.
    ///
    /// The unit comes from the header (``TraceColumns/TimeUnit``, as a scale in `layout`): a
    /// new time column is a new unit there, and this function reads it unchanged.
    private func parseTime(
        _ field: FieldSpan, in line: UnsafeBufferPointer<UInt8>, layout: RowLayout
    ) throws(TraceError) -> Double {
        // Texts and names only where a message needs them: a plain number is read from the
        // bytes (DecimalNumber.plainValue gives exactly what Double(String) gives, or nil).
        let bytes = UnsafeBufferPointer(rebasing: line[field.start..<field.end])
        var timeText: String { text(of: field, in: line) }
        var timeName: String { columnName(layout.time) }
        let time: Double
        if layout.timeUnit.isInteger {
            time = try integerTime(field, bytes, in: line)
        } else if !field.hasEscapedQuotes, let value = DecimalNumber.plainValue(bytes) {
            time = value * layout.timeScale
        } else {
            let timeText = timeText
            guard !timeText.isEmpty else {
                throw error(.emptyValue, column: field.column, "\(timeName) is empty; every row needs a time")
            }
            time = try number(timeText, named: timeName, column: field.column) * layout.timeScale
        }
        let accepted = timeRange(for: layout.timeUnit)
        guard accepted.contains(time) else {
            let range = "\(format(accepted.lowerBound))…\(format(accepted.upperBound)) s"
            let shown = layout.timeUnit == .seconds ? timeText : "\(timeText) (\(format(time)) s)"
            let why =
                options.timeRange == TraceReadOptions.clockRange
                ? ": a clock reading is not negative, and beyond 2³² s a Double no longer resolves microseconds" : ""
            throw error(
                .outOfRange, column: field.column,
                "\(timeName) \(shown) is outside \(range)\(why)\(renameHint(time, unit: layout.timeUnit))")
        }
        return time
    }

    /// Refuses a time before the previous row's, and one equal to it unless duplicates are kept
    /// (then counted).
    private func checkOrder(
        _ time: Double, field: FieldSpan, in line: UnsafeBufferPointer<UInt8>, layout: RowLayout, state: RowState
    ) throws(TraceError) {
        guard let lastTime = state.lastTime, time <= lastTime else { return }
        let timeName = columnName(layout.time)
        let timeText = text(of: field, in: line)
        if time < lastTime {
            throw error(
                .timeGoesBackwards, column: field.column,
                "\(timeName) \(timeText) goes backwards after \(previousTimeText(state))")
        }
        guard options.duplicateTimes == .keep else {
            throw error(.duplicateTime, column: field.column, "\(timeName) \(timeText) repeats the previous row's time")
        }
        summary.duplicateTimes += 1
    }

    /// The angle in degrees that an angle field holds, checked against
    /// ``TraceReadOptions/angleRange``; `nil` for an empty field (no hinge).
    private func parseAngle(
        _ field: FieldSpan, in line: UnsafeBufferPointer<UInt8>, layout: RowLayout
    ) throws(TraceError) -> Double? {
        var angleText: String { text(of: field, in: line) }
        var angleName: String { columnName(layout.angle) }
        let degrees: Double
        if !field.hasEscapedQuotes,
            let value = DecimalNumber.plainValue(UnsafeBufferPointer(rebasing: line[field.start..<field.end]))
        {
            degrees = value * layout.angleScale
        } else {
            let angleText = angleText
            if angleText.isEmpty { return nil }
            degrees = try number(angleText, named: angleName, column: field.column) * layout.angleScale
        }
        guard options.angleRange.contains(degrees) else {
            let range = "\(format(options.angleRange.lowerBound))…\(format(options.angleRange.upperBound))°"
            let shown =
                layout.angleUnit == .degrees
                ? angleText : "\(angleText) (\(DecimalNumber.fixed(degrees, places: 2))°)"
            throw error(.outOfRange, column: field.column, "\(angleName) \(shown) is outside \(range)")
        }
        return degrees
    }

    /// The status a status field names: `nil` for an empty field and for `unknown` (Apple's
    /// fourth case reads as no status), case and `_`/`-` ignored (`partially_open`).
    ///
    /// The one rule, on a folded word: the common case, a plain ASCII word, is folded from the
    /// bytes without a string; anything else (doubled quotes, non-ASCII) from its lowercased
    /// text, and a text that does not fold is no status's spelling.
    private func parseStatus(_ field: FieldSpan, in line: UnsafeBufferPointer<UInt8>) throws(TraceError) -> HingeStatus?
    {
        let word: ASCIIWord?
        if !field.hasEscapedQuotes,
            let folded = ASCIIWord(folding: UnsafeBufferPointer(rebasing: line[field.start..<field.end]))
        {
            word = folded
        } else {
            word = ASCIIWord(folding: text(of: field, in: line).lowercased().utf8)
        }
        if let word, word.isEmpty || (word == ASCIIWord.unknown && !word.hadSeparators) { return nil }
        guard let word, let status = HingeStatus(folded: word) else {
            throw error(
                .invalidStatus, column: field.column,
                "status '\(Echo.quoted(text(of: field, in: line)))' is not one of closed, partiallyOpen, fullyOpen, unknown or empty"
            )
        }
        return status
    }

    /// The header's name for column `index`, for messages.
    private func columnName(_ index: Int) -> String { columns?.names[index] ?? "column \(index + 1)" }

    /// Parses a plain decimal number: sign, digits, optional fraction and exponent. Hex
    /// floats, `nan` and `inf` are refused, and so is anything that overflows a `Double`.
    private func number(_ text: String, named name: String, column: Int) throws(TraceError) -> Double {
        var bytes = text
        guard bytes.withUTF8({ DecimalNumber.isPlainDecimal($0) }), let value = Double(text) else {
            if DecimalNumber.namesNonFinite(text) {
                throw error(.notFinite, column: column, "\(name) '\(Echo.quoted(text))' is not a finite number")
            }
            throw error(.invalidNumber, column: column, "\(name) '\(Echo.quoted(text))' is not a number")
        }
        guard value.isFinite else {
            throw error(.notFinite, column: column, "\(name) '\(Echo.quoted(text))' is too large for a Double")
        }
        return value
    }

    private func format(_ value: Double) -> String { DecimalNumber.shortest(value) }

    private func error(
        _ kind: TraceError.Kind, column: Int, _ message: String, line: Int? = nil
    )
        -> TraceError
    {
        TraceError(file: fileName, line: line ?? lineNumber, column: column, kind: kind, message: message)
    }
}

extension String {
    fileprivate var trimmingLeadingSpaces: String { String(drop { $0 == " " || $0 == "\t" }) }

}
