import FilmAnalysis
import Foundation

/// A video's frames straight from ffmpeg's pipe, with their times: ffmpeg decodes and writes
/// each frame as raw 8-bit RGB on stdout (`-f rawvideo -pix_fmt rgb24`, every decoded frame,
/// `-fps_mode passthrough`), and its `showinfo` filter writes each frame's presentation time
/// and size on stderr just before (`showinfo=checksum=0`: its checksums and plane statistics
/// would cost ffmpeg a third more time than the decoding). No image files are written or
/// decoded.
///
/// The pipe is widened to 1 MiB where the system allows it (Linux's `F_SETPIPE_SZ`; the
/// unprivileged limit), so a 7.8 MB frame crosses in a few reads instead of over a hundred
/// 64 KiB handovers between ffmpeg and the tool; and the frames' byte arrays are reused once
/// the reader has dropped them (``recycled``), so no frame costs fresh pages from the kernel.
///
/// ffmpeg runs as a ``ChildProgram``: in a process group of its own that a terminating signal
/// to the tool kills (INT, TERM, HUP: ``TemporaryFiles``), and that ``finish()`` kills when
/// reading stops early — an error on either side, a frame too large, or the end of `film`.
final class FilmVideo {
    let path: String
    private let child: ChildProgram
    private let frames: Int32
    private let messages: Int32
    private var pending: [UInt8] = []
    private var complaints: [String] = []
    private var ended = false
    /// The byte arrays of the last frames handed out, oldest first: the oldest is filled again
    /// once ``recycled`` frames are newer than it (a reader holding more frames than that only
    /// makes the array copy itself on write, never loses a frame).
    private var arrays: [[UInt8]] = []
    private let recycled: Int

    /// Linux's `fcntl` command that sets a pipe's capacity (not exported by Glibc's module).
    static let setPipeSize: Int32 = 1031

    /// Starts ffmpeg on `video`; the reader keeps at most `inFlight` frames it was given alive
    /// at once (their arrays are filled again after that).
    init(video: String, ffmpeg: String, inFlight: Int = 16) throws(ToolError) {
        path = video
        recycled = inFlight
        let arguments = [
            "-nostdin", "-hide_banner", "-loglevel", "info", "-i", video, "-map", "0:v:0", "-vf", "showinfo=checksum=0",
            "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1",
        ]
        let out = try ChildProgram.pipe()
        let err: (read: Int32, write: Int32)
        do {
            err = try ChildProgram.pipe()
        } catch {
            [out.read, out.write].forEach { _ = close($0) }
            throw error
        }
        defer { [out.write, err.write].forEach { _ = close($0) } }
        #if os(Linux)
            // Best effort: a smaller pipe is only slower.
            _ = fcntl(out.read, Self.setPipeSize, Int32(1 << 20))
        #endif
        do {
            child = try ChildProgram(ffmpeg, arguments: arguments, output: out.write, error: err.write)
        } catch {
            [out.read, err.read].forEach { _ = close($0) }
            throw error
        }
        frames = out.read
        messages = err.read
    }

    deinit { finish() }

    /// Stops ffmpeg (its whole group) if it still runs, waits for it and closes the pipes; the
    /// second call does nothing.
    func finish() {
        guard !ended else { return }
        ended = true
        child.stop()
        [frames, messages].forEach { _ = close($0) }
    }

    /// The next frame and its time in milliseconds, or `nil` after the last.
    func next() throws(FrameError) -> (time: Int, frame: Frame)? {
        guard !ended else { return nil }
        guard let (time, width, height) = nextFrameLine() else {
            // The messages ended: ffmpeg has closed its stderr, so it is exiting by itself.
            let status = child.wait()
            finish()
            guard status == 0 else {
                let message = complaints.suffix(4).joined(separator: "\n")
                throw FrameError(file: path, message: "ffmpeg failed (status \(status)): \(message)")
            }
            return nil
        }
        guard width > 0, height > 0, width * height <= Frame.defaultPixelLimit else {
            finish()
            throw FrameError(file: path, message: "a frame of \(width) × \(height) pixels is not accepted")
        }
        let count = width * height * 3
        var bytes = arrays.count > recycled ? arrays.removeFirst() : []
        if bytes.count != count { bytes = [UInt8](repeating: 0, count: count) }
        let done = bytes.withUnsafeMutableBufferPointer { buffer in
            var done = 0
            while done < count {
                let got = read(frames, buffer.baseAddress.map { $0 + done }, count - done)
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { break }
                done += got
            }
            return done
        }
        guard done == count else {
            finish()
            throw FrameError(
                file: path, message: "ffmpeg's frame at \(time) ms ended after \(done) of \(count) bytes")
        }
        arrays.append(bytes)
        return (time, Frame(width: width, height: height, rgb: bytes))
    }

    /// Reads ffmpeg's messages up to the next `showinfo` frame line: its time (ms) and size.
    /// Other lines are kept (the last few), for an error message.
    private func nextFrameLine() -> (Int, Int, Int)? {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            if let newline = pending.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
                let line = String(decoding: pending[..<newline], as: UTF8.self)
                pending.removeSubrange(...newline)
                if line.contains("Parsed_showinfo") {
                    if let parsed = Self.frameLine(line) { return parsed }
                } else if !line.isEmpty {
                    complaints.append(line)
                    if complaints.count > 64 { complaints.removeFirst(32) }
                }
                continue
            }
            let got = read(messages, &chunk, chunk.count)
            if got < 0 && errno == EINTR { continue }
            guard got > 0 else { return nil }
            pending.append(contentsOf: chunk[..<got])
        }
    }

    /// `pts_time` (seconds, to ms) and `s:WxH` of a showinfo frame line.
    static func frameLine(_ line: String) -> (Int, Int, Int)? {
        func field(_ name: String) -> Substring? {
            guard let range = line.range(of: name) else { return nil }
            return line[range.upperBound...].split(separator: " ", maxSplits: 1).first
        }
        guard let time = field(" pts_time:").flatMap({ Double($0) }), time.isFinite,
            let size = field(" s:")?.split(separator: "x"), size.count == 2,
            let width = Int(size[0]), let height = Int(size[1])
        else { return nil }
        return (Int((time * 1000).rounded()), width, height)
    }
}
