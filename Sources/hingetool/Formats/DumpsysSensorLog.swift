import HingeKit
internal import HingeSupport

/// The recent-events sections of `adb shell dumpsys sensorservice`.
///
/// A section opens with `<Name>: last N events` (`Hinge Angle: last 5 events`, Samsung's
/// `hinge_angle  Wakeup: last 21 events`) and lists rows
/// `<n> (ts=<seconds since boot, 9 decimals>, wall=MM-DD HH:MM:SS.mmm) <v1>, <v2>, …,`
/// (the output of `adb shell dumpsys sensorservice` on Android 12 and later). Privileged sensors are printed without values.
struct DumpsysSensorLog {
    /// One row: its time in integer nanoseconds (exact), the first value as written (`nil` when
    /// masked) and where it came from. Small (40 bytes, a value of up to 15 bytes held inline):
    /// a section of a million rows is what `import` holds.
    struct Row {
        var nanoseconds: Int64
        var value: String?
        var line: Int
        /// The column of the value.
        var column: Int
        /// The column where the timestamp starts (after `ts=`).
        var timeColumn: Int
    }

    /// A line inside a section that starts like a row (`<n> (`) but is not one: never dropped
    /// silently; the importer reports it (or counts it under `--skip-bad-rows`).
    struct BadRow {
        var line: Int
        var column: Int
        var message: String
    }

    /// A section: the sensor's name as written, how many rows it lists, and — when the parser
    /// was asked to keep them (``keepsRows``) — its rows in file order and the first lines that
    /// started like rows but could not be read.
    struct Section {
        var name: String
        var line: Int
        /// The rows the section lists, kept or not.
        var rowCount = 0
        var rows: [Row] = []
        /// The first ``badRowLimit`` bad rows, in line order; ``badRowCount`` counts them all.
        var badRows: [BadRow] = []
        var badRowCount = 0

        /// The rows in time order, each one `hingetool read` accepts, and the problems in line
        /// order: the lines that started like rows but are not, angles outside the trace
        /// format's range (``TraceReadOptions/angleRange``) and repeated times (the later kept
        /// out): equal nanoseconds, or times that read as the same `Double` once written from
        /// the origin, `origin(first)` for the first row kept
        /// (``ExactTime/readsAsSame(_:as:origin:)``). Rows without a value (masked) are kept
        /// for the importer to report. `count` is every problem, `problems` the first ones (bad
        /// rows past ``badRowLimit`` are counted, not held).
        func checked(origin: (_ first: Int64) -> Int64) -> (rows: [Row], problems: [BadRow], count: Int) {
            var problems = badRows
            let range = TraceReadOptions().angleRange
            var order = Array(rows.indices)
            order.sort {
                rows[$0].nanoseconds != rows[$1].nanoseconds ? rows[$0].nanoseconds < rows[$1].nanoseconds : $0 < $1
            }
            var kept: [Row] = []
            kept.reserveCapacity(rows.count)
            // The origin the trace is written from, known once the first row is kept.
            var zero: Int64 = 0
            for index in order {
                let row = rows[index]
                if let text = row.value, let value = Double(text), !range.contains(value) {
                    let bounds =
                        "\(DecimalNumber.shortest(range.lowerBound))…\(DecimalNumber.shortest(range.upperBound))°"
                    problems.append(
                        BadRow(line: row.line, column: row.column, message: "the angle \(text) is outside \(bounds)"))
                    continue
                }
                if let previous = kept.last, previous.nanoseconds == row.nanoseconds {
                    problems.append(
                        BadRow(
                            line: row.line, column: 1,
                            message:
                                "the time \(ExactTime.seconds(nanoseconds: row.nanoseconds)) repeats the event at line \(previous.line)"
                        ))
                    continue
                }
                if let previous = kept.last,
                    let note = ExactTime.repeatNote(
                        row.nanoseconds, after: previous.nanoseconds, origin: zero, line: previous.line)
                {
                    let time = ExactTime.seconds(nanoseconds: row.nanoseconds)
                    problems.append(BadRow(line: row.line, column: 1, message: "the time \(time) " + note))
                    continue
                }
                if kept.isEmpty { zero = origin(row.nanoseconds) }
                kept.append(row)
            }
            let count = problems.count - badRows.count + badRowCount
            problems.sort { ($0.line, $0.column) < ($1.line, $1.column) }
            return (kept, problems, count)
        }
    }

    /// The bad rows a section holds (the rest are counted): more than any report lists.
    static let badRowLimit = 1000

    var sections: [Section] = []
    /// Whether the rows of a section (by its name) are kept; the others are only counted, so
    /// that memory follows the rows the importer may write, not the file.
    var keepsRows: (String) -> Bool = { _ in true }
    /// The memory the kept rows hold, in bytes, as ``LineReader/held`` counts it.
    private(set) var heldBytes = 0
    private var current: Section?
    /// `keepsRows` of the open section's name.
    private var keepsCurrent = false

    /// The text of a dumpsys file: UTF-16 (with either byte-order mark, as PowerShell's `>`
    /// writes it) or UTF-8 (a byte-order mark dropped); invalid UTF-8 reads as U+FFFD.
    static func text(of bytes: [UInt8]) -> String {
        if bytes.count >= 2, (bytes[0], bytes[1]) == (0xFF, 0xFE) || (bytes[0], bytes[1]) == (0xFE, 0xFF) {
            let little = bytes[0] == 0xFF
            let units = stride(from: 2, to: bytes.count - 1, by: 2).map { index in
                little
                    ? UInt16(bytes[index]) | UInt16(bytes[index + 1]) << 8
                    : UInt16(bytes[index]) << 8 | UInt16(bytes[index + 1])
            }
            return String(decoding: units, as: UTF16.self)
        }
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return String(decoding: bytes[start...], as: UTF8.self)
    }

    /// Parses the text (LF or CRLF line ends) at once; see ``add(_:number:)``.
    init(text: String, keepsRows: @escaping (String) -> Bool = { _ in true }) {
        self.keepsRows = keepsRows
        var rest = Substring(text)
        var number = 0
        while !rest.isEmpty || number == 0 {
            // Split on scalars: in Swift "\r\n" is one Character, which a search for "\n" never finds.
            let end = rest.unicodeScalars.firstIndex(of: "\n")
            var line = rest[..<(end ?? rest.endIndex)]
            rest = end.map { rest[rest.unicodeScalars.index(after: $0)...] } ?? rest[rest.endIndex...]
            number += 1
            if line.unicodeScalars.last == "\r" { line = Substring(line.unicodeScalars.dropLast()) }
            add(line, number: number)
            if end == nil { break }
        }
        finish()
    }

    /// An empty log, to be fed line by line (``add(_:number:)``, then ``finish()``).
    init(keepsRows: @escaping (String) -> Bool) {
        self.keepsRows = keepsRows
    }

    /// Reads line `number` (without its line end). Lines outside sections are ignored; inside
    /// one, a row is kept, a line that starts like a row (`<n> (`) but is not one is a
    /// ``BadRow``, and any other line (blank, another heading, the next part of dumpsys) ends
    /// the section.
    ///
    /// - Complexity: O(*n*) in the line's length, amortised O(1) in the rows held: the section
    ///   is appended to in place, never copied.
    mutating func add(_ line: Substring, number: Int) {
        // A blank line is no heading and no row: it ends the open section (the common case of
        // a file of blank lines, answered without a look at the line).
        if line.isEmpty { return finish() }
        var text = line
        let inSection = current != nil
        let reading = text.withUTF8 { bytes -> Reading in
            // An ASCII line (every line dumpsys prints) is read on its bytes, one byte one
            // `Character`; any other goes the `Character`-wise way, where Swift's grapheme rules
            // decide (a ')' followed by U+0301 is no ')').
            guard ASCIIBytes.isASCII(bytes) else { return .unicode }
            if let name = Self.header(ascii: bytes) { return .header(name) }
            return inSection ? .line(Self.row(ascii: bytes, line: number)) : .outside
        }
        let parsed: ParsedLine
        switch reading {
        case .header(let name): return open(name, line: number)
        case .outside: return
        case .line(let row): parsed = row
        case .unicode:
            if let name = Self.header(Substring(line.trimmingCharacters(" \t"))) { return open(name, line: number) }
            guard inSection else { return }
            parsed = Self.row(line, line: number)
        }
        // Taken out of `current` while it grows, so its arrays have one owner and append in
        // place (issue 32: `guard var section = current` copied them on every row, 11.6 s for
        // 40,000 rows).
        guard var section = current.take() else { return }
        switch parsed {
        case .row(let row):
            section.rowCount += 1
            if keepsCurrent {
                // A value longer than 15 bytes is held on the heap beside the row.
                heldBytes +=
                    MemoryLayout<Row>.stride + (row.value.map { $0.utf8.count > 15 ? $0.utf8.count : 0 } ?? 0)
                section.rows.append(row)
            }
        case .bad(let bad):
            section.badRowCount += 1
            if section.badRows.count < Self.badRowLimit, keepsCurrent { section.badRows.append(bad) }
        case .notARow:
            sections.append(section)
            return
        }
        current = section
    }

    /// What a line is, as ``add(_:number:)`` first sorts it.
    private enum Reading {
        case header(String)
        case line(ParsedLine)
        /// Neither a heading nor inside a section.
        case outside
        /// Not ASCII: read `Character`-wise.
        case unicode
    }

    /// Opens the section `name` at line `number`, ending the open one; whether its rows are
    /// kept is asked once, here.
    private mutating func open(_ name: String, line number: Int) {
        finish()
        current = Section(name: name, line: number)
        keepsCurrent = keepsRows(name)
    }

    /// Ends the open section, if any.
    mutating func finish() {
        if let section = current { sections.append(section) }
        current = nil
    }

    /// The sensor name of a `<Name>: last N events` line.
    static func header(_ line: Substring) -> String? {
        guard let range = line.firstRange(of: ": last "), line.hasSuffix(" events") || line.hasSuffix(" event") else {
            return nil
        }
        let count = line[range.upperBound...].split(separator: " ").first ?? ""
        guard !count.isEmpty, count.allSatisfy(\.isNumber) else { return nil }
        let name = line[..<range.lowerBound].trimmingCharacters(" \t")
        return name.isEmpty ? nil : name
    }

    enum ParsedLine {
        case row(Row)
        case bad(BadRow)
        case notARow
    }

    /// A `<n> (ts=…, wall=…) values` row; a line that starts `<n> (` but does not go on that
    /// way is a bad row naming what is wrong; anything else is not a row.
    static func row(_ line: Substring, line number: Int) -> ParsedLine {
        let indent = line.prefix { $0 == " " || $0 == "\t" }
        let index = line.dropFirst(indent.count).prefix { $0.isASCII && $0.isNumber }
        let afterIndex = line.dropFirst(indent.count + index.count)
        guard !index.isEmpty, afterIndex.hasPrefix(" (") else { return .notARow }
        func bad(_ at: Substring.Index, _ message: String) -> ParsedLine {
            .bad(BadRow(line: number, column: line.utf8.distance(from: line.startIndex, to: at) + 1, message: message))
        }
        let open = line.index(afterIndex.startIndex, offsetBy: 1)
        guard line[open...].hasPrefix("(ts="), let close = line[open...].firstRange(of: ")") else {
            return bad(open, "expected '(ts=SECONDS, wall=…)' after the event number")
        }
        let timeStart = line.index(open, offsetBy: 4)
        let timeColumn = line.utf8.distance(from: line.startIndex, to: timeStart) + 1
        let inside = line[timeStart..<close.lowerBound]
        let timeText = (inside.split(separator: ",", omittingEmptySubsequences: false).first.map(String.init) ?? "")
            .trimmingCharacters(" ")
        let nanoseconds: Int64
        do {
            nanoseconds = try ExactTime.nanoseconds(seconds: timeText)
        } catch .malformed {
            return bad(
                timeStart,
                "the time '\(Echo.quoted(timeText))' is not seconds since boot (digits, up to 9 decimals, not negative)"
            )
        } catch {
            return bad(
                timeStart, "the time '\(Echo.quoted(timeText))' is past \(ExactTime.largest) s, the latest time held")
        }
        let rest = line[close.upperBound...]
        let first =
            rest.split(separator: ",", omittingEmptySubsequences: false).first.map {
                String($0).trimmingCharacters(" \t")
            } ?? ""
        let valueStart = line.index(close.upperBound, offsetBy: min(1, rest.count))
        if first.isEmpty || first.hasPrefix("[") {
            // Privileged sensors are printed without values ("[value masked]"): a row with no
            // value, which the importer reports as such.
            return .row(Row(nanoseconds: nanoseconds, value: nil, line: number, column: 1, timeColumn: timeColumn))
        }
        // Only a number's characters: Double(_:) stops at an embedded NUL ("9\0…" would read as 9).
        guard first.allSatisfy({ "0123456789+-.eE".contains($0) }), let value = Double(first), value.isFinite else {
            return bad(valueStart, "the value '\(Echo.quoted(first))' is not a finite number")
        }
        let column = line.utf8.distance(from: line.startIndex, to: close.upperBound) + 2
        return .row(
            Row(nanoseconds: nanoseconds, value: first, line: number, column: column, timeColumn: timeColumn))
    }

    // MARK: ASCII lines, on their bytes

    // The same reading as `header(_:)` and `row(_:line:)`, byte by byte: on an ASCII line a
    // byte is a `Character`, so each step there has its byte-wise twin here (the columns were
    // UTF-8 offsets already). About ten times faster than the `Character`-wise reading (issue
    // 32's million-row section; docs/performance-history.md).

    private static let comma = UInt8(ascii: ",")

    /// ``header(_:)`` of an ASCII line (untrimmed).
    static func header(ascii bytes: UnsafeBufferPointer<UInt8>) -> String? {
        let line = ASCIIBytes.trimmed(bytes, 0..<bytes.count, tabs: true)
        guard line.count >= 7,
            ASCIIBytes.matches(" event", in: bytes, at: line.upperBound - 6)
                || ASCIIBytes.matches(" events", in: bytes, at: line.upperBound - 7),
            let label = ASCIIBytes.find(": last ", in: bytes, line)
        else { return nil }
        // The count: the first word after ": last ", words split on spaces only.
        var start = label + 7
        while start < line.upperBound, bytes[start] == ASCIIBytes.space { start += 1 }
        var end = start
        while end < line.upperBound, bytes[end] != ASCIIBytes.space {
            guard ASCIIBytes.isDigit(bytes[end]) else { return nil }
            end += 1
        }
        guard end > start else { return nil }
        let name = ASCIIBytes.trimmed(bytes, line.lowerBound..<label, tabs: true)
        return name.isEmpty ? nil : String(decoding: UnsafeBufferPointer(rebasing: bytes[name]), as: UTF8.self)
    }

    /// ``row(_:line:)`` of an ASCII line: the same rows, bad rows (message and column) and
    /// non-rows.
    static func row(ascii bytes: UnsafeBufferPointer<UInt8>, line number: Int) -> ParsedLine {
        let count = bytes.count
        var index = 0
        while index < count, bytes[index] == ASCIIBytes.space || bytes[index] == ASCIIBytes.tab { index += 1 }
        let digits = index
        while index < count, ASCIIBytes.isDigit(bytes[index]) { index += 1 }
        guard index > digits, ASCIIBytes.matches(" (", in: bytes, at: index) else { return .notARow }
        func bad(_ at: Int, _ message: String) -> ParsedLine {
            .bad(BadRow(line: number, column: at + 1, message: message))
        }
        func text(_ range: Range<Int>) -> String {
            String(decoding: UnsafeBufferPointer(rebasing: bytes[range]), as: UTF8.self)
        }
        let open = index + 1
        let timeStart = open + 4
        guard ASCIIBytes.matches("(ts=", in: bytes, at: open),
            let close = bytes[timeStart...].firstIndex(of: UInt8(ascii: ")"))
        else {
            return bad(open, "expected '(ts=SECONDS, wall=…)' after the event number")
        }
        let time = ASCIIBytes.trimmed(
            bytes, timeStart..<(bytes[timeStart..<close].firstIndex(of: comma) ?? close), tabs: false)
        let nanoseconds: Int64
        do {
            nanoseconds = try ExactTime.nanoseconds(secondsText: UnsafeBufferPointer(rebasing: bytes[time]))
        } catch .malformed {
            return bad(
                timeStart,
                "the time '\(Echo.quoted(text(time)))' is not seconds since boot (digits, up to 9 decimals, not negative)"
            )
        } catch {
            return bad(
                timeStart, "the time '\(Echo.quoted(text(time)))' is past \(ExactTime.largest) s, the latest time held")
        }
        let rest = (close + 1)..<count
        let first = ASCIIBytes.trimmed(
            bytes, rest.lowerBound..<(bytes[rest].firstIndex(of: comma) ?? count), tabs: true)
        if first.isEmpty || bytes[first.lowerBound] == UInt8(ascii: "[") {
            return .row(Row(nanoseconds: nanoseconds, value: nil, line: number, column: 1, timeColumn: timeStart + 1))
        }
        let value = text(first)
        guard bytes[first].allSatisfy({ ASCIIBytes.isDigit($0) || "+-.eE".utf8.contains($0) }),
            let angle = Double(value),
            angle.isFinite
        else {
            return bad(rest.lowerBound + min(1, rest.count), "the value '\(Echo.quoted(value))' is not a finite number")
        }
        return .row(
            Row(nanoseconds: nanoseconds, value: value, line: number, column: close + 3, timeColumn: timeStart + 1))
    }

    /// The trace `import dumpsys` writes for `rows`: a `time,angle` header and one line per row,
    /// the time `origin` nanoseconds earlier (the clock rule) printed exactly, the value as written.
    static func csv(_ rows: [Row], origin: Int64) -> String {
        var text = "time,angle\n"
        for row in rows {
            text += ExactTime.seconds(nanoseconds: row.nanoseconds - origin)
            text += ","
            text += row.value ?? ""
            text += "\n"
        }
        return text
    }
}

extension StringProtocol {
    /// The text without the leading and trailing `characters` (ASCII, as the log formats use),
    /// found on the scalars: linear however many there are (issue 32: a `Character`-wise trim
    /// of a megabyte of spaces took seconds).
    func trimmingCharacters(_ characters: String) -> String {
        let set = Array(characters.unicodeScalars)
        let scalars = Substring(self).unicodeScalars
        guard let first = scalars.firstIndex(where: { !set.contains($0) }),
            let last = scalars.lastIndex(where: { !set.contains($0) })
        else { return "" }
        return String(Substring(scalars[first...last]))
    }
}
