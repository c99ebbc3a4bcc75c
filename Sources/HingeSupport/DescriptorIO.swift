/// The package's one loop around read(2) and write(2): each retries an interrupted call
/// (`EINTR`) and nothing else, so every reader of a file, a pipe or a child's output handles a
/// signal the same way.
package enum DescriptorIO {
    /// One read(2) of at most `buffer.count` bytes: how many came (0 at the end of the input)
    /// and, when the read failed, its `errno` (else 0). Returns what has arrived, without
    /// waiting for a full buffer, so a pipe's bytes reach the caller at once.
    package static func readSome(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer
    ) -> (count: Int, error: Int32) {
        guard let base = buffer.baseAddress, buffer.count > 0 else { return (0, 0) }
        while true {
            let got = read(descriptor, base, buffer.count)
            if got >= 0 { return (got, 0) }
            if errno != EINTR { return (0, errno) }
        }
    }

    /// Reads until `buffer` is full, the input ends or a read fails: how many bytes came, and
    /// the failed read's `errno` (0 when the buffer filled or the input ended).
    package static func fill(
        _ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer
    ) -> (count: Int, error: Int32) {
        var done = 0
        while done < buffer.count {
            let (got, error) = readSome(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: buffer[done...]))
            if error != 0 { return (done, error) }
            if got == 0 { break }
            done += got
        }
        return (done, 0)
    }

    /// Writes all of `bytes`, retrying short writes and interruptions; false when a write
    /// fails (`errno` says why).
    package static func writeAll(_ descriptor: Int32, _ bytes: UnsafeRawBufferPointer) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        var offset = 0
        while offset < bytes.count {
            let count = write(descriptor, base + offset, bytes.count - offset)
            if count < 0 {
                if errno == EINTR { continue }
                return false
            }
            offset += count
        }
        return true
    }
}
