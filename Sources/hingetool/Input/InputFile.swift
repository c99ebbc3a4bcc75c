import HingeKit
internal import HingeSupport

/// A file named on the command line that a command reads: the one opener every input goes
/// through (``ToolContext/openInput(_:limit:)``, and so `openTrace` and `readAll`), so a new
/// command cannot forget what it checks (issue 21).
///
/// The path is looked at (`stat`) before anything opens it for reading: a FIFO, a device, a
/// socket — and a folder, where a file is required — is refused with exit 66 saying what it is.
/// Opening a FIFO blocks until a writer comes and opening a device can act on it, so the check
/// must come first. The file is then opened without blocking (`O_NONBLOCK`, which changes
/// nothing for a regular file) and looked at again through the descriptor, so a FIFO swapped in
/// between the two looks is refused too, never waited on.
///
/// With a `limit` (`--max-bytes`), a file whose size is already past it is refused before a
/// byte is read, and one that grows past it while it is read stops there.
final class InputFile: TraceByteSource {
    /// What a path names, as the opener sees it.
    enum Kind: Equatable {
        case regularFile, folder, fifo, characterDevice, blockDevice, socket, other

        init(mode: mode_t) {
            switch mode & S_IFMT {
            case S_IFREG: self = .regularFile
            case S_IFDIR: self = .folder
            case S_IFIFO: self = .fifo
            case S_IFCHR: self = .characterDevice
            case S_IFBLK: self = .blockDevice
            case S_IFSOCK: self = .socket
            default: self = .other
            }
        }

        /// The words a refusal uses: "a FIFO (named pipe)".
        var words: String {
            switch self {
            case .regularFile: "a regular file"
            case .folder: "a folder"
            case .fifo: "a FIFO (named pipe)"
            case .characterDevice: "a character device"
            case .blockDevice: "a block device"
            case .socket: "a socket"
            case .other: "not a regular file"
            }
        }
    }

    /// A read that failed: the C library's reason ("Is a directory", "Input/output error").
    struct ReadFailure: Error, CustomStringConvertible {
        var reason: String
        var description: String { reason }
    }

    let path: String
    /// The size the file had when it was opened.
    let size: Int
    private let descriptor: Int32
    private let limit: Int?
    private var count = 0

    /// Opens `path` for reading after checking it is a regular file (see the type's notes).
    /// - Throws: ``ToolError/noInput(_:)`` (66) for a missing, unreadable or non-regular file;
    ///   ``ToolError/data(_:)`` (65) for a file already longer than `limit`.
    init(_ path: String, limit: Int? = nil) throws(ToolError) {
        let kind = try Self.kind(of: path)
        guard kind == .regularFile else { throw Self.refusal(path, kind: kind, allowed: "a regular file") }
        let descriptor = open(FileName.native(path), O_RDONLY | O_NONBLOCK | O_CLOEXEC | O_NOCTTY)
        guard descriptor >= 0 else { throw Self.unreadable(path, errno) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let code = errno
            close(descriptor)
            throw Self.unreadable(path, code)
        }
        let opened = Kind(mode: status.st_mode)
        guard opened == .regularFile else {
            close(descriptor)
            throw Self.refusal(path, kind: opened, allowed: "a regular file")
        }
        self.path = path
        self.descriptor = descriptor
        self.size = Int(status.st_size)
        self.limit = limit
        if let limit, size > limit { throw Self.tooLong(path, limit: limit, size: size) }
    }

    deinit { close(descriptor) }

    /// What `path` names (links followed), before anything opens it.
    /// - Throws: ``ToolError/noInput(_:)`` when it cannot be looked at (missing, no permission).
    static func kind(of path: String) throws(ToolError) -> Kind {
        var status = stat()
        guard stat(FileName.native(path), &status) == 0 else { throw unreadable(path, errno) }
        return Kind(mode: status.st_mode)
    }

    /// Refuses `path` unless it is a regular file, or (with `folders`) a folder: what a command
    /// that hands the path to another program (ffmpeg) or walks a folder checks first.
    static func check(_ path: String, folders: Bool) throws(ToolError) -> Kind {
        let kind = try kind(of: path)
        guard kind == .regularFile || (folders && kind == .folder) else {
            throw refusal(
                path, kind: kind, allowed: folders ? "a regular file or a folder" : "a regular file", streams: false)
        }
        return kind
    }

    func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let (got, error) = DescriptorIO.readSome(descriptor, into: buffer)
        guard error == 0 else { throw ReadFailure(reason: String(cString: strerror(error))) }
        count += got
        if let limit, count > limit { throw Self.tooLong(path, limit: limit, size: nil) }
        return got
    }

    /// The refusal of a path that is not what the command reads; `streams`: the command reads
    /// standard input too, so the message says how to give it a stream.
    static func refusal(_ path: String, kind: Kind, allowed: String, streams: Bool = true) -> ToolError {
        .noInput(
            "cannot read '\(Echo.quoted(path, limit: 200))': it is \(kind.words), not \(allowed)"
                + (streams && [.fifo, .characterDevice, .socket].contains(kind)
                    ? " (to read a stream, give '-' and send it to standard input)" : ""))
    }

    static func unreadable(_ path: String, _ code: Int32) -> ToolError {
        .noInput("cannot open '\(Echo.quoted(path, limit: 200))': \(String(cString: strerror(code)))")
    }

    /// The refusal of an input past `--max-bytes`.
    static func tooLong(_ path: String, limit: Int, size: Int?) -> ToolError {
        let name = path == "-" ? "<stdin>" : Echo.quoted(path, limit: 200)
        return .data(
            "\(name): the input is \(size.map { "\($0) bytes, " } ?? "")longer than \(limit) bytes, the most this "
                + "command reads into memory (raise it with '--max-bytes')")
    }

    /// The refusal of a streamed input whose current line and kept rows pass `--max-bytes`.
    static func heldTooMuch(_ path: String, limit: Int) -> ToolError {
        let name = path == "-" ? "<stdin>" : Echo.quoted(path, limit: 200)
        return .data(
            "\(name): the line being read and the rows kept pass \(limit) bytes, the most this command "
                + "holds in memory (raise it with '--max-bytes')")
    }
}

/// Standard input (or any stream), stopped with ``InputFile/tooLong(_:limit:size:)`` once more
/// than `limit` bytes have arrived.
struct LimitedSource: TraceByteSource {
    var source: any TraceByteSource
    let limit: Int
    private var count = 0

    init(_ source: any TraceByteSource, limit: Int) {
        self.source = source
        self.limit = limit
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        let got = try source.read(into: buffer)
        count += got
        if count > limit { throw InputFile.tooLong("-", limit: limit, size: nil) }
        return got
    }
}
