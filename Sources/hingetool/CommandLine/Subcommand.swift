internal import HingeSupport

/// A subcommand of `hingetool`: its help and what it does.
protocol Subcommand {
    static var spec: CommandSpec { get }
    /// Nested subcommands, for a command group such as `plot`; empty for a plain command.
    static var subcommands: [any Subcommand.Type] { get }
    static func run(_ arguments: ParsedArguments, context: ToolContext) throws(ToolError)
}

extension Subcommand {
    static var subcommands: [any Subcommand.Type] { [] }
}
