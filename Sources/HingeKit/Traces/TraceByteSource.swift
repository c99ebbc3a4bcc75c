internal import HingeSupport

/// Somewhere a ``TraceReader`` can pull bytes from, a buffer at a time.
///
/// ```swift
/// struct Socket: TraceByteSource {
///     mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int { … }
/// }
/// ```
public protocol TraceByteSource {
    /// Fills the start of `buffer` and returns how many bytes it wrote; 0 means the end.
    mutating func read(into buffer: UnsafeMutableRawBufferPointer) throws -> Int
}
