import FilmAnalysis
import Foundation
import Frames
internal import HingeSupport

/// Where `film` gets its frames: a folder of frame images, or a video decoded by ffmpeg into a
/// pipe (``FilmVideo``).
enum FilmSource {
    /// The arguments that make ffmpeg write a frame only when the picture changed, named after
    /// its presentation time in milliseconds.
    static let ffmpegArguments = ["-fps_mode", "passthrough", "-enc_time_base", "1/1000", "-frame_pts", "1"]

    /// The frames of a folder or a video, at most `limit` of them (`--max-frames`): every
    /// frame's record (its tiles' colours and detail, and its difference per tile) is kept for
    /// the event detector, about 20 bytes a tile (``recordBytes(_:)``), so a film's memory grows
    /// with its length; a longer film is refused (exit 65) — a folder before any frame is read,
    /// a video at the frame past the limit.
    /// With `shifts`, each frame's ``FrameShift`` from the one before is measured too (hitches).
    static func frames(
        _ path: String, order: FrameFile.Order, mask: FrameMask = FrameMask(), limit: Int = .max,
        context: ToolContext, inspect: (@Sendable (Int, Frame) -> Void)? = nil, shifts: Bool = false
    ) throws(ToolError)
        -> [FilmFrame]
    {
        // A FIFO or a device is refused here, before ffmpeg could wait on it or act on it.
        if try context.checkInput(path, folders: true) == .folder {
            return try read(folder: path, order: order, mask: mask, limit: limit, context: context, shifts: shifts)
        }
        return try read(video: path, mask: mask, limit: limit, context: context, inspect: inspect, shifts: shifts)
    }

    /// The bytes one frame's record holds for a `width` × `height` film: three tile means,
    /// the tile detail and the difference per tile (4 bytes each), and the arrays' headers.
    static func recordBytes(width: Int, height: Int) -> Int {
        20 * TileGrid(width: width, height: height).count + 200
    }

    /// What the frame source throws when the film passes its limit (turned into ``tooLong(_:limit:)``).
    private static let limitPassed = "the film passed '--max-frames'"

    /// The refusal of a film longer than `limit` frames.
    static func tooLong(_ path: String, limit: Int) -> String {
        "\(Echo.quoted(path, limit: 200)): more than \(limit) frames, the most 'film' holds "
            + "(each frame's record is kept for the events: up to 12 kB a frame; raise it with '--max-frames')"
    }

    /// The frames of a video, straight from ffmpeg's pipe (``FilmVideo``).
    static func read(
        video path: String, mask: FrameMask = FrameMask(), limit: Int = .max, context: ToolContext,
        inspect: (@Sendable (Int, Frame) -> Void)? = nil, shifts: Bool = false
    ) throws(ToolError) -> [FilmFrame] {
        guard let ffmpeg = ExecutableSearch.find("ffmpeg") else {
            let shown = Echo.quoted(path, limit: 200)
            // The line to paste: the name as one shell word, and a file to ffmpeg (file:).
            let extract = ShellWord.line(
                ["ffmpeg", "-i", ChildProgram.Argument.file(path).text(.ffmpeg)] + ffmpegArguments + ["frames/%06d.png"]
            )
            throw .failure(
                "'\(shown)' is not a folder, and ffmpeg (needed to read a video) is not on PATH. Install it "
                    + "(make deps, apt-get install ffmpeg or brew install ffmpeg), or extract the frames yourself:\n"
                    + "  mkdir frames && \(extract)\n"
                    + "then run: hingetool film frames")
        }
        let reader = FilmStreamReader(mask: mask, shifts: shifts)
        let progress = ProgressLine(context)
        defer { progress.finish() }
        // YUV when it gives ffmpeg's RGB (FilmVideo); read again as RGB when it turns out not to.
        for yuv in [YUV420Conversion.isVectorised, false] {
            // The reader holds the batch being measured, the one being read and the frame before.
            let video = try FilmVideo(video: path, ffmpeg: ffmpeg, inFlight: 2 * reader.batchSize + 1, yuv: yuv)
            defer { video.finish() }
            var count = 0
            do {
                let frames = try reader.read(
                    source: path,
                    { () throws(FrameError) in
                        guard let next = try video.next() else { return nil }
                        count += 1
                        guard count <= limit else { throw FrameError(file: path, message: limitPassed) }
                        return next
                    }, inspect: inspect,
                    progress: { progress.update("film: \($0) frames") })
                if video.confirmed() { return frames }
            } catch {
                if count > limit { throw .data(tooLong(path, limit: limit)) }
                guard video.restartReason != nil else { throw .data(Echo.quoted(error.description, limit: 2000)) }
            }
            // Given up as YUV (only YUV is ever given up): read again as RGB.
            let reason = video.restartReason ?? "the conversion differs from ffmpeg's"
            context.writeError("note: \(Echo.quoted(path, limit: 200)): \(reason); reading it again as RGB\n")
        }
        throw .failure("\(Echo.quoted(path, limit: 200)): could not be read")
    }

    static func read(
        folder: String, order: FrameFile.Order, mask: FrameMask = FrameMask(), limit: Int = .max,
        context: ToolContext, shifts: Bool = false
    ) throws(ToolError)
        -> [FilmFrame]
    {
        do throws(FrameError) {
            let files = try FrameFile.frames(inFolder: folder, order: order)
            if files.count > limit { throw FrameError(file: folder, message: limitPassed) }
            let progress = ProgressLine(context)
            defer { progress.finish() }
            return try FilmReader(mask: mask, shifts: shifts).read(files) { done in
                progress.update("film: \(done)/\(files.count) frames")
            }
        } catch {
            if error.message == limitPassed { throw .data(tooLong(folder, limit: limit)) }
            var error = error
            if error.message == FrameFile.notATime {
                error.message += "; use '--order name' to take the frames in name order"
            }
            // A frame or folder that cannot be opened or read is a missing input (66, as
            // docs/hingetool.md says); anything read but malformed is bad data (65).
            let unreadable =
                error.line == nil
                && ["cannot open", "cannot read", "not a regular file"].contains {
                    error.message.hasPrefix($0)
                }
            let message = Echo.quoted(error.description, limit: 1000)
            throw unreadable ? .noInput(message) : .data(message)
        }
    }
}
