import HingeKit
internal import HingeSupport

/// A command's output, passed on in chunks of about 64 KiB as it is produced, so that a
/// ten-million-row result never sits in memory whole.
///
/// ```swift
/// let output = try OutputWriter(path: try arguments[Keys.output], context: context)
/// output.write("# t value\n")
/// try output.commit()
/// ```
///
/// Standard output (no path, or `-`) receives each chunk through ``ToolContext/output`` as it
/// fills, as bytes: text is encoded once, when it is written, and a chunk may end inside a
/// character without harm (``ByteSink``). A file is written to a temporary file beside it (same folder, so the rename cannot
/// cross file systems), which ``commit()`` flushes, syncs and renames over the target: a
/// reader never sees half a file. If the command fails before it commits, the temporary file
/// is removed when the writer goes away, so a failed run leaves nothing behind.
final class OutputWriter {
    private enum Destination {
        case sink(ByteSink)
        case file(FileOutput)
    }

    /// Bytes gathered before they are passed on: large enough that writes cost little per
    /// row, small enough to be irrelevant to the memory.
    static let chunkSize = 65_536

    private let destination: Destination
    /// Room for a chunk and the longest single write that does not go straight through.
    private let start = UnsafeMutablePointer<UInt8>.allocate(capacity: 2 * chunkSize)
    private var buffer: UnsafeMutableBufferPointer<UInt8> {
        UnsafeMutableBufferPointer(start: start, count: 2 * Self.chunkSize)
    }
    private var used = 0
    /// The first write failure; later writes are dropped and ``commit()`` reports it.
    private var failure: ToolError?
    private var finished = false

    /// Opens the output: standard output for `nil` or `-`, else a temporary file beside `path`.
    /// - Throws: ``ToolError/failure(_:)`` when the temporary file cannot be created.
    init(path: String?, context: ToolContext) throws(ToolError) {
        guard let path, path != "-" else {
            destination = .sink(context.output)
            return
        }
        destination = .file(try FileOutput(path: path))
    }

    /// An output into `spool`, for rows that wait for a header only known at the end.
    init(spool: Spool) {
        destination = .sink(spool.sink)
    }

    deinit {
        start.deallocate()
        guard !finished, case .file(let file) = destination else { return }
        file.abandon()
    }

    /// Appends `text` as UTF-8, passing the buffer on once it holds a chunk.
    func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in write(bytes) }
    }

    /// Appends `bytes`, passing the buffer on once it holds a chunk.
    func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        if bytes.count > Self.chunkSize {
            flush()
            pass(bytes)
            return
        }
        _ = UnsafeMutableBufferPointer(rebasing: buffer[used...]).initialize(fromContentsOf: bytes)
        used += bytes.count
        if used >= Self.chunkSize { flush() }
    }

    /// Appends ``DecimalNumber/shortest(_:)`` of `value`, formatted in place.
    func writeShortest(_ value: Double) {
        used += DecimalNumber.writeShortest(value, to: start + used)
        if used >= Self.chunkSize { flush() }
    }

    /// Appends a time in seconds without an exponent (`DecimalNumber.writeSeconds`), formatted in place.
    func writeSeconds(_ value: Double) {
        used += DecimalNumber.writeSeconds(value, to: start + used)
        if used >= Self.chunkSize { flush() }
    }

    /// Appends ``DecimalNumber/fixed(_:places:)`` of `value`, formatted in place.
    func writeFixed(_ value: Double, places: Int) {
        used += DecimalNumber.writeFixed(value, places: places, to: start + used)
        if used >= Self.chunkSize { flush() }
    }

    /// Appends one byte.
    func write(byte: UInt8) {
        buffer[used] = byte
        used += 1
        if used >= Self.chunkSize { flush() }
    }

    /// Passes on everything written and, for a file, syncs it and renames it over the target.
    /// - Throws: ``ToolError/failure(_:)`` when a write, the sync or the rename failed; the
    ///   temporary file is then removed.
    func commit() throws(ToolError) {
        flush()
        finished = true
        guard case .file(let file) = destination else { return }
        if let failure {
            file.abandon()
            throw failure
        }
        try file.commit()
    }

    private func flush() {
        guard used > 0 else { return }
        pass(UnsafeBufferPointer(rebasing: buffer[..<used]))
        used = 0
    }

    private func pass(_ bytes: UnsafeBufferPointer<UInt8>) {
        switch destination {
        case .sink(let sink):
            sink.write(bytes)
        case .file(let file):
            if failure == nil, !file.write(bytes) { failure = Self.writeFailure(file.path) }
        }
    }

    private static func writeFailure(_ path: String) -> ToolError {
        .failure("cannot write '\(Echo.quoted(path, limit: 200))': \(String(cString: strerror(errno)))")
    }
}
