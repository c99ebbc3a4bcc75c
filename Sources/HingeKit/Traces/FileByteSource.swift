internal import HingeSupport

/// A file read through the C library, so HingeKit needs no Foundation.
public final class FileByteSource: TraceByteSource {
    /// Why a file could not be opened or read.
    public struct FileError: Error, Hashable, Sendable, CustomStringConvertible {
        /// The path that failed.
        public var path: String
        /// The C library's `errno`.
        public var code: Int32
        /// The C library's text for ``code``, e.g. "No such file or directory".
        public var reason: String {
            guard let text = strerror(code) else { return "error \(code)" }
            return String(cString: text)
        }
        public var description: String { "\(path): \(reason)" }
    }

    private let file: UnsafeMutablePointer<FILE>
    private let closesOnDeinit: Bool
    /// The path it was opened with, or `-` for standard input.
    public let path: String

    /// Opens `path` for reading.
    /// - Throws: ``FileError`` with the C library's reason (e.g. "No such file or directory").
    public init(path: String) throws(FileError) {
        guard let file = fopen(FileName.native(path), "rb") else { throw FileError(path: path, code: errno) }
        self.file = file
        self.closesOnDeinit = true
        self.path = path
    }

    /// Standard input, left open when the source goes away.
    /// - Throws: ``FileError`` when descriptor 0 cannot be opened as a stream.
    public static func standardInput() throws(FileError) -> FileByteSource {
        // A stream of its own on descriptor 0 rather than the C library's `stdin` global,
        // which Swift 6 treats as shared mutable state.
        guard let file = fdopen(0, "rb") else { throw FileError(path: "-", code: errno) }
        return FileByteSource(file: file, path: "-")
    }

    private init(file: UnsafeMutablePointer<FILE>, path: String) {
        self.file = file
        self.closesOnDeinit = false
        self.path = path
    }

    deinit { if closesOnDeinit { fclose(file) } }

    public func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        // read(2), not fread: it returns what has arrived instead of waiting for a full
        // buffer, so a reader sees a pipe's bytes (and a line already too long) at once. The
        // stream is never read through the C library's buffer, so the two cannot disagree.
        let (count, error) = DescriptorIO.readSome(fileno(file), into: buffer)
        guard error == 0 else { throw FileError(path: path, code: error) }
        return count
    }
}
