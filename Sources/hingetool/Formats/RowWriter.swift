import HingeKit
internal import HingeSupport

/// Rows in one of the row formats, from one column list: the header, every row and the JSON
/// keys all read ``columns``, so a column is named once.
///
/// - `dat` (gnuplot-ready): `# hingetool …` provenance, `# name name …`, space-separated values;
///   a missing value is `NaN`, which gnuplot skips.
/// - `csv`: a `name,name,…` header, then comma-separated values; a missing value is empty.
/// - `json`: JSON Lines, one object per line: first `{"schema": …, "source": …, "columns": […]}`,
///   then one object per row keyed by the column names; a missing value is `null`.
/// - `trace`: a trace CSV hingetool reads back (`#` provenance, then `time,angle,…`): the time
///   column is called `time`, the other names are kept (so `true_angle`, `true_velocity` and
///   `true_pose` stay the ground truth `score` reads).
final class RowWriter {
    enum Format: String, CaseIterable, Sendable {
        case dat, csv, json, trace
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
    private let output: OutputWriter
    private var index = 0

    init(_ format: Format, columns: [Column], output: OutputWriter) {
        self.format = format
        self.columns = columns
        self.output = output
    }

    /// The header: `provenance` is the command line (file names already through the echo
    /// rule), `schema` the JSON schema's name, e.g. `hingetool/read/1`.
    func writeHeader(provenance: String, schema: String) {
        let names = columns.map(\.name)
        switch format {
        case .dat: output.write("# \(provenance)\n# \(names.joined(separator: " "))\n")
        case .csv: output.write(names.joined(separator: ",") + "\n")
        case .trace:
            output.write("# \(provenance)\n" + (["time"] + names.dropFirst()).joined(separator: ",") + "\n")
        case .json:
            let header = JSONValue.object([
                ("schema", .string(schema)), ("source", .string(provenance)),
                ("columns", .array(names.map(JSONValue.string))),
            ])
            output.write(header.compact() + "\n")
        }
    }

    /// The next value of the row; `nil` is a missing value.
    func add(_ value: Double?) {
        let column = columns[index]
        switch format {
        case .dat: if index > 0 { output.write(byte: UInt8(ascii: " ")) }
        case .csv, .trace: if index > 0 { output.write(byte: UInt8(ascii: ",")) }
        case .json: output.write((index == 0 ? "{" : ",") + JSONValue.quotedKey(column.name) + ":")
        }
        index += 1
        guard let value, value.isFinite else {
            switch format {
            case .dat: output.write("NaN")
            case .json: output.write("null")
            case .csv, .trace: break
            }
            return
        }
        if let places = column.places {
            output.writeFixed(value, places: places)
        } else {
            output.writeShortest(value)
        }
    }

    /// Ends the row.
    func endRow() {
        if format == .json { output.write(byte: UInt8(ascii: "}")) }
        output.write(byte: UInt8(ascii: "\n"))
        index = 0
    }
}
