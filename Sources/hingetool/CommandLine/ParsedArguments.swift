import HingeKit

/// A command line after parsing: option values by key, flags, and positional arguments.
struct ParsedArguments: Sendable {
    /// The values given on the command line (the last, for a repeatable option).
    var values: [String: String] = [:]
    /// Every value of a repeatable option, in the order given.
    var repeated: [String: [String]] = [:]
    /// The declared defaults (``CommandSpec/Option/defaultValue``) of the options, which the
    /// parser fills in: the help text and the value a command reads come from one place.
    var defaults: [String: String] = [:]
    var flags: Set<String> = []
    var positionals: [String] = []
    var wantsHelp = false
    var wantsVersion = false
    /// The declarations of the command's options by key, for the typed accessors
    /// (``HingeTool/number(_:_:)``) to read the kind from.
    var declarations: [String: CommandSpec.Option] = [:]
    /// Notes for old spellings used (printed on standard error).
    var deprecations: [String] = []

    /// Every value given for a repeatable option, in order (none when it was not given).
    func values(_ key: String) -> [String] { repeated[key] ?? [] }
    /// The option's value: the one given, or else its declared default.
    func value(_ key: String) -> String? { values[key] ?? defaults[key] }
    /// The value of an option that declares a default: the one given, or the default (empty only
    /// if the option declares none, which a test of the command would show).
    func declaredValue(_ key: String) -> String { value(key) ?? "" }
    /// Whether the option was given (a default does not count).
    func has(_ key: String) -> Bool { flags.contains(key) || values[key] != nil }
}
