internal import HingeSupport

/// Standard output as the real process writes it: every write checked.
///
/// A closed pipe (`EPIPE`, with SIGPIPE ignored) ends the process quietly with status 0, as
/// `hingetool read big.csv | head -1` should; any other write error (a full disk, a closed
/// descriptor) ends it with status 74 (EX_IOERR) and `hingetool: write error: <reason>` on standard error.
/// Either way the temporary files still registered are removed first.
enum StandardOutput {
    /// Writes `bytes` to descriptor 1, or ends the process as described above.
    static func write(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard !writeAll(bytes, to: 1) else { return }
        let error = errno
        TemporaryFiles.removeAll()
        if error == EPIPE { exit(ExitCode.success.rawValue) }
        _ = writeAll("\(HingeTool.name): write error: \(String(cString: strerror(error)))\n", to: 2)
        exit(ExitCode.ioError.rawValue)
    }

    /// What `main` does first, before any other thread exists: SIGPIPE ignored (so a closed
    /// pipe is an `EPIPE` the writer sees), and the cleanup of temporary files, folders and
    /// child processes on every terminating signal (``TemporaryFiles``).
    static func prepareProcess() {
        signal(SIGPIPE, SIG_IGN)
        TemporaryFiles.installSignalHandlers()
    }
}
