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
    static var outDirOption: CommandSpec.Option { Keys.outDir.option }
}

extension HingeTool {
    /// `--format` for commands whose output is rows: one vocabulary (docs/hingetool.md,
    /// "Output formats"), `formats` the ones the command can write, the first the default
    /// (`dat`, except for commands that write a trace).
    static func rowFormatOption(_ formats: [RowWriter.Format] = RowWriter.Format.allCases) -> CommandSpec.Option {
        formatOption(Keys.rowFormat, formats)
    }

    /// `--format` for commands whose output is a report: `text` by default; `formats` the ones
    /// the command can write.
    static func reportFormatOption(_ formats: [ReportFormat] = ReportFormat.allCases) -> CommandSpec.Option {
        formatOption(Keys.reportFormat, formats)
    }

    /// `key`'s declaration for a command that writes `formats`, the first its default, with the help
    /// naming them.
    private static func formatOption<Format: FormatChoice>(
        _ key: OptionKey<Format>, _ formats: [Format]
    ) -> CommandSpec.Option {
        let listed = formats.map(\.help)
        var option = key.option
        option.help =
            Format.lead + listed.dropLast().joined(separator: ", ") + (listed.count > 1 ? " or " : "")
            + (listed.last ?? "") + "."
        option.defaultValue = formats.first?.rawValue
        option.kind = .choice(formats.map(\.rawValue))
        option.wordHelp = Dictionary(uniqueKeysWithValues: formats.map { ($0.rawValue, $0.help) })
        return option
    }

    /// `-q, --quiet`: no warnings on standard error (errors still print), for the commands that
    /// warn about a trace they read without error.
    static var quietOption: CommandSpec.Option { Keys.quiet.option }

    /// The report formats.
    enum ReportFormat: String, FormatChoice {
        case text, json, markdown

        static let lead = "The report as "

        var help: String {
            switch self {
            case .text: "plain text"
            case .json: "JSON"
            case .markdown: "a Markdown table"
            }
        }
    }
}

/// A `--format` choice: its words and, for the help, what each is (`gnuplot-ready dat`).
protocol FormatChoice: OptionChoice {
    /// The words before the list in the help: `Rows as `.
    static var lead: String { get }
    /// What the format is, in the help's list.
    var help: String { get }
}
