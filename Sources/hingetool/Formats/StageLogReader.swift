import HingeKit
internal import HingeSupport

/// Reads a stage log, the CSV `hingetool poses` classifies: a header naming
/// `content_width` and `content_height` (required), `time`, the four insets and the four
/// division columns (optional), then one stage per row. Blank lines and `#` comments are
/// skipped; the first byte-order mark is dropped; LF and CRLF both end a line.
///
/// Every defect is a ``ToolError/data(_:)`` naming `file:line:column`, with the offending
/// field echoed through ``Echo`` (cut and escaped).
enum StageLogReader {
    static let columns = [
        "time", "content_width", "content_height", "inset_top", "inset_left", "inset_bottom", "inset_right",
        "division_x", "division_y", "division_width", "division_height",
    ]

    /// The columns a header row names, by position; `file` and `line` place the messages.
    private static func parseHeader(_ fields: [String], file: String, line: Int) throws(ToolError) -> [String: Int] {
        var found: [String: Int] = [:]
        for (position, name) in fields.enumerated() {
            let key = name.lowercased()
            guard columns.contains(key) else { continue }
            if found[key] != nil {
                let column = fields[..<position].reduce(1) { $0 + $1.count + 1 }
                throw .data(
                    InputLocation(file: file, line: line, column: column).message(
                        "the column '\(Echo.quoted(key))' appears twice"))
            }
            found[key] = position
        }
        for required in ["content_width", "content_height"] where found[required] == nil {
            throw .data(InputLocation(file: file, line: line).message("the header has no '\(required)' column"))
        }
        let division = columns.suffix(4).filter { found[$0] != nil }
        if !division.isEmpty, division.count < 4 {
            throw .data(
                InputLocation(file: file, line: line).message(
                    "the division needs all four columns division_x, _y, _width, _height"))
        }
        return found
    }

    /// The stages of a CSV log, with their times.
    static func read(_ bytes: [UInt8], file: String) throws(ToolError) -> [(Double, FoldStage)] {
        var stages: [(Double, FoldStage)] = []
        try read(bytes, file: file) { time, stage in stages.append((time, stage)) }
        return stages
    }

    /// Hands each stage of a CSV log, with its time, to `body` as it is read: the stages are
    /// never held together, and the lines are cut one at a time (a 62 MB log once took 1.2 GB).
    /// - Returns: the number of stages.
    // Long: one row's fields, read by nested helpers that share the row's line number and
    // columns for their messages; the header is parsed apart (parseHeader).
    @discardableResult
    static func read(
        _ bytes: [UInt8], file: String, body: (Double, FoldStage) throws(ToolError) -> Void
    ) throws(ToolError) -> Int {
        var text = String(decoding: bytes, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        var header: [String: Int]?
        var count = 0
        var lastTime: Double?
        // "\r\n" is one Character in Swift, so lines end at either.
        var rest: Substring? = text[...]
        var number = 0
        while let remaining = rest {
            let end = remaining.firstIndex { $0 == "\n" || $0 == "\r\n" }
            let line = remaining[..<(end ?? remaining.endIndex)]
            rest = end.map { remaining[remaining.index(after: $0)...] }
            number += 1
            if line.allSatisfy({ $0 == " " }) || line.hasPrefix("#") { continue }
            let fields = line.split(separator: ",", omittingEmptySubsequences: false).map {
                $0.trimmingPrefix(" ").reversed().drop { $0 == " " }.reversed()
            }.map { String($0) }
            /// The column where field `field` starts, counting from 1.
            func column(_ field: Int) -> Int { fields[..<field].reduce(1) { $0 + $1.count + 1 } }
            /// A message at column `column` of this row.
            func located(_ message: String, column: Int = 1) -> ToolError {
                .data(InputLocation(file: file, line: number, column: column).message(message))
            }
            guard let names = header else {
                header = try parseHeader(fields, file: file, line: number)
                continue
            }
            func value(_ key: String) throws(ToolError) -> Double? {
                guard let position = names[key] else { return nil }
                guard position < fields.count else {
                    throw located("the row has no '\(key)' field", column: line.count + 1)
                }
                let field = fields[position]
                if field.isEmpty { return nil }
                guard DecimalNumber.isPlainDecimal(field.utf8), let number = Double(field), number.isFinite else {
                    throw located("'\(Echo.quoted(field))' in '\(key)' is not a number", column: column(position))
                }
                return number
            }
            func required(_ key: String) throws(ToolError) -> Double {
                guard let number = try value(key), number >= 0 else {
                    throw located("'\(key)' needs a number ≥ 0", column: names[key].map(column) ?? 1)
                }
                return number
            }
            let time = try value("time") ?? Double(count)
            if let lastTime, time < lastTime {
                throw located("time \(time) goes backwards", column: names["time"].map(column) ?? 1)
            }
            let size = FoldStage.Size(width: try required("content_width"), height: try required("content_height"))
            let insets = FoldStage.Insets(
                top: try value("inset_top") ?? 0, left: try value("inset_left") ?? 0,
                bottom: try value("inset_bottom") ?? 0, right: try value("inset_right") ?? 0)
            let division = try columns.suffix(4).map { (key) throws(ToolError) in try value(key) }
            let present = division.compactMap { $0 }
            if !present.isEmpty, present.count < 4,
                let missing = zip(columns.suffix(4), division).first(where: { $0.1 == nil })?.0
            {
                throw located("the division is missing '\(missing)'", column: names[missing].map(column) ?? 1)
            }
            let region =
                present.count == 4
                ? FoldStage.Region(x: present[0], y: present[1], width: present[2], height: present[3]) : nil
            let stage = FoldStage(contentSize: size, insets: insets, division: region)
            guard stage.windowSize.width >= 0, stage.windowSize.height >= 0 else {
                throw located("the insets are larger than the content")
            }
            try body(time, stage)
            count += 1
            lastTime = time
        }
        if header == nil { throw .data(InputLocation(file: file, line: 1).message("no header row")) }
        return count
    }
}
