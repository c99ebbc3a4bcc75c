/// The declarative shape of a command: what `--help` prints and what the parser accepts.
struct CommandSpec: Sendable {
    struct Option: Sendable {
        /// Spellings, short first: `["-o", "--output"]`.
        var names: [String]
        /// The placeholder for the option's value, e.g. `file`; `nil` for a flag.
        var valueName: String?
        var help: String
        var defaultValue: String?
        /// The only values accepted, when the option takes one of a few words.
        var allowedValues: [String]?

        init(
            _ names: [String], value valueName: String? = nil, help: String, default defaultValue: String? = nil,
            allowed allowedValues: [String]? = nil
        ) {
            self.names = names
            self.valueName = valueName
            self.help = help
            self.defaultValue = defaultValue
            self.allowedValues = allowedValues
        }

        /// The option's key in ``ParsedArguments``: its long name without dashes.
        var key: String { String((names.last ?? "").drop { $0 == "-" }) }
        var longName: String { names.last ?? "" }

        /// `--format <format>` or `-o, --output <file>`.
        var label: String {
            names.joined(separator: ", ") + (valueName.map { " <\($0)>" } ?? "")
        }

        /// The form used in usage lines and error messages: `--format <format>`.
        var synopsis: String { longName + (valueName.map { " <\($0)>" } ?? "") }
    }

    struct Argument: Sendable {
        var name: String
        var help: String
        var isOptional: Bool
        /// The last argument may repeat: `<trace> ...`.
        var isRepeating: Bool

        init(_ name: String, help: String, optional: Bool = false, repeating: Bool = false) {
            self.name = name
            self.help = help
            self.isOptional = optional
            self.isRepeating = repeating
        }
    }

    var name: String
    var abstract: String
    var discussion: String?
    var arguments: [Argument] = []
    var options: [Option] = []
    var subcommands: [CommandSpec] = []
    /// Lines that replace the generated synopsis, for commands whose options form groups:
    /// the first follows `USAGE: command`, the rest are printed as written.
    var usageOverride: [String]?

    static let helpOption = Option(["-h", "--help"], help: "Show help information.")

    /// The options the parser accepts: the command's own and `-h/--help`.
    var allOptions: [Option] { options + [Self.helpOption] }

    func option(named name: String) -> Option? { allOptions.first { $0.names.contains(name) } }
}
