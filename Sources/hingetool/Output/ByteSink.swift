/// Where output bytes go: standard output, a file being written, a spool or a capture.
///
/// ```swift
/// let sink = ByteSink { bytes in _ = file.write(bytes) }
/// sink.write("# t value\n")          // encoded as UTF-8 here, once
/// ```
///
/// Output is bytes from end to end: text becomes UTF-8 where it is written, and every chunk
/// after that is passed on as the bytes it is, never decoded again. So a chunk may end
/// anywhere, inside a character too, and what arrives is still exactly what was written
/// (issue 33: chunks decoded one by one turned a character cut at a 64 KiB boundary into
/// two U+FFFD).
struct ByteSink {
    private let body: (UnsafeBufferPointer<UInt8>) -> Void

    /// A sink that hands every chunk to `body`, which must not keep the pointer.
    init(_ body: @escaping (UnsafeBufferPointer<UInt8>) -> Void) { self.body = body }

    /// Passes `bytes` on as they are.
    func write(_ bytes: UnsafeBufferPointer<UInt8>) { body(bytes) }

    /// Passes `text` on as UTF-8.
    func write(_ text: String) {
        var text = text
        text.withUTF8(body)
    }
}

/// Bytes gathered in memory: a command's output captured whole (a report's curve data, tests).
final class ByteCollector {
    private(set) var bytes: [UInt8] = []

    /// The sink that appends to ``bytes``.
    var sink: ByteSink { ByteSink { [self] chunk in bytes.append(contentsOf: chunk) } }

    /// The bytes read as UTF-8 (a malformed sequence as U+FFFD), decoded once, whole.
    var text: String { String(decoding: bytes, as: UTF8.self) }
}
