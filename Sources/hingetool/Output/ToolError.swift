import HingeKit
internal import HingeSupport

/// Why a subcommand stopped.
enum ToolError: Error {
    case usage(UsageError)
    /// Malformed input, printed as `file:line:column: message`.
    case data(String)
    case noInput(String)
    case failure(String)
    /// A gate found what it was asked to find (`film --fail-on`, `stats --strict`): the output is
    /// written, and the tool exits 1.
    case gate(String)

    var exitCode: ExitCode {
        switch self {
        case .usage: .usage
        case .data: .dataError
        case .noInput: .noInput
        case .failure: .ioError
        case .gate: .failure
        }
    }

    /// A usage mistake that is not in the command line's shape: one line and a pointer to `--help`.
    static func usage(_ message: String) -> ToolError { .usage(UsageError(message: message)) }

    /// A command line whose words do not fit the command (a missing argument or required
    /// option the parser cannot see): the message and the usage block.
    static func malformed(_ message: String) -> ToolError { .usage(.malformed(message)) }

    /// A trace problem: bad data (65), or an input that could not be read at all (66).
    static func trace(_ error: TraceError) -> ToolError {
        error.kind == .unreadable ? .noInput(error.description) : .data(error.description)
    }
}
