import FilmAnalysis
import Foundation
import Frames
internal import HingeSupport

/// A video's frames straight from ffmpeg's pipe, with their times: ffmpeg decodes and writes
/// each frame raw on stdout (`-f rawvideo`, every decoded frame, `-fps_mode passthrough`), and
/// its `showinfo` filter writes each frame's presentation time, size, pixel format and colours
/// on stderr just before (`showinfo=checksum=0`: its checksums and plane statistics would cost
/// ffmpeg a third more time than the decoding). No image files are written or decoded.
///
/// Two transports, the same RGB:
/// - **YUV** (``Transport/yuv(_:)``): a `yuv420p` (or full-range `yuvj420p`) video of even size on a machine where
///   ``YUV420Conversion`` runs vectorised is read as ffmpeg decodes it, 1.5 bytes a pixel, and
///   converted here with libswscale's own arithmetic — half the bytes through the pipe and no
///   conversion in ffmpeg, which is what brings `film VIDEO` within 1.5× of ffmpeg's decoding
///   alone. That this ffmpeg converts the same way is not assumed: ``YUV420Probe`` has it
///   convert all 2²⁴ (Y, U, V) triples at the film's size and colours, on another thread
///   while the film is read, and any difference stops the read (``restartReason``) so the
///   caller reads the film again as RGB; so does a change of pixel format or colours mid-film.
/// - **RGB** (``Transport/rgb``): ffmpeg converts (`-pix_fmt rgb24`), 3 bytes a pixel. Every
///   other video: another pixel format, an odd size, colours the conversion does not cover
///   (BT.2020), or a processor without the vectorised conversion.
///
/// The pipe is widened to 1 MiB where the system allows it (Linux's `F_SETPIPE_SZ`; the
/// unprivileged limit), so a frame crosses in a few reads instead of over a hundred 64 KiB
/// handovers; and the frames' byte arrays are reused once the reader has dropped them
/// (``recycled``), so no frame costs fresh pages from the kernel.
///
/// ffmpeg runs as a ``ChildProgram``: in a process group of its own that a terminating signal
/// to the tool kills (INT, TERM, HUP: ``TemporaryFiles``), and that ``finish()`` kills when
/// reading stops early — an error on either side, a frame too large, or the end of `film`.
final class FilmVideo {
    /// How frames cross the pipe.
    enum Transport: Equatable {
        /// 8-bit RGB, converted by ffmpeg.
        case rgb
        /// `yuv420p` as decoded, converted here.
        case yuv(YUV420Conversion)
    }

    let path: String
    private let ffmpeg: String
    private(set) var transport: Transport
    /// Whether the transport is still to be settled on the first frame (YUV was asked for).
    private var settled: Bool
    private var child: ChildProgram
    private var frames: Int32
    private var messages: Int32
    private var pending: [UInt8] = []
    /// Where the first unread byte of `pending` is (lines are consumed by moving it, not by
    /// shifting the bytes after them).
    private var pendingStart = 0
    /// One read of ffmpeg's messages, allocated once.
    private var messageChunk = [UInt8](repeating: 0, count: 1 << 16)
    private var heldLine: String?
    private var complaints: [String] = []
    private var ended = false
    /// The first frame's pixel format and `showinfo` colour line, which every frame must keep
    /// on the YUV transport.
    private var firstFormat = ""
    private var firstColours: String?
    private var probe: YUV420Probe?
    /// Why the YUV transport was given up mid-film (the probe found a difference, or the
    /// frames changed format or colours): the caller reads the video again as RGB.
    private(set) var restartReason: String?
    /// The bytes of a frame as read, before conversion (YUV transport).
    private var raw: [UInt8] = []
    /// The byte arrays of the last frames handed out, oldest first: the oldest is filled again
    /// once ``recycled`` frames are newer than it (a reader holding more frames than that only
    /// makes the array copy itself on write, never loses a frame).
    private var arrays: [[UInt8]] = []
    private let recycled: Int

    /// Linux's `fcntl` command that sets a pipe's capacity (not exported by Glibc's module).
    static let setPipeSize: Int32 = 1031

    /// The smallest picture read as YUV: below it the probe would cost more than it saves.
    static let smallestYUVPicture = 256 * 256

    /// Starts ffmpeg on `video`; the reader keeps at most `inFlight` frames it was given alive
    /// at once (their arrays are filled again after that). `yuv`: try the YUV transport (it is
    /// settled on the first frame).
    init(
        video: String, ffmpeg: String, inFlight: Int = 16, yuv: Bool = YUV420Conversion.isVectorised
    )
        throws(ToolError)
    {
        path = video
        self.ffmpeg = ffmpeg
        recycled = inFlight
        transport = .rgb
        settled = !yuv
        (child, frames, messages) = try Self.start(ffmpeg, video: video, pixelFormat: yuv ? "yuv420p" : "rgb24")
    }

    deinit { finish() }

    /// ffmpeg writing `video`'s frames as `pixelFormat`, with the read ends of its stdout and
    /// stderr.
    private static func start(
        _ ffmpeg: String, video: String, pixelFormat: String
    ) throws(ToolError) -> (
        ChildProgram, Int32, Int32
    ) {
        let arguments: [ChildProgram.Argument] = [
            "-nostdin", "-hide_banner", "-loglevel", "info", "-i", .file(video), "-map", "0:v:0", "-vf",
            "showinfo=checksum=0",
            "-fps_mode", "passthrough", "-f", "rawvideo", "-pix_fmt", .word(pixelFormat), "pipe:1",
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
            _ = fcntl(out.read, setPipeSize, Int32(1 << 20))
        #endif
        do {
            return (
                try ChildProgram(
                    ffmpeg, arguments: arguments, convention: .ffmpeg, output: out.write, error: err.write), out.read,
                err.read
            )
        } catch {
            [out.read, err.read].forEach { _ = close($0) }
            throw error
        }
    }

    /// Stops ffmpeg (its whole group) if it still runs, waits for it and closes the pipes;
    /// the second call does nothing. The probe is stopped too unless `keepingProbe` (the film
    /// ended: ``confirmed()`` waits for its verdict).
    func finish(keepingProbe: Bool = false) {
        if !keepingProbe { probe?.cancel() }
        guard !ended else { return }
        ended = true
        child.stop()
        [frames, messages].forEach { _ = close($0) }
    }

    /// Whether the frames read were ffmpeg's RGB: `true` on the RGB transport, else once the
    /// probe found no difference (waits for it).
    func confirmed() -> Bool {
        guard case .yuv = transport, let probe else { return true }
        if let failure = probe.verdict(), restartReason == nil { restartReason = failure }
        return restartReason == nil
    }

    /// The next frame and its time in milliseconds, or `nil` after the last.
    ///
    /// - Throws: ``FrameError`` for ffmpeg's failure or a malformed stream, and when the YUV
    ///   transport has to be given up (``restartReason`` is then set).
    func next() throws(FrameError) -> (time: Int, frame: Frame)? {
        guard !ended else { return nil }
        if restartReason == nil, let reason = probe?.failure() { restartReason = reason }
        if let restartReason {
            finish()
            throw FrameError(file: path, message: restartReason)
        }
        guard let line = nextFrameLine() else {
            // The messages ended: ffmpeg has closed its stderr, so it is exiting by itself.
            let status = child.wait()
            finish(keepingProbe: true)
            guard status == 0 else {
                // One line, not ffmpeg's listings, progress and advice (issue 32).
                let message = FFmpegMessage.summary(complaints) ?? "it printed no reason"
                throw FrameError(file: path, message: "ffmpeg failed (status \(status)): \(message)")
            }
            return nil
        }
        let (time, width, height) = (line.time, line.width, line.height)
        guard width > 0, height > 0, width * height <= Frame.defaultPixelLimit else {
            finish()
            throw FrameError(file: path, message: "a frame of \(width) × \(height) pixels is not accepted")
        }
        if !settled {
            settled = true
            if try settle(format: line.format, width: width, height: height) { return try next() }
        } else if case .yuv = transport, line.format != firstFormat {
            restartReason = "the frame at \(time) ms is \(line.format), the first \(firstFormat)"
            return try next()
        }
        return try readFrame(time: time, width: width, height: height)
    }

    /// Decides the transport on the first frame: YUV when its format, size and colours allow
    /// (and the probe starts); otherwise ffmpeg starts again, asked for RGB. A `yuvj420p`
    /// video (full range, as x264 decodes it) has ffmpeg start again too, asked for its own
    /// format. Whether ffmpeg was started again (its first frame is to be read anew).
    private func settle(format: String, width: Int, height: Int) throws(FrameError) -> Bool {
        firstFormat = format
        firstColours = nextColourLine()
        if ["yuv420p", "yuvj420p"].contains(format), width % 2 == 0, height % 2 == 0,
            width * height >= Self.smallestYUVPicture, let colours = firstColours,
            let conversion = Self.conversion(colours, format: format)
        {
            transport = .yuv(conversion)
            probe = YUV420Probe(
                ffmpeg: ffmpeg, width: width, height: height, conversion: conversion, pixelFormat: format,
                inputOptions: Self.colourOptions(colours))
            guard format != "yuv420p" else { return false }
            try restart(pixelFormat: format)
            return true
        }
        try restart(pixelFormat: "rgb24")
        return true
    }

    /// Stops ffmpeg and starts it again from the video's start, writing `pixelFormat`.
    private func restart(pixelFormat: String) throws(FrameError) {
        child.stop()
        [frames, messages].forEach { _ = close($0) }
        pending = []
        pendingStart = 0
        heldLine = nil
        do {
            (child, frames, messages) = try Self.start(ffmpeg, video: path, pixelFormat: pixelFormat)
        } catch {
            ended = true
            throw FrameError(file: path, message: "cannot start ffmpeg again to read the video as \(pixelFormat)")
        }
    }

    /// The bytes of one frame, converted to RGB on the YUV transport.
    private func readFrame(time: Int, width: Int, height: Int) throws(FrameError) -> (time: Int, frame: Frame) {
        let rgbCount = width * height * 3
        var bytes = arrays.count > recycled ? arrays.removeFirst() : []
        if bytes.count != rgbCount { bytes = [UInt8](repeating: 0, count: rgbCount) }
        let done: Int
        let count: Int
        switch transport {
        case .rgb:
            count = rgbCount
            done = bytes.withUnsafeMutableBytes { ChildProgram.fill($0, from: frames) }
        case .yuv(let conversion):
            count = YUV420Conversion.byteCount(width: width, height: height)
            if raw.count != count { raw = [UInt8](repeating: 0, count: count) }
            done = raw.withUnsafeMutableBytes { ChildProgram.fill($0, from: frames) }
            if done == count {
                raw.withUnsafeBufferPointer { yuv in
                    bytes.withUnsafeMutableBufferPointer {
                        conversion.convert(yuv, width: width, height: height, into: $0)
                    }
                }
            }
        }
        guard done == count else {
            finish()
            throw FrameError(file: path, message: "ffmpeg's frame at \(time) ms ended after \(done) of \(count) bytes")
        }
        arrays.append(bytes)
        return (time, Frame(width: width, height: height, rgb: bytes))
    }

    /// A `showinfo` frame line: time (ms), size and pixel format.
    struct FrameLine: Equatable {
        var time: Int
        var width: Int
        var height: Int
        var format: String
    }

    /// Reads ffmpeg's messages up to the next `showinfo` frame line. Colour lines are checked
    /// against the first frame's on the YUV transport; other lines are kept (the last few), for
    /// an error message.
    private func nextFrameLine() -> FrameLine? {
        while let line = nextLine() {
            if line.contains("Parsed_showinfo") {
                if let parsed = Self.frameLine(line) { return parsed }
                if let colours = Self.colours(line), case .yuv = transport, colours != firstColours,
                    restartReason == nil
                {
                    // The reader stops at the next frame.
                    restartReason = "the video's colours change mid-film (\(colours))"
                }
            } else if !line.isEmpty {
                complaints.append(line)
                if complaints.count > 64 { complaints.removeFirst(32) }
            }
        }
        return nil
    }

    /// The first frame's colour line (`color_range:… color_space:…`), read before the next
    /// frame line (which is kept for ``nextFrameLine()``); `nil` when ffmpeg printed none.
    private func nextColourLine() -> String? {
        while let line = nextLine() {
            if line.contains("Parsed_showinfo") {
                if Self.frameLine(line) != nil {
                    heldLine = line
                    return nil
                }
                if let colours = Self.colours(line) { return colours }
            }
        }
        return nil
    }

    /// The next line of ffmpeg's messages, or `nil` once they end.
    private func nextLine() -> String? {
        if let held = heldLine {
            heldLine = nil
            return held
        }
        while true {
            if let newline = pending[pendingStart...].firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) {
                let line = String(decoding: pending[pendingStart..<newline], as: UTF8.self)
                pendingStart = newline + 1
                return line
            }
            // Only an unfinished line is left: keep it alone before reading on.
            pending.removeSubrange(..<pendingStart)
            pendingStart = 0
            // A failed read ends the messages as the end of the pipe does.
            let got = messageChunk.withUnsafeMutableBytes { DescriptorIO.readSome(messages, into: $0).count }
            guard got > 0 else {
                guard !pending.isEmpty else { return nil }
                defer { pending = [] }
                return String(decoding: pending, as: UTF8.self)
            }
            pending.append(contentsOf: messageChunk[..<got])
        }
    }

    /// `pts_time` (seconds, to ms), `s:WxH` and `fmt:` of a showinfo frame line.
    static func frameLine(_ line: String) -> FrameLine? {
        func field(_ name: String) -> Substring? {
            guard let range = line.range(of: name) else { return nil }
            return line[range.upperBound...].split(separator: " ", maxSplits: 1).first
        }
        guard let time = field(" pts_time:").flatMap({ Double($0) }), time.isFinite,
            let size = field(" s:")?.split(separator: "x"), size.count == 2,
            let width = Int(size[0]), let height = Int(size[1])
        else { return nil }
        return FrameLine(
            time: Int((time * 1000).rounded()), width: width, height: height, format: String(field(" fmt:") ?? ""))
    }

    /// The colour part of a showinfo colour line (from `color_range:` on), or `nil`.
    static func colours(_ line: String) -> String? {
        guard let range = line.range(of: "color_range:") else { return nil }
        return String(line[range.lowerBound...]).trimmingCharacters(in: .whitespaces)
    }

    /// The value of `name:` in a colour line.
    static func colourField(_ name: String, in colours: String) -> String? {
        guard let range = colours.range(of: name + ":") else { return nil }
        return colours[range.upperBound...].split(separator: " ", maxSplits: 1).first.map(String.init)
    }

    /// The conversion ffmpeg applies to frames with these colours, or `nil` for a range or
    /// matrix it does not cover.
    static func conversion(_ colours: String, format: String = "yuv420p") -> YUV420Conversion? {
        guard let range = colourField("color_range", in: colours), ["tv", "pc", "unknown"].contains(range),
            let matrix = colourField("color_space", in: colours).flatMap(YUV420Conversion.Matrix.init(ffmpegName:))
        else { return nil }
        // A yuvj format is full range whatever its frames say.
        return YUV420Conversion(matrix: matrix, fullRange: range == "pc" || format.hasPrefix("yuvj"))
    }

    /// The input options that give the probe's raw pictures the video's colours.
    static func colourOptions(_ colours: String) -> [String] {
        var options: [String] = []
        if let range = colourField("color_range", in: colours), range != "unknown" {
            options += ["-color_range", range]
        }
        if let space = colourField("color_space", in: colours), space != "unknown" {
            options += ["-colorspace", space]
        }
        return options
    }
}
