internal import HingeSupport

/// `hingetool`: hinge traces in, gnuplot-ready curves and reports out.
@main
struct HingeTool {
    static let name = "hingetool"
    static let version = "0.1.0"

    static var subcommands: [any Subcommand.Type] {
        [
            Stats.self, Synth.self, Read.self, Score.self, Resample.self, Smooth.self, Spring.self, Animate.self,
            Curve.self, Poses.self, FoldRender.self, Preview.self, Film.self, SynthFilm.self, Plot.self, Demo.self,
            Unfold.self,
            Posture.self, Import.self,
        ]
    }

    static var spec: CommandSpec {
        CommandSpec(
            name: name,
            abstract: "Read hinge traces from foldable phones, and print curves and reports.",
            discussion: """
                Every subcommand reads a trace CSV from a path (a regular file: a FIFO, a device \
                or a folder is refused) or '-' (standard input) and \
                writes to standard output or to '-o FILE' (replaced atomically). Data output is \
                gnuplot-ready: '#' comment lines, whitespace-separated columns, two blank lines \
                between series.
                """,
            options: [
                completionShell.option, generateManual.option,
            ],
            subcommands: subcommands.map { $0.spec } + [helpSpec])
    }

    static let helpSpec = CommandSpec(
        name: "help", abstract: "Show help for a subcommand.",
        arguments: [
            CommandSpec.Argument(
                "subcommand", help: "The subcommand to explain.", optional: true, kind: .text)
        ])

    static func main() {
        StandardOutput.prepareProcess()
        let status = run(arguments(CommandLine.argc, CommandLine.unsafeArgv), context: .standard)
        exit(status)
    }

    /// The arguments after the program name, as the bytes the user gave (``FileName``).
    ///
    /// Swift's `CommandLine.arguments` reads them as UTF-8 text and replaces a byte that is
    /// not (`caf\xE9.csv`, a Latin-1 name) with U+FFFD: the tool then looked for, or wrote, a
    /// name the user never gave (`-o $'out\xe9.txt'` wrote `out\xEF\xBF\xBD.txt` and exited
    /// 0, issue 32). Decoded here, such a byte reaches the file system as itself and messages
    /// as `\xE9`.
    static func arguments(_ count: Int32, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>) -> [String] {
        (1..<max(1, Int(count))).compactMap { index in argv[index].map { FileName.decode(cString: $0) } }
    }

    /// Runs the tool on `arguments` (without the program name) and returns the exit status.
    static func run(_ arguments: [String], context: ToolContext) -> Int32 {
        guard let first = arguments.first else {
            context.write(HelpFormatter.help(for: spec, path: [name]))
            return ExitCode.success.rawValue
        }
        switch first {
        case "-h", "--help":
            context.write(HelpFormatter.help(for: spec, path: [name]))
            return ExitCode.success.rawValue
        case "--version":
            return printVersion(context)
        case "--list-subcommands":
            // Hidden: what scripts/cli-reference.sh and the tests document, from `subcommands`.
            context.write(subcommandPaths().map { $0.joined(separator: " ") + "\n" }.joined())
            return ExitCode.success.rawValue
        case "--list-exit-statuses":
            // Hidden: the exit table of docs/hingetool.md, from ExitStatus.table.
            context.write(ExitStatus.table.map { "\($0.code.rawValue)\t\($0.meaning)\n" }.joined())
            return ExitCode.success.rawValue
        case "help":
            return help(Array(arguments.dropFirst()), context: context)
        case "--generate-completion-script", "--generate-manual":
            return generate(arguments, context: context)
        default:
            break
        }
        return dispatch(arguments, among: subcommands, group: spec, path: [name], context: context)
    }

    /// Every subcommand as the words that run it, groups before their members, in the order of
    /// ``subcommands``: `["stats"]`, …, `["plot"]`, `["plot", "trace"]`, ….
    static func subcommandPaths() -> [[String]] { catalogue.dropFirst().map(\.path) }

    /// Finds the subcommand named by `arguments[0]` among `commands`, and runs it (or, for a
    /// group, dispatches again one level down).
    private static func dispatch(
        _ arguments: [String], among commands: [any Subcommand.Type], group: CommandSpec, path: [String],
        context: ToolContext
    ) -> Int32 {
        let first = arguments.first ?? ""
        guard let command = commands.first(where: { $0.spec.name == first }) else {
            let shown = Echo.quoted(first)
            var message = first.hasPrefix("-") ? "Unknown option '\(shown)'" : "Unknown subcommand '\(shown)'"
            if let suggestion = ArgumentParser.closest(to: first, among: group.subcommands.map(\.name)) {
                message += ". Did you mean '\(suggestion)'?"
            }
            return report(.malformed(message), spec: group, path: path, context: context)
        }
        let path = path + [command.spec.name]
        let rest = Array(arguments.dropFirst())
        if !command.subcommands.isEmpty {
            if rest.first == "--version" { return printVersion(context) }
            guard let next = rest.first, next != "-h", next != "--help" else {
                context.write(HelpFormatter.help(for: command.spec, path: path))
                return ExitCode.success.rawValue
            }
            return dispatch(rest, among: command.subcommands, group: command.spec, path: path, context: context)
        }
        do throws(ToolError) {
            let parsed: ParsedArguments
            do {
                parsed = try ArgumentParser.parse(rest, for: command.spec)
            } catch {
                throw ToolError.usage(error)
            }
            if parsed.wantsHelp {
                context.write(HelpFormatter.help(for: command.spec, path: path))
                return ExitCode.success.rawValue
            }
            if parsed.wantsVersion { return printVersion(context) }
            var context = context
            context.showsWarnings = !parsed.isGiven(Keys.quiet)
            for note in parsed.deprecations { context.writeError(note + "\n") }
            let record = RunRecord()
            record.register(arguments: parsed, spec: command.spec)
            try record.run { () throws(ToolError) in try command.run(parsed, context: context) }
            return ExitCode.success.rawValue
        } catch {
            switch error {
            case .usage(let usage):
                return report(usage, spec: command.spec, path: path, context: context)
            case .data(let message), .noInput(let message), .failure(let message), .gate(let message):
                context.writeError("Error: \(message)\n")
                return error.exitCode.rawValue
            }
        }
    }

    static let completionShell = OptionKey<CompletionScript.Shell?>(
        ["--generate-completion-script"], value: "shell",
        help: "Print the completion script for a shell (see 'make install').")
    static let generateManual = OptionKey(
        flag: ["--generate-manual"], help: "Print the man page, hingetool(1), in roff.")

    /// `--generate-completion-script SHELL` and `--generate-manual`, parsed as the root's options.
    private static func generate(_ arguments: [String], context: ToolContext) -> Int32 {
        let parsed: ParsedArguments
        do {
            parsed = try ArgumentParser.parse(arguments, for: spec)
        } catch {
            return report(error, spec: spec, path: [name], context: context)
        }
        // The parser has checked the shell's name against the choices, so the read cannot fail.
        if let shell = (try? parsed[completionShell]) ?? nil {
            context.write(CompletionScript.script(for: shell))
        } else if parsed.isGiven(generateManual) {
            context.write(ManualPage.page())
        }
        return ExitCode.success.rawValue
    }

    /// `--version`, on the tool and every subcommand: the one version, ``version``.
    private static func printVersion(_ context: ToolContext) -> Int32 {
        context.write(version + "\n")
        return ExitCode.success.rawValue
    }

    /// `hingetool help [SUBCOMMAND [KIND]]`: the same text as `--help`. Every word the
    /// completions offer after `help` is taken: `help help` explains `help`, and a value of the
    /// command's leading choice arguments (`help import logcat`) shows that command's help, as
    /// `import logcat --help` does.
    private static func help(_ arguments: [String], context: ToolContext) -> Int32 {
        var commands = subcommands
        var group = spec
        var path = [name]
        var choices: [CommandSpec.Argument] = []
        for word in arguments {
            if path.count == 1, word == helpSpec.name {
                group = helpSpec
                path.append(word)
                commands = []
                continue
            }
            if let command = commands.first(where: { $0.spec.name == word }) {
                group = command.spec
                path.append(word)
                commands = command.subcommands
                choices = Array(group.arguments.prefix { $0.kind.choices != nil })
                continue
            }
            if let argument = choices.first, let allowed = argument.kind.choices, allowed.contains(word) {
                choices.removeFirst()
                commands = []
                continue
            }
            let candidates = commands.map { $0.spec.name } + (choices.first?.kind.choices ?? [])
            var message = "Unknown subcommand '\(Echo.quoted(word))'"
            if let suggestion = ArgumentParser.closest(to: word, among: candidates) {
                message += ". Did you mean '\(suggestion)'?"
            }
            return report(.malformed(message), spec: group, path: path, context: context)
        }
        context.write(HelpFormatter.help(for: group, path: path))
        return ExitCode.success.rawValue
    }

    /// `Error: …` and where to find help, on standard error; exit 64. A malformed command
    /// line (``UsageError/isMalformed``) also gets the usage block, between the two; any other
    /// mistake keeps to its one line (docs/hingetool.md, "Errors").
    private static func report(
        _ error: UsageError, spec: CommandSpec, path: [String], context: ToolContext
    )
        -> Int32
    {
        let command = path.joined(separator: " ")
        guard error.isMalformed else {
            context.writeError("Error: \(error.message)\nSee '\(command) --help'.\n")
            return ExitCode.usage.rawValue
        }
        let usage = HelpFormatter.usage(for: spec, path: path).replacing("USAGE:", with: "Usage:", maxReplacements: 1)
        context.writeError("Error: \(error.message)\n\(usage)\n  See '\(command) --help' for more information.\n")
        return ExitCode.usage.rawValue
    }
}
