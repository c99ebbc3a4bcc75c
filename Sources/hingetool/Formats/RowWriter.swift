import HingeKit
internal import HingeSupport

/// Rows in one of the row formats, from one column list: the header, every row and the JSON
/// keys all read ``columns``, so a column is named once.
///
/// - `dat` (gnuplot-ready): the ``CommentHeader`` lines, `# name name …`, space-separated values;
///   a missing value is `NaN`, which gnuplot skips.
/// - `csv`: a `name,name,…` header, then comma-separated values; a missing value is empty.
/// - `json`: one JSON document, `{"schema": …, "source": …, "version": …, "notes": […],
///   "columns": […], "rows": [{…}, …]}` (`notes` only when the header has any), each row an
///   object keyed by the column names; a missing value is `null`, a word a JSON string. A second
///   series goes under a key of its own after `rows` (``writeSeriesHeader(key:)``).
/// - `jsonl`: the same as JSON Lines, for streaming: the header object (without `rows`) on the
///   first line, then one row object a line (docs/schemas/README.md).
/// - `trace`: a trace CSV hingetool reads back (`#` provenance, then `time,angle,…`): the time
///   column is called `time`, the other names are kept (so `true_angle`, `true_velocity` and
///   `true_pose` stay the ground truth `score` reads).
final class RowWriter {
    enum Format: String, FormatChoice {
        case dat, csv, json, jsonl, trace

        static let lead = "Rows as "

        var help: String {
            switch self {
            case .dat: "gnuplot-ready dat"
            case .csv: "comma-separated values"
            case .json: "one JSON document"
            case .jsonl: "JSON Lines"
            case .trace: "a trace CSV hingetool reads back"
            }
        }
    }

    struct Column: Sendable {
        var name: String
        /// Decimal places, or `nil` for the shortest exact form.
        var places: Int?

        init(_ name: String, places: Int? = nil) {
            self.name = name
            self.places = places
        }
    }

    let format: Format
    let columns: [Column]
    let output: OutputWriter
    private var index = 0
    /// Rows written so far (JSON puts a comma between them).
    private var rowCount = 0

    init(_ format: Format, columns: [Column], output: OutputWriter) {
        self.format = format
        self.columns = columns
        self.output = output
    }

    /// Writes `header` and the rows `body` adds, in the format `--format` names, to `-o`'s
    /// file or standard output.
    static func write(
        _ header: CommentHeader, schema: String, columns: [Column], _ arguments: ParsedArguments,
        context: ToolContext, rows body: (RowWriter) throws(ToolError) -> Void
    ) throws(ToolError) {
        let output = try OutputWriter(path: try arguments[HingeTool.Keys.output], context: context)
        let rows = RowWriter(try format(arguments), columns: columns, output: output)
        rows.writeHeader(header, schema: schema)
        try body(rows)
        rows.finish()
        try output.commit()
    }

    /// The format `--format` names (its declared default when not given).
    static func format(_ arguments: ParsedArguments) throws(ToolError) -> Format {
        try arguments[HingeTool.Keys.rowFormat]
    }

    /// The header: `header`'s lines, then the column names; `schema` is the JSON schema's
    /// name, e.g. `hingetool/read/2` (docs/schemas/read.json).
    func writeHeader(_ header: CommentHeader, schema: String) {
        let names = columns.map(\.name)
        switch format {
        case .dat: output.write(header.text + "# \(names.joined(separator: " "))\n")
        case .csv: output.write(names.joined(separator: ",") + "\n")
        case .trace: output.write(header.text + (["time"] + names.dropFirst()).joined(separator: ",") + "\n")
        case .jsonl: output.write(Self.json(header, schema: schema, columns: names).compact() + "\n")
        case .json:
            let object = Self.json(header, schema: schema, columns: names).compact()
            output.write(object.dropLast() + ",\"rows\":[\n")
        }
    }

    /// Ends the output: in `json` it closes the rows' array and the document; the other formats
    /// need nothing. Call it once, on the writer of the last series (or, when the header is
    /// written after spooled rows, on the header's writer after the rows are copied).
    func finish() {
        if format == .json { output.write("\n]}\n") }
    }

    /// The first object of JSON Lines: what a dat header says, as members.
    static func json(_ header: CommentHeader, schema: String, columns: [String]) -> JSONValue {
        var members: [(String, JSONValue)] = [
            ("schema", .string(schema)), ("source", .string(header.provenance)), ("version", .string(header.version)),
        ]
        if !header.notes.isEmpty { members.append(("notes", .array(header.notes.map(JSONValue.string)))) }
        members.append(("columns", .array(columns.map(JSONValue.string))))
        return .object(members)
    }

    /// The header of a second series after the rows, for a writer of its own on the same
    /// output: in dat two blank lines (gnuplot's next index) and the names; in JSON the rows'
    /// array closes and the series' array opens under `key`; in JSON Lines nothing (its objects
    /// differ from the rows by their keys). CSV and trace hold one series.
    func writeSeriesHeader(key: String) {
        precondition(format == .dat || format == .json || format == .jsonl, "a second series needs dat or JSON")
        switch format {
        case .dat: output.write("\n\n# " + columns.map(\.name).joined(separator: " ") + "\n")
        case .json: output.write("\n]," + JSONValue.quotedKey(key) + ":[\n")
        default: break
        }
    }

    /// A comment after the rows (dat and trace only: a CSV or JSON reader would take it for a
    /// row; what it says must be derivable from the rows).
    func writeTrailer(_ note: String) {
        guard format == .dat || format == .trace else { return }
        output.write("# " + CommentHeader.oneLine(note) + "\n")
    }

    /// The next value of the row; `nil` is a missing value.
    func add(_ value: Double?) {
        startCell()
        guard let value, value.isFinite else {
            switch format {
            case .dat: output.write("NaN")
            case .json, .jsonl: output.write("null")
            case .csv, .trace: break
            }
            return
        }
        if let places = columns[index - 1].places {
            output.writeFixed(value, places: places)
        } else {
            output.writeShortest(value)
        }
    }

    /// The next value of the row, a time in seconds as ``DecimalNumber/writeSeconds(_:to:)``
    /// prints it (to the nanosecond, no trailing zeros).
    func addSeconds(_ value: Double) {
        guard value.isFinite else { return add(nil) }
        startCell()
        output.writeSeconds(value)
    }

    /// The next value of the row, a number already written as plain decimal text (a time kept
    /// exactly, ``ExactTime/seconds(nanoseconds:)``): valid in every format, JSON included.
    func add(decimal text: String) {
        startCell()
        output.write(text)
    }

    /// The next value of the row, a word (a posture, an event): as it is in dat, quoted where
    /// CSV needs it, a string in JSON.
    func add(word: String) {
        startCell()
        switch format {
        case .dat: output.write(word)
        case .csv, .trace: output.write(TraceWriter.quoted(word))
        case .json, .jsonl: output.write(JSONValue.string(word).compact())
        }
    }

    /// The separator (or the JSON key) before the next cell.
    private func startCell() {
        switch format {
        case .dat: if index > 0 { output.write(byte: UInt8(ascii: " ")) }
        case .csv, .trace: if index > 0 { output.write(byte: UInt8(ascii: ",")) }
        case .json, .jsonl:
            let start = index > 0 ? "," : format == .json && rowCount > 0 ? ",\n{" : "{"
            output.write(start + JSONValue.quotedKey(columns[index].name) + ":")
        }
        index += 1
    }

    /// Ends the row.
    func endRow() {
        switch format {
        case .json: output.write(byte: UInt8(ascii: "}"))
        case .jsonl: output.write("}\n")
        default: output.write(byte: UInt8(ascii: "\n"))
        }
        index = 0
        rowCount += 1
    }
}
