import FilmAnalysis
import Foundation

/// A video's frames straight from ffmpeg's pipe, with their times: ffmpeg decodes and writes
/// each frame as raw 8-bit RGB on stdout (`-f rawvideo -pix_fmt rgb24`, every decoded frame,
/// `-fps_mode passthrough`), and its `showinfo` filter writes each frame's presentation time
/// and size on stderr just before. No image files are written or decoded.
///
/// This is the one place `film` starts a process; the process is ended (and waited for) when
/// reading stops, early or not.
final class FilmVideo {
    let path: String
    private let process = Process()
    private let frames: FileHandle
    private let messages: FileHandle
    private var pending = Data()
    private var complaints: [String] = []

    /// Starts ffmpeg on `video`.
    init(video: String, ffmpeg: String) throws(ToolError) {
        path = video
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments = [
            "-nostdin", "-hide_banner", "-loglevel", "info", "-i", video, "-map", "0:v:0", "-vf", "showinfo",
            "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", "rgb24", "pipe:1",
        ]
        let out = Pipe()
        let err = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = FileHandle.nullDevice
        frames = out.fileHandleForReading
        messages = err.fileHandleForReading
        do {
            try process.run()
        } catch {
            throw .failure("cannot run \(ffmpeg): \(error.localizedDescription)")
        }
    }

    deinit { finish() }

    /// Stops ffmpeg if it still runs, and waits for it.
    func finish() {
        if process.isRunning { process.terminate() }
        process.waitUntilExit()
    }

    /// The next frame and its time in milliseconds, or `nil` after the last.
    func next() throws(FrameError) -> (time: Int, frame: Frame)? {
        guard let (time, width, height) = nextFrameLine() else {
            finish()
            guard process.terminationStatus == 0 else {
                let message = complaints.suffix(4).joined(separator: "\n")
                throw FrameError(file: path, message: "ffmpeg failed (status \(process.terminationStatus)): \(message)")
            }
            return nil
        }
        let count = width * height * 3
        guard width > 0, height > 0, width * height <= Frame.defaultPixelLimit else {
            throw FrameError(file: path, message: "a frame of \(width) × \(height) pixels is not accepted")
        }
        let bytes = [UInt8](unsafeUninitializedCapacity: count) { buffer, done in
            done = 0
            let descriptor = frames.fileDescriptor
            while done < count {
                let got = read(descriptor, buffer.baseAddress.map { $0 + done }, count - done)
                if got < 0 && errno == EINTR { continue }
                guard got > 0 else { break }
                done += got
            }
        }
        guard bytes.count == count else {
            throw FrameError(
                file: path, message: "ffmpeg's frame at \(time) ms ended after \(bytes.count) of \(count) bytes")
        }
        return (time, Frame(width: width, height: height, rgb: bytes))
    }

    /// Reads ffmpeg's messages up to the next `showinfo` frame line: its time (ms) and size.
    /// Other lines are kept, for an error message.
    private func nextFrameLine() -> (Int, Int, Int)? {
        while true {
            if let newline = pending.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
                let line = String(decoding: pending[pending.startIndex..<newline], as: UTF8.self)
                pending.removeSubrange(pending.startIndex...newline)
                if line.contains("Parsed_showinfo"), let parsed = Self.frameLine(line) { return parsed }
                if !line.isEmpty, !line.contains("Parsed_showinfo") { complaints.append(line) }
                continue
            }
            let chunk = messages.availableData
            guard !chunk.isEmpty else { return nil }
            pending.append(chunk)
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
