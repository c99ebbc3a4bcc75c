import HingeKit

/// Options several commands share, declared once: their type, range and help come from here,
/// and a command only says what its default is when it has one.
extension HingeTool {
    /// `--rate`: rows (or grid points) per second. `read` and `unfold` print one row per sample
    /// without it; `animate`, `spring` and `plot reading` default to a 120 Hz display;
    /// `resample` and `smooth` require it.
    /// The one range every `--rate` accepts.
    static let rateRange: ClosedRange<Double> = 0.001...1_000_000

    static var rateOption: CommandSpec.Option { Keys.rate.option }

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
    /// `--format` for commands whose output is rows: one vocabulary (docs/hingetool.md,
    /// "Output formats"), `formats` the ones the command can write, the first the default
    /// (`dat`, except for commands that write a trace).
    static func rowFormatOption(_ formats: [RowWriter.Format] = RowWriter.Format.allCases) -> CommandSpec.Option {
        let words: [RowWriter.Format: String] = [
            .dat: "gnuplot-ready dat", .csv: "csv", .json: "JSON Lines", .trace: "a trace CSV hingetool reads back",
        ]
        let listed = formats.compactMap { words[$0] }
        let help = "Rows as " + listed.dropLast().joined(separator: ", ") + (listed.count > 1 ? " or " : "")
        return CommandSpec.Option(
            ["--format"], value: "format", help: help + (listed.last ?? "") + ".",
            default: formats.first?.rawValue, allowed: formats.map(\.rawValue))
    }

    /// `--format` for commands whose output is a report: `text` by default; `formats` the ones
    /// the command can write.
    static func reportFormatOption(_ formats: [ReportFormat] = ReportFormat.allCases) -> CommandSpec.Option {
        let words: [ReportFormat: String] = [.text: "text", .json: "JSON", .markdown: "a Markdown table"]
        let listed = formats.compactMap { words[$0] }
        let help = "The report as " + listed.dropLast().joined(separator: ", ") + (listed.count > 1 ? " or " : "")
        return CommandSpec.Option(
            ["--format"], value: "format", help: help + (listed.last ?? "") + ".", default: formats.first?.rawValue,
            allowed: formats.map(\.rawValue))
    }

    /// `-q, --quiet`: no warnings on standard error (errors still print), for the commands that
    /// warn about a trace they read without error.
    static var quietOption: CommandSpec.Option { Keys.quiet.option }

    /// The report formats.
    enum ReportFormat: String, OptionChoice {
        case text, json, markdown
    }
}
