import HingeKit

/// An option declared once, with the Swift type a command reads it as: its declaration
/// (spellings, value kind, default, help: what `--help`, the man page, the completions and the
/// parser use) and how its value is read. A command lists the key in its spec and reads
/// `arguments[key]`, typed; a key it did not declare is a failure of the command, not a `nil`.
///
/// ```swift
/// static let from = OptionKey(["--from"], value: "deg", help: "The first angle.", in: -1e6...1e6, default: 0)
/// let from = try arguments[from]   // Double
/// ```
struct OptionKey<Value: Sendable>: Sendable {
    /// The declaration the parser, `--help` and the completions read.
    var option: CommandSpec.Option
    fileprivate let read: @Sendable (ParsedArguments, CommandSpec.Option) throws(ToolError) -> Value

    fileprivate init(
        _ option: CommandSpec.Option,
        read: @escaping @Sendable (ParsedArguments, CommandSpec.Option) throws(ToolError) -> Value
    ) {
        self.option = option
        self.read = read
    }

    /// This key with another declaration of the same option (another default, help, a
    /// deprecated spelling): it reads the same way.
    func declared(_ change: (CommandSpec.Option) -> CommandSpec.Option) -> OptionKey {
        OptionKey(change(option), read: read)
    }

    /// This key with a default described in words.
    func defaulting(toNote note: String) -> OptionKey { declared { $0.defaulting(toNote: note) } }
    /// This key, a flag that stands alone (`--list`).
    func standalone() -> OptionKey { declared { $0.standalone() } }
    /// This key, also accepted under old spellings.
    func replacing(_ names: String...) -> OptionKey {
        declared { option in
            var option = option
            option.deprecatedNames += names
            return option
        }
    }
}

/// The choices of an option that takes one of a few words: each case carries its help (and,
/// where a plot names it, its legend), so a `switch` over them is exhaustive and a new choice
/// is one case — the allowed words, `--help` and the completions follow from `allCases`.
protocol OptionChoice: RawRepresentable<String>, CaseIterable, Sendable where AllCases == [Self] {
    /// What the word means, in a few words: zsh's completion shows it beside the word.
    var help: String { get }
}

extension OptionChoice {
    /// The words the option accepts, in declaration order.
    static var words: [String] { allCases.map(\.rawValue) }

    /// Each word's ``help``, for ``CommandSpec/Option/wordHelp``.
    static var wordHelp: [String: String] {
        Dictionary(uniqueKeysWithValues: allCases.map { ($0.rawValue, $0.help) })
    }
}

extension ParsedArguments {
    /// The value of `key`, typed: the one given or its declared default. Reading a key the
    /// command does not declare is a mistake in the command (exit 1 naming the option).
    subscript<Value>(key: OptionKey<Value>) -> Value {
        get throws(ToolError) {
            guard let declaration = declarations[key.option.key] else {
                throw .failure("'\(key.option.longName)' is read but not declared by the command")
            }
            return try key.read(self, declaration)
        }
    }

    /// The value of an optional key that this command declares with a default (`--rate` of
    /// `animate`): the one given or the default, never `nil`.
    func declared<Wrapped>(_ key: OptionKey<Wrapped?>) throws(ToolError) -> Wrapped {
        guard let value = try self[key] else {
            throw .failure("'\(key.option.longName)' has no value and no declared default")
        }
        return value
    }

    /// The value of `key` as it was typed (or its declared default), for a header that echoes it.
    func spelling<Value>(of key: OptionKey<Value>) -> String? { value(key.option.key) }

    /// Whether the option of `key` was given on the command line (a default does not count).
    func isGiven<Value>(_ key: OptionKey<Value>) -> Bool { has(key.option.key) }
}

// MARK: Declaring keys

extension OptionKey<Bool> {
    /// A flag: `true` when given.
    init(flag names: [String], help: String) {
        self.init(CommandSpec.Option(names, help: help)) { arguments, option in arguments.has(option.key) }
    }
}

extension OptionKey<Double> {
    /// A decimal option inside `range` (and `words`, e.g. `inf`) with a default.
    init(
        _ names: [String], value: String, help: String, in range: ClosedRange<Double>, default defaultValue: Double,
        words: [String] = [], required: Bool = false
    ) {
        self.init(
            CommandSpec.Option(
                names, value: value, help: help, in: range, default: defaultValue, words: words, required: required)
        ) { arguments, option throws(ToolError) in try HingeTool.declaredNumber(arguments, option.key) }
    }
}

extension OptionKey<Double?> {
    /// A decimal option inside `range` without a default: `nil` when not given.
    init(
        _ names: [String], value: String, help: String, in range: ClosedRange<Double>, words: [String] = [],
        required: Bool = false
    ) {
        self.init(CommandSpec.Option(names, value: value, help: help, in: range, words: words, required: required)) {
            arguments, option throws(ToolError) in try HingeTool.number(arguments, option.key)
        }
    }
}

extension OptionKey<Int> {
    /// A whole-number option inside `range` with a default.
    init(_ names: [String], value: String, help: String, whole range: ClosedRange<UInt64>, default defaultValue: UInt64)
    {
        self.init(CommandSpec.Option(names, value: value, help: help, whole: range, default: defaultValue)) {
            arguments, option throws(ToolError) in try HingeTool.declaredWholeNumber(arguments, option.key)
        }
    }
}

extension OptionKey<UInt64?> {
    /// A whole-number option inside `range` without a default: `nil` when not given.
    init(_ names: [String], value: String, help: String, whole range: ClosedRange<UInt64>) {
        self.init(CommandSpec.Option(names, value: value, help: help, whole: range)) {
            arguments, option throws(ToolError) in try HingeTool.unsignedInteger(arguments, option.key)
        }
    }
}

extension OptionKey<UInt64> {
    /// A whole-number option of any size (a seed) with a default.
    init(
        _ names: [String], value: String, help: String, anyWhole range: ClosedRange<UInt64>,
        default defaultValue: UInt64
    ) {
        self.init(CommandSpec.Option(names, value: value, help: help, whole: range, default: defaultValue)) {
            arguments, option throws(ToolError) in try HingeTool.declaredUnsignedInteger(arguments, option.key)
        }
    }
}

extension OptionKey<String> {
    /// One of `words`, a list a catalogue derives (the effects `animate` takes), with a default;
    /// `wordHelp` says what each word means.
    init(
        _ names: [String], value: String, help: String, default defaultValue: String, allowed words: [String],
        wordHelp: [String: String]
    ) {
        var option = CommandSpec.Option(names, value: value, help: help, default: defaultValue, allowed: words)
        option.wordHelp = wordHelp
        self.init(option) { arguments, option in arguments.declaredValue(option.key) }
    }
}

extension OptionKey {
    /// One of `cases`, spelled on the command line by `spelling` (a library enum whose raw
    /// values are not the words: `RampEffect.Easing.easeInOut` is `ease-in-out`) and described
    /// by `describe` (for zsh's completion), with a default.
    init(
        _ names: [String], value: String, help: String, default defaultValue: Value, among cases: [Value],
        spelledAs spelling: @escaping @Sendable (Value) -> String, describedAs describe: (Value) -> String
    ) {
        var declaration = CommandSpec.Option(
            names, value: value, help: help, default: spelling(defaultValue), allowed: cases.map(spelling))
        declaration.wordHelp = Dictionary(uniqueKeysWithValues: cases.map { (spelling($0), describe($0)) })
        self.init(declaration) { arguments, option throws(ToolError) in
            let text = arguments.declaredValue(option.key)
            guard let choice = cases.first(where: { spelling($0) == text }) else {
                throw .failure("'\(option.longName)' has the value '\(text)', which is none of its choices")
            }
            return choice
        }
    }
}

extension ParsedArguments {
    /// A command line that gives none of `options`: every read is its declared default (an
    /// effect built with its defaults where the command does not take its options).
    init(declaring options: [CommandSpec.Option]) {
        for option in options {
            defaults[option.key] = option.defaultValue
            declarations[option.key] = option
        }
    }
}

extension OptionKey<[String]> {
    /// An option that may be given several times (`--ignore A --ignore B`): every value, in order.
    init(repeatable names: [String], value: String, kind: ValueKind = .text, help: String) {
        self.init(CommandSpec.Option(names, value: value, kind: kind, help: help).repeatable()) {
            arguments, option in arguments.values(option.key)
        }
    }
}

extension OptionKey<String?> {
    /// An option whose value is text, a file or a folder (`kind`), `nil` when not given and
    /// without a default.
    init(_ names: [String], value: String, kind: ValueKind = .text, help: String, default defaultValue: String? = nil) {
        self.init(CommandSpec.Option(names, value: value, kind: kind, help: help, default: defaultValue)) {
            arguments, option in arguments.value(option.key)
        }
    }
}

extension OptionKey where Value: OptionChoice {
    /// One of the choice's words, with a default.
    init(_ names: [String], value: String, help: String, default defaultValue: Value) {
        self.init(
            choice: CommandSpec.Option(
                names, value: value, help: help, default: defaultValue.rawValue, allowed: Value.words))
    }

    /// One of the choice's words, declared as `option` (which allows only ``OptionChoice/words``
    /// and declares a default among them).
    private init(choice option: CommandSpec.Option) {
        var option = option
        option.wordHelp = Value.wordHelp
        self.init(option) { arguments, option throws(ToolError) in
            let text = arguments.declaredValue(option.key)
            guard let choice = Value(rawValue: text) else {
                throw .failure("'\(option.longName)' has the value '\(text)', which is none of its choices")
            }
            return choice
        }
    }
}

extension OptionKey {
    /// One of `Choice`'s words without a default: `nil` when not given.
    init<Choice: OptionChoice>(_ names: [String], value: String, help: String) where Value == Choice? {
        self.init(optional: CommandSpec.Option(names, value: value, help: help, allowed: Choice.words))
    }

    /// One of `Choice`'s words without a default, declared as `option` (which allows only
    /// ``OptionChoice/words``): `nil` when not given.
    private init<Choice: OptionChoice>(optional option: CommandSpec.Option) where Value == Choice? {
        var option = option
        option.wordHelp = Choice.wordHelp
        self.init(option) { arguments, option throws(ToolError) in
            guard let text = arguments.value(option.key) else { return nil }
            guard let choice = Choice(rawValue: text) else {
                throw .failure("'\(option.longName)' has the value '\(text)', which is none of its choices")
            }
            return choice
        }
    }
}
