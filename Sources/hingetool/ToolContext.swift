import HingeKit

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Exit statuses, following BSD's sysexits.h as swift-argument-parser does.
enum ExitCode: Int32 {
    case success = 0
    case failure = 1
    /// EX_USAGE: the command line was wrong.
    case usage = 64
    /// EX_DATAERR: the input was read but is malformed.
    case dataError = 65
    /// EX_NOINPUT: an input file does not exist or cannot be read.
    case noInput = 66
}

/// Why a subcommand stopped.
enum ToolFailure: Error {
    case usage(UsageError)
    /// Malformed input, printed as `file:line:column: message`.
    case data(String)
    case noInput(String)
    case failure(String)

    var exitCode: ExitCode {
        switch self {
        case .usage: .usage
        case .data: .dataError
        case .noInput: .noInput
        case .failure: .failure
        }
    }

    static func usage(_ message: String) -> ToolFailure { .usage(UsageError(message: message)) }

    /// A trace problem: bad data (65), or an input that could not be read at all (66).
    static func trace(_ error: TraceError) -> ToolFailure {
        error.kind == .unreadable ? .noInput(error.description) : .data(error.description)
    }
}

/// Where a command's input comes from and its output goes, so tests can run the tool in
/// process.
struct ToolContext {
    var write: (String) -> Void
    var writeError: (String) -> Void
    var openStandardInput: () throws(FileByteSource.Failure) -> any TraceByteSource

    static var standard: ToolContext {
        ToolContext(
            write: { text in _ = writeAll(text, to: 1) },
            writeError: { text in _ = writeAll(text, to: 2) },
            openStandardInput: { () throws(FileByteSource.Failure) in try FileByteSource.standardInput() })
    }

    /// Opens a trace named on the command line; `-` is standard input.
    func openTrace(_ path: String, options: TraceReadOptions = .init()) throws(ToolFailure) -> TraceReader {
        do {
            if path == "-" {
                return TraceReader(source: try openStandardInput(), fileName: "<stdin>", options: options)
            }
            return TraceReader(source: try FileByteSource(path: path), fileName: path, options: options)
        } catch {
            throw .noInput("cannot open '\(path)': \(error.reason)")
        }
    }

    /// Prints on standard error what ``TracePlausibility`` finds odd in a trace that was read
    /// without error, as `file: warning: message`; the command still succeeds.
    func warn(_ plausibility: TracePlausibility, reader: TraceReader) {
        guard let columns = reader.columns else { return }
        for warning in plausibility.warnings(for: columns) {
            writeError("\(reader.fileName ?? "<stdin>"): warning: \(warning)\n")
        }
    }

    /// Writes `text` to standard output, or atomically to `path` (see ``OutputWriter``).
    func emit(_ text: String, to path: String?) throws(ToolFailure) {
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
    var offset = 0
    while offset < bytes.count {
        let count = write(descriptor, bytes.baseAddress! + offset, bytes.count - offset)
        if count < 0 {
            if errno == EINTR { continue }
            return false
        }
        offset += count
    }
    return true
}
