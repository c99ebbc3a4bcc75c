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
    /// Progress for long work; the standard context shows it only when standard error is a
    /// terminal, so logs and pipes stay quiet.
    var progress: (String) -> Void = { _ in }

    static var standard: ToolContext {
        var context = ToolContext(
            write: { text in _ = writeAll(text, to: 1) },
            writeError: { text in _ = writeAll(text, to: 2) },
            openStandardInput: { () throws(FileByteSource.Failure) in try FileByteSource.standardInput() })
        if isatty(2) != 0 { context.progress = { text in _ = writeAll(text, to: 2) } }
        return context
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

    /// Reads all of a file named on the command line; `-` is standard input.
    func readAll(_ path: String) throws(ToolFailure) -> [UInt8] {
        var bytes: [UInt8] = []
        var buffer = [UInt8](repeating: 0, count: 65_536)
        do {
            var source: any TraceByteSource =
                path == "-" ? try openStandardInput() : try FileByteSource(path: path)
            while true {
                let count = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
                if count == 0 { return bytes }
                bytes += buffer[..<count]
            }
        } catch let error as FileByteSource.Failure {
            throw .noInput("cannot read '\(path)': \(error.reason)")
        } catch {
            throw .noInput("cannot read '\(path)': \(error)")
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

/// Whole files replaced atomically: written beside the target, flushed, then renamed over it.
enum AtomicFile {
    static func replace(_ path: String, with text: String) throws(ToolFailure) {
        try replace(path, with: Array(text.utf8))
    }

    static func replace(_ path: String, with bytes: [UInt8]) throws(ToolFailure) {
        guard let (descriptor, temporary) = createTemporary(beside: path) else { throw failure(path) }
        let written = bytes.withUnsafeBufferPointer { writeAll($0, to: descriptor) }
        let synced = written && fsync(descriptor) == 0
        let closed = close(descriptor) == 0
        guard synced, closed, rename(temporary, path) == 0 else {
            let error = failure(path)
            unlink(temporary)
            throw error
        }
    }

    /// Creates a new, empty file beside `path` (same folder, a hidden name with a random
    /// suffix), to be renamed over `path` once written; `nil` (with `errno` set) when it cannot
    /// be created.
    static func createTemporary(beside path: String) -> (descriptor: Int32, path: String)? {
        let folder = path.contains("/") ? String(path[..<path.lastIndex(of: "/")!]) : "."
        let name = path.split(separator: "/").last.map(String.init) ?? path
        var random = SplitMix64(seed: UInt64(UInt32(bitPattern: getpid())) &* 0x9E37_79B9 &+ UInt64(clock()))
        let temporary =
            "\(folder.isEmpty ? "/" : folder)/.\(name).\(String(random.next() % 1_000_000_000, radix: 36)).tmp"
        let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        return descriptor >= 0 ? (descriptor, temporary) : nil
    }

    private static func failure(_ path: String) -> ToolFailure {
        .failure("cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
}
