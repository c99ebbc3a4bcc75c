import HingeKit
internal import HingeSupport

/// Output held in an anonymous temporary file until it can be written after something that
/// is only known at the end (animate's header counts the rows that follow it).
///
/// The file has no name (`tmpfile`), so it disappears with the process whatever happens.
final class Spool {
    private let file: UnsafeMutablePointer<FILE>
    private var failed = false

    /// - Throws: ``ToolError/failure(_:)`` when no temporary file can be made.
    init() throws(ToolError) {
        guard let file = tmpfile() else {
            throw .failure("cannot create a temporary file: \(String(cString: strerror(errno)))")
        }
        self.file = file
    }

    deinit { fclose(file) }

    /// The sink that appends to the spool (the C library buffers it).
    var sink: ByteSink {
        ByteSink { [self] bytes in
            if fwrite(bytes.baseAddress, 1, bytes.count, file) != bytes.count { failed = true }
        }
    }

    /// Writes everything spooled so far to `output`, a chunk at a time, as the bytes it is:
    /// a chunk that ends inside a character is not decoded, so nothing is lost at the cut
    /// (``ByteSink``).
    /// - Throws: ``ToolError/failure(_:)`` when the temporary file could not be written or read.
    func copy(to output: OutputWriter) throws(ToolError) {
        guard !failed, fflush(file) == 0 else {
            throw .failure("cannot write a temporary file: \(String(cString: strerror(errno)))")
        }
        rewind(file)
        let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: OutputWriter.chunkSize)
        defer { chunk.deallocate() }
        while true {
            let count = fread(chunk.baseAddress, 1, OutputWriter.chunkSize, file)
            if count > 0 { output.write(UnsafeBufferPointer(rebasing: chunk[..<count])) }
            if count < OutputWriter.chunkSize { break }
        }
        if ferror(file) != 0 {
            throw .failure("cannot read a temporary file: \(String(cString: strerror(errno)))")
        }
    }
}
