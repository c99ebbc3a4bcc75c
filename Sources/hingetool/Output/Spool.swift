import HingeKit
internal import HingeSupport

/// Text held in an anonymous temporary file until it can be written after something that
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

    /// Appends `text` (the C library buffers it).
    func write(_ text: String) {
        var text = text
        text.withUTF8 { bytes in
            if fwrite(bytes.baseAddress, 1, bytes.count, file) != bytes.count { failed = true }
        }
    }

    /// Writes everything spooled so far to `output`, a chunk at a time.
    ///
    /// A chunk ends before a character that the read cut (issue 33: a character split at a
    /// 64 KiB boundary came out as two U+FFFD); its first bytes start the next chunk.
    /// - Throws: ``ToolError/failure(_:)`` when the temporary file could not be written or read.
    func copy(to output: OutputWriter) throws(ToolError) {
        guard !failed, fflush(file) == 0 else {
            throw .failure("cannot write a temporary file: \(String(cString: strerror(errno)))")
        }
        rewind(file)
        // Room for a chunk and the at most three bytes of a character carried over.
        let chunk = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: OutputWriter.chunkSize + 3)
        defer { chunk.deallocate() }
        var carried = 0
        while true {
            let room = UnsafeMutableRawPointer(chunk.baseAddress)?.advanced(by: carried)
            let count = carried + fread(room, 1, OutputWriter.chunkSize, file)
            let end = count < carried + OutputWriter.chunkSize ? count : Self.characterBoundary(chunk, before: count)
            if end > 0 {
                output.write(String(decoding: UnsafeBufferPointer(rebasing: chunk[..<end]), as: UTF8.self))
            }
            if count < carried + OutputWriter.chunkSize { break }
            carried = count - end
            for index in 0..<carried { chunk[index] = chunk[end + index] }
        }
        if ferror(file) != 0 {
            throw .failure("cannot read a temporary file: \(String(cString: strerror(errno)))")
        }
    }

    /// The end of the last whole UTF-8 character in `bytes[..<count]`: `count`, or the start
    /// of a character whose continuation bytes lie beyond it.
    static func characterBoundary(_ bytes: UnsafeMutableBufferPointer<UInt8>, before count: Int) -> Int {
        // Back over at most three continuation bytes (10xxxxxx) to the byte that starts the
        // character, and keep the character if all of its bytes are there.
        var start = count
        while start > 0, count - start < 4 {
            start -= 1
            let byte = bytes[start]
            guard byte & 0xC0 == 0x80 else {
                let length = byte < 0x80 ? 1 : byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : byte >= 0xC0 ? 2 : 1
                return start + length <= count ? count : start
            }
        }
        return count
    }
}
