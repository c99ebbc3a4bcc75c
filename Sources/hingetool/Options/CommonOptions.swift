import HingeKit

/// Options several commands share, declared once: their type, range and help come from here,
/// and a command only says what its default is when it has one.
extension HingeTool {
    /// `--rate`: rows (or grid points) per second. `read` and `unfold` print one row per sample
    /// without it; `animate`, `spring` and `plot reading` default to a 120 Hz display;
    /// `resample` and `smooth` require it.
    /// The one range every `--rate` accepts.
    static let rateRange: ClosedRange<Double> = 0.001...1_000_000

    static let rateOption = CommandSpec.Option(
        ["--rate"], value: "hz", help: "Rows per second instead of one per sample.", in: rateRange)

    /// The display rate `animate`, `spring` and `plot reading` assume: a 120 Hz screen.
    static let displayRate = 120.0
}

extension HingeTool {
    /// `--out-dir`: the folder of a command that writes several files (`plot`, `demo`,
    /// `synth-film`). `--out`, its old spelling, is accepted with a deprecation note until the
    /// next minor release.
    static let outDirOption = CommandSpec.Option(
        ["--out-dir"], value: "dir", kind: .directory, help: "The folder to write into (created if missing)."
    ).replacing("--out")
}

extension HingeTool {
    /// `--format` for commands whose output is rows: one vocabulary, `dat` by default.
    static let rowFormatOption = CommandSpec.Option(
        ["--format"], value: "format",
        help: "Rows as gnuplot-ready dat, csv, JSON Lines, or a trace CSV hingetool reads back.",
        default: RowWriter.Format.dat.rawValue, allowed: RowWriter.Format.allCases.map(\.rawValue))

    /// `--format` for commands whose output is a report: `text` by default.
    static let reportFormatOption = CommandSpec.Option(
        ["--format"], value: "format", help: "The report as text, JSON or a Markdown table.",
        default: ReportFormat.text.rawValue, allowed: ReportFormat.allCases.map(\.rawValue))

    /// `-q, --quiet`: no warnings on standard error (errors still print), for the commands that
    /// warn about a trace they read without error.
    static let quietOption = CommandSpec.Option(
        ["-q", "--quiet"], help: "Print no warnings about the input (errors still print).")

    /// The report formats.
    enum ReportFormat: String, CaseIterable, Sendable {
        case text, json, markdown
    }
}
