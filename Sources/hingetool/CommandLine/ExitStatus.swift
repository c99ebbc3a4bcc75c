/// What each exit status means, in one table: `--help`, the man page and docs/hingetool.md
/// print it.
enum ExitStatus {
    struct Entry: Sendable {
        var code: ExitCode
        var meaning: String
    }

    static let table: [Entry] = [
        Entry(code: .success, meaning: "success"),
        Entry(
            code: .failure,
            meaning:
                "a gate found something (a --strict or --fail-on check, where a command has one); nothing else exits 1"),
        Entry(code: .usage, meaning: "bad usage: unknown option, missing or invalid value, clashing options"),
        Entry(code: .dataError, meaning: "bad data: 'Error: file:line:column: message'"),
        Entry(code: .noInput, meaning: "missing input: the trace cannot be opened or read"),
        Entry(
            code: .ioError,
            meaning: "an I/O failure: an output cannot be written, a folder created, or gnuplot or ffmpeg run"),
    ]
}
