import HingeKit

/// The argument and options every command that reads a trace shares: the trace, `-o`,
/// `--skip-bad-rows` and `--angle-unit`, declared once.
extension HingeTool {
    static let traceArgument = CommandSpec.Argument(
        "trace", help: "A trace CSV (time, angle, optional status), or '-' for standard input.")

    static let outputOption = CommandSpec.Option(
        ["-o", "--output"], value: "file", kind: .outputFile,
        help: "Write to this file instead of standard output; it is replaced atomically.")

    static let skipBadRowsOption = CommandSpec.Option(
        ["--skip-bad-rows"],
        help: "Leave out malformed rows, count them and report them, instead of stopping at the first.")

    /// `--angle-unit`: the unit of a plain `angle` column (`angle_deg` and `angle_rad` name theirs).
    static let angleUnitOption = CommandSpec.Option(
        ["--angle-unit"], value: "unit",
        help: "The unit of an 'angle' column (a column 'angle_rad' or 'angle_deg' needs no option).",
        allowed: AngleUnitName.allCases.map(\.rawValue)
    ).defaulting(toNote: "deg")

    /// The words `--angle-unit` takes.
    enum AngleUnitName: String, CaseIterable {
        case deg, rad

        var unit: TraceColumns.AngleUnit { self == .rad ? .radians : .degrees }
    }

    static func readOptions(_ arguments: ParsedArguments, keepingExtras: Bool = false) -> TraceReadOptions {
        let unit = arguments.value("angle-unit").flatMap(AngleUnitName.init(rawValue:))?.unit
        return TraceReadOptions(
            rowPolicy: arguments.has("skip-bad-rows") ? .skip : .fail, keepsExtraColumns: keepingExtras,
            angleUnit: unit)
    }
}
