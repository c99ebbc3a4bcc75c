import HingeKit

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

    /// A section: the sensor's name as written and its rows in file order.
    struct Section {
        var name: String
        var line: Int
        var rows: [Row] = []
    }

    var sections: [Section] = []

    /// Parses the text; lines outside sections and malformed rows are ignored only outside a
    /// section — inside one, a line that is not a row ends it.
    init(text: String) {
        var current: Section?
        for (offset, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let lineNumber = offset + 1
            let line = rawLine.hasSuffix("\r") ? rawLine.dropLast() : rawLine
            if let header = Self.header(Substring(line.trimmingCharacters(" \t"))) {
                if let section = current { sections.append(section) }
                current = Section(name: header, line: lineNumber)
                continue
            }
            // Taken out of `current` first, so that its rows are appended to in place.
            guard var section = current else { continue }
            current = nil
            if let row = Self.row(line, line: lineNumber) {
                section.rows.append(row)
                current = section
            } else {
                sections.append(section)
            }
        }
        if let section = current { sections.append(section) }
    }

    /// The sensor name of a `<Name>: last N events` line.
    static func header(_ line: Substring) -> String? {
        guard let range = line.range(of: ": last "), line.hasSuffix(" events") || line.hasSuffix(" event") else {
            return nil
        }
        let count = line[range.upperBound...].split(separator: " ").first ?? ""
        guard !count.isEmpty, count.allSatisfy(\.isNumber) else { return nil }
        let name = line[..<range.lowerBound].trimmingCharacters(" \t")
        return name.isEmpty ? nil : name
    }

    /// A `<n> (ts=…, wall=…) values` row.
    static func row(_ line: Substring, line number: Int) -> Row? {
        guard let open = line.range(of: "(ts="), let close = line.range(of: ")", range: open.upperBound..<line.endIndex)
        else { return nil }
        let index = line[..<open.lowerBound].trimmingCharacters(" \t")
        guard !index.isEmpty, index.allSatisfy(\.isNumber) else { return nil }
        let inside = line[open.upperBound..<close.lowerBound]
        let timeText = (inside.split(separator: ",").first.map(String.init) ?? "").trimmingCharacters(" ")
        guard let nanoseconds = Self.nanoseconds(timeText) else { return nil }
        let rest = line[close.upperBound...]
        let first = rest.split(separator: ",").first.map { String($0).trimmingCharacters(" \t") } ?? ""
        let value = Double(first).map { $0.isFinite ? first : nil } ?? nil
        let column = line.distance(from: line.startIndex, to: close.upperBound) + 2
        return Row(nanoseconds: nanoseconds, timeText: timeText, value: value, line: number, column: column)
    }

    /// `seconds.fraction` (up to 9 decimals) as integer nanoseconds, exactly.
    static func nanoseconds(_ text: String) -> Int64? {
        let parts = text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count <= 2, let whole = Int64(parts[0]), whole >= 0 else { return nil }
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
