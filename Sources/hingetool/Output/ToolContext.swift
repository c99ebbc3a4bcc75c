import HingeKit
internal import HingeSupport

/// Where a command's input comes from and its output goes, so tests can run the tool in
/// process.
struct ToolContext {
    var write: (String) -> Void
    var writeError: (String) -> Void
    var openStandardInput: () throws(FileByteSource.FileError) -> any TraceByteSource
    /// Progress for long work; the standard context shows it only when standard error is a
    /// terminal, so logs and pipes stay quiet.
    var progress: (String) -> Void = { _ in }
    /// Whether ``warn(_:reader:)`` prints (`--quiet` turns it off; errors always print).
    var showsWarnings = true

    static var standard: ToolContext {
        var context = ToolContext(
            write: StandardOutput.write,
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

    /// Opens a trace named on the command line; `-` is standard input.
    func openTrace(_ path: String, options: TraceReadOptions = .init()) throws(ToolError) -> TraceReader {
        do {
            if path == "-" {
                return TraceReader(source: try openStandardInput(), fileName: "<stdin>", options: options)
            }
            RunRecord.current?.register(input: path)
            return TraceReader(
                source: try FileByteSource(path: path), fileName: Self.displayName(path), options: options)
        } catch {
            throw .noInput("cannot open '\(Self.displayName(path))': \(error.reason)")
        }
    }

    /// Reads all of a file named on the command line; `-` is standard input. Stops as soon as
    /// more than `limit` bytes have arrived (so `/dev/zero` or an endless pipe costs `limit`
    /// bytes of memory, not all of it), with a data error naming the limit.
    func readAll(_ path: String, limit: Int = HingeTool.defaultMaxBytes) throws(ToolError) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        let name = Self.displayName(path)
        RunRecord.current?.register(input: path)
        do {
            var source: any TraceByteSource =
                path == "-" ? try openStandardInput() : try FileByteSource(path: path)
            while true {
                let count = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
                if count == 0 { return bytes }
                guard bytes.count + count <= limit else {
                    throw ToolError.data(
                        "\(name): the input is longer than \(limit) bytes, the most this command reads into "
                            + "memory (raise it with '--max-bytes')")
                }
                bytes += buffer[..<count]
            }
        } catch let failure as ToolError {
            throw failure
        } catch let error as FileByteSource.FileError {
            throw .noInput("cannot read '\(name)': \(error.reason)")
        } catch {
            throw .noInput("cannot read '\(name)': \(error)")
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
    guard let base = bytes.baseAddress else { return true }
    var offset = 0
    while offset < bytes.count {
        let count = write(descriptor, base + offset, bytes.count - offset)
        if count < 0 {
            if errno == EINTR { continue }
            return false
        }
        offset += count
    }
    return true
}
