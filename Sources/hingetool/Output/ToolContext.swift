import HingeKit
internal import HingeSupport

/// Where a command's input comes from and its output goes, so tests can run the tool in
/// process.
struct ToolContext {
    /// Standard output: bytes, passed on as they are (``ByteSink``).
    var output: ByteSink
    var writeError: (String) -> Void
    var openStandardInput: () throws(FileByteSource.FileError) -> any TraceByteSource
    /// Progress for long work; the standard context shows it only when standard error is a
    /// terminal, so logs and pipes stay quiet.
    var progress: (String) -> Void = { _ in }
    /// Whether ``warn(_:reader:)`` prints (`--quiet` turns it off; errors always print).
    var showsWarnings = true

    static var standard: ToolContext {
        var context = ToolContext(
            output: ByteSink(StandardOutput.write),
            writeError: { text in _ = writeAll(text, to: 2) },
            openStandardInput: { () throws(FileByteSource.FileError) in try FileByteSource.standardInput() })
        if isatty(2) != 0 { context.progress = { text in _ = writeAll(text, to: 2) } }
        return context
    }

    /// How messages name an input: `<stdin>` for `-`, the path as given otherwise (the name
    /// the trace reader uses too, so every message about standard input says the same).
    /// The name goes through the echo rule (control characters and backslashes escaped, not
    /// cut): a newline or an escape sequence in a file name never reaches a terminal or a `#`
    /// line raw, whichever message or reader error carries it.
    static func displayName(_ path: String) -> String { path == "-" ? "<stdin>" : Echo.comment(path) }

    /// Opens an input named on the command line for reading: `-` is standard input, anything
    /// else goes through ``InputFile`` (a regular file, checked before it is opened; a FIFO, a
    /// device, a socket or a folder is refused with exit 66) and is registered with the run's
    /// ``RunRecord``. Every command's inputs come through here (`openTrace`, `readAll`), so a
    /// new command gets the checks without asking for them.
    /// - Parameter limit: the most bytes read (`--max-bytes`); `nil` for a stream read row by row.
    func openInput(_ path: String, limit: Int? = nil) throws(ToolError) -> any TraceByteSource {
        guard path != "-" else {
            do {
                let source = try openStandardInput()
                return limit.map { LimitedSource(source, limit: $0) } ?? source
            } catch {
                throw .noInput("cannot open '<stdin>': \(error.reason)")
            }
        }
        RunRecord.current?.register(input: path)
        return try InputFile(path, limit: limit)
    }

    /// Checks a path a command hands to another program or walks itself (`film`'s video or frame
    /// folder): a regular file, or with `folders` a folder; refused like ``openInput(_:limit:)``
    /// refuses, and registered as an input.
    @discardableResult
    func checkInput(_ path: String, folders: Bool) throws(ToolError) -> InputFile.Kind {
        let kind = try InputFile.check(path, folders: folders)
        RunRecord.current?.register(input: path)
        return kind
    }

    /// Opens a trace named on the command line; `-` is standard input (see ``openInput(_:limit:)``).
    func openTrace(_ path: String, options: TraceReadOptions = .init()) throws(ToolError) -> TraceReader {
        TraceReader(
            source: try openInput(path), fileName: Self.displayName(path), options: options)
    }

    /// Reads all of a file named on the command line; `-` is standard input. A file already
    /// longer than `limit` is refused before a byte is read; a stream stops as soon as more than
    /// `limit` bytes have arrived (so an endless pipe costs `limit` bytes of memory, not all of
    /// it), with a data error naming the limit.
    func readAll(_ path: String, limit: Int = HingeTool.defaultMaxBytes) throws(ToolError) -> [UInt8] {
        var source = try openInput(path, limit: limit)
        // A regular file's size is known: one allocation of that size, not a doubling array.
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min((source as? InputFile)?.size ?? 0, limit) + 1)
        var buffer = [UInt8](repeating: 0, count: 65_536)
        do {
            while true {
                let count = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
                if count == 0 { return bytes }
                bytes += buffer[..<count]
            }
        } catch {
            throw Self.readFailure(error, path: path)
        }
    }

    /// What a failed read of `path` reports: a ``ToolError`` as it is, anything else as a
    /// missing input (66) with the reason.
    private static func readFailure(_ error: any Error, path: String) -> ToolError {
        if let failure = error as? ToolError { return failure }
        let reason = (error as? FileByteSource.FileError)?.reason ?? "\(error)"
        return .noInput("cannot read '\(displayName(path))': \(reason)")
    }

    /// Hands each line of a file named on the command line (`-`: standard input) to `body` as it
    /// is read, with its number; see ``LineReader`` for the encodings and line ends. Nothing but
    /// the current line is held here: `body` returns the bytes it holds itself (the rows it
    /// keeps), and the run stops with a data error (65) naming `--max-bytes` once that and the
    /// current line pass `limit` — the limit counts what is held, not what streams through.
    func forEachLine(
        _ path: String, limit: Int, _ body: (Substring, Int) throws(ToolError) -> Int
    ) throws(ToolError) {
        let source = try openInput(path)
        var lines = LineReader(source, limit: limit) { limit in InputFile.heldTooMuch(path, limit: limit) }
        do {
            while let line = try lines.next() {
                lines.held = try body(line, lines.number)
                if lines.held > limit { throw InputFile.heldTooMuch(path, limit: limit) }
            }
        } catch {
            throw Self.readFailure(error, path: path)
        }
    }

    /// Prints on standard error what ``TracePlausibility`` finds odd in a trace that was read
    /// without error, as `file: warning: message`; the command still succeeds.
    func warn(_ plausibility: TracePlausibility, reader: TraceReader) {
        guard showsWarnings, let columns = reader.columns else { return }
        for warning in plausibility.warnings(for: columns) {
            writeError("\(reader.fileName ?? "<stdin>"): warning: \(warning)\n")
        }
    }

    /// Reports on standard error the rows `--skip-bad-rows` left out, as `stats` lists them:
    /// the count, then the first errors (``TraceReadOptions/retainedErrorLimit``) and how
    /// many more there were. Silent when nothing was skipped.
    func reportSkipped(_ reader: TraceReader) {
        let summary = reader.summary
        guard summary.skippedRows > 0 else { return }
        let name = reader.fileName ?? "<stdin>"
        var text = "\(name): skipped \(summary.skippedRows) malformed row\(summary.skippedRows == 1 ? "" : "s")\n"
        for error in summary.skippedErrors { text += "skipped: \(error)\n" }
        if summary.skippedRows > summary.skippedErrors.count {
            text += "skipped: … and \(summary.skippedRows - summary.skippedErrors.count) more\n"
        }
        writeError(text)
    }

    /// Writes `text` to standard output as UTF-8.
    func write(_ text: String) { output.write(text) }

    /// Writes `text` to standard output, or atomically to `path` (see ``OutputWriter``).
    func emit(_ text: String, to path: String?) throws(ToolError) {
        let output = try OutputWriter(path: path, context: self)
        output.write(text)
        try output.commit()
    }
}

/// Writes all of `text` to a file descriptor, retrying short writes and interruptions.
func writeAll(_ text: String, to descriptor: Int32) -> Bool {
    var text = text
    return text.withUTF8 { bytes in writeAll(bytes, to: descriptor) }
}

/// Writes all of `bytes` to a file descriptor, retrying short writes and interruptions.
func writeAll(_ bytes: UnsafeBufferPointer<UInt8>, to descriptor: Int32) -> Bool {
    DescriptorIO.writeAll(descriptor, UnsafeRawBufferPointer(bytes))
}
