import HingeKit

#if canImport(Darwin)
    import Darwin
#elseif canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Whole files replaced atomically: written beside the target, flushed, then renamed over it.
enum AtomicFile {
    static func replace(_ path: String, with text: String) throws(ToolError) {
        try replace(path, with: Array(text.utf8))
    }

    static func replace(_ path: String, with bytes: [UInt8]) throws(ToolError) {
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

    private static func failure(_ path: String) -> ToolError {
        .failure("cannot write '\(path)': \(String(cString: strerror(errno)))")
    }
}
