import HingeKit

/// The argument and options every command that reads a trace shares: the trace, `-o`,
/// `--skip-bad-rows` and `--angle-unit`, declared once.
extension HingeTool {
    static let traceArgument = CommandSpec.Argument(
        "trace", help: "A trace CSV (time, angle, optional status), or '-' for standard input.")

    static var outputOption: CommandSpec.Option { Keys.output.option }

    static var skipBadRowsOption: CommandSpec.Option { Keys.skipBadRows.option }

    /// `--angle-unit`: the unit of a plain `angle` column (`angle_deg` and `angle_rad` name theirs).
    static var angleUnitOption: CommandSpec.Option { Keys.angleUnit.option }

    /// The words `--angle-unit` takes.
    enum AngleUnitName: String, OptionChoice {
        case deg, rad

        var help: String { self == .rad ? "radians" : "degrees" }

        var unit: TraceColumns.AngleUnit { self == .rad ? .radians : .degrees }
    }

    static func readOptions(
        _ arguments: ParsedArguments, keepingExtras: Bool = false
    ) throws(ToolError) -> TraceReadOptions {
        let unit = try arguments[Keys.angleUnit]?.unit
        return TraceReadOptions(
            rowPolicy: try arguments[Keys.skipBadRows] ? .skip : .fail, keepsExtraColumns: keepingExtras,
            angleUnit: unit)
    }
}

extension HingeTool {
    /// The keys of the options many commands share, each declared once; a command lists
    /// `Keys.name.option` (or the `nameOption` alias) and reads `arguments[Keys.name]`.
    enum Keys {
        static let output = OptionKey<String?>(
            ["-o", "--output"], value: "file", kind: .outputFile,
            help: "Write to this file instead of standard output; it is replaced atomically.")
        static let skipBadRows = OptionKey(
            flag: ["--skip-bad-rows"],
            help: "Leave out malformed rows, count them and report them, instead of stopping at the first.")
        /// `--angle-unit`: the unit of a plain `angle` column (`angle_deg` and `angle_rad` name theirs).
        static let angleUnit = OptionKey<AngleUnitName?>(
            ["--angle-unit"], value: "unit",
            help: "The unit of an 'angle' column (a column 'angle_rad' or 'angle_deg' needs no option)."
        ).defaulting(toNote: "deg")
        /// For commands that write a set of files into a folder (``OutputSet``).
        static let force = OptionKey(
            flag: ["--force"], help: "Replace or mix with files in the folder that hingetool did not write there.")
        /// `--format` of a command whose output is rows (``HingeTool/rowFormatOption(_:)`` declares it).
        static let rowFormat = OptionKey(
            ["--format"], value: "format", help: "Rows in one of the formats.", default: RowWriter.Format.dat)
        /// `--format` of a command whose output is a report (``HingeTool/reportFormatOption(_:)``).
        static let reportFormat = OptionKey(
            ["--format"], value: "format", help: "The report in one of the formats.", default: ReportFormat.text)
        /// `--out-dir` (``HingeTool/outDirOption``).
        static let outDir = OptionKey<String?>(
            ["--out-dir"], value: "dir", kind: .directory, help: "The folder to write into (created if missing)."
        ).replacing("--out")
        /// `--rate` (``HingeTool/rateOption``): a command changes its help or default, not its type.
        static let rate = OptionKey<Double?>(
            ["--rate"], value: "hz", help: "Rows per second instead of one per sample.", in: rateRange)
        static let quiet = OptionKey(
            flag: ["-q", "--quiet"], help: "Print no warnings about the input (errors still print).")
    }
}
