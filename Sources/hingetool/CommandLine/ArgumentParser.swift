import HingeKit
internal import HingeSupport

/// Parses arguments against a ``CommandSpec`` with swift-argument-parser's conventions:
/// `--name value`, `--name=value`, `-o value`, `--` ends the options, and a lone `-` is a
/// positional argument (standard input).
enum ArgumentParser {
    // Long: one pass over the words, the conventions in the order they apply; the checks that
    // stand alone (allowed values, positionals) are functions of their own.
    static func parse(_ arguments: [String], for spec: CommandSpec) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        for option in spec.options {
            parsed.defaults[option.key] = option.defaultValue
            parsed.declarations[option.key] = option
        }
        var index = 0
        var optionsEnded = false
        while index < arguments.count {
            let argument = arguments[index]
            index += 1
            guard !optionsEnded, argument.hasPrefix("-"), argument != "-" else {
                parsed.positionals.append(argument)
                continue
            }
            if argument == "--" {
                optionsEnded = true
                continue
            }
            var name = argument
            var inlineValue: String?
            if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
                name = String(argument[..<equals])
                inlineValue = String(argument[argument.index(after: equals)...])
            }
            guard let option = spec.option(named: name) else {
                if isNumber(argument), !spec.arguments.isEmpty {
                    parsed.positionals.append(argument)
                    continue
                }
                throw unknownOption(name, in: spec)
            }
            if option.key == "help" || option.key == "version" {
                if option.key == "help" { parsed.wantsHelp = true } else { parsed.wantsVersion = true }
                continue
            }
            if option.deprecatedNames.contains(name) {
                parsed.deprecations.append(
                    "warning: '\(name)' is deprecated and will be removed in the next minor release; "
                        + "use '\(option.longName)'")
            }
            guard let valueName = option.valueName else {
                if inlineValue != nil {
                    throw UsageError.malformed("The flag '\(option.longName)' does not take a value")
                }
                parsed.flags.insert(option.key)
                continue
            }
            var value: String
            if let inlineValue {
                value = inlineValue
            } else {
                // A value may start with '-' (a negative number, or '-' for stdin).
                guard index < arguments.count,
                    !arguments[index].hasPrefix("--") || isNumber(arguments[index])
                else { throw UsageError.malformed("Missing value for '\(option.longName) <\(valueName)>'") }
                value = arguments[index]
                index += 1
            }
            if let renamed = option.deprecatedValues[value] {
                parsed.deprecations.append(
                    "warning: '\(option.longName) \(value)' is deprecated and will be removed in the next minor "
                        + "release; use '\(option.longName) \(renamed)'")
                value = renamed
            }
            try option.kind.check(value, option: option.longName)
            if option.isRepeatable {
                parsed.repeated[option.key, default: []].append(value)
            } else if parsed.values[option.key] != nil {
                throw UsageError.malformed("'\(option.longName)' is given more than once")
            }
            parsed.values[option.key] = value
        }
        if parsed.wantsHelp || parsed.wantsVersion { return parsed }
        if spec.options.contains(where: { $0.isStandalone && parsed.flags.contains($0.key) }) { return parsed }
        try checkPositionals(parsed.positionals, for: spec)
        if let missing = spec.options.first(where: { $0.isRequired && parsed.values[$0.key] == nil }) {
            throw UsageError.malformed("Missing expected option '\(missing.synopsis)'")
        }
        return parsed
    }

    /// Throws when an argument the spec requires is missing, or one is left over.
    private static func checkPositionals(_ positionals: [String], for spec: CommandSpec) throws(UsageError) {
        let required = spec.arguments.filter { !$0.isOptional }.count
        if positionals.count < required {
            throw UsageError.malformed("Missing expected argument '<\(spec.arguments[positionals.count].name)>'")
        }
        if positionals.count > spec.arguments.count, spec.arguments.last?.isRepeating != true {
            throw UsageError.malformed("Unexpected argument '\(Echo.quoted(positionals[spec.arguments.count]))'")
        }
    }

    private static func isNumber(_ text: String) -> Bool {
        text.count > 1 && DecimalNumber.isPlainDecimal(text.utf8)
    }

    private static func unknownOption(_ name: String, in spec: CommandSpec) -> UsageError {
        var message = "Unknown option '\(Echo.quoted(name))'"
        if let suggestion = closest(to: name, among: spec.allOptions.flatMap(\.names)) {
            message += ". Did you mean '\(suggestion)'?"
        }
        return UsageError.malformed(message)
    }

    /// The candidate within edit distance 2 of `word` (or that `word` abbreviates), if any.
    static func closest(to word: String, among candidates: [String]) -> String? {
        // A word far longer than any candidate is no near miss; the distance would cost
        // its length × theirs (a 10 MB word would take minutes).
        guard word.utf8.count <= 256 else { return nil }
        let scored = candidates.map { ($0, editDistance(word, $0)) }
        if let best = scored.min(by: { $0.1 < $1.1 }), best.1 <= 2 { return best.0 }
        let prefixed = candidates.filter { $0.hasPrefix(word) && word.count >= 3 }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// Levenshtein distance, for "Did you mean" suggestions.
    static func editDistance(_ a: String, _ b: String) -> Int {
        let a = Array(a)
        let b = Array(b)
        var previous = Array(0...b.count)
        for (i, x) in a.enumerated() {
            var current = [i + 1] + Array(repeating: 0, count: b.count)
            for (j, y) in b.enumerated() {
                current[j + 1] = min(previous[j + 1] + 1, current[j] + 1, previous[j] + (x == y ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }

    /// `'a', 'b' and 'c'`.
    static func list(_ words: [String]) -> String {
        let quoted = words.map { "'\($0)'" }
        guard quoted.count > 1 else { return quoted.first ?? "" }
        return quoted.dropLast().joined(separator: ", ") + " and " + quoted[quoted.count - 1]
    }
}
