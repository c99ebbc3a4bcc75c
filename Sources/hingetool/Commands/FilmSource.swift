import FilmAnalysis
import Foundation
internal import HingeSupport

/// Where `film` gets its frames: a folder of frame images, or a video decoded by ffmpeg into a
/// temporary folder.
enum FilmSource {
    /// The arguments that make ffmpeg write a frame only when the picture changed, named after
    /// its presentation time in milliseconds.
    static let ffmpegArguments = ["-fps_mode", "passthrough", "-enc_time_base", "1/1000", "-frame_pts", "1"]

    static func frames(
        _ path: String, order: FrameFile.Order, context: ToolContext
    ) throws(ToolError)
        -> [FilmFrame]
    {
        // A FIFO or a device is refused here, before ffmpeg could wait on it or act on it.
        if try context.checkInput(path, folders: true) == .folder {
            return try read(folder: path, order: order, context: context)
        }
        // The frames live in a temporary folder of the tool's own, removed when this returns,
        // when it throws, and on every terminating signal (with ffmpeg killed first).
        let folder = try extract(video: path)
        return try read(folder: folder.path, order: .time, context: context)
    }

    static func read(
        folder: String, order: FrameFile.Order, context: ToolContext
    ) throws(ToolError)
        -> [FilmFrame]
    {
        do {
            let files = try FrameFile.frames(inFolder: folder, order: order)
            let progress = ProgressLine(context)
            defer { progress.finish() }
            return try FilmReader().read(files) { done in progress.update("film: \(done)/\(files.count) frames") }
        } catch {
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

    /// Runs ffmpeg on `video` (a ``ChildProgram``: its own process group, dying with the tool);
    /// returns the temporary folder holding the frames.
    static func extract(video: String) throws(ToolError) -> TemporaryFolder {
        guard let ffmpeg = ExecutableSearch.find("ffmpeg") else {
            let shown = Echo.quoted(video, limit: 200)
            throw .failure(
                "'\(shown)' is not a folder, and ffmpeg (needed to read a video) is not on PATH. Install it "
                    + "(make deps, apt-get install ffmpeg or brew install ffmpeg), or extract the frames yourself:\n"
                    + "  mkdir frames && ffmpeg -i '\(shown)' \(ffmpegArguments.joined(separator: " ")) frames/%06d.png\n"
                    + "then run: hingetool film frames")
        }
        let folder = try TemporaryFolder(purpose: "film")
        // ffmpeg reads a name starting with '-' as an option: './' keeps it a file.
        let input = video.hasPrefix("-") ? "./" + video : video
        let result = try ChildProgram.run(
            ffmpeg,
            arguments: ["-nostdin", "-v", "error", "-i", input] + ffmpegArguments + [folder.path + "/%06d.png"],
            limit: 65_536)
        guard result.status == 0 else {
            throw .data(
                "\(Echo.quoted(video, limit: 200)): ffmpeg failed (status \(result.status)): "
                    + Echo.quoted(bytes: result.error, limit: 2000))
        }
        return folder
    }
}
