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
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
            throw .noInput("cannot open '\(path)': no such file or folder")
        }
        if isFolder.boolValue { return try read(folder: path, order: order, context: context) }
        let folder = try extract(video: path)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        return try read(folder: folder, order: .time, context: context)
    }

    static func read(
        folder: String, order: FrameFile.Order, context: ToolContext
    ) throws(ToolError)
        -> [FilmFrame]
    {
        do {
            let files = try FrameFile.frames(inFolder: folder, order: order)
            return try FilmReader().read(files) { done in
                context.progress("\rfilm: \(done)/\(files.count) frames")
            }
        } catch {
            throw .data(error.description)
        }
    }

    /// Runs ffmpeg on `video`; returns the temporary folder holding the frames.
    static func extract(video: String) throws(ToolError) -> String {
        guard let ffmpeg = ExecutableSearch.find("ffmpeg") else {
            throw .failure(
                "'\(video)' is not a folder, and ffmpeg (needed to read a video) is not on PATH. Install it "
                    + "(make deps, apt-get install ffmpeg or brew install ffmpeg), or extract the frames yourself:\n"
                    + "  mkdir frames && ffmpeg -i '\(video)' \(ffmpegArguments.joined(separator: " ")) frames/%06d.png\n"
                    + "then run: hingetool film frames")
        }
        let base = NSTemporaryDirectory() + "hingetool-film-XXXXXX"
        var template = Array(base.utf8CString)
        guard let made = mkdtemp(&template) else {
            throw .failure("cannot create a temporary folder: \(String(cString: strerror(errno)))")
        }
        let folder = String(cString: made)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ffmpeg)
        process.arguments =
            ["-nostdin", "-v", "error", "-i", video] + ffmpegArguments + [folder + "/%06d.png"]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            try? FileManager.default.removeItem(atPath: folder)
            throw .failure("cannot run \(ffmpeg): \(error.localizedDescription)")
        }
        let complaints = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            try? FileManager.default.removeItem(atPath: folder)
            let message = String(decoding: complaints, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
            throw .data("\(video): ffmpeg failed (status \(process.terminationStatus)): \(message)")
        }
        return folder
    }

}
