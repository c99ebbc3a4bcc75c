/// Every command with its declarations, for what is generated from them: the shell
/// completions, the man page, docs/hingetool.md and the hostile test suite.
extension HingeTool {
    /// One runnable command or group: the words that run it and its spec.
    struct CatalogueEntry: Sendable {
        /// `["plot", "reading"]`; empty for the tool itself.
        var path: [String]
        var spec: CommandSpec
        /// Whether it only groups other commands (`plot`).
        var isGroup: Bool { !spec.subcommands.isEmpty }
    }

    /// The tool, then every subcommand in the order of ``subcommands``, groups before their
    /// members.
    static var catalogue: [CatalogueEntry] {
        func entries(_ commands: [any Subcommand.Type], under prefix: [String]) -> [CatalogueEntry] {
            commands.flatMap { command in
                let path = prefix + [command.spec.name]
                return [CatalogueEntry(path: path, spec: command.spec)] + entries(command.subcommands, under: path)
            }
        }
        return [CatalogueEntry(path: [], spec: spec)] + entries(subcommands, under: [])
    }
}
