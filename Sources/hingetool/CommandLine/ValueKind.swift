import HingeKit
internal import HingeSupport

/// What an option's value is: the one place its type, allowed values and valid range are
/// declared. The parser checks a value against it before any command runs, `--help` and the
/// man page print it, and the shell completions offer what it allows.
enum ValueKind: Sendable, Equatable {
    /// No value: the option is a flag.
    case flag
    /// A plain decimal number (no `nan`, `inf` or hex) inside the range, or one of `words`
    /// (`--coarse-step inf`).
    case number(ClosedRange<Double>, words: [String] = [])
    /// A whole number inside the range.
    case wholeNumber(ClosedRange<UInt64>)
    /// One of a few words.
    case choice([String])
    /// One or more of a few words, separated by commas (`--fail-on cut,blank-frame`).
    case wordList([String])
    /// A file read (a trace, an image; `-` is standard input where the command says so): a
    /// regular file, which ``ToolContext/openInput(_:limit:)`` checks before opening it.
    case inputFile
    /// A file or a folder read (`film`'s video or frame folder).
    case inputFileOrFolder
    /// A file written (`-` is standard output).
    case outputFile
    /// A folder.
    case directory
    /// Free text with a shape the command checks (a list of angles, `t:name`).
    case text

    /// Whether the value is typed freely (a number or text, not a path or one of a list): what
    /// the hostile suite feeds NaN, infinities and garbage.
    var takesFreeValue: Bool {
        switch self {
        case .number, .wholeNumber, .wordList, .text: true
        case .flag, .choice, .inputFile, .inputFileOrFolder, .outputFile, .directory: false
        }
    }

    /// Whether the value names something the command reads (a file, or a file or folder).
    var isInput: Bool { self == .inputFile || self == .inputFileOrFolder }

    /// The words of a ``choice``, or `nil`.
    var choices: [String]? {
        if case .choice(let words) = self { return words }
        return nil
    }

    /// The words of a ``choice`` or a ``wordList``: what the completions offer.
    var words: [String]? {
        switch self {
        case .choice(let words), .wordList(let words): words
        default: nil
        }
    }

    /// The range in words for `--help`: `0.001…100000`, `1…2^40`, or `nil` when the kind has none.
    var rangeDescription: String? {
        switch self {
        case .number(let range, let words):
            let bounds = Self.describe(range)
            return words.isEmpty ? bounds : bounds + " or " + words.joined(separator: ", ")
        case .wholeNumber(let range):
            return "\(Self.describe(range.lowerBound))…\(Self.describe(range.upperBound))"
        default:
            return nil
        }
    }

    /// Checks `value` for the option `name` (e.g. `--rate`); the messages name the option and
    /// what it expects (``notOneOf(_:in:option:choices:list:)`` for a word outside its choices).
    func check(_ value: String, option name: String) throws(UsageError) {
        switch self {
        case .number(let range, let words):
            if words.contains(value) { return }
            guard DecimalNumber.isPlainDecimal(value.utf8), let number = Double(value), number.isFinite else {
                throw UsageError(
                    message: "The value '\(Echo.quoted(value))' is invalid for '\(name)': expected a number")
            }
            guard range.contains(number) else {
                throw UsageError(
                    message: "The value '\(Echo.quoted(value))' is invalid for '\(name)': expected "
                        + (rangeDescription ?? ""))
            }
        case .wholeNumber(let range):
            guard let number = UInt64(value), range.contains(number) else {
                throw UsageError(
                    message: "The value '\(Echo.quoted(value))' is invalid for '\(name)': expected a whole number "
                        + (rangeDescription ?? ""))
            }
        case .choice(let words):
            guard !words.contains(value) else { return }
            throw UsageError(message: Self.notOneOf(value, option: name, choices: words))
        case .wordList(let words):
            for word in value.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            where !words.contains(word) {
                throw UsageError(message: Self.notOneOf(word, in: value, option: name, choices: words, list: true))
            }
        case .flag, .inputFile, .inputFileOrFolder, .outputFile, .directory, .text:
            return
        }
    }

    /// The one wording of a value outside its choices, for every option and argument that
    /// takes one of a few words: `--format: 'xml' is not one of text, json. Did you mean
    /// 'text'?`; for a comma-separated list (`list`), the word that is not, and the list when
    /// it holds more: `--fail-on: 'nonsense' (in 'cut,nonsense') is not one of …; give one or
    /// more, separated by commas`. `option` is the option's name or the argument's `<name>`.
    static func notOneOf(
        _ word: String, in value: String? = nil, option: String, choices: [String], list: Bool = false
    ) -> String {
        var message = "\(option): '\(Echo.quoted(word))'"
        if let value, value != word { message += " (in '\(Echo.quoted(value))')" }
        message += " is not one of " + choices.joined(separator: ", ")
        if list { message += "; give one or more, separated by commas" }
        message += "."
        if let suggestion = ArgumentParser.closest(to: word, among: choices) {
            message += " Did you mean '\(suggestion)'?"
        }
        return message
    }

    private static func describe(_ range: ClosedRange<Double>) -> String {
        let full = Double.greatestFiniteMagnitude
        if range.lowerBound == -full, range.upperBound == full { return "any finite number" }
        return "\(DecimalNumber.shortest(range.lowerBound))…\(DecimalNumber.shortest(range.upperBound))"
    }

    /// `2^40` for powers of two past a million, the digits otherwise.
    private static func describe(_ bound: UInt64) -> String {
        if bound > 1_000_000, bound & (bound - 1) == 0 { return "2^\(bound.trailingZeroBitCount)" }
        if bound == .max { return "2^64-1" }
        return String(bound)
    }
}
