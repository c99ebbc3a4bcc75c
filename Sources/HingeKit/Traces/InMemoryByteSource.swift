internal import HingeSupport

/// Bytes already in memory, e.g. a trace bundled with an app or built by a test.
public struct InMemoryByteSource<Bytes: Collection<UInt8>>: TraceByteSource {
    private let bytes: Bytes
    private var position: Bytes.Index

    /// A source that hands out `bytes` in order.
    public init(_ bytes: Bytes) {
        self.bytes = bytes
        self.position = bytes.startIndex
    }

    public mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int {
        var written = 0
        while written < buffer.count, position != bytes.endIndex {
            buffer[written] = bytes[position]
            written += 1
            bytes.formIndex(after: &position)
        }
        return written
    }
}
