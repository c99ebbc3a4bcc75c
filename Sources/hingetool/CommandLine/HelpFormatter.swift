/// Renders `--help` the way swift-argument-parser does: OVERVIEW, USAGE, ARGUMENTS, OPTIONS,
/// EXAMPLES (the spec's) and SUBCOMMANDS, labels indented two spaces and help text from
/// column 26, wrapped at 80.
enum HelpFormatter {
    static let helpColumn = 26
    static let width = 80

    static func help(for spec: CommandSpec, path: [String]) -> String {
        let abstractWords = spec.abstract.split(separator: " ").map(String.init)
        var text =
            wrapText(abstractWords, first: "OVERVIEW:", indent: String(repeating: " ", count: 10), space: true) + "\n"
        if let discussion = spec.discussion {
            for paragraph in discussion.split(separator: "\n\n") {
                let words = paragraph.split(whereSeparator: { $0 == " " || $0 == "\n" }).map(String.init)
                text += "\n" + wrapText(words, first: "", indent: "") + "\n"
            }
        }
        text += "\n" + usage(for: spec, path: path) + "\n"
        if !spec.arguments.isEmpty {
            text += "\nARGUMENTS:\n"
            for argument in spec.arguments {
                // A choice lists its words, as an option's does (`import`: dumpsys, logcat).
                let choices = argument.kind.choices ?? []
                let listed = choices.allSatisfy { argument.help.contains($0) }
                let values = listed ? "" : " (values: " + choices.joined(separator: ", ") + ")"
                text += entry(label: "<\(argument.name)>", help: argument.help + values)
            }
        }
        text += "\nOPTIONS:\n"
        for option in spec.visibleOptions {
            text += entry(label: option.label, help: option.fullHelp)
        }
        let examples = exampleLines(for: spec, path: path)
        if !examples.isEmpty {
            text += "\nEXAMPLES:\n" + examples.map { "  " + $0 + "\n" }.joined()
        }
        if !spec.subcommands.isEmpty {
            text += "\nSUBCOMMANDS:\n"
            for subcommand in spec.subcommands {
                text += entry(label: subcommand.name, help: subcommand.abstract)
            }
            text += "\n  See '\(path.joined(separator: " ")) <subcommand> --help' for detailed help.\n"
        }
        return text
    }

    /// `USAGE: hingetool stats <trace> [--format <format>] [-o <file>]`, wrapped.
    static func usage(for spec: CommandSpec, path: [String]) -> String {
        let command = path.joined(separator: " ")
        if let lines = spec.usageOverride, let first = lines.first {
            // The first line follows the command; the others are written out in full, with
            // their own indentation, for usages that need a block (hingetool spring).
            return (["USAGE: \(command) \(first)"] + lines.dropFirst()).joined(separator: "\n")
        }
        var words: [String] = []
        if !spec.subcommands.isEmpty { words.append("<subcommand>") }
        for argument in spec.arguments {
            let word = "<\(argument.name)>" + (argument.isRepeating ? " ..." : "")
            words.append(argument.isOptional ? "[\(word)]" : word)
        }
        for option in spec.options where !option.isHidden {
            let short = option.names.count > 1 ? option.names[0] : option.longName
            let word = short + (option.valueName.map { " <\($0)>" } ?? "") + (option.isRepeatable ? " ..." : "")
            words.append(option.isRequired ? word : "[\(word)]")
        }
        let indent = String(repeating: " ", count: "USAGE: \(command) ".count)
        return wrap(words, first: "USAGE: \(command)", indent: indent)
    }

    /// The spec's examples as the lines a user types (``CommandSpec/examples``, each word as
    /// bash reads it), for `--help`'s EXAMPLES and the man page: a line longer than the help's
    /// width, with its two-space indent, goes on with ` \` and four more spaces.
    static func exampleLines(for spec: CommandSpec, path: [String]) -> [String] {
        spec.examples.flatMap { example in
            let words = path + example.map(ShellWord.quoted)
            var lines: [String] = []
            var line = ""
            for word in words {
                if !line.isEmpty, 2 + line.count + 1 + word.count + 2 > width {
                    lines.append(line + " \\")
                    line = "    " + word
                } else {
                    line += (line.isEmpty ? "" : " ") + word
                }
            }
            return lines + [line]
        }
    }

    private static func entry(label: String, help: String) -> String {
        let padded = "  " + label
        let helpIndent = String(repeating: " ", count: helpColumn)
        let words = help.split(separator: " ").map(String.init)
        if padded.count <= helpColumn - 2 {
            let start = padded + String(repeating: " ", count: helpColumn - padded.count)
            return wrapText(words, first: start, indent: helpIndent) + "\n"
        }
        return padded + "\n" + wrapText(words, first: helpIndent, indent: helpIndent) + "\n"
    }

    /// Joins `words` after `first`, breaking lines before `width`.
    private static func wrapText(_ words: [String], first: String, indent: String, space: Bool = false) -> String {
        var lines: [String] = []
        var line = first
        var lineHasWord = space
        for word in words {
            if lineHasWord, line.count + 1 + word.count > width - 1 {
                lines.append(line)
                line = indent
                lineHasWord = false
            }
            line += (lineHasWord ? " " : "") + word
            lineHasWord = true
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }

    private static func wrap(_ words: [String], first: String, indent: String) -> String {
        var lines: [String] = []
        var line = first
        for word in words {
            if line.count + 1 + word.count > width, line != first {
                lines.append(line)
                line = indent + word
            } else {
                line += " " + word
            }
        }
        lines.append(line)
        return lines.joined(separator: "\n")
    }
}
