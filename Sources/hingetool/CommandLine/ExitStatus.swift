/// What each exit status means, in one table: `--help`, the man page and docs/hingetool.md
/// print it.
enum ExitStatus {
    struct Entry: Sendable {
        var code: ExitCode
        var meaning: String
    }

    static let table: [Entry] = [
        Entry(code: .success, meaning: "success"),
        Entry(code: .failure, meaning: "failure (e.g. the output file cannot be written)"),
        Entry(code: .usage, meaning: "bad usage: unknown option, missing or invalid value, clashing options"),
        Entry(code: .dataError, meaning: "bad data: 'Error: file:line:column: message'"),
        Entry(code: .noInput, meaning: "missing input: the trace cannot be opened or read"),
    ]
}
