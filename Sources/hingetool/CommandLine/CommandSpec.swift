import HingeKit

/// The declarative shape of a command: what `--help`, the man page and the shell completions
/// print, and what the parser accepts.
struct CommandSpec: Sendable {
    /// One option, declared once: its spellings, value kind (type, allowed values, range),
    /// default and help. Adding an option to a command is adding one of these to its list.
    struct Option: Sendable {
        /// Spellings, short first: `["-o", "--output"]`.
        var names: [String]
        /// The placeholder for the option's value, e.g. `file`; `nil` for a flag.
        var valueName: String?
        var help: String
        /// The value the command reads when the option is not given, as it would be typed.
        var defaultValue: String?
        /// What the default is when it is not one value (`until settled`), for `--help`.
        var defaultNote: String?
        /// The value's type, allowed values and valid range.
        var kind: ValueKind
        /// What each word of a ``ValueKind/choice(_:)`` or ``ValueKind/wordList(_:)`` means (from
        /// the choice's ``OptionChoice/help``): zsh's completion shows it beside the word.
        var wordHelp: [String: String] = [:]
        /// The command cannot run without it (unless a ``isStandalone`` flag is given).
        var isRequired = false
        /// A flag that makes the command do something else entirely (`--list`): required
        /// arguments and options are then not asked for.
        var isStandalone = false
        /// Left out of `--help`, the man page and the completions (kept for old scripts).
        var isHidden = false
        /// Old spellings still accepted for one release, each with a deprecation note.
        var deprecatedNames: [String] = []
        /// Old values still accepted for one release (old → new), each with a deprecation note.
        var deprecatedValues: [String: String] = [:]
        /// May be given several times (`--ignore A --ignore B`); the command reads every value
        /// with ``ParsedArguments/values(_:)``.
        var isRepeatable = false

        /// This option, accepted several times.
        func repeatable() -> Option {
            var option = self
            option.isRepeatable = true
            return option
        }

        /// An option whose value is text, a file, a folder or one of `allowed` words (a
        /// ``ValueKind/choice(_:)``), or a flag when `valueName` is `nil`.
        init(
            _ names: [String], value valueName: String? = nil, kind: ValueKind? = nil, help: String,
            default defaultValue: String? = nil, allowed allowedValues: [String]? = nil, required: Bool = false
        ) {
            self.names = names
            self.valueName = valueName
            self.help = help
            self.defaultValue = defaultValue
            self.isRequired = required
            if let kind {
                self.kind = kind
            } else if let allowedValues {
                self.kind = .choice(allowedValues)
            } else {
                self.kind = valueName == nil ? .flag : .text
            }
        }

        /// A decimal option inside `range` (and `words`, e.g. `inf`), with a default from the
        /// library where it has one.
        init(
            _ names: [String], value valueName: String, help: String, in range: ClosedRange<Double>,
            default defaultValue: Double? = nil, words: [String] = [], required: Bool = false
        ) {
            self.init(
                names, value: valueName, kind: .number(range, words: words), help: help,
                default: defaultValue.map(DecimalNumber.shortest), required: required)
        }

        /// A whole-number option inside `range`.
        init(
            _ names: [String], value valueName: String, help: String, whole range: ClosedRange<UInt64>,
            default defaultValue: UInt64? = nil
        ) {
            self.init(
                names, value: valueName, kind: .wholeNumber(range), help: help, default: defaultValue.map(String.init))
        }

        /// The option's key in ``ParsedArguments``: its long name without dashes.
        var key: String { String((names.last ?? "").drop { $0 == "-" }) }
        var longName: String { names.last ?? "" }

        /// The only values accepted, when the option takes one of a few words.
        var allowedValues: [String]? { kind.choices }

        /// `--format <format>` or `-o, --output <file>`.
        var label: String {
            names.joined(separator: ", ") + (valueName.map { " <\($0)>" } ?? "")
        }

        /// The form used in usage lines and error messages: `--format <format>`.
        var synopsis: String { longName + (valueName.map { " <\($0)>" } ?? "") }

        /// The help text with what the declaration adds: the allowed values or the range, and
        /// the default: `Rows per second. (0.001…1000000; default: 120)`.
        var fullHelp: String {
            var notes: [String] = []
            if let choices = kind.choices {
                notes.append("values: " + choices.joined(separator: ", "))
            } else if case .wordList(let words) = kind {
                notes.append("comma-separated, of: " + words.joined(separator: ", "))
            } else if let range = kind.rangeDescription {
                notes.append(range)
            }
            if let shown = defaultValue ?? defaultNote { notes.append("default: " + shown) }
            if isRequired { notes.append("required") }
            if isRepeatable { notes.append("repeatable") }
            return notes.isEmpty ? help : help + " (" + notes.joined(separator: "; ") + ")"
        }

        /// This option with another default, for a command that reads it differently
        /// (`plot reading` reads at 120 Hz where `read` has a row per sample).
        func defaulting(to value: Double) -> Option {
            var option = self
            option.defaultValue = DecimalNumber.shortest(value)
            option.defaultNote = nil
            return option
        }

        /// This option with another default, as typed (a folder, a word).
        func defaulting(to value: String) -> Option {
            var option = self
            option.defaultValue = value
            option.defaultNote = nil
            return option
        }

        /// This option with a default that is not one value, described in words.
        func defaulting(toNote note: String) -> Option {
            var option = self
            option.defaultNote = note
            return option
        }

        /// This option with another help text (the same type, range and default).
        func helped(_ text: String) -> Option {
            var option = self
            option.help = text
            return option
        }

        /// This option, required.
        func required() -> Option {
            var option = self
            option.isRequired = true
            return option
        }

        /// This option, a flag that stands alone (`--list`).
        func standalone() -> Option {
            var option = self
            option.isStandalone = true
            return option
        }

        /// This option, also accepted under `names` (hidden, with a deprecation note).
        func replacing(_ names: String...) -> Option {
            var option = self
            option.deprecatedNames += names
            return option
        }

        /// This option, also accepting the value `old` as `new` (hidden, with a deprecation note).
        func renamingValue(_ old: String, to new: String) -> Option {
            var option = self
            option.deprecatedValues[old] = new
            return option
        }
    }

    struct Argument: Sendable {
        var name: String
        var help: String
        var isOptional: Bool
        /// The last argument may repeat: `<trace> ...`.
        var isRepeating: Bool
        /// What the argument is, for completions (a file by default).
        var kind: ValueKind
        /// What each word of a ``ValueKind/choice(_:)`` means, for zsh's completion.
        var wordHelp: [String: String]

        init(
            _ name: String, help: String, optional: Bool = false, repeating: Bool = false,
            kind: ValueKind = .inputFile, wordHelp: [String: String] = [:]
        ) {
            self.name = name
            self.help = help
            self.isOptional = optional
            self.isRepeating = repeating
            self.kind = kind
            self.wordHelp = wordHelp
        }
    }

    var name: String
    var abstract: String
    var discussion: String?
    var arguments: [Argument] = []
    var options: [Option] = []
    var subcommands: [CommandSpec] = []
    /// Command lines a user types after the command's words, declared beside its options: the
    /// first is the one every hostile suite builds its attacks on, and every one must run
    /// (exit 0) from the package root. Paths are relative to the package root (`Datasets/…`);
    /// a file or folder the command writes is relative to where it runs.
    var examples: [[String]] = []
    /// Lines that replace the generated synopsis, for commands whose options form groups:
    /// the first follows `USAGE: command`, the rest are printed as written.
    var usageOverride: [String]?

    static let helpOption = Option(["-h", "--help"], help: "Show help information.")
    static let versionOption = Option(["--version"], help: "Show the version.")

    /// The options the parser accepts: the command's own, `--version` and `-h/--help`.
    var allOptions: [Option] { options + [Self.versionOption, Self.helpOption] }

    /// The options `--help`, the man page and the completions show.
    var visibleOptions: [Option] { allOptions.filter { !$0.isHidden } }

    /// The option spelled `name`, and whether that spelling is a deprecated one.
    func option(named name: String) -> Option? {
        allOptions.first { $0.names.contains(name) || $0.deprecatedNames.contains(name) }
    }
}
