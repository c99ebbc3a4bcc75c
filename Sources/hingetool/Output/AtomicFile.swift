internal import HingeSupport

/// Whole files written in one go, with ``FileOutput``'s rules: a regular file is replaced
/// atomically, a device or FIFO written directly, a directory refused.
enum AtomicFile {
    static func replace(_ path: String, with text: String) throws(ToolError) {
        try replace(path, with: Array(text.utf8))
    }

    static func replace(_ path: String, with bytes: [UInt8]) throws(ToolError) {
        let file = try FileOutput(path: path)
        guard bytes.withUnsafeBufferPointer({ file.write($0) }) else {
            let error = ToolError.failure(
                "cannot write '\(Echo.quoted(path, limit: 200))': \(String(cString: strerror(errno)))")
            file.abandon()
            throw error
        }
        try file.commit()
    }
}
