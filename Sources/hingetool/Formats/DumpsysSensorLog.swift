import HingeKit
internal import HingeSupport

/// The recent-events sections of `adb shell dumpsys sensorservice`.
///
/// A section opens with `<Name>: last N events` (`Hinge Angle: last 5 events`, Samsung's
/// `hinge_angle  Wakeup: last 21 events`) and lists rows
/// `<n> (ts=<seconds since boot, 9 decimals>, wall=MM-DD HH:MM:SS.mmm) <v1>, <v2>, …,`
/// (the output of `adb shell dumpsys sensorservice` on Android 12 and later). Privileged sensors are printed without values.
struct DumpsysSensorLog {
    /// One row: its time in integer nanoseconds (exact), the time as written, the first value
    /// as written (`nil` when masked) and where it came from.
    struct Row {
        var nanoseconds: Int64
        var timeText: String
        var value: String?
        var line: Int
        var column: Int
    }

    /// A line inside a section that starts like a row (`<n> (`) but is not one: never dropped
    /// silently; the importer reports it (or counts it under `--skip-bad-rows`).
    struct BadRow {
        var line: Int
        var column: Int
        var message: String
    }

    /// A section: the sensor's name as written, its rows in file order, and the lines that
    /// started like rows but could not be read.
    struct Section {
        var name: String
        var line: Int
        var rows: [Row] = []
        var badRows: [BadRow] = []

        /// The rows in time order, each one `hingetool read` accepts, and the problems in line
        /// order: the lines that started like rows but are not, angles outside the trace
        /// format's range (``TraceReadOptions/angleRange``) and repeated times (the later kept
        /// out). Rows without a value (masked) are kept for the importer to report.
        func checked() -> (rows: [Row], problems: [BadRow]) {
            var problems = badRows
            let range = TraceReadOptions().angleRange
            let sorted = rows.enumerated().sorted { a, b in
                a.element.nanoseconds != b.element.nanoseconds
                    ? a.element.nanoseconds < b.element.nanoseconds : a.offset < b.offset
            }.map(\.element)
            var kept: [Row] = []
            for row in sorted {
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
                            message: "the time \(row.timeText) repeats the event at line \(previous.line)"))
                    continue
                }
                kept.append(row)
            }
            problems.sort { ($0.line, $0.column) < ($1.line, $1.column) }
            return (kept, problems)
        }
    }

    var sections: [Section] = []

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

    /// Parses the text (LF or CRLF line ends). Lines outside sections are ignored; inside one, a
    /// row is kept, a line that starts like a row (`<n> (`) but is not one is a ``BadRow``, and
    /// any other line (blank, another heading, the next part of dumpsys) ends the section.
    init(text: String) {
        var current: Section?
        // Split on scalars: in Swift "\r\n" is one Character, which a split on "\n" never finds.
        let lines = text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false)
        for (offset, scalars) in lines.enumerated() {
            let lineNumber = offset + 1
            var line = Substring(String(String.UnicodeScalarView(scalars)))
            if line.hasSuffix("\r") { line = line.dropLast() }
            if let header = Self.header(Substring(line.trimmingCharacters(" \t"))) {
                if let section = current { sections.append(section) }
                current = Section(name: header, line: lineNumber)
                continue
            }
            guard var section = current else { continue }
            switch Self.row(line, line: lineNumber) {
            case .row(let row): section.rows.append(row)
            case .bad(let bad): section.badRows.append(bad)
            case .notARow:
                sections.append(section)
                current = nil
                continue
            }
            current = section
        }
        if let section = current { sections.append(section) }
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
        let inside = line[timeStart..<close.lowerBound]
        let timeText = (inside.split(separator: ",", omittingEmptySubsequences: false).first.map(String.init) ?? "")
            .trimmingCharacters(" ")
        guard let nanoseconds = Self.nanoseconds(timeText) else {
            return bad(
                timeStart,
                "the time '\(Echo.quoted(timeText))' is not seconds since boot (digits, up to 9 decimals, not negative)"
            )
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
            return .row(Row(nanoseconds: nanoseconds, timeText: timeText, value: nil, line: number, column: 1))
        }
        // Only a number's characters: Double(_:) stops at an embedded NUL ("9\0…" would read as 9).
        guard first.allSatisfy({ "0123456789+-.eE".contains($0) }), let value = Double(first), value.isFinite else {
            return bad(valueStart, "the value '\(Echo.quoted(first))' is not a finite number")
        }
        let column = line.utf8.distance(from: line.startIndex, to: close.upperBound) + 2
        return .row(Row(nanoseconds: nanoseconds, timeText: timeText, value: first, line: number, column: column))
    }

    /// The trace `import dumpsys` writes for `rows`: a `time,angle` header and one line per row,
    /// the time `origin` nanoseconds earlier (the clock rule) printed exactly, the value as written.
    static func csv(_ rows: [Row], origin: Int64) -> String {
        var text = "time,angle\n"
        for row in rows { text += "\(ExactTime.seconds(nanoseconds: row.nanoseconds - origin)),\(row.value ?? "")\n" }
        return text
    }

    /// `seconds.fraction` (up to 9 decimals) as integer nanoseconds, exactly.
    static func nanoseconds(_ text: String) -> Int64? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        // Digits only: Int64 would also take "-0" and "+1", and "-0.5" would read as 0.5 s.
        guard parts.count <= 2, !parts[0].isEmpty, parts[0].allSatisfy({ $0.isASCII && $0.isNumber }),
            let whole = Int64(parts[0])
        else { return nil }
        var fraction: Int64 = 0
        if parts.count == 2 {
            let digits = parts[1]
            guard !digits.isEmpty, digits.count <= 9, digits.allSatisfy(\.isNumber), let value = Int64(digits) else {
                return nil
            }
            fraction = value
            for _ in digits.count..<9 { fraction *= 10 }
        }
        let (scaled, overflow) = whole.multipliedReportingOverflow(by: 1_000_000_000)
        guard !overflow else { return nil }
        return scaled + fraction
    }
}

extension StringProtocol {
    func trimmingCharacters(_ characters: String) -> String {
        String(drop { characters.contains($0) }.reversed().drop { characters.contains($0) }.reversed())
    }
}
