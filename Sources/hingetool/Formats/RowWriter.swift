import HingeKit
internal import HingeSupport

/// Rows in one of the row formats, from one column list: the header, every row and the JSON
/// keys all read ``columns``, so a column is named once.
///
/// - `dat` (gnuplot-ready): the ``CommentHeader`` lines, `# name name …`, space-separated values;
///   a missing value is `NaN`, which gnuplot skips.
/// - `csv`: a `name,name,…` header, then comma-separated values; a missing value is empty.
/// - `json`: JSON Lines, one object per line: first `{"schema": …, "source": …, "version": …,
///   "notes": […], "columns": […]}` (`notes` only when the header has any), then one object per
///   row keyed by the column names; a missing value is `null`, a word a JSON string.
/// - `trace`: a trace CSV hingetool reads back (`#` provenance, then `time,angle,…`): the time
///   column is called `time`, the other names are kept (so `true_angle`, `true_velocity` and
///   `true_pose` stay the ground truth `score` reads).
final class RowWriter {
    enum Format: String, FormatChoice {
        case dat, csv, json, trace

        static let lead = "Rows as "

        var help: String {
            switch self {
            case .dat: "gnuplot-ready dat"
            case .csv: "comma-separated values"
            case .json: "JSON Lines"
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
        try output.commit()
    }

    /// The format `--format` names (its declared default when not given).
    static func format(_ arguments: ParsedArguments) throws(ToolError) -> Format {
        try arguments[HingeTool.Keys.rowFormat]
    }

    /// The header: `header`'s lines, then the column names; `schema` is the JSON schema's
    /// name, e.g. `hingetool/read/1` (docs/schemas/read.json).
    func writeHeader(_ header: CommentHeader, schema: String) {
        let names = columns.map(\.name)
        switch format {
        case .dat: output.write(header.text + "# \(names.joined(separator: " "))\n")
        case .csv: output.write(names.joined(separator: ",") + "\n")
        case .trace: output.write(header.text + (["time"] + names.dropFirst()).joined(separator: ",") + "\n")
        case .json: output.write(Self.json(header, schema: schema, columns: names).compact() + "\n")
        }
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
    /// output: in dat two blank lines (gnuplot's next index) and the names; in JSON Lines
    /// nothing (its objects differ from the rows by their keys). CSV and trace hold one series.
    func writeSeriesHeader() {
        precondition(format == .dat || format == .json, "a second series needs dat or JSON Lines")
        if format == .dat { output.write("\n\n# " + columns.map(\.name).joined(separator: " ") + "\n") }
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
            case .json: output.write("null")
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
        case .json: output.write(JSONValue.string(word).compact())
        }
    }

    /// The separator (or the JSON key) before the next cell.
    private func startCell() {
        switch format {
        case .dat: if index > 0 { output.write(byte: UInt8(ascii: " ")) }
        case .csv, .trace: if index > 0 { output.write(byte: UInt8(ascii: ",")) }
        case .json: output.write((index == 0 ? "{" : ",") + JSONValue.quotedKey(columns[index].name) + ":")
        }
        index += 1
    }

    /// Ends the row.
    func endRow() {
        if format == .json { output.write(byte: UInt8(ascii: "}")) }
        output.write(byte: UInt8(ascii: "\n"))
        index = 0
    }
}
